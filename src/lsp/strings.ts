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
      'when the client goes away without them (the protocol asks for this), 2 when its',
      'input breaks the protocol or its limits (a header over 8 KiB, a body over',
      '16 MiB, a body that is not a JSON object: docs/security.md).',
    ],
    zh: [
      '在标准输入输出上使用语言服务器协议通信，直到客户端发送 `exit`：提供带代码和位置的诊断、快速修复、悬停提示（双语释义、运算符、决策、键）、补全、文档符号，以及按名称跳转到规则。',
      '编辑器配置见 docs/editors.md。收到 `shutdown` 和 `exit` 后退出码为 0；客户端未发送二者即断开时为 1（协议的要求）；输入不符合协议或超出其上限时为 2：消息头超过 8,192 字节、消息体超过 16,777,216 字节、消息体不是 JSON 对象（见 docs/security.md）。',
    ],
  },
} as const;

/**
 * What `erdl lsp` says when its input breaks the LSP base protocol (src/lsp/framing.ts): `lead`
 * names the message and the byte offset, the problem says what was there and what is accepted.
 * Printed on standard error by the verb, after `erdl: ` (the process then exits 2).
 */
export const LSP_FRAMING_STRINGS = {
  lead: {
    en: 'message {n} of standard input, at byte {offset}: {what}',
    zh: '标准输入的第 {n} 条消息，第 {offset} 字节处：{what}',
  },
  headerTooLong: {
    en: 'its header is over {limit}: no empty line ends it (a header is a few `Name: value` lines, then an empty line)',
    zh: '消息头超过 {limit}，仍没有结束它的空行（消息头是几行 `Name: value`，后跟一个空行）',
  },
  crWithoutLf: {
    en: 'a CR in the header is not followed by LF: header lines end with CR LF (\\r\\n)',
    zh: '消息头中的 CR 后面不是 LF：消息头的每一行都以 CR LF（\\r\\n）结尾',
  },
  lfWithoutCr: {
    en: 'a header line ends with LF alone: header lines end with CR LF (\\r\\n)',
    zh: '消息头的一行只以 LF 结尾：消息头的每一行都以 CR LF（\\r\\n）结尾',
  },
  headerByte: {
    en: 'byte {byte} in the header: a header is printable ASCII, `Name: value` lines',
    zh: '消息头中出现字节 {byte}：消息头只能由可打印的 ASCII 字符组成，每行为 `Name: value`',
  },
  noColon: {
    en: 'the header line {line} has no ":" (header lines are `Name: value`)',
    zh: '消息头行{line}中没有“:”（消息头的每一行为 `Name: value`）',
  },
  badName: {
    en: 'the header line {line} has no name before ":" (a name such as Content-Length, with no space or quote)',
    zh: '消息头行{line}在“:”之前没有有效的名称（名称形如 Content-Length，不含空格和引号）',
  },
  contentLengthTwice: {
    en: 'Content-Length is given twice (a message has one)',
    zh: 'Content-Length 出现了两次（一条消息只能有一个）',
  },
  contentLengthNotNumber: {
    en: 'Content-Length {value} is not a number of bytes (digits only, such as Content-Length: 52)',
    zh: 'Content-Length{value}不是字节数（只能由数字组成，例如 Content-Length: 52）',
  },
  contentLengthOver: {
    en: 'Content-Length {value} is over the limit of {limit} bytes ({limitText})',
    zh: 'Content-Length {value} 超过上限 {limit} 字节（{limitText}）',
  },
  contentTypeTwice: {
    en: 'Content-Type is given twice (a message has one at most)',
    zh: 'Content-Type 出现了两次（一条消息最多只能有一个）',
  },
  contentType: {
    en: 'Content-Type {value} is not accepted: the body is JSON in UTF-8 (application/vscode-jsonrpc; charset=utf-8, or no Content-Type)',
    zh: '不接受 Content-Type{value}：消息体必须是 UTF-8 编码的 JSON（application/vscode-jsonrpc; charset=utf-8，或不写 Content-Type）',
  },
  noContentLength: {
    en: 'the header ends without Content-Length (the size of the body in bytes, such as Content-Length: 52)',
    zh: '消息头结束时仍没有 Content-Length（消息体的字节数，例如 Content-Length: 52）',
  },
  bodyNotUtf8: {
    en: 'its body is not UTF-8: the byte sequence here is invalid',
    zh: '消息体不是 UTF-8 编码：此处的字节序列无效',
  },
  bodyNotJson: {
    en: 'its body is not JSON: {found}',
    zh: '消息体不是 JSON：{found}',
  },
  character: {
    en: '{char} cannot be here',
    zh: '此处不能出现{char}',
  },
  bodyEnd: {
    en: 'the body ends before the JSON value does',
    zh: 'JSON 值尚未结束，消息体就结束了',
  },
  bodyNotObject: {
    en: 'its body is a JSON {kind}, not an object (a JSON-RPC message is an object)',
    zh: '消息体是 JSON {kind}，不是对象（JSON-RPC 消息是一个对象）',
  },
  kinds: {
    array: { en: 'array', zh: '数组' },
    string: { en: 'string', zh: '字符串' },
    number: { en: 'number', zh: '数字' },
    boolean: { en: 'boolean', zh: '布尔值' },
    null: { en: 'null', zh: 'null' },
  },
  endInHeader: {
    en: 'the input ends inside its header',
    zh: '输入在消息头中途结束',
  },
  endInBody: {
    en: 'the input ends inside its body: {got} of its {length} bytes came',
    zh: '输入在消息体中途结束：消息体应有 {length} 字节，只收到 {got} 字节',
  },
} as const;

