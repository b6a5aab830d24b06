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

/** fast-check parameters: the run count from the environment and a seed (override: FUZZ_SEED). */
export function fuzzParams(seed: number, scale = 1): { numRuns: number; seed: number } {
  const override = Number(process.env.FUZZ_SEED);
  return {
    numRuns: Math.max(1, Math.round(fuzzRuns() * scale)),
    seed: Number.isInteger(override) && process.env.FUZZ_SEED ? override : seed,
  };
}

/** A vitest timeout that grows with the run count (long runs must not be cut off). */
export function fuzzTimeout(msPerRun = 20): number {
  return Math.max(60_000, fuzzRuns() * msPerRun);
}
