import type { Fix, Range } from '../diagnostics/diagnostic';
import { reportTableAnalysis } from '../table-analysis';
import { type CompiledWhen, compileWhen } from '../tree/compile-when';
import type { CompileContext } from '../tree/context';
import { exceeded, type Grade, MEASURE_NAMES, measure } from '../tree/limits';
import { normalize } from '../tree/normalize';
import { cachedRowRule } from '../tree/row-cache';
import { childrenOf, type ExprNode } from '../tree/types';
import { keysOf, suggest } from '../util/suggest';
import { type Decision, isBlockingDecision } from '../vocabulary/decisions';
import {
  DEFAULT_OVERRIDE,
  DEFAULT_RING,
  OVERRIDE_LEVELS,
  type OverrideLevel,
  RING_NUMBERS,
  type Ring,
  RULE_FIELD_ORDER,
  RULE_FIELDS,
} from '../vocabulary/document';
import type { CompiledRule, Metadata, RuleForm, Text } from './compiled';
import { reorderFix } from './reorder';
import { compiledRowName, rowId } from './row-rule-name';
import type { Fields } from './validate';
import { get, isScalar, type YMap, type YNode, type YPair } from './ynode';

const RULE_FIELD_NAMES: ReadonlySet<string> = new Set(RULE_FIELD_ORDER);

/** `[CAT]-[NNN]-description`: category letters, a number of 3+ digits, words joined by - or _. */
export const RULE_NAME = /^[A-Z][A-Z0-9]{1,7}-\d{3,}-[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)*$/u;

interface Texts {
  message?: string;
  instruction?: string;
  correction?: string;
  explanation?: Text;
}

/**
 * Rule-name uniqueness across a document: called once per named rule entry, in definition order,
 * it returns the line where an earlier entry took the name (ERDL-E204), or undefined (the name is
 * then taken at `range`).
 */
export type ClaimName = (name: string, range: Range) => number | undefined;

/** What a rule entry reads from the document's metadata: the category it inherits. */
export type RuleMetadata = Pick<Metadata, 'category'>;

/** Validates every rule entry and compiles it (tables expand into one rule per row). */
export function validateRules(
  fields: Fields,
  rules: YNode | undefined,
  metadata: RuleMetadata | null,
): CompiledRule[] {
  const out: CompiledRule[] = [];
  if (rules?.kind !== 'seq') return out;
  const seen = new Map<string, Range>();
  const claim: ClaimName = (name, range) => {
    const first = seen.get(name);
    if (first) return fields.source.position(first.start).line;
    seen.set(name, range);
    return undefined;
  };
  for (const entry of rules.items) {
    out.push(...validateRuleEntry(fields, entry, metadata, claim, out.length));
  }
  return out;
}

/**
 * One item of `rules`: validated and compiled, its rules numbered from `index` (definition order).
 * Reads nothing of the document but the entry, the inherited category and the name claims.
 */
export function validateRuleEntry(
  fields: Fields,
  entry: YNode,
  metadata: RuleMetadata | null,
  claim: ClaimName,
  index: number,
): CompiledRule[] {
  if (entry.kind !== 'map') {
    fields.ctx.report('ERDL-E108', entry.range, {
      field: 'rules[]',
      expected: { en: 'a rule mapping', zh: '规则映射' },
    });
    return [];
  }
  return validateRule(fields, entry, metadata, claim, index);
}

