import { type CompileResult, compileDocument } from '../compile';
import type { Bilingual } from '../diagnostics/diagnostic';
import type { CompiledDocument, CompiledRule, Text } from '../document/compiled';
import { load } from '../document/load';
import { compiledRowName } from '../document/row-rule-name';
import { RULE_NAME } from '../document/validate-rule';
import type { YMap, YNode } from '../document/ynode';
import { canonicalJson } from '../tree/canonical';
import { canonicalDocument } from '../tree/document-hash';
import type { ExprNode } from '../tree/types';
import { zhQuote } from '../util/quote';
import { isBlockingDecision } from '../vocabulary/decisions';
import { DECISION_TABLE_KIND, RULE_FIELD_ORDER } from '../vocabulary/document';
import { rawField } from './raw';
import { type Refusal, reason } from './refusal';
import { expressionWhen } from './to-expression';
import { simpleFromTree, simpleWhenYV } from './to-simple';
import { planTable, rowWhenYV } from './to-table';
import { emitDocument, isBareWord, map, plain, seq, str, type YV } from './yaml-out';

/**
 * Whole-document conversion between the writing forms (§5.1: "any of which compiles … to the same
 * expression tree and can be rendered back into any form"). The output is a complete document;
 * the selected rules are rewritten in the target form, everything else keeps its values. Before
 * anything is returned, the output is compiled again and must load without errors or §2.3 format
 * diagnostics and give the same canonical document, rule names aside (the round-trip law).
 * docs/projections.md is the user-facing description.
 */

export const PROJECTION_TARGETS = ['simple', 'expr', 'table'] as const;
export type ProjectionTarget = (typeof PROJECTION_TARGETS)[number];

export interface ConvertOptions {
  readonly to: ProjectionTarget;
  /**
   * Rule entry names to convert (by default every entry). For `table` the selected entries become
   * one decision table, so they must be consecutive in the document.
   */
  readonly rules?: readonly string[];
}

/** A compiled rule of the input and the name it has in the output (the same unless renamed). */
export interface RuleMapping {
  readonly from: string;
  readonly to: string;
}

export type ConvertResult =
  | {
      readonly ok: true;
      /** The converted document (YAML, §2.3 conventions, ends with a newline). */
      readonly output: string;
      /** Every compiled rule of the input, in order, with its name in the output. */
      readonly rules: readonly RuleMapping[];
      /** The output, compiled (for hashes). */
      readonly document: CompiledDocument;
    }
  /** The input does not load: nothing can be converted. */
  | { readonly ok: false; readonly kind: 'load'; readonly result: CompileResult }
  /** A selected name is not a rule entry of the document. */
  | { readonly ok: false; readonly kind: 'unknown-rule'; readonly message: Bilingual }
  /** The conversion is impossible; one refusal per rule that cannot be converted. */
  | { readonly ok: false; readonly kind: 'refused'; readonly refusals: readonly Refusal[] }
  /** The output failed its own check (a kernel bug; nothing is returned rather than a wrong document). */
  | { readonly ok: false; readonly kind: 'internal'; readonly failures: readonly string[] };

/**
 * Name of the rule `erdl convert` makes from row `n` of table entry `entry`: `<entry>-r<n>`, or for
 * a named row (I-75) `<entry>-<name>` — the name itself when it is a rule name already.
 */
export function rowRuleName(entry: string, row: number, rowName?: string): string {
  if (rowName === undefined) return `${entry}-r${row}`;
  return rowName === entry || RULE_NAME.test(rowName) ? rowName : `${entry}-${rowName}`;
}

/** §2.3 format diagnostics a conversion must never produce. */
const FORMAT_CODES = new Set(['ERDL-W701', 'ERDL-W702', 'ERDL-I703']);

/**
 * ERDL-I703 (a quoted keyword) is unavoidable for one value only: a keyword-position string that
 * is a YAML reserved word (`category: "null"`), which written bare would read as null.
 */
