import { compileDocument } from '../compile';
import type { Bilingual, Range, TextEdit } from '../diagnostics/diagnostic';
import { load } from '../document/load';
import { namesRowOf } from '../document/row-rule-name';
import { get, getPair, isMap, isScalar, isSeq, type YMap, type YNode } from '../document/ynode';
import { isBareWord, quote as yamlQuote } from '../projection/yaml-out';
import { parseSuite } from '../suite/parse-suite';
import { enQuote, zhQuote } from '../util/quote';
import { findHidden, stripHidden } from '../util/visible-text';
import {
  type Decision,
  decisionInfo,
  isBlockingDecision,
  isDecision,
} from '../vocabulary/decisions';
import type { TableEditResult } from './edit-table';
import type { ColumnModel, TableModel } from './model';
import { matchesEverything } from './paste-plan';
import { freshRowName } from './row-name';
import { itemSpan, lineEndAfter, lineStart } from './spans';

/**
 * The table's structure in the grid, as dmn-js edits it (issue 36 point 6): a column's field path
 * and its label, the default row, and the rule entry's name and description — each a minimal text
 * edit, checked like every grid edit by table-edit-op.ts (the edited text must load and still hold
 * the table). Adding and removing columns, moving them, are edit-table.ts's `addColumn`,
 * `deleteColumn` and `moveColumn`.
 *
 * Fail closed: a default row added decides DENY, or the document's fallback decision when that is
 * blocking (the same rule as I-84's row for uncovered inputs); removing a default row whose
 * decision is more restrictive than the fallback widens what the table allows, and is refused
 * unless confirmed. What the validator refuses in a field path, a label, a name or a description
 * is refused here, with where in the value it is.
 */
export type StructureOp =
  /** The column's `field:` (a field path the validator accepts). */
  | { readonly kind: 'setColumnField'; readonly column: number; readonly field: string }
  /**
   * The column's `label:` — a plain string (both languages), `{ zh, en }` (either may be left
   * out), or null to remove it.
   */
  | {
      readonly kind: 'setColumnLabel';
      readonly column: number;
      readonly label: ColumnLabel | null;
    }
  /**
   * A default row (`when: []`) at the end, failing closed, with a message in `lang` saying it is
   * the default (a row message is rule text, written in one language, like the New template's).
   */
  | { readonly kind: 'addDefaultRow'; readonly lang: 'en' | 'zh' }
  /** Removes the default row; refused when that widens the table, unless `confirm`. */
  | { readonly kind: 'removeDefaultRow'; readonly confirm?: boolean }
  /** The rule entry's `name` (every row's compiled name `<entry>#<row>` changes with it). */
  | { readonly kind: 'setTableName'; readonly name: string }
  /** The rule entry's `description`. */
  | { readonly kind: 'setTableDescription'; readonly description: string };

export type ColumnLabel = string | { readonly zh?: string; readonly en?: string };

const KINDS: ReadonlySet<string> = new Set<StructureOp['kind']>([
  'setColumnField',
  'setColumnLabel',
  'addDefaultRow',
  'removeDefaultRow',
  'setTableName',
  'setTableDescription',
]);

export function isStructureOp(op: { readonly kind: string }): op is StructureOp {
  return KINDS.has(op.kind);
}

const refuse = (en: string, zh: string): TableEditResult => ({ ok: false, message: { en, zh } });
const refuseWith = (message: Bilingual): TableEditResult => ({ ok: false, message });
const done = (edits: TextEdit[]): TableEditResult => ({ ok: true, edits, rejected: [] });
const replace = (range: Range, newText: string): TextEdit => ({ range, newText });

const NOT_BLOCK: Bilingual = {
  en: 'this part of the table is written in flow style ([…] / {…}) or on one line with other keys; edit it in the YAML',
  zh: '表格的这一部分用流式写法（[…] / {…}）书写，或与其他键写在同一行；请在 YAML 中编辑',
};

