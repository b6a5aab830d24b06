import { fill } from '../i18n/format';
import type { Bilingual } from '../kernel';
import { EXIT_USAGE, type ExitCode } from './exit-codes';
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

/** Why standard output could not be written (CliIo outFailed's code), in plain words. */
export function outputFailureReason(code: string): Bilingual {
  switch (code) {
    case 'ENOSPC':
      return msg.outputNoSpace;
    case 'EDQUOT':
      return msg.outputQuota;
    case 'EFBIG':
      return msg.outputTooLarge;
    case 'EIO':
      return msg.outputIo;
    default:
      return fill(msg.outputOther, { code });
  }
}

/**
 * After a verb: standard output that failed (a full disk, not its reader going away) makes the
 * run fail, said once — unless the verb already failed with a usage error (exit 2), which names
 * its own cause (`erdl eval --facts` names this one itself).
 */
export function checkOutput(io: CliIo, code: ExitCode): ExitCode {
  const failed = io.outFailed?.();
  if (!failed || code === EXIT_USAGE) return code;
  printError(io, fill(msg.outputFailed, { reason: outputFailureReason(failed) }));
  return EXIT_USAGE;
}
