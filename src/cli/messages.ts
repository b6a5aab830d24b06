import { fill } from '../i18n/format';
import type { Bilingual } from '../kernel';
import type { CliIo } from './io';
import { MESSAGES_STRINGS as msg } from './strings/messages';

/** The command's name, as it prefixes every message. */
export const PROGRAM = 'erdl';

/**
 * A command-level error on stderr: English on the first line, Chinese on the second — or only the
 * language asked for (`--lang`, or a zh locale: io.lang).
 */
export function printError(io: Pick<CliIo, 'err' | 'lang'>, message: Bilingual): void {
  if (io.lang !== 'zh') io.err(`${PROGRAM}: ${message.en}`);
  if (io.lang !== 'en') io.err(`${PROGRAM}：${message.zh}`);
}

export const HELP_HINT: Bilingual = fill(msg.runHelpUsage, { PROGRAM });

/** One line in both languages, as a report line prints it: `English / 中文`. */
export function bothLanguages(message: Bilingual): string {
  return `${message.en} / ${message.zh}`;
}

/**
 * A report line in the language asked for (`--lang`, or a zh locale: io.lang); in both,
 * `English / 中文`, when none was.
 */
export function inLanguage(io: Pick<CliIo, 'lang'>, message: Bilingual): string {
  return io.lang ? message[io.lang] : bothLanguages(message);
}

/** A usage error message with the help hint appended in each language. */
export function usageError(message: Bilingual): Bilingual {
  return fill(msg.text, { message, HELP_HINT });
}
