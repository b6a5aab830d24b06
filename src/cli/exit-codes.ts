/**
 * The `erdl` exit codes: ONE table for every verb (a contract: scripts and CI read them; README
 * and `erdl --help` print it, tests/cli-exit-codes.test.ts holds every verb to it).
 */
import type { Bilingual } from '../kernel';
import { text } from './strings';

export const EXIT_OK = 0;
/**
 * The check failed: the rule document has load errors (§2.4 ②: invalid documents are rejected) —
 * whichever verb was given it —, a test case fails, a signature or hash does not hold.
 */
export const EXIT_INVALID = 1;
/**
 * Usage error (no verb, unknown verb or option, wrong arguments), an unreadable file, or an input
 * other than the rules (a fact, a suite, a key) that cannot be read or has errors.
 */
export const EXIT_USAGE = 2;

export type ExitCode = typeof EXIT_OK | typeof EXIT_INVALID | typeof EXIT_USAGE;

/** The table as `erdl --help` prints it: code and meaning. */
export const EXIT_CODES: readonly (readonly [ExitCode, Bilingual])[] = [
  [EXIT_OK, text('exit.ok')],
  [EXIT_INVALID, text('exit.failed')],
  [EXIT_USAGE, text('exit.usage')],
];
