import type { Bilingual } from '../diagnostics/diagnostic';
import { zhSeamSpace } from '../gloss/typography';
import { fillTemplate } from '../util/template';

/**
 * Why a conformance vector failed, both languages: the words of the vector runners (run-vector.ts
 * for V-ENGINE and canonical vectors, projection/vector.ts for V-PROJ, gloss/vector.ts for
 * V-GLOSS). `erdl vectors` prints the side of the CLI's language. Data-only but for `say`.
 *
 * Chinese templates write no space around a placeholder: `say` joins the filled pieces by the seam
 * rule of gloss/typography.ts (one space between Chinese and a half-width value, none beside “”
 * or full-width punctuation), so a value quoted “…” and a bare code both sit right.
 */
export const VECTOR_STRINGS = {
  // every runner
  runnerError: { en: 'runner error: {detail}', zh: '运行器出错：{detail}' },
  notMapping: { en: 'a vector is a mapping', zh: '向量必须是映射' },
  documentRequired: {
    en: '`document` (the rule document text) is required',
    zh: '缺少 `document`（规则文档的文本）',
  },
  doesNotLoad: {
    en: 'document does not load: {code} {message}',
    zh: '文档无法加载：{code} {message}',
  },
  // V-ENGINE
  expectedLoadError: {
    en: 'expected load error {want}, got {got}',
    zh: '预期加载错误{want}，实际{got}',
  },
  noErrors: { en: 'no errors', zh: '没有错误' },
  hashOf: {
    en: 'hash of {name}: expected {want}, got {got}',
    zh: '{name}的哈希：预期{want}，实际{got}',
  },
  noSuchRule: { en: 'no such rule', zh: '没有该规则' },
  step: { en: 'step {n}: ', zh: '第{n}步的' },
  unknownExpectField: {
    en: '{label}unknown expect field "{field}"',
    zh: '{label}expect 含有未知字段{field}',
  },
  resultField: {
    en: '{label}{field}: expected {want}, got {got}',
    zh: '{label}{field}：预期{want}，实际{got}',
  },
  // canonical golden vectors
  expectedShape: {
    en: 'expected.json must be {"rules": {...}, "document": "sha256:…"}',
    zh: 'expected.json 必须是 {"rules": {...}, "document": "sha256:…"}',
  },
  ruleNames: { en: 'rules: expected {want}, got {got}', zh: '规则列表：预期{want}，实际{got}' },
  canonicalBytes: {
    en: '{rule}: canonical bytes differ: got {bytes}',
    zh: '{rule}：规范字节不同，实际为{bytes}',
  },
  ruleHash: { en: '{rule}: hash {got}, expected {want}', zh: '{rule}：哈希为{got}，预期{want}' },
  documentHash: { en: 'document hash {got}, expected {want}', zh: '文档哈希为{got}，预期{want}' },
  // V-PROJ
  unknownVectorField: { en: 'unknown vector field "{key}"', zh: '向量含有未知字段{key}' },
  toTarget: { en: '`to` must be simple, expr or table', zh: '`to` 必须是 simple、expr 或 table' },
  ruleString: { en: '`rule` must be a string', zh: '`rule` 必须是字符串' },
  rulesList: {
    en: '`rules` must be a list of rule names (and not given with `rule`)',
    zh: '`rules` 必须是规则名称的列表（且不能与 `rule` 同时给出）',
  },
  roundTripTarget: {
    en: '`round_trip` must be simple, expr or table',
    zh: '`round_trip` 必须是 simple、expr 或 table',
  },
  refusalsShape: {
    en: '`expect_refusals` must be a list of {rule, code}',
    zh: '`expect_refusals` 必须是由 {rule, code} 组成的列表',
  },
  refusedNoOutput: {
    en: 'a refused conversion has no `expect_output` or `round_trip`',
    zh: '预期被拒绝的转换不能再给出 `expect_output` 或 `round_trip`',
  },
  refusals: { en: 'refusals: expected {want}, got {got}', zh: '拒绝原因：预期{want}，实际{got}' },
  expectedRefused: {
    en: 'expected the conversion to be refused ({want}), got {got}',
    zh: '预期转换被拒绝（{want}），实际得到{got}',
  },
  conversionFailed: { en: 'conversion failed: {outcome}', zh: '转换失败：{outcome}' },
  hashChanged: {
    en: 'rule {from} → {to}: hash {a} became {b}',
    zh: '规则{from} → {to}：哈希由{a}变为{b}',
  },
  ruleCount: {
    en: 'output has {output} rules, input {input}',
    zh: '输出有{output}条规则，输入有{input}条',
  },
  outputDiffers: {
    en: 'output differs from expect_output:\n{difference}',
    zh: '输出与 expect_output 不同：\n{difference}',
  },
  roundTripFailed: {
    en: 'round trip to {form} failed: {outcome}',
    zh: '再转换为{form}时失败：{outcome}',
  },
  roundTripDiffers: {
    en: 'round trip to {form} does not give the document back:\n{difference}',
    zh: '再转换为{form}后得到的不是原文档：\n{difference}',
  },
  converted: { en: 'a converted document', zh: '转换后的文档' },
  loadErrors: { en: 'load errors {codes}', zh: '加载错误{codes}' },
  refused: { en: 'refused: {refusals}', zh: '被拒绝：{refusals}' },
  refusal: { en: '{rule} {code}: {message}', zh: '{rule} {code}：{message}' },
  internalCheck: { en: 'internal check failed: {failures}', zh: '内部检查未通过：{failures}' },
  lineDiffers: {
    en: '  line {n}: expected {want}, got {got}',
    zh: '  第{n}行：预期{want}，实际{got}',
  },
  textEnd: { en: '(end)', zh: '（文本结束）' },
  sameLines: {
    en: '  (identical lines; different line endings?)',
    zh: '  （各行相同，可能是换行符不同）',
  },
  // V-GLOSS: the tree
  nodeShape: {
    en: '{where}: a node is a mapping with "node"',
    zh: '{where}：节点必须是含有 node 键的映射',
  },
  path: { en: '{where}: path', zh: '{where}：path 必须是非空字符串' },
  needsArgs: { en: '{where}: {name} needs "args"', zh: '{where}：{name}缺少 args' },
  fnName: { en: '{where}: fn name', zh: '{where}：fn 缺少 name' },
  unknownNode: { en: '{where}: unknown node "{name}"', zh: '{where}：未知节点{name}' },
  arity: {
    en: '{where}: {name} takes {lo}–{hi} operands',
    zh: '{where}：{name}接受{lo}–{hi}个操作数',
  },
  roundPlaces: { en: '{where}: round places', zh: '{where}：round 的 places 必须是整数' },
  datePart: { en: '{where}: date_part part', zh: '{where}：date_part 缺少 part' },
  aggregateFn: { en: '{where}: aggregate fn', zh: '{where}：aggregate 缺少 fn' },
  window: { en: '{where}: window', zh: '{where}：缺少 window' },
  rateLimit: { en: '{where}: rate limit', zh: '{where}：rate 的 limit 必须是整数' },
  booleanValue: {
    en: '{where}: boolean value',
    zh: '{where}：boolean 字面量的 value 必须是 true 或 false',
  },
  textValue: { en: '{where}: {type} value', zh: '{where}：{type}字面量的 value 必须是字符串' },
  numberValue: {
    en: '{where}: a number is a scale-14 decimal string such as "0.15000000000000"',
    zh: '{where}：数字须写成 14 位小数的十进制字符串，如“0.15000000000000”',
  },
  listValue: { en: '{where}: list value', zh: '{where}：list 字面量的 value 必须是列表' },
  listItem: { en: '{where}: list item', zh: '{where}：列表项必须是字面量映射' },
  literalType: { en: '{where}: unknown literal type', zh: '{where}：未知的字面量类型' },
  // V-GLOSS: the vector
  unknownKey: { en: 'unknown key "{key}"', zh: '未知的键{key}' },
  expectRequired: { en: '`expect` is required', zh: '缺少 `expect`' },
  treeOrDocument: {
    en: 'give exactly one of `tree` and `document`',
    zh: '`tree` 与 `document` 须给出且只给出其中一个',
  },
  fields: { en: 'fields: {problem}', zh: 'fields：{problem}' },
  documentText: {
    en: '`document` is the rule document text',
    zh: '`document` 必须是规则文档的文本',
  },
  expectedTexts: {
    en: '{where}: expected {zh, en} texts, got key "{key}"',
    zh: '{where}：应只含 zh、en 两种文本，键{key}不符',
  },
  noExpectedText: { en: '{where}: no expected text', zh: '{where}：没有预期文本' },
  expectEntry: { en: '{where}: expected {zh, en}', zh: '{where}：应为含 zh、en 文本的映射' },
  noRuleNamed: { en: 'no rule named {name}', zh: '没有名为{name}的规则' },
  ruleGloss: {
    en: '{name} {lang}: expected {want}, got {got}',
    zh: '{name}的{lang}释义：预期{want}，实际{got}',
  },
  english: { en: 'en', zh: '英文' },
  chinese: { en: 'zh', zh: '中文' },
  treeGloss: { en: '{lang}: expected {want}, got {got}', zh: '{lang}释义：预期{want}，实际{got}' },
  unnamed: {
    en: 'expect_unnamed: expected {want}, got {got}',
    zh: 'expect_unnamed：预期{want}，实际{got}',
  },
} as const satisfies Record<string, Bilingual>;

export type VectorStringKey = keyof typeof VECTOR_STRINGS;

/** A placeholder's value: one text for both languages, or each language's own. */
export type VectorValue = string | number | Bilingual;

/** One reason of the table, filled in both languages. */
export function say(
  key: VectorStringKey,
  values: Readonly<Record<string, VectorValue>> = {},
): Bilingual {
  const side = (lang: 'en' | 'zh') =>
    Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, typeof v === 'object' ? v[lang] : String(v)]),
    );
  const text = VECTOR_STRINGS[key];
  return {
    en: fillTemplate(text.en, side('en')),
    // The Chinese pieces joined by the seam rule (see above).
    zh: fillTemplate(text.zh, side('zh'), { seam: zhSeamSpace }),
  };
}