export function editStructure(text: string, table: TableModel, op: StructureOp): TableEditResult {
  const nodes = locate(text, table);
  if (!nodes) return refuseWith(NOT_BLOCK);
  switch (op.kind) {
    case 'setColumnField':
      return setColumnField(table, nodes, op.column, op.field);
    case 'setColumnLabel':
      return setColumnLabel(text, table, nodes, op.column, op.label);
    case 'addDefaultRow':
      return addDefaultRow(text, table, nodes, op.lang);
    case 'removeDefaultRow':
      return removeDefaultRow(text, table, nodes, op.confirm === true);
    case 'setTableName':
      return setTableName(nodes, op.name);
    case 'setTableDescription':
      return setTableDescription(text, nodes, op.description);
  }
}

/**
 * Whether the edited table reads back as the operation meant (called by table-edit-op.ts after
 * the edit is applied and read again): the row and column counts, and the value written.
 */
export function structureAsExpected(
  before: TableModel,
  after: TableModel,
  op: StructureOp,
): boolean {
  const rows = before.rows.length + (op.kind === 'addDefaultRow' ? 1 : 0);
  const fewer = op.kind === 'removeDefaultRow' ? 1 : 0;
  if (after.rows.length !== rows - fewer || after.columns.length !== before.columns.length)
    return false;
  switch (op.kind) {
    case 'setColumnField':
      return after.columns[op.column]?.field === op.field;
    case 'setColumnLabel':
      return sameLabel(after.columns[op.column]?.label, written(op.label));
    case 'addDefaultRow':
      return after.rows[after.rows.length - 1]?.isDefault === true;
    case 'removeDefaultRow':
      return !after.rows.some((r) => r.isDefault);
    case 'setTableName':
      return after.entry === op.name;
    case 'setTableDescription':
      return true;
  }
}

// ————————————————————————————————————————————————————— the nodes an edit needs

interface Nodes {
  readonly rule: YMap;
  readonly columns: readonly YMap[] | null;
  readonly rows: readonly YNode[];
  readonly metadata: YMap | null;
  readonly others: readonly { readonly name: string; readonly range: Range }[];
  /** Another enabled rule of the document may decide what the table does not (§7.0.2). */
  readonly othersMayDecide: boolean;
  readonly shift: (r: Range) => Range;
}

/** The table's rule entry as nodes (ranges shifted past a BOM, like readTables). */
function locate(text: string, table: TableModel): Nodes | null {
  const loaded = load(text);
  if (!loaded.root) return null;
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const shift = (r: Range): Range => ({ start: r.start + bom, end: r.end + bom });
  const rules = get(loaded.root, 'rules');
  if (!isSeq(rules)) return null;
  const rule = rules.items[table.ruleIndex];
  if (!isMap(rule)) return null;
  const when = get(rule, 'when');
  if (!isMap(when)) return null;
  const columns = get(when, 'columns');
  const rows = get(when, 'rows');
  if (!isSeq(rows)) return null;
  const metadata = get(loaded.root, 'metadata');
  const others: { name: string; range: Range }[] = [];
  let othersMayDecide = false;
  rules.items.forEach((r, i) => {
    if (i === table.ruleIndex || !isMap(r)) return;
    const enabled = get(r, 'enabled');
    if (!(isScalar(enabled) && enabled.value === false)) othersMayDecide = true;
    const n = get(r, 'name');
    if (isScalar(n) && typeof n.value === 'string') others.push({ name: n.value, range: n.range });
  });
  return {
    rule,
    columns: isSeq(columns) && columns.items.every(isMap) ? (columns.items as YMap[]) : null,
    rows: rows.items,
    metadata: isMap(metadata) ? metadata : null,
    others,
    othersMayDecide,
    shift,
  };
}

/** The document's fallback decision (§2.2 `metadata.decision`), or null when it has none. */
export function fallbackDecisionOf(text: string): Decision | null {
  const loaded = load(text);
  const metadata = loaded.root ? get(loaded.root, 'metadata') : undefined;
  const d = isMap(metadata) ? get(metadata, 'decision') : undefined;
  return isScalar(d) && isDecision(d.value) ? d.value : null;
}

function fallbackOf(nodes: Nodes): Decision | null {
  const d = nodes.metadata ? get(nodes.metadata, 'decision') : undefined;
  return isScalar(d) && isDecision(d.value) ? d.value : null;
}

/**
 * What a row the grid adds on its own decides where nothing else says (I-84): the document's
 * fallback decision when that is blocking, else DENY. Blocking is decisions.ts's, never a list here.
 */
