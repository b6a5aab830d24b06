/**
 * Google RE2 (re2-wasm, test-only) as an oracle that survives long runs. re2-wasm never frees its
 * compiled patterns — a rejected pattern's wrapper is even unreachable — and its WebAssembly heap
 * is fixed at 16 MB, so after a few dozen Unicode patterns every construction fails with "OOM".
 * Every wrapper the library creates is tracked here and deleted after each question.
 */
import { createRequire } from 'node:module';

type Wrapper = { delete(): void };
type Oracle = new (pattern: string, flags?: string) => { test(input: string): boolean };

const require = createRequire(import.meta.url);
const { RE2 } = require('re2-wasm') as { RE2: Oracle };
const wasm = require('re2-wasm/build/wasm/re2.js') as {
  WrappedRE2: new (...a: unknown[]) => Wrapper;
};

const live: Wrapper[] = [];
const Original = wasm.WrappedRE2;
// A plain function, not a Proxy: re2-wasm calls `new re2_1.WrappedRE2(...)` on the module object.
wasm.WrappedRE2 = function TrackedWrappedRE2(...args: unknown[]) {
  const wrapper = new Original(...args);
  live.push(wrapper);
  return wrapper;
} as unknown as typeof wasm.WrappedRE2;

/** RE2's answer: null when it rejects the pattern, else match / no match per input. */
export function re2Answers(pattern: string, inputs: readonly string[]): boolean[] | null {
  try {
    const re = new RE2(pattern, 'u');
    return inputs.map((s) => re.test(s));
  } catch (e) {
    if (e instanceof SyntaxError) return null;
    throw e;
  } finally {
    for (const w of live.splice(0)) w.delete();
  }
}

/** A pattern compiled once and kept (one wrapper for the whole run): for a question asked often. */
export function re2Matcher(pattern: string): (input: string) => boolean {
  const re = new RE2(pattern, 'u');
  live.splice(0); // kept alive on purpose: never deleted
  return (input) => re.test(input);
}