/**
 * What `erdl lsp` says of a well-framed message whose params are not what its method takes
 * (src/lsp/params.ts): `{path}` is the field, from `params` (`params.textDocument.text`). A
 * request is answered with a JSON-RPC error (-32602) of these words; a notification is ignored and
 * `ignored` says so, on standard error and through window/logMessage.
 */
export const LSP_PARAMS_STRINGS = {
  wrong: {
    en: '{path}: expected {expected}, got {got}',
    zh: '{path}：应为{expected}，但收到{got}',
  },
  missing: {
    en: '{path}: expected {expected}, but it is missing',
    zh: '{path}：应为{expected}，但缺少此项',
  },
  ignored: {
    en: '{method} ignored, nothing changed: {problem}',
    zh: '已忽略 {method}，未做任何更改：{problem}',
  },
  notJsonRpc: {
    en: 'a message that is not a JSON-RPC request, notification or response ignored: {problem}',
    zh: '已忽略一条既非 JSON-RPC 请求、通知也非响应的消息：{problem}',
  },
  noMethod: {
    en: 'it has neither a method (as a request or a notification has) nor a result or an error (as a response has)',
    zh: '它既没有 method（请求和通知都有），也没有 result 或 error（响应才有）',
  },
  versionNotAfter: {
    en: '{path}: version {version} does not come after the document’s version {current} (each change raises it)',
    zh: '{path}：版本 {version} 不在文档当前版本 {current} 之后（每次更改都应递增版本）',
  },
  outOfStep: {
    en: 'This document is out of step with the editor: a change could not be applied ({problem}). Nothing in it is checked until it is closed and opened again.',
    zh: '此文档与编辑器中的内容已不一致：有一项更改无法应用（{problem}）。关闭并重新打开此文档之前，不再检查其中的任何内容。',
  },
  reopened: {
    en: 'textDocument/didOpen of {uri}, which is already open (no didClose came between): its text is now the one this didOpen carries',
    zh: '收到 textDocument/didOpen，但文档{uri}已处于打开状态（其间没有 didClose）：现以此次 didOpen 所带的文本为准',
  },
  notOpen: {
    en: '{path}: no document {uri} is open (didOpen comes first)',
    zh: '{path}：文档{uri}未打开（应先发送 didOpen）',
  },
  lineOutside: {
    en: '{path}: line {line} is past the end of the document, whose last line is {last} (lines count from 0)',
    zh: '{path}：行 {line} 超出文档末尾，文档的最后一行是 {last}（行号从 0 起计）',
  },
  insideCharacter: {
    en: '{path}: character {character} on line {line} falls between the two UTF-16 units of one character (positions count UTF-16 units from 0: {before} or {after} would do)',
    zh: '{path}：行 {line} 的位置 {character} 落在一个字符的两个 UTF-16 码元之间（位置按 UTF-16 码元从 0 起计：可改为 {before} 或 {after}）',
  },
  reversed: {
    en: '{path}: its start ({start}) is after its end ({end})',
    zh: '{path}：起点（{start}）在终点（{end}）之后',
  },
  expected: {
    object: { en: 'an object', zh: '对象' },
    string: { en: 'a string', zh: '字符串' },
    integer: {
      en: 'an integer from -2147483648 to 2147483647',
      zh: '-2147483648 到 2147483647 之间的整数',
    },
    uinteger: { en: 'an integer from 0 to 2147483647', zh: '0 到 2147483647 之间的整数' },
    array: { en: 'an array', zh: '数组' },
    stringOrNull: { en: 'a string or null', zh: '字符串或 null' },
    integerOrNull: {
      en: 'an integer from -2147483648 to 2147483647, or null',
      zh: '-2147483648 到 2147483647 之间的整数或 null',
    },
    integerOrString: {
      en: 'an integer from -2147483648 to 2147483647, or a string',
      zh: '-2147483648 到 2147483647 之间的整数或字符串',
    },
    oneOf: { en: 'one of {values}', zh: '{values}之一' },
    nothing: { en: 'no params', zh: '不带参数' },
  },
  got: {
    string: { en: 'a string', zh: '字符串' },
    number: { en: 'a number', zh: '数字' },
    boolean: { en: 'a boolean', zh: '布尔值' },
    array: { en: 'an array', zh: '数组' },
    object: { en: 'an object', zh: '对象' },
    null: { en: 'null', zh: 'null' },
  },
} as const;