export function failClosedDecision(fallback: string | null): Decision {
  return fallback !== null && isDecision(fallback) && isBlockingDecision(fallback)
    ? fallback
    : 'DENY';
}

/** The text of a scalar in the style it was written in (plain, single or double quotes). */
function scalarLike(node: YNode | undefined, value: string): string {
  const plain = isBareWord(value) || /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/.test(value);
  if (isScalar(node) && node.style === 'plain' && plain) return value;
  if (
    isScalar(node) &&
    node.style === 'single' &&
    !/[\n\\]/.test(value) &&
    yamlQuote(value) === JSON.stringify(value)
  )
    return `'${value.replaceAll("'", "''")}'`;
  return yamlQuote(value);
}

/** The column of a node's first character on its line, and whether only spaces precede it. */
function ownLine(text: string, at: number): { column: number; alone: boolean } {
  const start = lineStart(text, at);
  const before = text.slice(start, at);
  return { column: before.length, alone: /^ *$/.test(before) };
}

// ————————————————————————————————————————————————————— validation as the validator does it

const PROBE_HEAD = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "probe"
  description: "probe"
  category: finance
  decision: DENY
rules:
`;

interface ProbeParts {
  readonly name?: string;
  readonly description?: string;
  readonly field?: string;
  readonly label?: string;
}

/**
 * The validator's errors (and warnings) about one value, read by compiling a small document that
 * holds it where the grid would write it: `part` is the value under test, written as the grid
 * writes it. Returns the diagnostics positioned inside it.
 */
function probe(
  parts: ProbeParts,
  part: keyof ProbeParts,
): { code: string; severity: string; message: Bilingual }[] {
  const values = {
    name: parts.name === undefined ? '"PRB-001-probe"' : yamlQuote(parts.name),
    description: parts.description === undefined ? '"probe"' : yamlQuote(parts.description),
    field: parts.field === undefined ? '"context.probe"' : yamlQuote(parts.field),
    label: parts.label,
  };
  let at = 0;
  let end = 0;
  let text = PROBE_HEAD;
  const put = (prefix: string, key: keyof ProbeParts, value: string) => {
    text += prefix;
    if (key === part) {
      at = text.length;
      end = at + value.length;
    }
    text += `${value}\n`;
  };
  put('  - name: ', 'name', values.name);
  put('    description: ', 'description', values.description);
  text += '    priority: 10\n    when:\n      kind: decision_table\n      columns:\n';
  put('        - field: ', 'field', values.field);
  if (values.label !== undefined) put('          label: ', 'label', values.label);
  text +=
    '      rows:\n        - when: [[exists]]\n          then: DENY\n          message: "probe"\n' +
    '        - when: []\n          then: DENY\n          message: "probe"\n';
  const result = compileDocument(text);
  return result.diagnostics
    .filter((d) => d.range.start < end && d.range.end > at)
    .map((d) => ({ code: d.code, severity: d.severity, message: d.message }));
}

/** 1-based character (code point) of `index` in `value`. */
const characterAt = (value: string, index: number) => [...value.slice(0, index)].length + 1;

/** Where in a field path the validator's objection is: its first hidden character, else a blank or an empty segment. */
function fieldPosition(field: string): number | null {
  const hidden = findHidden(field)[0];
  if (hidden) return characterAt(field, hidden.index);
  const blank = /\s/.exec(field);
  if (blank) return characterAt(field, blank.index);
  if (field === '') return null;
  if (field.startsWith('.')) return 1;
  const empty = field.indexOf('..');
  if (empty >= 0) return characterAt(field, empty);
  if (field.endsWith('.')) return characterAt(field, field.length - 1);
  return null;
}

function textPosition(value: string): number | null {
  const hidden = findHidden(value)[0];
  return hidden ? characterAt(value, hidden.index) : null;
}

export interface ValueCheck {
  /** Why the grid refuses the value (the validator's error), with where in it. */
  readonly error: Bilingual | null;
  /** What the validator warns about it (accepted). */
  readonly warning: Bilingual | null;
}

const OK: ValueCheck = { error: null, warning: null };

function checked(
  found: readonly { code: string; severity: string; message: Bilingual }[],
  value: string,
  position: number | null,
): ValueCheck {
  const say = (d: { code: string; message: Bilingual }): Bilingual => ({
    en: `${position === null ? '' : `At character ${position} of ${enQuote(value, 80)}: `}${d.message.en} (${d.code})`,
    zh: `${position === null ? '' : `${zhQuote(value, 80)}第 ${position} 个字符处：`}${d.message.zh}（${d.code}）`,
  });
  const error = found.find((d) => d.severity === 'error');
  const warning = found.find((d) => d.severity === 'warning');
  return {
    error: error ? say(error) : null,
    warning: warning ? say(warning) : null,
  };
}

/** A column's field path as the validator reads it (ERDL-E306, E025 …; W316 is a warning). */
export function checkFieldPath(field: string): ValueCheck {
  if (field.trim() === '')
    return {
      error: { en: 'a column needs a field path', zh: '列需要字段路径' },
      warning: null,
    };
  return checked(probe({ field }, 'field'), field, fieldPosition(field));
}

/** A column label as the validator reads it (a bidi control is ERDL-E025). */
export function checkLabel(label: ColumnLabel): ValueCheck {
  const texts = typeof label === 'string' ? [label] : [label.zh ?? '', label.en ?? ''];
  for (const value of texts) {
    if (value === '') continue;
    const c = checked(probe({ label: yamlQuote(value) }, 'label'), value, textPosition(value));
    if (c.error || c.warning) return c;
  }
  return OK;
}

/**
 * A rule entry's name as the validator reads it — ERDL-E206 (`#`), E025, E204 (the name of
 * another rule), E215 (another rule's name once hidden characters are removed); W205 (not
 * `[CAT]-[NNN]-description`) is a warning. `others`: the document's other rule names.
 */