function validateRule(
  fields: Fields,
  rule: YMap,
  metadata: RuleMetadata | null,
  claim: ClaimName,
  index: number,
): CompiledRule[] {
  const { ctx } = fields;
  const mark = ctx.diagnostics.length;

  // Unknown fields (rule-level `expr` is the E5 mistake), then the §4.1 order.
  for (const p of rule.items) {
    if (RULE_FIELD_NAMES.has(p.key)) continue;
    if (p.key === 'expr') ctx.report('ERDL-E212', p.keyNode.range);
    else {
      const s = suggest(p.key, RULE_FIELD_ORDER, p.keyNode.range, {}, keysOf(rule));
      ctx.report('ERDL-E203', p.keyNode.range, { field: p.key, ...s.params }, s.fix);
    }
  }
  checkOrder(fields, rule);

  // name
  const nameNode = get(rule, 'name');
  const name = fields.string(rule, 'name');
  if (name !== undefined && nameNode) {
    if (name.includes('#')) ctx.report('ERDL-E206', nameNode.range, { name });
    else if (!RULE_NAME.test(name)) ctx.report('ERDL-W205', nameNode.range, { name });
    const line = claim(name, nameNode.range);
    if (line !== undefined) ctx.report('ERDL-E204', nameNode.range, { name, line });
  }
  const description = fields.string(rule, 'description');
  const category = fields.string(rule, 'category') ?? metadata?.category;
  const priority = integer(fields, get(rule, 'priority'));
  const override = overrideLevel(fields, get(rule, 'override'));
  const ring = ringNumber(fields, get(rule, 'ring'));
  const enabledNode = get(rule, 'enabled');
  let enabled = true;
  if (enabledNode) {
    if (isScalar(enabledNode) && typeof enabledNode.value === 'boolean')
      enabled = enabledNode.value;
    else
      ctx.report('ERDL-E108', enabledNode.range, {
        field: 'enabled',
        expected: { en: 'true or false', zh: 'true 或 false' },
      });
  }
  const texts: Texts = {};
  for (const k of ['message', 'instruction', 'correction'] as const) {
    const v = fields.string(rule, k);
    if (v !== undefined) texts[k] = v;
  }
  const explanation = fields.text(rule, 'explanation');
  if (explanation !== undefined) texts.explanation = explanation;
  const alternative = fields.text(rule, 'alternative');
  const legal_basis = fields.string(rule, 'legal_basis');
  const source_text = fields.string(rule, 'source_text');
  fields.text(rule, 'gloss');

  for (const f of RULE_FIELDS) {
    if (f.required && f.name !== 'then' && !get(rule, f.name)) missingField(fields, rule, f.name);
  }

  const whenNode = get(rule, 'when');
  const when = whenNode ? compileWhen(ctx, whenNode, true) : null;
  const unlessNode = get(rule, 'unless');
  let unless: ExprNode | null = null;
  if (unlessNode && !(isScalar(unlessNode) && unlessNode.value === null)) {
    const u = compileWhen(ctx, unlessNode, false);
    if (u && u.form !== 'table') {
      unless = normalize(u.tree, ctx.sourceMap);
      checkLimits(ctx, unless, u.form === 'expression' ? 'B' : 'A', unlessNode.range);
    }
  }

  const thenNode = get(rule, 'then');
  const isTable =
    when?.form === 'table' ||
    (whenNode?.kind === 'map' && whenNode.items.some((p) => p.key === 'kind'));
  let then: Decision | undefined;
  if (isTable) {
    if (thenNode) ctx.report('ERDL-E213', thenNode.range);
  } else if (!thenNode) {
    missingField(fields, rule, 'then');
  } else {
    then = fields.decision(thenNode);
  }
  if (!when || ctx.errorsSince(mark)) return [];

  const base: Record<string, unknown> = {
    entry: name ?? '',
    description: description ?? '',
  };
  if (category !== undefined) base.category = category;
  base.priority = priority ?? 0;
  base.override = override;
  base.ring = ring;
  base.enabled = enabled;
  if (alternative !== undefined) base.alternative = alternative;
  if (legal_basis !== undefined) base.legal_basis = legal_basis;
  if (source_text !== undefined) base.source_text = source_text;
  base.unless = unless;

  if (when.form === 'table') {
    const compiled: CompiledRule[] = [];
    // A table whose every row is unconditional is `when: "true"` by another name (I-29).
    const unconditional = when.table.rows.every((r) => r.when.node === 'literal');
    if (unconditional && category === 'security')
      ctx.report('ERDL-E802', (whenNode as YNode).range);
    for (const row of when.table.rows) {
      const rowMap = row.source;
      const rowThenNode = rowMap.items.find((p) => p.key === 'then')?.value;
      if (!rowThenNode) {
        ctx.report('ERDL-E201', headOf(rowMap), { field: 'then' });
        continue;
      }
      const rowThen = fields.decision(rowThenNode);
      const rowPriority = rowMap.items.find((p) => p.key === 'priority')?.value;
      if (rowPriority) integer(fields, rowPriority);
      const rowTexts: Texts = { ...texts };
      for (const k of ['message', 'instruction', 'correction'] as const) {
        const v = fields.string(rowMap, k);
        if (v !== undefined) rowTexts[k] = v;
      }
      const rowExplanation = fields.text(rowMap, 'explanation');
      if (rowExplanation !== undefined) rowTexts.explanation = rowExplanation;
      if (!rowThen) continue;
      // normalize, check the limits and hash: replayed from the row cache when the row's cells
      // came from it (tree/row-cache.ts); E211/E801 read more than the cells, so they run every time.
      const { tree, hash, withinLimits } = cachedRowRule(ctx, row.when, (t) =>
        normalize(t, ctx.sourceMap),
      );
      checkMessage(fields, rowThen, rowTexts, rowThenNode.range, rowMap);
      if (unconditional && isBlockingDecision(rowThen)) {
        ctx.report('ERDL-E801', rowThenNode.range, { decision: rowThen });
      }
      if (!withinLimits) checkLimits(ctx, tree, 'A', row.range);
      const head: Record<string, unknown> = {
        name: compiledRowName(String(name), rowId(row)),
        row: row.index,
      };
      if (row.name !== undefined) head.rowName = row.name;
      head.index = index + compiled.length;
      head.form = 'table';
      head.grade = 'A';
      head.then = rowThen;
      compiled.push(assemble(base, head, rowTexts, { when: tree, hash, range: row.range }));
    }
    if (ctx.errorsSince(mark)) return [];
    reportTableAnalysis(ctx, when.table, compiled, whenNode as YMap, unless);
    return compiled;
  }

  if (!then || !thenNode) return [];
  const tree = normalize(when.tree, ctx.sourceMap);
  const grade: Grade = when.form === 'expression' ? 'B' : 'A';
  checkMessage(fields, then, texts, thenNode.range, rule);
  checkCompleteness(fields, when, then, texts, category, whenNode as YNode, tree);
  checkLimits(ctx, tree, grade, (whenNode as YNode).range);
  if (ctx.errorsSince(mark)) return [];
  const head = { name: name ?? '', index, form: when.form as RuleForm, grade, then };
  return [assemble(base, head, texts, { when: tree, hash: ctx.hashTree(tree), range: rule.range })];
}

