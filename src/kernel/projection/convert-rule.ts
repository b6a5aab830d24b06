import { compileDocument } from '../compile';
import type { Bilingual, Fix } from '../diagnostics/diagnostic';
import type { CompiledDocument, CompiledRule } from '../document/compiled';
import { load } from '../document/load';
import { compiledRowName } from '../document/row-rule-name';
import { RULE_NAME } from '../document/validate-rule';
import { get, isMap, isScalar, isSeq, type YMap, type YNode, type YSeq } from '../document/ynode';
import { canonicalJson } from '../tree/canonical';
import { canonicalDocument } from '../tree/document-hash';
import type { ExprNode } from '../tree/types';
import { stripHidden } from '../util/visible-text';
import {
  DECISION_TABLE_KIND,
  RULE_FIELD_ORDER,
  rowNameProblem,
  rowNumberOfName,
} from '../vocabulary/document';
import { SIMPLE_OPERATORS } from '../vocabulary/operators';
import {
  entryFieldRefusals,
  type ProjectionTarget,
  type RuleMapping,
  rowRuleName,
  unconditionalRow,
  unknownRule,
} from './convert';
import {
  type Chunk,
  chunksOf,
  commentLine,
  DocLines,
  isComment,
  itemLines,
  scalarLike,
  shift,
  splitComment,
  tailComment,
  verbatimLiterals,
} from './entry-text';
import { type Refusal, reason } from './refusal';
import { expressionWhen, literalYV } from './to-expression';
import {
  type LiteralWriter,
  type OperatorSpelling,
  type SimpleCondition,
  type SimpleWhen,
  simpleFromTree,
  simpleWhenYV,
} from './to-simple';
import { planTable, rowWhenYV } from './to-table';
import { emitEntry, flowText, quote, type YV } from './yaml-out';

/**
 * Converting one rule entry in place (the studio's "Convert to…"), as a text edit of that entry
 * only. Unlike `erdl convert`, which writes a whole normalized document, this keeps the text: the
 * entry's other fields, comments and quoting are copied byte for byte, values keep their spelling,
 * and every conversion has an inverse that gives the original text back (docs/projections.md §11):
 *
 * - rule X → a one-row table named X (`then` moves into the row, everything else stays) → X;
 * - Simple ↔ Expression: only `when` / `unless` are rewritten;
 * - table E → rules: row 1 becomes E, row n `E-r<n>`, a named row N `E-N` (or N when N is itself
 *   a rule name) — and merging those rules into a table gives E with the same rows and names.
 *
 * Comments inside `when` travel with their condition (a condition ↔ a table cell ↔ an Expression
 * operand). The edit is proposed only when the edited document compiles to the same canonical
 * document, rule names aside (the renames are returned and shown to the user).
 */

export type RuleConversion =
  | {
      readonly ok: true;
      readonly fix: Fix;
      /** What changes, in the user's words (shown above the diff). */
      readonly summary: Bilingual;
      /** Compiled rules whose name changes. */
      readonly renames: readonly RuleMapping[];
    }
  | { readonly ok: false; readonly messages: readonly Bilingual[] };

const FORM_NAMES: Record<ProjectionTarget, Bilingual> = {
  // The terminology table's terms (docs/terminology.md): 简单形式, 表达式形式, 决策表.
  simple: { en: 'Simple conditions', zh: '简单形式' },
  expr: { en: 'an Expression', zh: '表达式形式' },
  table: { en: 'a decision table', zh: '决策表' },
};

const fail = (...messages: Bilingual[]): RuleConversion => ({ ok: false, messages });

// ---------------------------------------------------------------------------------------------
// Names: table rows ↔ rules

/** The rule a table row becomes: row 1 → the entry's name, row n → `E-r<n>`, a named row → `E-N`. */
export function ruleNameOfRow(entry: string, index: number, rowName?: string): string {
  if (rowName === undefined && index === 1) return entry;
  return rowRuleName(entry, index, rowName);
}

/** The inverse: the row name rule `rule` gets as row `index` of table `entry` (undefined: none). */
export function rowNameOfRule(entry: string, index: number, rule: string): string | undefined {
  if (index === 1 && rule === entry) return undefined;
  if (rule === `${entry}-r${index}`) return undefined;
  if (rule.startsWith(`${entry}-`)) {
    const suffix = rule.slice(entry.length + 1);
    if (
      suffix !== entry &&
      rowNameProblem(suffix) === null &&
      !RULE_NAME.test(suffix) &&
      ruleNameOfRow(entry, index, suffix) === rule
    )
      return suffix;
  }
  return rowNameProblem(rule) === null && ruleNameOfRow(entry, index, rule) === rule
    ? rule
    : undefined;
}

/**
 * The row names of `rules` merged into one table `entry` (rowNameOfRule), as they can stand
 * together (I-90): a name of digits that is the number of an unnamed row would compile to that
 * row's `<entry>#<n>` too (ERDL-E517), so it is left out — its row is then unnamed, which may
 * clash with another, until none does. A row left unnamed is reported as a rename like any other.
 */
export function mergedRowNames(entry: string, rules: readonly string[]): (string | undefined)[] {
  const names = rules.map((rule, i) => rowNameOfRule(entry, i + 1, rule));
  for (let changed = true; changed; ) {
    changed = false;
    const unnamed = new Set(names.flatMap((n, i) => (n === undefined ? [i + 1] : [])));
    names.forEach((n, i) => {
      const number = n === undefined ? null : rowNumberOfName(stripHidden(n));
      if (number !== null && unnamed.has(number)) {
        names[i] = undefined;
        changed = true;
      }
    });
  }
  return names;
}

