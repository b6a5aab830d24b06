import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, Reply } from './kernel-protocol';
import { isTestRequest, runTestOp } from './test-ops';

/**
 * The kernel worker's script, loaded under Node as the product builds it: vitest, like the product
 * build, defines `__ERDL_TEST_OPS__` false (vite.config.ts); only the e2e build serves `spin`.
 */
const posted: Reply[] = [];
const host = globalThis as { self?: unknown };
let worker: { onmessage: ((event: { data: Envelope }) => void) | null };

beforeAll(async () => {
  worker = { onmessage: null };
  host.self = Object.assign(worker, { postMessage: (reply: Reply) => posted.push(reply) });
  await import('./kernel-worker');
});
afterAll(() => {
  delete host.self;
});

const answer = async (id: number) => {
  for (let i = 0; i < 200 && !posted.some((r) => r.id === id); i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return posted.find((r) => r.id === id);
};

describe('the kernel worker as the product builds it', () => {
  it('refuses the test-only `spin` as an operation it does not serve, and goes on', async () => {
    worker.onmessage?.({ data: { id: 1, channel: 'spin', request: { op: 'spin', ms: 60_000 } } });
    expect(await answer(1)).toMatchObject({
      status: 'failed',
      message: { en: expect.stringContaining('does not run spin') },
    });
    worker.onmessage?.({
      data: { id: 2, channel: 'tables:d', request: { op: 'tables', doc: 'd', text: 'x: [' } },
    });
    expect(await answer(2)).toMatchObject({ status: 'done' });
  });

  it('has no test-only handler at all: `runTestOp` refuses what `isTestRequest` recognizes', () => {
    const spin = { op: 'spin' as const, ms: 60_000 };
    expect(isTestRequest(spin)).toBe(true);
    expect(isTestRequest({ op: 'analyze' })).toBe(false);
    expect(() => runTestOp(spin)).toThrow('the kernel worker does not run spin');
  });
});
