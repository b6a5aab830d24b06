import type { Bilingual } from '../../kernel';

/** The messages of src/cli/messages.ts, English and Chinese. */
export const MESSAGES_STRINGS = {
  runHelpUsage: {
    en: 'run "{PROGRAM} --help" for usage',
    zh: '运行“{PROGRAM} --help”查看用法',
  },
  text: {
    en: '{message} ({HELP_HINT})',
    zh: '{message}（{HELP_HINT}）',
  },
} as const satisfies Record<string, Bilingual>;
