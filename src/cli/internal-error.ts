/**
 * An exception no verb expected — a bug in erdl, never the user's input, which every reader
 * refuses with its own message — reported as every other error is: one line in each language on
 * standard error (the locale's language alone under a zh or en locale), no stack trace unless
 * ERDL_DEBUG is set, and exit 2 (docs/security.md: never a crash or a stack trace).
 */
import { EXIT_USAGE, type ExitCode } from './exit-codes';
import type { CliIo } from './io';
import { printError } from './messages';
import { text } from './strings';

export function reportInternalError(
  io: Pick<CliIo, 'err' | 'lang'>,
  error: unknown,
  debug: boolean,
): ExitCode {
  const detail = error instanceof Error ? error.message : String(error);
  printError(io, text('internal.bug', { detail }));
  if (debug && error instanceof Error && error.stack) io.err(error.stack);
  return EXIT_USAGE;
}
