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

/**
 * The `erdl lsp` verb's line in `erdl --help` and its `erdl help lsp` paragraphs (English as
 * lines wrapped at 80 columns, Chinese as paragraphs the help wraps; src/cli/strings/help.ts).
 */
export const LSP_VERB_STRINGS = {
  summary: {
    en: 'serve the language server protocol on stdin/stdout (for editors)',
    zh: '在标准输入输出上提供语言服务器协议（供编辑器使用）',
  },
  stdioOption: {
    en: 'talk over stdin/stdout (the default; accepted because editors pass it)',
    zh: '通过标准输入输出通信（默认方式；编辑器常会传入此选项，故予以接受）',
  },
  details: {
    en: [
      'Speaks the Language Server Protocol over stdin/stdout until the client sends',
      'exit: diagnostics with codes and positions, quick fixes, hover (glosses in both',
      'languages, operators, decisions, keys), completion, document symbols and go to a',
      'rule by name. Editor set-up: docs/editors.md. Exits 0 after shutdown and exit, 1',
      'when the client goes away without them (the protocol asks for this).',
    ],
    zh: [
      '在标准输入输出上使用语言服务器协议通信，直到客户端发送 `exit`：提供带代码和位置的诊断、快速修复、悬停提示（双语释义、运算符、决策、键）、补全、文档符号，以及按名称跳转到规则。',
      '编辑器配置见 docs/editors.md。收到 `shutdown` 和 `exit` 后退出码为 0；客户端未发送二者即断开时为 1（协议的要求）。',
    ],
  },
} as const;