/**
 * A compiled rule from its parts, keys in the parts' order (the order JSON output shows). Built
 * by assignment: object spreads of these varying shapes took a tenth of a 1,000-rule compile.
 */
function assemble(
  base: Readonly<Record<string, unknown>>,
  head: Readonly<Record<string, unknown>>,
  texts: Texts,
  tail: { when: ExprNode; hash: string; range: Range },
): CompiledRule {
  const out: Record<string, unknown> = {};
  for (const k in base) out[k] = base[k];
  for (const k in head) out[k] = head[k];
  for (const k in texts) out[k] = texts[k as keyof Texts];
  out.when = tail.when;
  out.hash = tail.hash;
  out.range = tail.range;
  return out as unknown as CompiledRule;
}

/** Where a rule (or row) is named: its `name` key, else its first key — not the whole rule. */
function headOf(map: YMap): Range {
  const head = map.items.find((p) => p.key === 'name') ?? map.items[0];
  return head ? head.keyNode.range : { start: map.range.start, end: map.range.start };
}

/**
 * Placeholders a missing required field can take without choosing anything for the user; `when`
 * and `then` are choices, so they get no fix.
 */
const PLACEHOLDERS: Readonly<Record<string, string>> = {
  name: '""',
  description: '""',
  priority: '0',
};

/**
 * ERDL-E201 at the rule's name, with a fix that inserts a placeholder where §4.1 puts the field:
 * before the first present field that follows it, else after the last one.
 */
