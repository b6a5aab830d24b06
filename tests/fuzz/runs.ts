/**
 * How many runs each property gets: `FUZZ_RUNS` (set by `npm run fuzz -- --runs N`), else a modest
 * default so `npm test` stays fast. Seeds are fixed per property (reproducible); `FUZZ_SEED`
 * overrides them all to replay a reported failure.
 */
const DEFAULT_RUNS = 50;

export function fuzzRuns(): number {
  const n = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_RUNS;
}

/**
 * fast-check parameters: `FUZZ_RUNS` when set, else the property's own default count (existing
 * properties keep the count they always had), and its seed (override: FUZZ_SEED).
 */
export function fuzzParams(
  seed: number,
  defaultRuns = DEFAULT_RUNS,
): { numRuns: number; seed: number } {
  const override = Number(process.env.FUZZ_SEED);
  return {
    numRuns: process.env.FUZZ_RUNS ? fuzzRuns() : defaultRuns,
    seed: Number.isInteger(override) && process.env.FUZZ_SEED ? override : seed,
  };
}

/**
 * A vitest timeout that grows with the run count: long runs must not be cut off, even when they
 * share the machine with other work (3× the expected cost per run), yet a hang still ends.
 */
export function fuzzTimeout(msPerRun = 20): number {
  return Math.max(120_000, fuzzRuns() * msPerRun * 3);
}