export function checkTableName(name: string, others: readonly string[]): ValueCheck {
  if (name.trim() === '')
    return { error: { en: 'a table needs a name', zh: '决策表需要名称' }, warning: null };
  const hash = name.indexOf('#');
  const found = probe({ name }, 'name');
  const position = hash >= 0 ? characterAt(name, hash) : textPosition(name);
  const own = checked(found, name, position);
  if (own.error) return own;
  const same = others.find((o) => o === name);
  const alike = same ?? others.find((o) => stripHidden(o) === stripHidden(name));
  if (alike !== undefined)
    return {
      error: {
        en: `the name ${enQuote(name, 80)} is already ${same === undefined ? 'the name, once hidden characters are removed, ' : 'the name '}of another rule of this document; rule names are unique (${same === undefined ? 'ERDL-E215' : 'ERDL-E204'})`,
        zh: `名称${zhQuote(name, 80)}${same === undefined ? '去掉隐藏字符后' : ''}与本文档的另一条规则同名；规则名必须唯一（${same === undefined ? 'ERDL-E215' : 'ERDL-E204'}）`,
      },
      warning: null,
    };
  return own;
}

/** A rule entry's description as the validator reads it (a bidi control is ERDL-E025). */
export function checkDescription(description: string): ValueCheck {
  return checked(probe({ description }, 'description'), description, textPosition(description));
}

// ————————————————————————————————————————————————————— columns

function columnNode(
  nodes: Nodes,
  table: TableModel,
  column: number,
): { node: YMap; model: ColumnModel } | null {
  const node = nodes.columns?.[column];
  const model = table.columns[column];
  return node && model ? { node, model } : null;
}

function setColumnField(
  table: TableModel,
  nodes: Nodes,
  column: number,
  field: string,
): TableEditResult {
  const target = columnNode(nodes, table, column);
  if (!target) return refuse('no such column', '没有这一列');
  const check = checkFieldPath(field);
  if (check.error) return refuseWith(check.error);
  const value = get(target.node, 'field');
  if (!isScalar(value)) return refuseWith(NOT_BLOCK);
  if (value.value === field) return done([]);
  return done([replace(nodes.shift(value.range), scalarLike(value, field))]);
}

/** The label as it will be written: a string, a `{zh, en}` with its non-empty texts, or none. */
function written(label: ColumnLabel | null): ColumnLabel | undefined {
  if (label === null) return undefined;
  if (typeof label === 'string') return label === '' ? undefined : label;
  const zh = label.zh ?? '';
  const en = label.en ?? '';
  if (zh === '' && en === '') return undefined;
  return { ...(zh === '' ? {} : { zh }), ...(en === '' ? {} : { en }) };
}

