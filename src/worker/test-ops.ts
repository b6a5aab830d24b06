// Operations only a test build's kernel worker serves (`TestOps` in kernel-protocol.ts): `spin`
// keeps the worker busy so the browser tests can prove the watchdog. `__ERDL_TEST_OPS__` is defined
// by vite.config.ts: true in the e2e build (ERDL_E2E=1), false in the product build and under
// vitest, where the handlers below are folded to null and bundled nowhere.
import type { TestOps, TestRequest } from './kernel-protocol';

declare const __ERDL_TEST_OPS__: boolean;

type Handlers = {
  readonly [O in keyof TestOps]: (request: TestOps[O]['request']) => TestOps[O]['reply'];
};

// `typeof` first: a script run unbundled (tsx, no define) has no such constant.
const HANDLERS: Handlers | null =
  typeof __ERDL_TEST_OPS__ !== 'undefined' && __ERDL_TEST_OPS__
    ? {
        spin: (request) => {
          const until = performance.now() + request.ms;
          while (performance.now() < until) {
            // Busy on purpose: the watchdog test needs a worker that does not answer.
          }
          return { spun: request.ms };
        },
      }
    : null;

/** Whether `request` is a test-only operation (served by test builds, refused by the product). */
export function isTestRequest(request: { readonly op: string }): request is TestRequest {
  return request.op === 'spin';
}

/** Runs a test-only operation; the product build's worker refuses it, as any it does not serve. */
export function runTestOp(request: TestRequest): TestOps[keyof TestOps]['reply'] {
  if (!HANDLERS) throw new Error(`the kernel worker does not run ${request.op}`);
  return HANDLERS[request.op](request);
}