function unavoidable(output: string, d: { code: string; range: { start: number; end: number } }) {
  if (d.code !== 'ERDL-I703') return false;
  try {
    const v: unknown = JSON.parse(output.slice(d.range.start, d.range.end));
    return typeof v === 'string' && !isBareWord(v);
  } catch {
    return false;
  }
}

export interface Entry {
  readonly name: string;
  readonly node: YMap;
  readonly compiled: readonly CompiledRule[];
  readonly isTable: boolean;
}

const pair = (m: YMap, key: string): YNode | undefined => m.items.find((p) => p.key === key)?.value;

function textYV(t: Text): YV {
  if (typeof t === 'string') return str(t);
  const pairs: [string, YV][] = [];
  if (t.zh !== undefined) pairs.push(['zh', str(t.zh)]);
  if (t.en !== undefined) pairs.push(['en', str(t.en)]);
  return map(pairs, 'block');
}

/** Pairs in the §4.1 field order (RULE_FIELD_ORDER). */
function ordered(fields: ReadonlyMap<string, YV>): YV {
  const pairs: [string, YV][] = [];
  for (const k of RULE_FIELD_ORDER) {
    const v = fields.get(k);
    if (v) pairs.push([k, v]);
  }
  return map(pairs, 'block');
}

type Converted = { ok: true; value: YV } | { ok: false; refusal: Refusal };

/** A `when` / `unless` tree in the target form (simple or expr). */
function convertTree(
  tree: ExprNode,
  to: 'simple' | 'expr',
  rule: string,
  part: 'when' | 'unless',
): Converted {
  if (to === 'expr') return { ok: true, value: expressionWhen(tree) };
  const s = simpleFromTree(tree);
  if (s.ok) return { ok: true, value: simpleWhenYV(s.when) };
  return { ok: false, refusal: { rule, part, ...s.reason } };
}

/** Rule entries of the loaded view, with the compiled rules each one produced. */
function entries(root: YMap, doc: CompiledDocument): Entry[] {
  const rules = pair(root, 'rules');
  if (rules?.kind !== 'seq') return [];
  return rules.items.flatMap((node) => {
    if (node.kind !== 'map') return [];
    const nameNode = pair(node, 'name');
    const name = nameNode?.kind === 'scalar' ? String(nameNode.value) : '';
    const whenNode = pair(node, 'when');
    const isTable =
      whenNode?.kind === 'map' &&
      whenNode.items.some(
        (p) =>
          p.key === 'kind' && p.value.kind === 'scalar' && p.value.value === DECISION_TABLE_KIND,
      );
    return [{ name, node, compiled: doc.rules.filter((r) => r.entry === name), isTable }];
  });
}

/** A rule entry written back unchanged (values kept, presentation per §2.3). */
function rawEntry(e: Entry): YV {
  return map(
    e.node.items.map((p) => [p.key, rawField(p.key, p.value)] as const),
    'block',
  );
}

/** The entry's own field order (it loaded, so it is already the §4.1 order). */
function keepOrder(node: YMap, fields: ReadonlyMap<string, YV>): YV {
  return map(
    node.items.flatMap((p) => {
      const v = fields.get(p.key);
      return v ? [[p.key, v] as const] : [];
    }),
    'block',
  );
}

/** A field of the entry, written back, for the fields a converted rule copies. */
function copy(e: Entry, key: string): YV | undefined {
  const n = pair(e.node, key);
  return n ? rawField(key, n) : undefined;
}

interface EntryOutput {
  readonly items: readonly YV[];
  readonly renames: readonly RuleMapping[];
}

