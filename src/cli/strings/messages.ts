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
  outputFailed: {
    en: 'cannot write standard output ({reason}): what was printed is incomplete',
    zh: '无法写入标准输出（{reason}）：已输出的内容不完整',
  },
  outputNoSpace: { en: 'no space left on the device', zh: '设备空间已满' },
  outputQuota: { en: 'disk quota exceeded', zh: '超出磁盘配额' },
  outputTooLarge: {
    en: 'the file would be larger than the system allows',
    zh: '文件将超过系统允许的大小',
  },
  outputIo: { en: 'input/output error', zh: '输入输出错误' },
  outputOther: { en: 'error {code}', zh: '错误 {code}' },
} as const satisfies Record<string, Bilingual>;