function sameLabel(a: ColumnModel['label'], b: ColumnLabel | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.zh === b.zh && a.en === b.en;
}

/** A label as YAML: a double-quoted string, or `{ zh: "…", en: "…" }` on one line. */
export function labelYaml(label: ColumnLabel): string {
  if (typeof label === 'string') return yamlQuote(label);
  const parts = (['zh', 'en'] as const)
    .filter((k) => label[k] !== undefined)
    .map((k) => `${k}: ${yamlQuote(label[k] as string)}`);
  return `{ ${parts.join(', ')} }`;
}

function setColumnLabel(
  text: string,
  table: TableModel,
  nodes: Nodes,
  column: number,
  label: ColumnLabel | null,
): TableEditResult {
  const target = columnNode(nodes, table, column);
  if (!target) return refuse('no such column', '没有这一列');
  const next = written(label);
  if (next !== undefined) {
    const check = checkLabel(next);
    if (check.error) return refuseWith(check.error);
  }
  if (sameLabel(target.model.label, next)) return done([]);
  const pair = getPair(target.node, 'label');
  if (pair) {
    const key = nodes.shift(pair.keyNode.range);
    const value = nodes.shift(pair.value.range);
    if (next === undefined) {
      // The whole `label:` pair, on lines of its own.
      const line = ownLine(text, key.start);
      if (!line.alone || target.node.flow) return refuseWith(NOT_BLOCK);
      return done([
        replace({ start: lineStart(text, key.start), end: lineEndAfter(text, value.end) }, ''),
      ]);
    }
    // A block map label (`label:`, then `zh:` / `en:` lines) becomes a flow map after `label: `.
    if (isMap(pair.value) && !pair.value.flow) {
      const end = text[value.end - 1] === '\n' ? value.end - 1 : value.end;
      return done([replace({ start: key.end, end }, `: ${labelYaml(next)}`)]);
    }
    return done([replace(value, labelYaml(next))]);
  }
  if (next === undefined) return done([]);
  if (target.node.flow) return refuseWith(NOT_BLOCK);
  const fieldPair = getPair(target.node, 'field');
  if (!fieldPair) return refuseWith(NOT_BLOCK);
  const key = nodes.shift(fieldPair.keyNode.range);
  const value = nodes.shift(fieldPair.value.range);
  const { column: keyColumn } = ownLine(text, key.start);
  const lineEnd = lineEndAfter(text, value.end);
  const line = `${' '.repeat(keyColumn)}label: ${labelYaml(next)}\n`;
  if (lineEnd === text.length && text[lineEnd - 1] !== '\n')
    return done([replace({ start: lineEnd, end: lineEnd }, `\n${line.replace(/\n$/, '')}`)]);
  return done([replace({ start: lineEnd, end: lineEnd }, line)]);
}

// ————————————————————————————————————————————————————— the default row

/** The default row's message in `lang`: it is the default, and it fails closed. */
export function defaultRowMessage(decision: Decision, lang: 'en' | 'zh'): string {
  const info = decisionInfo(decision);
  const phrase = info ? info.phrase[lang] : decision;
  return lang === 'zh'
    ? `上方没有任何行匹配这些输入，因此${phrase}（本表的默认行，失败关闭）`
    : `No row above matches these inputs, so ${phrase} (this table's default row fails closed)`;
}

/** The new table's first row's message in `lang`: the field is missing, so the table blocks. */
export function missingFieldMessage(field: string, decision: Decision, lang: 'en' | 'zh'): string {
  const info = decisionInfo(decision);
  const phrase = info ? info.phrase[lang] : decision;
  return lang === 'zh'
    ? `缺少字段${zhQuote(field)}，因此${phrase}`
    : `${field} is missing, so ${phrase}`;
}

const rowNameOf = (row: YNode) => {
  const n = isMap(row) ? get(row, 'name') : undefined;
  return isScalar(n) && typeof n.value === 'string' ? n.value : null;
};