/** simple / expr: one entry rewritten (a table becomes one rule per row). */
function convertEntry(
  e: Entry,
  to: 'simple' | 'expr',
  taken: Set<string>,
): { ok: true; value: EntryOutput } | { ok: false; refusals: Refusal[] } {
  const refusals: Refusal[] = [];
  const first = e.compiled[0];
  if (!first) return { ok: true, value: { items: [rawEntry(e)], renames: [] } };
  const unlessNode = pair(e.node, 'unless');
  let unless: YV | undefined;
  if (first.unless) {
    const u = convertTree(first.unless, to, e.name, 'unless');
    if (u.ok) unless = u.value;
    else refusals.push(u.refusal);
  } else if (unlessNode) unless = rawField('unless', unlessNode);

  if (!e.isTable) {
    const w = convertTree(first.when, to, e.name, 'when');
    if (!w.ok) refusals.unshift(w.refusal);
    if (refusals.length || !w.ok) return { ok: false, refusals };
    const fields = new Map<string, YV>();
    for (const p of e.node.items) fields.set(p.key, copy(e, p.key) as YV);
    fields.set('when', w.value);
    if (unless) fields.set('unless', unless);
    return {
      ok: true,
      value: {
        items: [keepOrder(e.node, fields)],
        renames: [{ from: first.name, to: first.name }],
      },
    };
  }

  // A table: row n becomes the rule <entry>-r<n>, with the entry's fields and the row's decision
  // and texts (row texts override the entry's, as when the table compiles, I-23).
  const items: YV[] = [];
  const renames: RuleMapping[] = [];
  const rows = tableRows(e);
  for (const r of e.compiled) {
    const name = rowRuleName(e.name, r.row ?? 0, r.rowName);
    if (taken.has(name)) {
      refusals.push({
        rule: r.name,
        ...reason(
          'rules/name-collision',
          `row ${r.row} would become the rule ${name}, but the document already has a rule of that name`,
          `第 ${r.row} 行将成为规则 ${name}，但文档中已有同名规则`,
        ),
      });
      continue;
    }
    taken.add(name);
    const unconditional = unconditionalRow(r);
    if (unconditional) {
      refusals.push(unconditional);
      continue;
    }
    const w = convertTree(r.when, to, r.name, 'when');
    if (!w.ok) {
      refusals.push(w.refusal);
      continue;
    }
    const row = rows[(r.row ?? 1) - 1];
    const fields = new Map<string, YV>();
    fields.set('name', str(name));
    for (const k of ['description', 'category', 'priority', 'override', 'ring', 'enabled']) {
      const v = copy(e, k);
      if (v) fields.set(k, v);
    }
    fields.set('when', w.value);
    fields.set('then', plain(r.then));
    for (const k of ['message', 'instruction', 'correction', 'explanation']) {
      const own = row && pair(row, k);
      const v = own ? rawField(k, own) : copy(e, k);
      if (v) fields.set(k, v);
    }
    if (unless) fields.set('unless', unless);
    for (const k of ['alternative', 'legal_basis', 'source_text']) {
      const v = copy(e, k);
      if (v) fields.set(k, v);
    }
    items.push(ordered(fields));
    renames.push({ from: r.name, to: name });
  }
  if (refusals.length) return { ok: false, refusals };
  return { ok: true, value: { items, renames } };
}

/**
 * A table's default row that cannot become a rule of its own (I-29): with a blocking decision it
 * would be `when: "true"` + a blocking decision (ERDL-E801), in category security a rule without
 * a condition (ERDL-E802).
 */
export function unconditionalRow(r: CompiledRule): Refusal | null {
  if (r.when.node !== 'literal' || !(isBlockingDecision(r.then) || r.category === 'security'))
    return null;
  return {
    rule: r.name,
    part: 'when',
    ...(isBlockingDecision(r.then)
      ? reason(
          'rules/unconditional-row',
          `row ${r.row} is the table's default row with the blocking decision ${r.then}; as a rule of its own it would be when: "true" with ${r.then}, which §7.4 rejects (ERDL-E801) — a default row only applies where the rows above did not match (I-29)`,
          `第 ${r.row} 行是带阻断决策 ${r.then} 的默认行；单独成为规则后就是 when: "true" 配 ${r.then}，§7.4 不允许（ERDL-E801）——默认行只在上面各行都不匹配时才生效（I-29）`,
        )
      : reason(
          'rules/unconditional-row',
          `row ${r.row} is the table's default row in category security; as a rule of its own it would be when: "true", and §7.4 requires a security rule to have a condition (ERDL-E802)`,
          `第 ${r.row} 行是 security 分类中的默认行；单独成为规则后就是 when: "true"，而 §7.4 要求安全规则至少有一个条件（ERDL-E802）`,
        )),
  };
}

