// Shared fixtures for the signing tests (tests/signing-*.test.ts).
import { compileDocument } from '../src/kernel';

export { PAYMENTS } from '../src/kernel/test-support';

export const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
export const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** The compiled document of a text that must load. */
export function compiled(text: string) {
  const result = compileDocument(text);
  if (!result.document)
    throw new Error(
      `fixture does not load: ${result.diagnostics.map((d) => d.message.en).join('; ')}`,
    );
  return result;
}