function addDefaultRow(
  text: string,
  table: TableModel,
  nodes: Nodes,
  lang: 'en' | 'zh',
): TableEditResult {
  if (!table.structural) return refuseWith(NOT_BLOCK);
  const existing = table.rows.find((r) => r.isDefault);
  if (existing)
    return refuse(
      `row ${existing.index} is already the default row (when: []); a table has one`,
      `第 ${existing.index} 行已经是默认行（when: []）；一张决策表只有一个默认行`,
    );
  const last = table.rows[table.rows.length - 1];
  const span = last && itemSpan(text, last.range);
  if (!last || !span) return refuseWith(NOT_BLOCK);
  if (last.cells.length > 0 && matchesEverything(last.cells))
    return refuse(
      `row ${last.index} already matches every input (all cells "-"): a default row below it would never decide anything`,
      `第 ${last.index} 行已匹配所有输入（单元格全为“-”）：其下的默认行永远不会起作用`,
    );
  const decision = failClosedDecision(fallbackOf(nodes));
  const dash = ' '.repeat(span.dashColumn);
  const inner = ' '.repeat(span.innerColumn);
  const thenQuote = last.thenRange ? text[last.thenRange.start] : '';
  const then =
    thenQuote === '"' || thenQuote === "'" ? `${thenQuote}${decision}${thenQuote}` : decision;
  // Named when every other row is (I-75; the grid names unnamed rows first, row-identity.ts): a
  // neutral name (I-90), never derived from its decision — its number, when no row holds it.
  const names = nodes.rows.map(rowNameOf);
  let head = `${dash}- when: []\n`;
  if (names.length > 0 && names.every((n) => n !== null)) {
    const name = freshRowName(names as string[], table.rows.length + 1);
    head = `${dash}- name: ${yamlQuote(name)}\n${inner}when: []\n`;
  }
  const lines = `${head}${inner}then: ${then}\n${inner}message: ${yamlQuote(defaultRowMessage(decision, lang))}\n`;
  const at = span.end;
  if (at === text.length && text[at - 1] !== '\n')
    return done([replace({ start: at, end: at }, `\n${lines.replace(/\n$/, '')}`)]);
  return done([replace({ start: at, end: at }, lines)]);
}

export interface DefaultRowRemoval {
  /** 1-based number of the default row. */
  readonly row: number;
  readonly decision: string | null;
  /** What decides the inputs no row matches once it is gone: the document's fallback. */
  readonly fallback: Decision | null;
  /** True when the fallback is less restrictive than the row's decision (or unknown). */
  readonly widens: boolean;
  /** What removing it does, in words (the confirmation says it when it widens). */
  readonly message: Bilingual;
}

/** What the document decides for inputs a table leaves to it: its fallback, and whether other rules may. */
export interface LeftToDocument {
  readonly fallback: Decision | null;
  readonly othersMayDecide: boolean;
}

/** The document's fallback decision and whether another enabled rule may decide before it. */
export function leftToDocument(text: string, table: TableModel): LeftToDocument {
  const nodes = locate(text, table);
  return nodes
    ? { fallback: fallbackOf(nodes), othersMayDecide: nodes.othersMayDecide }
    : { fallback: fallbackDecisionOf(text), othersMayDecide: true };
}

/**
 * What removing the table's default row would do: the inputs no row matches fall to the
 * document — its other rules, then its fallback decision (§7.0.2). It widens the table when the
 * fallback is less restrictive than the row's decision (decisions.ts `restrictiveness`, §7.1), or
 * unknown. Null when the table has no default row.
 */