function tableRows(e: Entry): (YMap | undefined)[] {
  const when = pair(e.node, 'when');
  const rows = when?.kind === 'map' ? pair(when, 'rows') : undefined;
  return rows?.kind === 'seq' ? rows.items.map((r) => (r.kind === 'map' ? r : undefined)) : [];
}

/** Column labels of the table entries in a group, first label per field. */
function labels(group: readonly Entry[]): Map<string, YV> {
  const out = new Map<string, YV>();
  for (const e of group) {
    if (!e.isTable) continue;
    const when = pair(e.node, 'when');
    const cols = when?.kind === 'map' ? pair(when, 'columns') : undefined;
    if (cols?.kind !== 'seq') continue;
    for (const c of cols.items) {
      if (c.kind !== 'map') continue;
      const field = pair(c, 'field');
      const label = pair(c, 'label');
      if (field?.kind === 'scalar' && label && !out.has(String(field.value)))
        out.set(String(field.value), rawField('label', label));
    }
  }
  return out;
}

/** What a table entry holds once for all its rows (I-21, I-23), compared as compiled. */
const ENTRY_FIELDS: readonly [string, (r: CompiledRule) => unknown][] = [
  ['priority', (r) => r.priority],
  ['override', (r) => r.override],
  ['ring', (r) => r.ring],
  ['enabled', (r) => r.enabled],
  ['unless', (r) => r.unless],
  ['category', (r) => r.category ?? null],
  ['alternative', (r) => r.alternative ?? null],
  ['legal_basis', (r) => r.legal_basis ?? null],
  ['source_text', (r) => r.source_text ?? null],
];

/**
 * `table/entry-fields`: the rules after the first that differ from it in a field a table entry
 * holds once for all its rows (ENTRY_FIELDS), one refusal per rule naming each field and both values.
 */
export function entryFieldRefusals(base: CompiledRule, rules: readonly CompiledRule[]): Refusal[] {
  const refusals: Refusal[] = [];
  for (const r of rules.slice(1)) {
    const differs = ENTRY_FIELDS.filter(
      ([, get]) => canonicalJson(get(r) ?? null) !== canonicalJson(get(base) ?? null),
    );
    if (differs.length === 0) continue;
    const list = differs
      .map(([k, get]) => `${k} ${shownValue(get(r))} (${base.name}: ${shownValue(get(base))})`)
      .join('; ');
    const listZh = differs
      .map(([k, get]) => {
        const value = shownValueZh(get(r));
        return `${k}${value.startsWith('“') ? '' : ' '}${value}（${base.name}：${shownValueZh(get(base))}）`;
      })
      .join('；');
    const keys = differs.map(([k]) => k);
    refusals.push({
      rule: r.name,
      ...reason(
        'table/entry-fields',
        `${list}; a table holds ${keys.join(', ')} once for all its rows`,
        `${listZh}；决策表的 ${keys.join('、')} 对所有行只有一个取值`,
      ),
    });
  }
  return refusals;
}

/** Fields a merged table entry takes from its first rule. */
const ENTRY_COPIED = [
  'name',
  'description',
  'category',
  'priority',
  'override',
  'ring',
  'enabled',
  'unless',
  'alternative',
  'legal_basis',
  'source_text',
];

