// Shared fixtures for the signing tests (tests/signing-*.test.ts).
import { compileDocument } from '../src/kernel';

/** Two rules: a refund limit (REQUEST_HUMAN) and a blocked-country list (DENY). */
export const PAYMENTS = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "payments"
  decision: ALLOW
rules:
  - name: "PAY-001-large-refund"
    description: "Large refunds need a human"
    priority: 10
    when:
      logic: AND
      conditions:
        - field: "tool.name"
          operator: eq
          value: "issue_refund"
        - field: "tool.args.amount"
          operator: gt
          value: 5000
    then: REQUEST_HUMAN
    message: "Refund over 5000 needs approval"
  - name: "PAY-002-blocked-country"
    description: "No payments to blocked countries"
    priority: 20
    when:
      logic: AND
      conditions:
        - field: "context.country"
          operator: in
          value: ["KP", "IR"]
    then: DENY
    message: "Country blocked"
`;

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