export function defaultRowRemoval(
  table: TableModel,
  left: LeftToDocument,
): DefaultRowRemoval | null {
  const row = table.rows.find((r) => r.isDefault);
  if (!row) return null;
  const f = left.fallback;
  const mine = row.then !== null ? decisionInfo(row.then) : undefined;
  const theirs = f ? decisionInfo(f) : undefined;
  const widens = !mine || !theirs || theirs.restrictiveness < mine.restrictiveness;
  const en = (d: string | null) => {
    const info = d === null ? undefined : decisionInfo(d);
    return info ? `${info.name} (${info.en})` : (d ?? '(none)');
  };
  const zh = (d: string | null) => {
    const info = d === null ? undefined : decisionInfo(d);
    return info ? `${info.name}（${info.zh}）` : (d ?? '（无）');
  };
  const unlessEn = left.othersMayDecide
    ? ', unless another rule of the document decides them,'
    : '';
  const unlessZh = left.othersMayDecide ? '除非本文档的其他规则对其作出决策，否则' : '';
  const message: Bilingual = widens
    ? {
        en: `Removing the default row widens what the table allows: inputs no row matches would be decided${unlessEn} by the document's fallback decision ${en(f)} instead of this row's ${en(row.then)}.`,
        zh: `删除默认行会放宽本表允许的范围：没有任何行匹配的输入，${unlessZh}将由文档的兜底决策 ${zh(f)}决定，而不再是此行的 ${zh(row.then)}。`,
      }
    : {
        en: `Inputs no row matches will be decided${unlessEn} by the document's fallback decision ${en(f)}, as blocking as this row's ${en(row.then)} or more.`,
        zh: `没有任何行匹配的输入，${unlessZh}将由文档的兜底决策 ${zh(f)}决定，其拦截程度不低于此行的 ${zh(row.then)}。`,
      };
  return { row: row.index, decision: row.then, fallback: f, widens, message };
}

function removeDefaultRow(
  text: string,
  table: TableModel,
  nodes: Nodes,
  confirm: boolean,
): TableEditResult {
  if (!table.structural) return refuseWith(NOT_BLOCK);
  const removal = defaultRowRemoval(table, {
    fallback: fallbackOf(nodes),
    othersMayDecide: nodes.othersMayDecide,
  });
  const row = table.rows.find((r) => r.isDefault);
  if (!removal || !row) return refuse('this table has no default row', '此决策表没有默认行');
  if (table.rows.length === 1)
    return refuse('a decision table needs at least one row', '决策表至少需要一行');
  if (removal.widens && !confirm)
    return refuse(
      `${removal.message.en} Confirm to remove it anyway.`,
      `${removal.message.zh}确认后才会删除。`,
    );
  const span = itemSpan(text, row.range);
  if (!span) return refuseWith(NOT_BLOCK);
  if (span.end === text.length && text[span.end - 1] !== '\n' && span.start > 0)
    return done([replace({ start: span.start - 1, end: span.end }, '')]);
  return done([replace({ start: span.start, end: span.end }, '')]);
}

// ————————————————————————————————————————————————————— the rule entry

function setTableName(nodes: Nodes, name: string): TableEditResult {
  const node = get(nodes.rule, 'name');
  if (!isScalar(node)) return refuseWith(NOT_BLOCK);
  if (node.value === name) return done([]);
  const check = checkTableName(
    name,
    nodes.others.map((o) => o.name),
  );
  if (check.error) return refuseWith(check.error);
  return done([replace(nodes.shift(node.range), scalarLike(node, name))]);
}

function setTableDescription(text: string, nodes: Nodes, description: string): TableEditResult {
  const check = checkDescription(description);
  if (check.error) return refuseWith(check.error);
  const pair = getPair(nodes.rule, 'description');
  if (pair) {
    if (isScalar(pair.value) && pair.value.value === description) return done([]);
    const value = nodes.shift(pair.value.range);
    const key = nodes.shift(pair.keyNode.range);
    // A block or multi-line scalar becomes one double-quoted line after `description: `.
    const multiline = text.slice(key.end, value.end).includes('\n');
    if (multiline) {
      const end = text[value.end - 1] === '\n' ? value.end - 1 : value.end;
      return done([replace({ start: key.end, end }, `: ${yamlQuote(description)}`)]);
    }
    return done([replace(value, scalarLike(pair.value, description))]);
  }
  // No description yet: a line after the name (§4.1 order).
  const namePair = getPair(nodes.rule, 'name');
  if (!namePair || nodes.rule.flow) return refuseWith(NOT_BLOCK);
  const key = nodes.shift(namePair.keyNode.range);
  const value = nodes.shift(namePair.value.range);
  const { column } = ownLine(text, key.start);
  const at = lineEndAfter(text, value.end);
  const line = `${' '.repeat(column)}description: ${yamlQuote(description)}\n`;
  if (at === text.length && text[at - 1] !== '\n')
    return done([replace({ start: at, end: at }, `\n${line.replace(/\n$/, '')}`)]);
  return done([replace({ start: at, end: at }, line)]);
}

/** The document's other rule names (what a new table name must differ from). */
export function otherRuleNames(text: string, table: TableModel): string[] {
  return locate(text, table)?.others.map((o) => o.name) ?? [];
}