function missingField(fields: Fields, rule: YMap, field: string): void {
  const placeholder = PLACEHOLDERS[field];
  let fix: Fix | undefined;
  const first = rule.items[0];
  if (placeholder !== undefined && !rule.flow && first) {
    const { source } = fields;
    const text = source.text;
    const indent = source.position(first.keyNode.range.start).column - 1;
    const entry = `${field}: ${placeholder}`;
    const next = rule.items.find((p) => rank(p.key) > rank(field));
    let edit: { range: Range; newText: string };
    if (next) {
      const at = next.keyNode.range.start;
      edit = { range: { start: at, end: at }, newText: `${entry}\n${' '.repeat(indent)}` };
    } else {
      const last = rule.items[rule.items.length - 1] as (typeof rule.items)[number];
      let at = last.value.range.end;
      while (at > 0 && (text[at - 1] === '\n' || text[at - 1] === '\r')) at--;
      const lineEnd = text.indexOf('\n', at);
      at = lineEnd === -1 ? text.length : lineEnd;
      if (text[at - 1] === '\r') at--;
      edit = { range: { start: at, end: at }, newText: `\n${' '.repeat(indent)}${entry}` };
    }
    fix = { title: { en: `Add ${entry}`, zh: `添加 ${entry}` }, edits: [edit] };
  }
  fields.ctx.report('ERDL-E201', headOf(rule), { field }, fix);
}

/** §4.1 fixed order: the first field that appears after one it must precede. */
function checkOrder(fields: Fields, rule: YMap): void {
  let prev: YPair | undefined;
  let prevRank = -1;
  for (const cur of rule.items) {
    const r = rank(cur.key);
    if (r < 0) continue;
    if (prev === undefined || r > prevRank) {
      prev = cur;
      prevRank = r;
      continue;
    }
    const fix = reorderFix(fields.source, rule, RULE_FIELD_ORDER, {
      en: 'Reorder fields as §4.1 requires',
      zh: '按 §4.1 调整字段顺序',
    });
    fields.ctx.report('ERDL-E202', cur.keyNode.range, { field: cur.key, before: prev.key }, fix);
    return;
  }
}

/** A rule field's place in the §4.1 order (-1: not a rule field). */
function rank(key: string): number {
  return (RULE_FIELD_ORDER as readonly string[]).indexOf(key);
}

function integer(fields: Fields, n: YNode | undefined): number | undefined {
  if (!n) return undefined;
  if (
    isScalar(n) &&
    typeof n.value === 'number' &&
    Number.isSafeInteger(n.value) &&
    /^[-+]?\d+$/.test(n.source)
  )
    return n.value;
  fields.ctx.report('ERDL-E210', n.range, {
    value: isScalar(n) ? (n.style === 'plain' ? n.source : JSON.stringify(n.value)) : '…',
  });
  return undefined;
}

function overrideLevel(fields: Fields, n: YNode | undefined): OverrideLevel {
  if (!n) return DEFAULT_OVERRIDE;
  const level = OVERRIDE_LEVELS.find((l) => isScalar(n) && l.name === n.value);
  if (level) return level.name;
  const written = isScalar(n) ? String(n.value) : '…';
  const lower = OVERRIDE_LEVELS.find((l) => l.name === written.toLowerCase());
  const fix: Fix | undefined = lower
    ? {
        title: { en: `Write ${lower.name}`, zh: `改为 ${lower.name}` },
        edits: [{ range: n.range, newText: lower.name }],
      }
    : undefined;
  fields.ctx.report('ERDL-E208', n.range, { value: written }, fix);
  return DEFAULT_OVERRIDE;
}

function ringNumber(fields: Fields, n: YNode | undefined): Ring {
  if (!n) return DEFAULT_RING;
  if (
    isScalar(n) &&
    typeof n.value === 'number' &&
    (RING_NUMBERS as readonly number[]).includes(n.value) &&
    /^\d$/.test(n.source)
  )
    return n.value as Ring;
  fields.ctx.report('ERDL-E209', n.range, {
    value: isScalar(n) ? (n.style === 'plain' ? n.source : JSON.stringify(n.value)) : '…',
  });
  return DEFAULT_RING;
}

