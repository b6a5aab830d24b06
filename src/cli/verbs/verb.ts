import type { Bilingual } from '../../kernel';
import type { ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import type { StdoutKind } from '../safe-io';
import type { HelpDetails } from '../strings/help';

/**
 * One `erdl` verb. A verb declares its positional arguments (the dispatcher checks the count and
 * rejects unknown options before calling it) and returns an exit code; it never exits the process.
 */
/** A `--name VALUE` option a verb accepts (also written `--name=VALUE`). */
export interface OptionSpec {
  readonly name: string;
  /** Placeholder shown in usage, e.g. 'ISO8601'. */
  readonly value: string;
  readonly summary: Bilingual;
  /**
   * May be given more than once (`erdl verify --trust A --trust B`): the values reach the verb
   * joined by OPTION_VALUES_SEPARATOR (NUL, which no argument can hold); see optionValues.
   */
  readonly repeatable?: boolean;
  /** Takes no value (`--explain`): the verb sees "true" when it is given. `value` is unused. */
  readonly flag?: boolean;
}

export const OPTION_VALUES_SEPARATOR = '\u0000';

/** Every value of a repeatable option, in the order given (none when it was not given). */
export function optionValues(value: string | undefined): string[] {
  return value === undefined ? [] : value.split(OPTION_VALUES_SEPARATOR);
}

export interface Verb {
  readonly name: string;
  /** Positional argument names, e.g. ['RULES']; a last name ending in `…` takes one or more. */
  readonly args: readonly string[];
  /** One line for the command list. */
  readonly summary: Bilingual;
  /** Options the verb accepts; any other option is a usage error. */
  readonly options?: readonly OptionSpec[];
  /**
   * Further lines for `erdl help VERB`: what it prints and how it exits — English lines and
   * Chinese paragraphs from src/cli/strings/help.ts (lines alone are English only).
   */
  readonly details: readonly string[] | HelpDetails;
  /**
   * What the verb prints on standard output — lines for people, JSON or a document's bytes —
   * which decides how `run` makes it safe for a terminal (src/cli/safe-io.ts); a function when an
   * option (`--format`) decides. Every verb says: there is no default.
   */
  readonly stdout: StdoutKind | ((options: Readonly<Record<string, string>>) => StdoutKind);
  run(
    io: CliIo,
    args: readonly string[],
    options: Readonly<Record<string, string>>,
  ): Promise<ExitCode>;
}