function shownValue(v: unknown): string {
  const text = v === null ? 'none' : typeof v === 'string' ? JSON.stringify(v) : canonicalJson(v);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** `shownValue` in a Chinese message: a string in “” (zhQuote), none as 无. */
function shownValueZh(v: unknown): string {
  if (v === null || v === undefined) return '无';
  return typeof v === 'string' ? zhQuote(v, 58) : shownValue(v);
}

/** table: the group's rules as the rows of one decision table entry, named after the first. */
function tableEntry(
  group: readonly Entry[],
): { ok: true; value: EntryOutput } | { ok: false; refusals: readonly Refusal[] } {
  const rules = group.flatMap((e) => e.compiled);
  const head = group[0];
  const base = rules[0];
  // Nothing to merge, or one table already: written back as it is (row priorities included).
  if (!head || !base || (group.length === 1 && head.isTable))
    return { ok: true, value: { items: group.map(rawEntry), renames: [] } };
  const refusals: Refusal[] = entryFieldRefusals(base, rules);
  const planned = planTable(rules.map((r) => ({ rule: r.name, when: r.when })));
  if (!planned.ok) refusals.push(...planned.refusals);
  if (refusals.length || !planned.ok) return { ok: false, refusals };
  const { plan } = planned;

  const labelOf = labels(group);
  const columns = seq(
    plan.columns.map((f) => {
      const label = labelOf.get(f);
      return map(
        label
          ? [
              ['field', str(f)],
              ['label', label],
            ]
          : [['field', str(f)]],
        'block',
      );
    }),
    'block',
  );
  const rows = plan.rows.map((cells, i) => {
    const r = rules[i] as CompiledRule;
    const pairs: [string, YV][] = [
      ['when', rowWhenYV(cells)],
      ['then', plain(r.then)],
    ];
    if (r.message !== undefined) pairs.push(['message', str(r.message)]);
    if (r.instruction !== undefined) pairs.push(['instruction', str(r.instruction)]);
    if (r.correction !== undefined) pairs.push(['correction', str(r.correction)]);
    if (r.explanation !== undefined) pairs.push(['explanation', textYV(r.explanation)]);
    return map(pairs, 'block');
  });
  // Rows that were rules of their own say where they came from (a row has no name of its own).
  const comments = rules.map((r) =>
    r.row === undefined ? `${r.name}: ${r.description}` : undefined,
  );
  const table: YV = map(
    [
      ['kind', plain(DECISION_TABLE_KIND)],
      ['columns', columns],
      ['rows', { k: 'seq', items: rows, layout: 'block', comments }],
    ],
    'block',
  );
  // The entry keeps the first rule's entry-level fields (equal for all rows, checked above); the
  // decision and texts are per row, and a gloss would describe a different entry.
  const fields = new Map<string, YV>();
  for (const k of ENTRY_COPIED) {
    const v = copy(head, k);
    if (v) fields.set(k, v);
  }
  fields.set('when', table);
  return {
    ok: true,
    value: {
      items: [ordered(fields)],
      renames: rules.map((r, i) => ({ from: r.name, to: compiledRowName(head.name, i + 1) })),
    },
  };
}

export function unknownRule(name: string, all: readonly Entry[]): Bilingual {
  const hash = name.lastIndexOf('#');
  const entry = hash > 0 ? name.slice(0, hash) : null;
  if (entry && all.some((e) => e.name === entry && e.isTable)) {
    return {
      en: `"${name}" is a row of the decision table "${entry}"; select the table's rule entry "${entry}"`,
      zh: `“${name}”是决策表“${entry}”的一行；请选择该表的规则条目“${entry}”`,
    };
  }
  return {
    en: `the document has no rule named "${name}"`,
    zh: `文档中没有名为“${name}”的规则`,
  };
}

/**
 * Converts the selected rules of a document to `options.to`. Never throws; every outcome that is
 * not a document says why.
 */
export function convertDocument(
  input: string | Uint8Array,
  options: ConvertOptions,
): ConvertResult {
  const result = compileDocument(input);
  const doc = result.document;
  if (!doc) return { ok: false, kind: 'load', result };
  try {
    return convertLoaded(input, doc, options);
  } catch (e) {
    return { ok: false, kind: 'internal', failures: [e instanceof Error ? e.message : String(e)] };
  }
}

function convertLoaded(
  input: string | Uint8Array,
  doc: CompiledDocument,
  options: ConvertOptions,
): ConvertResult {
  const root = load(input).root;
  if (!root)
    return { ok: false, kind: 'internal', failures: ['the document loads but has no root'] };
  const all = entries(root, doc);
  const selected = new Set(options.rules ?? all.map((e) => e.name));
  for (const name of selected) {
    if (!all.some((e) => e.name === name))
      return { ok: false, kind: 'unknown-rule', message: unknownRule(name, all) };
  }

  const items: YV[] = [];
  const renames = new Map<string, string>();
  const refusals: Refusal[] = [];
  const to = options.to;
  if (to === 'table') {
    const indexes = all.flatMap((e, i) => (selected.has(e.name) ? [i] : []));
    const start = indexes[0] ?? 0;
    const end = indexes.at(-1) ?? -1;
    const gap = all.slice(start, end + 1).find((e) => !selected.has(e.name));
    if (gap) {
      refusals.push({
        rule: gap.name,
        ...reason(
          'table/not-adjacent',
          `${gap.name} stands between the rules to merge; the rules of one table must be consecutive`,
          `${gap.name} 位于要合并的规则之间；同一张决策表的规则必须相邻`,
        ),
      });
    } else {
      const t = indexes.length ? tableEntry(all.slice(start, end + 1)) : null;
      if (t && !t.ok) refusals.push(...t.refusals);
      all.forEach((e, i) => {
        if (t?.ok && i === start) {
          items.push(...t.value.items);
          for (const m of t.value.renames) renames.set(m.from, m.to);
        } else if (!t || i < start || i > end) items.push(rawEntry(e));
      });
    }
  } else {
    const taken = new Set(all.map((e) => e.name));
    for (const e of all) {
      if (!selected.has(e.name)) {
        items.push(rawEntry(e));
        continue;
      }
      const c = convertEntry(e, to, taken);
      if (!c.ok) {
        refusals.push(...c.refusals);
        continue;
      }
      items.push(...c.value.items);
      for (const m of c.value.renames) renames.set(m.from, m.to);
    }
  }
  if (refusals.length) return { ok: false, kind: 'refused', refusals };

  const rootYV = map(
    root.items.map((p) => {
      if (p.key === 'rules') return ['rules', seq(items, 'block')] as const;
      return [p.key, rawField(p.key, p.value)] as const;
    }),
    'block',
  ) as YV & { k: 'map' };
  const output = emitDocument(rootYV);
  const mapping = doc.rules.map((r) => ({ from: r.name, to: renames.get(r.name) ?? r.name }));
  const check = checkConversion(doc, output, mapping);
  if (!check.ok) return { ok: false, kind: 'internal', failures: check.failures };
  return { ok: true, output, rules: mapping, document: check.document };
}

/**
 * The round-trip law for one conversion: `output` loads with no errors and no §2.3 format
 * diagnostics, and its canonical document equals the input's with the rules renamed by
 * `mapping` — so every rule hash, decision, text and the resolution order are unchanged.
 */
export function checkConversion(
  source: CompiledDocument,
  output: string,
  mapping: readonly RuleMapping[],
): { ok: true; document: CompiledDocument } | { ok: false; failures: string[] } {
  const compiled = compileDocument(output);
  const failures: string[] = [];
  for (const d of compiled.diagnostics) {
    if (d.severity === 'error' || (FORMAT_CODES.has(d.code) && !unavoidable(output, d)))
      failures.push(`output: ${d.code} ${d.message.en}`);
  }
  if (!compiled.document) return { ok: false, failures };
  const to = new Map(mapping.map((m) => [m.from, m.to]));
  const renamed = source.rules.map((r) => ({ ...r, name: to.get(r.name) ?? r.name }));
  const want = canonicalJson(canonicalDocument(source.metadata, renamed));
  const got = canonicalJson(canonicalDocument(compiled.document.metadata, compiled.document.rules));
  if (want !== got) {
    for (const r of compiled.document.rules) {
      const s = renamed.find((x) => x.name === r.name);
      if (!s) failures.push(`output has an unexpected rule ${r.name}`);
      else if (s.hash !== r.hash) failures.push(`${r.name}: hash ${r.hash}, expected ${s.hash}`);
    }
    failures.push('the canonical document differs from the input (rules renamed)');
  }
  return failures.length ? { ok: false, failures } : { ok: true, document: compiled.document };
}