/** §4.1: a blocking then needs a non-empty message; the fix inserts a stub after `then`. */
function checkMessage(
  fields: Fields,
  then: Decision,
  texts: Texts,
  thenRange: Range,
  owner: YMap,
): void {
  if (!isBlockingDecision(then) || (texts.message ?? '').trim() !== '') return;
  const messagePair = owner.items.find((p) => p.key === 'message');
  let fix: Fix | undefined;
  if (!messagePair && !owner.flow) {
    const { source } = fields;
    const thenLine = source.position(thenRange.start).line;
    const keyPair = owner.items.find((p) => p.key === 'then');
    const indent = keyPair ? source.position(keyPair.keyNode.range.start).column - 1 : 0;
    const insertAt =
      thenLine >= source.lineCount ? source.text.length : source.lineStart(thenLine + 1);
    const prefix = insertAt === source.text.length && !source.text.endsWith('\n') ? '\n' : '';
    fix = {
      title: { en: 'Add a message', zh: '添加 message' },
      edits: [
        {
          range: { start: insertAt, end: insertAt },
          newText: `${prefix}${' '.repeat(indent)}message: "TODO: say why this is ${then}"\n`,
        },
      ],
    };
  }
  fields.ctx.report('ERDL-E211', messagePair?.value.range ?? thenRange, { decision: then }, fix);
}

/** The field paths `n` tests (into `paths`) and the tool names it compares tool.name with. */
function collectTested(n: ExprNode, paths: Set<string>, toolNames: string[]): void {
  if (n.node === 'field') paths.add(n.path);
  if (
    (n.node === 'eq' || n.node === 'in' || n.node === 'starts_with' || n.node === 'contains') &&
    n.args[0].node === 'field' &&
    n.args[0].path === 'tool.name'
  ) {
    const lit = n.args[1];
    if (lit.node === 'literal' && lit.type === 'string') toolNames.push(lit.value);
    if (lit.node === 'literal' && lit.type === 'list')
      for (const v of lit.value) if (v.type === 'string') toolNames.push(v.value);
  }
  for (const c of childrenOf(n)) collectTested(c, paths, toolNames);
}

/** §7.4 minimum completeness. */
function checkCompleteness(
  fields: Fields,
  when: CompiledWhen,
  then: Decision,
  texts: Texts,
  category: string | undefined,
  whenNode: YNode,
  tree: ExprNode,
): void {
  const { ctx } = fields;
  if (when.form === 'true') {
    if (isBlockingDecision(then)) ctx.report('ERDL-E801', whenNode.range, { decision: then });
    else if (then === 'ALLOW' && !texts.instruction) ctx.report('ERDL-W803', whenNode.range);
    if (category === 'security') ctx.report('ERDL-E802', whenNode.range);
    return;
  }
  // SHOULD lines: recognise tool / file / command rules by the fields and tool names they test.
  const paths = new Set<string>();
  const toolNames: string[] = [];
  collectTested(tree, paths, toolNames);
  const usesTool = [...paths].some((p) => p.startsWith('tool.'));
  if (usesTool && !paths.has('tool.name')) {
    ctx.report('ERDL-W804', whenNode.range, {
      kind: { en: 'tool-interception', zh: '工具拦截类' },
      field: 'tool.name',
    });
  }
  const names = toolNames.join(' ').toLowerCase();
  if (/file|path|dir|folder/.test(names) && !paths.has('tool.args.path')) {
    ctx.report('ERDL-W804', whenNode.range, {
      kind: { en: 'file-operation', zh: '文件操作' },
      field: 'tool.args.path',
    });
  }
  if (/command|shell|exec|bash|terminal/.test(names) && !paths.has('tool.args.command')) {
    ctx.report('ERDL-W804', whenNode.range, {
      kind: { en: 'command-operation', zh: '命令操作' },
      field: 'tool.args.command',
    });
  }
}

/** E4 graded limits, each exceeded limit reported with the measured value. */
function checkLimits(ctx: CompileContext, tree: ExprNode, grade: Grade, range: Range): void {
  for (const e of exceeded(measure(tree), grade)) {
    ctx.report('ERDL-E601', range, {
      grade,
      measure: MEASURE_NAMES[e.key],
      value: e.value,
      limit: e.limit,
    });
  }
}