// ---------------------------------------------------------------------------------------------
// The document's entries

interface EntryText {
  readonly name: string;
  readonly node: YMap;
  readonly first: number;
  readonly last: number;
  /** Text before the first key on the first line (`  - `). */
  readonly prefix: string;
  readonly indent: number;
  readonly chunks: readonly Chunk[];
  readonly rules: readonly CompiledRule[];
  readonly isTable: boolean;
}

interface Context {
  readonly doc: DocLines;
  readonly compiled: CompiledDocument;
  readonly entries: readonly EntryText[];
  readonly lit: LiteralWriter;
}

function nameOf(item: YNode | undefined): string | undefined {
  const name = isMap(item) ? get(item, 'name') : undefined;
  return isScalar(name) && typeof name.value === 'string' ? name.value : undefined;
}

function isTableWhen(n: YNode | undefined): n is YMap {
  return (
    isMap(n) &&
    n.items.some(
      (p) => p.key === 'kind' && isScalar(p.value) && p.value.value === DECISION_TABLE_KIND,
    )
  );
}

function context(text: string, verbatim: boolean): Context | RuleConversion {
  const result = compileDocument(text);
  const compiled = result.document;
  if (!compiled)
    return fail({
      en: 'The document has errors; fix them before converting a rule.',
      zh: '文档有错误；请先修复再转换规则。',
    });
  const root = load(text).root;
  const rules = root ? get(root, 'rules') : undefined;
  if (!isSeq(rules) || rules.flow || rules.items.some((i) => !isMap(i) || i.flow))
    return fail({
      en: 'Only rules in a block list under rules: can be converted in place.',
      zh: '只有 rules: 下块状列表中的规则可以原地转换。',
    });
  const doc = new DocLines(text);
  const lastLine = doc.lineOf(Math.max(rules.range.start, rules.range.end - 1));
  const entries = (rules as YSeq).items.map((item, i) => {
    const node = item as YMap;
    const { first, last } = itemLines(doc, node, rules.items[i + 1], lastLine);
    const indent = doc.columnOf(node.range.start);
    const name = nameOf(node) ?? '';
    return {
      name,
      node,
      first,
      last,
      prefix: (doc.lines[first] ?? '').slice(0, indent),
      indent,
      chunks: chunksOf(doc, node, first, last),
      rules: compiled.rules.filter((r) => r.entry === name),
      isTable: isTableWhen(get(node, 'when')),
    };
  });
  const lit = verbatim ? verbatimLiterals(doc, compiled.sourceMap) : undefined;
  return { doc, compiled, entries, lit: lit ?? literalYV };
}

// ---------------------------------------------------------------------------------------------
// Comments inside `when`

/** The comments of one item of a sequence (a condition, a cell, an Expression operand). */
interface ItemComments {
  readonly lead: readonly string[];
  readonly tail: string;
}

/** Comments of a `when` (or a row's `when`): on its key line, above its body, per item. */
interface WhenComments {
  readonly keyTail: string;
  readonly header: readonly string[];
  readonly items: readonly ItemComments[];
}

const NO_COMMENTS: WhenComments = { keyTail: '', header: [], items: [] };

/**
 * Reads the comments of the lines `from`…`to` (absolute) of a `when` whose key is on line `key`;
 * `items` is the block sequence whose items get their own comments (conditions, cells, operands).
 */
function readComments(
  doc: DocLines,
  key: number,
  to: number,
  items: YSeq | undefined,
): WhenComments {
  const keyTail = splitComment(doc.lines[key] ?? '').tail;
  const header: string[] = [];
  const own = new Set<number>();
  const perItem: ItemComments[] = [];
  if (items && !items.flow) {
    items.items.forEach((item, i) => {
      const next = items.items[i + 1];
      const { first, last } = itemLines(
        doc,
        item,
        next,
        next ? to : Math.min(to, doc.lineOf(Math.max(items.range.start, items.range.end - 1))),
      );
      const lead: string[] = [];
      for (let l = first - 1; l > key && isComment(doc.lines[l] ?? ''); l--) {
        lead.unshift((doc.lines[l] ?? '').trim());
        own.add(l);
      }
      let tail = '';
      for (let l = first; l <= last; l++) {
        const t = splitComment(doc.lines[l] ?? '').tail;
        if (!t) continue;
        own.add(l);
        if (tail) header.push(tailComment(tail));
        tail = t;
      }
      perItem.push({ lead, tail });
    });
  }
  for (let l = key + 1; l <= to; l++) {
    if (own.has(l)) continue;
    const line = doc.lines[l] ?? '';
    if (isComment(line)) header.push(line.trim());
    else {
      const t = splitComment(line).tail;
      if (t) header.push(tailComment(t));
    }
  }
  return { keyTail, header, items: perItem };
}

/** All comments as full lines (where a form has no place for them one by one). */
function flatten(c: WhenComments): string[] {
  return [
    ...c.header,
    ...c.items.flatMap((i) => [...i.lead, ...(i.tail ? [tailComment(i.tail)] : [])]),
  ];
}

/** The sequence whose items carry comments: Simple `conditions`, an Expression's root and/or. */
function commentItems(when: YNode | undefined): YSeq | undefined {
  if (!isMap(when)) return undefined;
  const conditions = get(when, 'conditions');
  if (isSeq(conditions)) return conditions;
  const expr = get(when, 'expr');
  if (isMap(expr) && expr.items.length === 1) {
    const v = expr.items[0]?.value;
    if ((expr.items[0]?.key === 'and' || expr.items[0]?.key === 'or') && isSeq(v)) return v;
    // One condition written as one node: that node is the one item.
    if (!expr.flow) return { kind: 'seq', items: [expr], flow: false, range: expr.range };
  }
  return undefined;
}