/**
 * How many cases (and sequence events) of a fact suite name a row of table `entry` in their
 * expected matched rules (`<entry>#<row>`): renaming the table changes every row's compiled name,
 * so these would fail until they name the new one. A suite that does not read counts 0.
 */
export function suiteCasesNamingTable(suiteText: string | undefined, entry: string): number {
  if (!suiteText || suiteText.trim() === '') return 0;
  const parsed = parseSuite(suiteText);
  if (!parsed.suite) return 0;
  const names = (rules: readonly string[] | undefined) =>
    (rules ?? []).some((r) => namesRowOf(entry, r));
  let n = 0;
  for (const c of parsed.suite.cases) if (names(c.expect?.matched_rules)) n++;
  for (const s of parsed.suite.sequences)
    for (const e of s.events) if (names(e.expect?.matched_rules)) n++;
  return n;
}

// ————————————————————————————————————————————————————— a new table

/**
 * A new decision table as a rule entry appended to the document's `rules` (block style): one
 * column (`field`), a first row that blocks an input without that field (true of every table
 * over it, and what the default row decides, so it widens nothing) and a default row failing
 * closed — DENY, or the document's fallback when that is blocking — whose message says so. A table
 * of the default row alone would be `when: "true"` with a blocking decision (ERDL-E801, I-29),
 * hence the first row; the analyst adds rows above the default row (Enter on it). Texts in `lang`
 * (rule text, like the New template's).
 */
export function newTableEdit(
  text: string,
  spec: { readonly name: string; readonly field: string; readonly lang: 'en' | 'zh' },
):
  | { readonly ok: true; readonly edit: TextEdit }
  | { readonly ok: false; readonly message: Bilingual } {
  const field = checkFieldPath(spec.field);
  if (field.error) return { ok: false, message: field.error };
  const loaded = load(text);
  const rules = loaded.root ? get(loaded.root, 'rules') : undefined;
  const last = isSeq(rules) && !rules.flow ? rules.items[rules.items.length - 1] : undefined;
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const span = last && itemSpan(text, { start: last.range.start + bom, end: last.range.end + bom });
  if (!span)
    return {
      ok: false,
      message: {
        en: 'the document needs a rules: list written in block style to add a table to',
        zh: '文档需要一个块式写法的 rules: 列表才能添加决策表',
      },
    };
  const taken = new Set((isSeq(rules) ? rules.items : []).map(rowNameOf));
  let name = spec.name;
  for (let k = 2; taken.has(name); k++) name = `${spec.name}-${k}`;
  const fallback = loaded.root ? get(loaded.root, 'metadata') : undefined;
  const d = isMap(fallback) ? get(fallback, 'decision') : undefined;
  const decision = failClosedDecision(isScalar(d) && typeof d.value === 'string' ? d.value : null);
  const zh = spec.lang === 'zh';
  const pad = ' '.repeat(span.dashColumn);
  const lines = [
    `${pad}- name: ${yamlQuote(name)}`,
    `${pad}  description: ${yamlQuote(zh ? '请描述此决策表决定什么' : 'Describe what this table decides')}`,
    `${pad}  priority: 10`,
    `${pad}  when:`,
    `${pad}    kind: decision_table`,
    `${pad}    columns:`,
    `${pad}      - field: ${yamlQuote(spec.field)}`,
    `${pad}    rows:`,
    // Named from the start (I-90): neutral numbers, so later inserts rename nothing.
    `${pad}      - name: "1"`,
    `${pad}        when: [[not_exists]]`,
    `${pad}        then: ${decision}`,
    `${pad}        message: ${yamlQuote(missingFieldMessage(spec.field, decision, spec.lang))}`,
    `${pad}      - name: "2"`,
    `${pad}        when: []`,
    `${pad}        then: ${decision}`,
    `${pad}        message: ${yamlQuote(defaultRowMessage(decision, spec.lang))}`,
  ];
  const yaml = `${lines.join('\n')}\n`;
  const at = span.end;
  const newText =
    at === text.length && text[at - 1] !== '\n' ? `\n${yaml.replace(/\n$/, '')}` : yaml;
  return { ok: true, edit: { range: { start: at, end: at }, newText } };
}
