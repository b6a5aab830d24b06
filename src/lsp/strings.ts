import { editorHelpStrings } from '../i18n/editor-help';
import { defineStrings } from '../i18n/format';

/**
 * What `erdl lsp` words itself (completion details, code action titles; hovers as the studio's
 * editor words them, src/i18n/editor-help.ts); the kernel's diagnostics, glosses and vocabulary
 * carry their own texts in both languages.
 */
export const lspStrings = defineStrings({
  en: {
    causedMore: editorHelpStrings.en.causedMore,
    fix: 'Fix: {title} ({code})',
    hover: {
      ...editorHelpStrings.en.hover,
      field: 'Fact field',
      readBy: 'Read by {n} {n:rule|rules}: {names}',
    },
    operand: editorHelpStrings.en.operand,
    completion: {
      decision: 'decision',
      operator: 'operator',
      field: 'field used in this document',
      key: 'key',
    },
  },
  zh: {
    causedMore: editorHelpStrings.zh.causedMore,
    fix: '修复：{title}（{code}）',
    hover: {
      ...editorHelpStrings.zh.hover,
      field: '事实字段',
      readBy: '读取它的规则（{n} 条）：{names}',
    },
    operand: editorHelpStrings.zh.operand,
    completion: {
      decision: '决策',
      operator: '运算符',
      field: '本文档已用的字段',
      key: '键',
    },
  },
});

export type LspLang = 'en' | 'zh';

/** The `erdl lsp` verb's line in `erdl --help`. */
export const LSP_VERB_STRINGS = {
  summary: {
    en: 'serve the language server protocol on stdin/stdout (for editors)',
    zh: '在标准输入输出上提供语言服务器协议（供编辑器使用）',
  },
} as const;