/**
 * The operators as written in `items` (Simple conditions' `operator`, or table cells' first
 * element; "-" cells skipped), when there are `count` of them, one line each and no comment.
 */
function operatorSpellings(
  doc: DocLines,
  items: readonly YNode[],
  count: number,
): OperatorSpelling | undefined {
  const texts: string[] = [];
  for (const item of items) {
    const op = isMap(item) ? get(item, 'operator') : isSeq(item) ? item.items[0] : undefined;
    if (isScalar(item)) continue;
    if (!isScalar(op)) return undefined;
    const text = doc.slice(op.range);
    if (text.includes('\n') || splitComment(text).tail) return undefined;
    texts.push(text);
  }
  return texts.length === count ? (i) => texts[i] : undefined;
}

// ---------------------------------------------------------------------------------------------
// Writing a `when`

/** How many operands of the root and/or a Simple condition is (a guarded one is two under AND). */
function operandCount(c: SimpleCondition, logic: 'AND' | 'OR'): number {
  const op = SIMPLE_OPERATORS.find((o) => o.name === c.operator);
  const guarded = op?.compile.startsWith('guarded') ?? false;
  return logic === 'AND' && guarded && !c.modifier ? 2 : 1;
}

/** Item comments regrouped from one item list to another (`sizes[i]` source items per target item). */
function regroup(items: readonly ItemComments[], sizes: readonly number[]): ItemComments[] | null {
  if (sizes.reduce((a, b) => a + b, 0) !== items.length) return null;
  const out: ItemComments[] = [];
  let k = 0;
  for (const size of sizes) {
    const group = items.slice(k, k + size);
    k += size;
    const lead = group.flatMap((g, i) => (i === 0 ? g.lead : [...g.lead]));
    const tails = group.map((g) => g.tail).filter((t) => t !== '');
    // Several tails in one group: the last stays a tail, the others become lines above.
    out.push({
      lead: [...lead, ...tails.slice(0, -1).map(tailComment)],
      tail: tails.at(-1) ?? '',
    });
  }
  return out;
}

/**
 * The lines of a `when` chunk at `indent` with `value` as its body, the chunk's own lines above
 * the key kept, the key line's comment kept, and comments placed: the header under the key, item
 * comments around the items of the body's item sequence at `itemIndent`.
 */
function writeWhen(
  key: string,
  above: readonly string[],
  indent: number,
  value: YV,
  comments: WhenComments,
  itemIndent: number | null,
): string[] {
  const emitted = emitEntry(key, value, indent).split('\n');
  if (emitted.length === 1)
    // An inline value (`when: "true"`): its comments go above the key.
    return [
      ...above,
      ...flatten(comments).map((c) => commentLine(c, indent)),
      `${emitted[0]}${comments.keyTail}`,
    ];
  const out = [...above, `${emitted[0]}${comments.keyTail}`];
  const header = [...comments.header];
  let items = comments.items;
  const body = emitted.slice(1);
  const dash = itemIndent === null ? null : `${' '.repeat(itemIndent)}- `;
  const starts = dash ? body.flatMap((l, i) => (l.startsWith(dash) ? [i] : [])) : [];
  // One Expression node under `expr:` (written in block style for its comments) is one item.
  if (itemIndent === null && items.length === 1 && body.length > 1 && body[0]?.trim() === 'expr:')
    starts.push(1);
  if (starts.length !== items.length) {
    header.push(...items.flatMap((i) => [...i.lead, ...(i.tail ? [tailComment(i.tail)] : [])]));
    items = [];
  }
  out.push(...header.map((c) => commentLine(c, indent + 2)));
  body.forEach((line, i) => {
    const k = starts.indexOf(i);
    const item = k >= 0 ? items[k] : undefined;
    if (item) out.push(...item.lead.map((c) => commentLine(c, itemIndent ?? indent + 2)));
    const endOfItem = items.length > 0 && (starts.includes(i + 1) || i === body.length - 1);
    const owner = endOfItem ? items[starts.filter((s) => s <= i).length - 1] : undefined;
    out.push(owner?.tail ? `${line}${owner.tail}` : line);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Assembling entries and the edit

function entryText(
  prefix: string,
  indent: number,
  chunks: readonly (readonly string[])[],
): string[] {
  const lines = chunks.flat();
  if (lines.length > 0) lines[0] = prefix + (lines[0] ?? '').slice(indent);
  return lines;
}

function chunk(e: EntryText, key: string): Chunk | undefined {
  return e.chunks.find((c) => c.key === key);
}

/** `lines` with the `name` value replaced by `name`, in the same quoting. */
function renamed(e: EntryText, c: Chunk, name: string, doc: DocLines, like?: YNode): string[] {
  const pair = e.node.items.find((p) => p.key === 'name');
  if (!pair || !isScalar(pair.value) || name === e.name) return [...c.lines];
  // A named row's name keeps the quoting it had on the row.
  const style = isScalar(like) ? like : pair.value;
  const start = doc.columnOf(pair.value.range.start);
  const end = start + (pair.value.range.end - pair.value.range.start);
  const lines = [...c.lines];
  const line = lines[c.keyLine] ?? '';
  lines[c.keyLine] = `${line.slice(0, start)}${scalarLike(style, name)}${line.slice(end)}`;
  return lines;
}

/** Inserts `lines` for `key` among `chunks` at its §4.1 position (RULE_FIELD_ORDER). */
function insertOrdered(chunks: { key: string; lines: string[] }[], key: string, lines: string[]) {
  const rank = (k: string) => (RULE_FIELD_ORDER as readonly string[]).indexOf(k);
  const at = chunks.findIndex((c) => rank(c.key) > rank(key));
  if (at < 0) chunks.push({ key, lines });
  else chunks.splice(at, 0, { key, lines });
}

/** The checked edit: `replacement` for the lines of `from`…`to`, or why it cannot be offered. */
function edit(
  ctx: Context,
  from: EntryText,
  to: EntryText,
  replacement: readonly string[],
  renames: readonly RuleMapping[],
): { ok: true; fix: Fix['edits'] } | { ok: false } {
  const { doc } = ctx;
  const range = { start: doc.startOf(from.first), end: doc.endOf(to.last) };
  const newText = replacement.join(doc.newline);
  const edited = doc.text.slice(0, range.start) + newText + doc.text.slice(range.end);
  const check = compileDocument(edited);
  if (!check.document || check.diagnostics.some((d) => d.severity === 'error'))
    return { ok: false };
  const names = new Map(renames.map((m) => [m.from, m.to]));
  const source = ctx.compiled.rules.map((r) => ({ ...r, name: names.get(r.name) ?? r.name }));
  const want = canonicalJson(canonicalDocument(ctx.compiled.metadata, source));
  const got = canonicalJson(canonicalDocument(check.document.metadata, check.document.rules));
  return want === got ? { ok: true, fix: [{ range, newText }] } : { ok: false };
}

const DIFFERENT_TREES: Bilingual = {
  en: 'The converted rule did not compile to the same trees in place; nothing was changed.',
  zh: '转换后的规则在原位置未能编译出相同的表达式树；未做任何修改。',
};

// ---------------------------------------------------------------------------------------------
// The conversions

type Built =
  | { ok: true; lines: string[]; renames: RuleMapping[]; notes?: Bilingual[] }
  | { ok: false; refusals: Refusal[] };

/** A `when` tree in Simple or Expression form, or the refusal. */
function formOf(
  tree: ExprNode,
  to: 'simple' | 'expr',
  rule: string,
  part: 'when' | 'unless',
  lit: LiteralWriter,
  operators?: OperatorSpelling,
): { ok: true; value: YV; simple: SimpleWhen | null } | { ok: false; refusal: Refusal } {
  if (to === 'expr') return { ok: true, value: expressionWhen(tree, lit), simple: null };
  const s = simpleFromTree(tree);
  if (!s.ok) return { ok: false, refusal: { rule, part, ...s.reason } };
  return { ok: true, value: simpleWhenYV(s.when, lit, operators), simple: s.when };
}

/**
 * An Expression of one node whose one item carries comments is written in block style under
 * `expr:`, so the comments have lines of their own there (and read back as the item's).
 */
function withItemLines(value: YV, comments: WhenComments): YV {
  const item = comments.items[0];
  if (comments.items.length !== 1 || !item || (item.lead.length === 0 && !item.tail)) return value;
  if (value.k !== 'map' || value.pairs.length !== 1 || value.pairs[0]?.[0] !== 'expr') return value;
  const inner = value.pairs[0][1];
  if (inner.k !== 'map' || ['and', 'or'].includes(inner.pairs[0]?.[0] ?? '')) return value;
  return { ...value, pairs: [['expr', { ...inner, layout: 'block' }]] };
}

/** Where the items of a written `when` are: Simple conditions, or the root and/or's operands. */
function itemIndentOf(to: 'simple' | 'expr', indent: number, tree: ExprNode): number | null {
  if (to === 'simple') return indent + 4;
  return tree.node === 'and' || tree.node === 'or' ? indent + 6 : null;
}

/**
 * Item comments of a source `when` arranged for the target's items. Simple conditions and the
 * root operands of the same tree correspond one to one, except a guarded condition (not_in,
 * length_gt …) under AND, which is two operands.
 */
function arrange(
  comments: WhenComments,
  fromSimple: SimpleWhen | null,
  toSimple: SimpleWhen | null,
): WhenComments {
  if (comments.items.length === 0) return comments;
  const conditions = (w: SimpleWhen | null) => (w && w.kind === 'conditions' ? w : null);
  const from = conditions(fromSimple);
  const to = conditions(toSimple);
  let items: ItemComments[] | null = [...comments.items];
  if (from && !to) {
    // Simple → Expression: a condition's comments go to its first/last operand.
    const sizes = from.conditions.map((c) => operandCount(c, from.logic));
    const spread: ItemComments[] = [];
    from.conditions.forEach((_, i) => {
      const c = comments.items[i];
      const n = sizes[i] ?? 1;
      for (let k = 0; k < n; k++)
        spread.push({
          lead: k === 0 ? (c?.lead ?? []) : [],
          tail: k === n - 1 ? (c?.tail ?? '') : '',
        });
    });
    items = comments.items.length === from.conditions.length ? spread : null;
  } else if (!from && to) {
    items = regroup(
      comments.items,
      to.conditions.map((c) => operandCount(c, to.logic)),
    );
  }
  return items
    ? { ...comments, items }
    : { keyTail: comments.keyTail, header: flatten(comments), items: [] };
}

/** A Simple / Expression rule entry rewritten in the other of the two forms. */
function ruleToForm(ctx: Context, e: EntryText, to: 'simple' | 'expr'): Built {
  const r = e.rules[0];
  const whenChunk = chunk(e, 'when');
  if (!r || !whenChunk) return { ok: false, refusals: [] };
  const refusals: Refusal[] = [];
  const chunks: string[][] = [];
  for (const c of e.chunks) {
    if (c.key !== 'when' && c.key !== 'unless') {
      chunks.push([...c.lines]);
      continue;
    }
    const tree = c.key === 'when' ? r.when : r.unless;
    if (!tree) {
      chunks.push([...c.lines]);
      continue;
    }
    const f = formOf(tree, to, e.name, c.key, ctx.lit);
    if (!f.ok) {
      refusals.push(f.refusal);
      continue;
    }
    const node = get(e.node, c.key);
    const from = simpleFromTreeIfSimple(node, tree);
    const key = ctx.doc.lineOf(
      (e.node.items.find((p) => p.key === c.key) as { keyNode: { range: { start: number } } })
        .keyNode.range.start,
    );
    const comments = arrange(
      readComments(ctx.doc, key, key + c.lines.length - 1 - c.keyLine, commentItems(node)),
      from,
      f.simple,
    );
    chunks.push(
      writeWhen(
        c.key,
        c.lines.slice(0, c.keyLine),
        c.indent,
        withItemLines(f.value, comments),
        comments,
        itemIndentOf(to, c.indent, tree),
      ),
    );
  }
  if (refusals.length) return { ok: false, refusals };
  return { ok: true, lines: entryText(e.prefix, e.indent, chunks), renames: [] };
}

/** The Simple form a `when` node was written in (null for an Expression). */
function simpleFromTreeIfSimple(node: YNode | undefined, tree: ExprNode): SimpleWhen | null {
  if (!isMap(node) || !get(node, 'conditions')) return null;
  const s = simpleFromTree(tree);
  return s.ok ? s.when : null;
}

/** Consecutive Simple / Expression rule entries merged into one decision-table entry. */
function rulesToTable(ctx: Context, group: readonly EntryText[]): Built {
  const head = group[0];
  const base = head?.rules[0];
  if (!head || !base) return { ok: false, refusals: [] };
  const rules = group.map((e) => e.rules[0] as CompiledRule);
  const refusals: Refusal[] = entryFieldRefusals(base, rules);
  const planned = planTable(rules.map((r) => ({ rule: r.name, when: r.when })));
  if (!planned.ok) refusals.push(...planned.refusals);
  // Texts: the entry keeps a text every rule has, written the same; otherwise each row carries
  // its own (a row without one then has none, as its rule had none).
  const TEXTS = ['message', 'instruction', 'correction', 'explanation'] as const;
  const body = (e: EntryText, k: string) => {
    const c = chunk(e, k);
    return c ? shift(c.lines.slice(c.keyLine), -c.indent).join('\n') : undefined;
  };
  const shared = new Set(
    TEXTS.filter(
      (k) => body(head, k) !== undefined && group.every((e) => body(e, k) === body(head, k)),
    ),
  );
  if (refusals.length || !planned.ok) return { ok: false, refusals };
  const { plan } = planned;

  const indent = head.indent;
  const pad = (n: number) => ' '.repeat(n);
  const rowIndent = indent + 4;
  const table: string[] = [
    `${pad(indent + 2)}kind: ${DECISION_TABLE_KIND}`,
    `${pad(indent + 2)}columns:`,
    ...plan.columns.map((f) => `${pad(indent + 4)}- field: ${quote(f)}`),
    `${pad(indent + 2)}rows:`,
  ];
  const renames: RuleMapping[] = [];
  const entry = mergedTableName(ctx, group);
  const rowNames = mergedRowNames(
    entry,
    group.map((e) => e.name),
  );
  group.forEach((e, i) => {
    const r = rules[i] as CompiledRule;
    const cells = plan.rows[i] ?? [];
    const node = get(e.node, 'when');
    const whenChunk = chunk(e, 'when');
    const key = ctx.doc.lineOf(
      (e.node.items.find((p) => p.key === 'when') as { keyNode: { range: { start: number } } })
        .keyNode.range.start,
    );
    const raw = whenChunk
      ? readComments(
          ctx.doc,
          key,
          key + whenChunk.lines.length - 1 - whenChunk.keyLine,
          commentItems(node),
        )
      : NO_COMMENTS;
    // A condition's comments go to its cell (conditions are in column order).
    const simple = simpleFromTreeIfSimple(node, r.when);
    const used = cells.flatMap((c, k) => (c ? [k] : []));
    let cellComments: (ItemComments | undefined)[] = [];
    // Comments above the rule's when (not the first rule's: they stay above the table's when).
    const above =
      i > 0 && whenChunk
        ? whenChunk.lines
            .slice(0, whenChunk.keyLine)
            .filter(isComment)
            .map((l) => l.trim())
        : [];
    // An Expression's operand comments, regrouped per condition (= per cell).
    const asConditions = simpleFromTree(r.when);
    const arranged = arrange(raw, simple, asConditions.ok ? asConditions.when : null);
    let lead = [...above, ...arranged.header];
    if (arranged.items.length === used.length) {
      cellComments = cells.map((c, k) => (c ? arranged.items[used.indexOf(k)] : undefined));
    } else lead = [...above, ...flatten(arranged)];
    const conditionsNode = isMap(node) ? get(node, 'conditions') : undefined;
    const ops =
      simple && isSeq(conditionsNode)
        ? operatorSpellings(ctx.doc, conditionsNode.items, used.length)
        : undefined;
    const rowName = rowNames[i];
    const compiledName = compiledRowName(entry, rowName ?? i + 1);
    if (compiledName !== r.name) renames.push({ from: r.name, to: compiledName });
    if (i > 0 && e.rules[0]?.description !== base.description && !rowName)
      lead.push(`# ${e.name}: ${e.rules[0]?.description ?? ''}`.replace(/[\r\n]+/g, ' '));
    table.push(...lead.map((c) => commentLine(c, rowIndent)));
    const nameNode = get(e.node, 'name');
    const fields: string[] = [];
    if (rowName !== undefined)
      fields.push(`name: ${isScalar(nameNode) ? scalarLike(nameNode, rowName) : quote(rowName)}`);
    const commented = cellComments.some((c) => c && (c.lead.length > 0 || c.tail));
    if (commented) {
      fields.push(`when:${raw.keyTail}`);
      cells.forEach((c, k) => {
        const cc = cellComments[k];
        for (const l of cc?.lead ?? []) fields.push(commentLine(l, 2));
        const at = cells.slice(0, k).filter((x) => x).length;
        const one = rowWhenYV([c], ctx.lit, () => ops?.(at));
        fields.push(`  - ${flowText(one).slice(1, -1)}${cc?.tail ?? ''}`);
      });
    } else fields.push(`when: ${flowText(rowWhenYV(cells, ctx.lit, ops))}${raw.keyTail}`);
    fields.forEach((f, k) => {
      table.push(k === 0 ? `${pad(rowIndent)}- ${f}` : `${pad(rowIndent + 2)}${f}`);
    });
    // The rule's then (with the comments above it) moves into the row, and the texts it does not
    // share with the entry.
    const moved = ['then', ...TEXTS.filter((k) => !shared.has(k))];
    for (const k of moved) {
      const c = chunk(e, k);
      if (c) table.push(...shift(c.lines, rowIndent + 2 - c.indent));
    }
  });
  // The entry: the first rule's lines, `when` replaced by the table, `then` gone.
  const chunks = head.chunks
    .filter(
      (c) =>
        (c.key !== 'then' && !(TEXTS as readonly string[]).includes(c.key)) ||
        shared.has(c.key as never),
    )
    .map((c) =>
      c.key === 'when'
        ? [...c.lines.slice(0, c.keyLine), `${pad(c.indent)}when:`, ...table]
        : c.key === 'name' && entry !== head.name
          ? renamed(head, c, entry, ctx.doc)
          : [...c.lines],
    );
  return { ok: true, lines: entryText(head.prefix, head.indent, chunks), renames };
}

/**
 * The name of the table rules merge into: the first rule's — or, for the rules a table the grid
 * had named by number split into (I-90: row 1 named "1" became `X-1`, the others `X-…`), that
 * table's `X` again, so splitting and merging give the same bytes (I-76). Only when no other
 * entry of the document is named `X`.
 */
function mergedTableName(ctx: Context, group: readonly EntryText[]): string {
  const first = (group[0] as EntryText).name;
  const x = first.slice(0, -2);
  if (group.length < 2 || !first.endsWith('-1') || !RULE_NAME.test(x)) return first;
  if (ctx.entries.some((e) => e.name === x) || rowNameOfRule(x, 1, first) !== '1') return first;
  return group.slice(1).every((e) => e.name.startsWith(`${x}-`)) ? x : first;
}

/** A table entry split into one rule per row, in the target form. */
function tableToRules(
  ctx: Context,
  e: EntryText,
  to: 'simple' | 'expr',
  taken: Set<string>,
): Built {
  const whenNode = get(e.node, 'when') as YMap;
  const rowsNode = get(whenNode, 'rows') as YSeq;
  const whenChunk = chunk(e, 'when') as Chunk;
  const whenKey = ctx.doc.lineOf(
    (e.node.items.find((p) => p.key === 'when') as { keyNode: { range: { start: number } } })
      .keyNode.range.start,
  );
  const whenEnd = whenKey + whenChunk.lines.length - 1 - whenChunk.keyLine;
  const rowLines = rowsNode.items.map((row, i) =>
    itemLines(ctx.doc, row, rowsNode.items[i + 1], whenEnd),
  );
  // Comments of the table outside its rows (above kind, columns …) go above the first rule's when.
  const inRows = new Set<number>();
  rowLines.forEach(({ first, last }) => {
    for (let l = first; l <= last; l++) inRows.add(l);
    for (let l = first - 1; l > whenKey && isComment(ctx.doc.lines[l] ?? ''); l--) inRows.add(l);
  });
  const tableHeader: string[] = [];
  const keyTail = splitComment(ctx.doc.lines[whenKey] ?? '').tail;
  if (keyTail) tableHeader.push(tailComment(keyTail));
  for (let l = whenKey + 1; l <= whenEnd; l++) {
    if (inRows.has(l)) continue;
    const line = ctx.doc.lines[l] ?? '';
    if (isComment(line)) tableHeader.push(line.trim());
    else if (splitComment(line).tail) tableHeader.push(tailComment(splitComment(line).tail));
  }

  const refusals: Refusal[] = [];
  const out: string[] = [];
  const renames: RuleMapping[] = [];
  e.rules.forEach((r, i) => {
    const unconditional = unconditionalRow(r);
    if (unconditional) {
      refusals.push(unconditional);
      return;
    }
    const row = rowsNode.items[i] as YMap;
    const { first, last } = rowLines[i] as { first: number; last: number };
    const rowChunks = chunksOf(ctx.doc, row, first, last);
    const name = ruleNameOfRow(e.name, i + 1, r.rowName);
    if (name !== e.name && taken.has(name)) {
      refusals.push({
        rule: r.name,
        ...reason(
          'rules/name-collision',
          `row ${i + 1} would become the rule ${name}, but the document already has a rule of that name`,
          `第 ${i + 1} 行将成为规则 ${name}，但文档中已有同名规则`,
        ),
      });
      return;
    }
    taken.add(name);
    if (name !== r.name) renames.push({ from: r.name, to: name });
    const rowCells = row.items.find((p) => p.key === 'when')?.value;
    const conditionCount = isSeq(rowCells)
      ? rowCells.items.filter((c) => !(isScalar(c) && c.value === '-')).length
      : 0;
    const ops = isSeq(rowCells)
      ? operatorSpellings(ctx.doc, rowCells.items, conditionCount)
      : undefined;
    const f = formOf(r.when, to, r.name, 'when', ctx.lit, ops);
    if (!f.ok) {
      refusals.push(f.refusal);
      return;
    }
    // The row's comments: above it → above the rule's when; per cell → per condition.
    const rowWhen = row.items.find((p) => p.key === 'when');
    const rowWhenLine = rowWhen ? ctx.doc.lineOf(rowWhen.keyNode.range.start) : first;
    const rowWhenChunk = rowChunks.find((c) => c.key === 'when');
    const cellsNode = rowWhen?.value;
    const cellComments = readComments(
      ctx.doc,
      rowWhenLine,
      rowWhenLine + (rowWhenChunk ? rowWhenChunk.lines.length - 1 - rowWhenChunk.keyLine : 0),
      isSeq(cellsNode) ? cellsNode : undefined,
    );
    const lead: string[] = [];
    for (let l = first - 1; l > whenKey && isComment(ctx.doc.lines[l] ?? ''); l--)
      lead.unshift((ctx.doc.lines[l] ?? '').trim());
    const anyCell = isSeq(cellsNode)
      ? cellsNode.items.map((c) => isScalar(c) && c.value === '-')
      : [];
    const items = cellComments.items.filter((_, k) => !anyCell[k]);
    const stray = cellComments.items.filter((_, k) => anyCell[k]);
    let comments: WhenComments = {
      keyTail: cellComments.keyTail,
      header: [
        ...(i === 0 ? tableHeader : []),
        ...lead,
        ...cellComments.header,
        ...stray.flatMap((s) => [...s.lead, ...(s.tail ? [tailComment(s.tail)] : [])]),
      ],
      items,
    };
    const cellsSimple = simpleFromTree(r.when);
    comments = arrange(comments, cellsSimple.ok ? cellsSimple.when : null, f.simple);
    const chunks: { key: string; lines: string[] }[] = [];
    for (const c of e.chunks) {
      if (c.key === 'name')
        chunks.push({ key: c.key, lines: renamed(e, c, name, ctx.doc, get(row, 'name')) });
      else if (c.key === 'when') {
        chunks.push({
          key: 'when',
          lines: writeWhen(
            'when',
            c.lines.slice(0, c.keyLine),
            c.indent,
            withItemLines(f.value, comments),
            comments,
            itemIndentOf(to, c.indent, r.when),
          ),
        });
      } else chunks.push({ key: c.key, lines: [...c.lines] });
    }
    // The row's then and texts (with the comments above them), at the entry's indentation.
    for (const rc of rowChunks) {
      if (rc.key === 'name' || rc.key === 'when' || rc.key === 'priority') continue;
      const lines = shift(rc.lines, e.indent - rc.indent);
      const at = chunks.findIndex((c) => c.key === rc.key);
      if (at >= 0) chunks[at] = { key: rc.key, lines };
      else insertOrdered(chunks, rc.key, lines);
    }
    out.push(
      ...entryText(
        e.prefix,
        e.indent,
        chunks.map((c) => c.lines),
      ),
    );
  });
  if (refusals.length) return { ok: false, refusals };
  const columns = get(whenNode, 'columns');
  const labels = isSeq(columns)
    ? columns.items.flatMap((c) => {
        const label = isMap(c) ? get(c, 'label') : undefined;
        return label ? [ctx.doc.slice(label.range)] : [];
      })
    : [];
  const notes: Bilingual[] = labels.length
    ? [
        {
          en: `Column labels (${labels.join(', ')}) have no place in a rule and are not kept.`,
          zh: `列标签（${labels.join('、')}）在规则中没有对应位置，不会保留。`,
        },
      ]
    : [];
  // A column's declared type (I-91) is the grid's, not a rule's: said, like the labels.
  const types = isSeq(columns)
    ? columns.items.flatMap((c) => {
        const type = isMap(c) ? get(c, 'type') : undefined;
        return type ? [ctx.doc.slice(type.range)] : [];
      })
    : [];
  if (types.length)
    notes.push({
      en: `Column types (${types.join(', ')}) have no place in a rule and are not kept.`,
      zh: `列类型（${types.join('、')}）在规则中没有对应位置，不会保留。`,
    });
  return { ok: true, lines: out, renames, notes };
}

// ---------------------------------------------------------------------------------------------
// Entry points

/** The title of a conversion: what it does to which rules. */
function titleOf(names: readonly string[], to: ProjectionTarget, count: number): Bilingual {
  const form = FORM_NAMES[to];
  if (to === 'table' && names.length > 1)
    return {
      en: `Merge ${names.join(', ')} into ${form.en}`,
      zh: `将 ${names.join('、')} 合并为${form.zh}`,
    };
  const name = names[0] ?? '';
  if (count > 1)
    return {
      en: `Split ${name} into ${count} rules written as ${form.en}`,
      zh: `将 ${name} 拆分为 ${count} 条规则，写成${form.zh}`,
    };
  return { en: `Show ${name} as ${form.en}`, zh: `将 ${name} 转换为${form.zh}` };
}

/** What changes, in the user's words: decisions never; names and the document hash maybe. */
function summaryOf(renames: readonly RuleMapping[], notes: readonly Bilingual[]): Bilingual {
  const extra = {
    en: notes.map((n) => ` ${n.en}`).join(''),
    zh: notes.map((n) => n.zh).join(''),
  };
  if (renames.length === 0)
    return {
      en: `Same decisions, same hash: only the way the rule is written changes.${extra.en}`,
      zh: `决策不变，哈希不变：只改变规则的写法。${extra.zh}`,
    };
  const one = renames.length === 1 ? renames[0] : undefined;
  const en = one
    ? `results will call the rule ${one.to} instead of ${one.from}`
    : `results will call the rules ${renames.map((m) => `${m.to} (was ${m.from})`).join(', ')}`;
  const zh = one
    ? `结果中该规则将称为 ${one.to}（原为 ${one.from}）`
    : `结果中这些规则将称为 ${renames.map((m) => `${m.to}（原为 ${m.from}）`).join('、')}`;
  return {
    en: `Same decisions, same rule hashes; ${en}, so the document hash changes until you convert back.${extra.en}`,
    zh: `决策不变，规则哈希不变；${zh}，因此文档哈希会改变，转换回来即可恢复。${extra.zh}`,
  };
}

function refused(refusals: readonly Refusal[]): RuleConversion {
  return fail(...(refusals.length ? refusals.map((r) => r.message) : [DIFFERENT_TREES]));
}

function withContext(text: string, run: (ctx: Context) => RuleConversion): RuleConversion {
  // Values are kept as written; should a kept spelling ever not read back the same (the check
  // compares canonical documents), the §2.3 spelling is used instead.
  const verbatim = context(text, true);
  if ('ok' in verbatim) return verbatim;
  const first = run(verbatim);
  if (first.ok || first.messages[0] !== DIFFERENT_TREES) return first;
  const plain = context(text, false);
  return 'ok' in plain ? plain : run(plain);
}

/**
 * Rewrites one rule entry in another writing form as a text edit of that entry only: the rest of
 * the document — other rules, comments, formatting — is untouched, and so are the entry's other
 * fields. The edit is proposed only when the edited document compiles to the same canonical
 * document, rule names aside.
 */
export function convertRuleEdit(text: string, rule: string, to: ProjectionTarget): RuleConversion {
  return withContext(text, (ctx) => {
    const e = ctx.entries.find((x) => x.name === rule);
    if (!e) {
      const all = ctx.entries.map((x) => ({ name: x.name, isTable: x.isTable }));
      return fail(unknownRule(rule, all as never));
    }
    if (to === 'table') return merge(ctx, [e]);
    if (e.isTable) {
      const taken = new Set(ctx.entries.map((x) => x.name));
      taken.delete(e.name);
      return finish(ctx, [e.name], to, e, e, tableToRules(ctx, e, to, taken), e.rules.length);
    }
    return finish(ctx, [e.name], to, e, e, ruleToForm(ctx, e, to), 1);
  });
}

/**
 * Merges consecutive rule entries (Simple or Expression) into one decision table, named after the
 * first; the others become named rows. The inverse of splitting a table with `convertRuleEdit`.
 */
export function mergeRulesEdit(text: string, rules: readonly string[]): RuleConversion {
  return withContext(text, (ctx) => {
    const indexes = rules.map((n) => ctx.entries.findIndex((x) => x.name === n));
    const missing = rules.find((_, i) => (indexes[i] ?? -1) < 0);
    if (missing !== undefined) {
      const all = ctx.entries.map((x) => ({ name: x.name, isTable: x.isTable }));
      return fail(unknownRule(missing, all as never));
    }
    const sorted = [...indexes].sort((a, b) => a - b);
    if (sorted.some((v, i) => i > 0 && v !== (sorted[i - 1] as number) + 1))
      return fail({
        en: 'The rules to merge into one table must be consecutive.',
        zh: '要合并为一张决策表的规则必须相邻。',
      });
    return merge(
      ctx,
      sorted.map((i) => ctx.entries[i] as EntryText),
    );
  });
}

function merge(ctx: Context, group: readonly EntryText[]): RuleConversion {
  const head = group[0] as EntryText;
  if (group.some((e) => e.isTable))
    return fail({
      en: `${group.find((e) => e.isTable)?.name} is a decision table already.`,
      zh: `${group.find((e) => e.isTable)?.name} 已经是决策表。`,
    });
  return finish(
    ctx,
    group.map((e) => e.name),
    'table',
    head,
    group.at(-1) as EntryText,
    rulesToTable(ctx, group),
    1,
  );
}

function finish(
  ctx: Context,
  names: readonly string[],
  to: ProjectionTarget,
  from: EntryText,
  last: EntryText,
  built: Built,
  count: number,
): RuleConversion {
  if (!built.ok) return refused(built.refusals);
  const checked = edit(ctx, from, last, built.lines, built.renames);
  if (!checked.ok) return fail(DIFFERENT_TREES);
  const title = titleOf(names, to, count);
  return {
    ok: true,
    fix: { title, edits: checked.fix },
    summary: summaryOf(built.renames, built.notes ?? []),
    renames: built.renames,
  };
}
