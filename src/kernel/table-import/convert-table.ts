import { compileDocument } from '../compile';
import type { Bilingual } from '../diagnostics/diagnostic';
import { quote } from '../projection/yaml-out';
import { enQuote, zhQuote } from '../util/quote';
import { isBlockingDecision, isDecision } from '../vocabulary/decisions';
import { feelToCellText } from './cell';
import { gridToTableEntry } from './csv';
import { readFeelLiteral, readFeelUnaryTests } from './feel';
import { KEPT_OUTPUTS_MARKER, keptOutputValues } from './kept-outputs';
import { foreignTableCellProblems, grouped } from './limits';
import { MAX_MAPPED_VALUES } from './mapping-limit';

/**
 * A decision table from another tool (DMN 1.3/1.4, GoRules JDM), reduced to what a conversion
 * reads: cell texts as the tool wrote them. `dmn.ts` and `jdm.ts` build it; `convertTable` turns it
 * into an ERDL table entry and a report naming everything not converted (docs/table-import.md).
 */
export interface ForeignTable {
  readonly origin: 'DMN' | 'JDM';
  /**
   * What the file's reader found about this table (an error refuses it). A JDM table's input cells
   * arrive already read by GoRules' grammar (zen-unary.ts) as cell texts; DMN's are FEEL.
   */
  readonly notes?: readonly ImportNote[];
  /** The decision's name (or id). */
  readonly name: string;
  /** Upper case: FIRST, UNIQUE, PRIORITY, ANY, COLLECT, RULE ORDER, OUTPUT ORDER. */
  readonly hitPolicy: string;
  readonly aggregation?: string;
  readonly inputs: readonly {
    readonly label?: string;
    readonly expression: string;
    /** The input's allowed values as written (DMN inputValues): reported, not converted. */
    readonly values?: string;
  }[];
  readonly outputs: readonly {
    readonly name?: string;
    readonly label?: string;
    /** The output's allowed values in order (DMN outputValues), for PRIORITY. */
    readonly values?: readonly string[];
  }[];
  readonly rules: readonly {
    readonly inputs: readonly string[];
    readonly outputs: readonly string[];
    /** The rule's annotation (DMN description): becomes the row's explanation. */
    readonly description?: string;
  }[];
}

export type NoteLevel = 'error' | 'warning' | 'info';

/** One line of the conversion report. `error` means the table was not converted. */
export interface ImportNote {
  readonly level: NoteLevel;
  readonly message: Bilingual;
}

export interface TableConversion {
  readonly name: string;
  /** The rule entry (YAML at 2 spaces), or null when the table could not be converted. */
  readonly entry: string | null;
  readonly notes: readonly ImportNote[];
  /**
   * A business table's outputs (no output holds decisions) with their distinct values in row
   * order (at most MAX_MAPPED_VALUES each): what the studio offers to map to decisions.
   */
  readonly businessOutputs?: readonly BusinessOutput[];
}

export interface BusinessOutput {
  readonly name: string;
  readonly values: readonly string[];
}

/** The values of one business output the mapping dialog lists (a longer list is cut, and says so). */
export { MAX_MAPPED_VALUES };

/**
 * How the analyst reads one output of a business table as decisions (issue 38 §4): each listed
 * value becomes the decision beside it; a value not listed (or listed with a word that is not a
 * decision) leaves its rows as guidance, GUIDE — never ALLOW (fail closed). Data, not code: the
 * studio remembers it per file.
 */
export interface OutputMapping {
  /** The table's name (a file's table conversions are named alike). */
  readonly table: string;
  /** The output's name as `businessOutputs` gives it. */
  readonly output: string;
  /** [value as the table writes it, decision] pairs. */
  readonly values: readonly (readonly [string, string])[];
}

const ENTITY_ROOTS = new Set(['tool', 'agent', 'task', 'workflow', 'human', 'guardian', 'context']);
const PATH = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;
const DECISION_NAMES = new Set(['decision', 'then', 'result', 'outcome', '决策']);
const MESSAGE_NAMES = new Set(['message', 'reason', 'msg', '消息', '提示']);

/** An output entry's value as text: a FEEL string literal's content, else the text itself. */
function outputValue(text: string): string {
  const lit = readFeelLiteral(text);
  return lit?.type === 'string' ? lit.value : text.trim();
}

/** A YAML double-quoted string that reads back exactly (DEL and C1 controls escaped too). */
const q = quote;

/** An ERDL rule name in the [CAT]-[NNN]-description form for the n-th imported table. */
function ruleName(name: string, index: number): string {
  const slug = name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `IMP-${String(index + 1).padStart(3, '0')}-${slug || 'table'}`;
}

export function convertTable(
  table: ForeignTable,
  index: number,
  mapping?: OutputMapping,
): TableConversion {
  const notes: ImportNote[] = [];
  const note = (level: NoteLevel, en: string, zh: string) =>
    notes.push({ level, message: { en, zh } });
  const where = `${table.origin} ${q(table.name)}`;
  const fail = () => ({ name: table.name, entry: null, notes });

  // A text over the cell limit refuses the table before anything of it is read.
  const tooLong = foreignTableCellProblems(table);
  if (tooLong.length > 0) return { name: table.name.slice(0, 200), entry: null, notes: tooLong };
  notes.push(...(table.notes ?? []));

  // Hit policy.
  const policy = table.hitPolicy.toUpperCase();
  // COLLECT MIN / MAX give the smallest / largest output of the matching rows: with the rows
  // ordered by that output, it is the first match's (below).
  const aggregation = (table.aggregation ?? '').toUpperCase();
  const extreme =
    policy === 'COLLECT' && (aggregation === 'MIN' || aggregation === 'MAX') ? aggregation : null;
  if (policy === 'FIRST')
    note(
      'info',
      'hit policy FIRST: rows keep their order (first match)',
      '命中策略 FIRST：保持行序（取首个匹配）',
    );
  else if (policy === 'UNIQUE' || policy === 'ANY')
    note(
      'info',
      `hit policy ${policy}: read as first match in row order; the table analysis checks the rows for overlaps`,
      `命中策略 ${policy}：按行序取首个匹配；由决策表分析检查各行是否重叠`,
    );
  else if (policy !== 'PRIORITY' && !extreme) {
    note(
      'error',
      `hit policy ${policy}${table.aggregation ? ` ${table.aggregation}` : ''} is not converted: an ERDL table decides one decision per fact (FIRST, UNIQUE, PRIORITY and ANY are converted)`,
      `命中策略 ${policy}${table.aggregation ? ` ${table.aggregation}` : ''} 未转换：ERDL 决策表对每个事实只给出一个决策（可转换 FIRST、UNIQUE、PRIORITY 和 ANY）`,
    );
    return fail();
  }

  // Columns.
  const columns: string[] = [];
  table.inputs.forEach((input, i) => {
    const expr = input.expression.trim();
    const label = input.label?.trim();
    if (!PATH.test(expr)) {
      note(
        'error',
        `input ${i + 1} ${q(label || expr)}: the expression ${q(expr)} is not a field path, so the column is not converted`,
        `第 ${i + 1} 个输入${zhQuote(label || expr)}：表达式${zhQuote(expr)}不是字段路径，该列未转换`,
      );
      return;
    }
    const root = expr.split('.')[0] as string;
    const field = ENTITY_ROOTS.has(root) ? expr : `context.${expr}`;
    if (field !== expr)
      note(
        'info',
        `input ${i + 1} ${q(expr)} reads the fact field ${q(field)} (fields outside the §3 entities live under context)`,
        `第 ${i + 1} 个输入${zhQuote(expr)}读取事实字段 ${field}（不属于 §3 实体的字段放在 context 下）`,
      );
    columns.push(label && label !== expr ? `${field} ${q(label)}` : field);
    if (input.values)
      note(
        'info',
        `input ${i + 1} ${q(label || expr)}: its allowed values (${input.values}) are not converted; the rows read any value`,
        `第 ${i + 1} 个输入${zhQuote(label || expr)}：其允许值（${input.values}）未转换；各行接受任意值`,
      );
  });
  if (table.inputs.length === 0) note('error', 'the table has no inputs', '决策表没有输入列');

  // The decision and message outputs.
  const decisionAt = (() => {
    // An output holds decisions when every rule gives one (a "result" of "ok" / "notok" does not).
    const holdsDecisions = (k: number) =>
      table.rules.length > 0 &&
      table.rules.every((r) => isDecision(outputValue(r.outputs[k] ?? '').toUpperCase()));
    const named = table.outputs.findIndex((o) =>
      DECISION_NAMES.has((o.name ?? o.label ?? '').trim().toLowerCase()),
    );
    if (named >= 0 && (table.rules.length === 0 || holdsDecisions(named))) return named;
    return table.outputs.findIndex((_, k) => holdsDecisions(k));
  })();
  // Without a decision output (a business table: a dish, an approver group), the rows give
  // guidance: each decides GUIDE and its message names the outputs (I-85).
  const guidance = decisionAt < 0 && table.outputs.length > 0;
  const outputName = (k: number) => {
    const o = table.outputs[k];
    return o?.name || o?.label || `output ${k + 1}`;
  };
  if (decisionAt < 0 && !guidance) {
    note('error', 'the table has no outputs', '决策表没有输出列');
    return fail();
  }
  // The analyst's mapping of one business output's values to decisions (fail closed: a value not
  // mapped to one of the 13 decisions stays GUIDE).
  const mappedAt =
    guidance && mapping ? table.outputs.findIndex((_, k) => outputName(k) === mapping.output) : -1;
  const mapped = new Map<string, string>();
  if (mapping && guidance && mappedAt < 0)
    note(
      'warning',
      `the mapping of output ${q(mapping.output)} to decisions is not used: the table has no such output`,
      `输出列${zhQuote(mapping.output)}到决策的映射未使用：决策表没有该输出列`,
    );
  if (mappedAt >= 0 && mapping)
    for (const [value, decision] of mapping.values) {
      if (typeof value !== 'string' || typeof decision !== 'string') continue;
      const upper = decision.trim().toUpperCase();
      if (isDecision(upper)) {
        if (!mapped.has(value)) mapped.set(value, upper);
      } else
        note(
          'warning',
          `the mapping of $q(value)to $q(decision)is not used: it is not one of the 13 decisions, so those rows decide GUIDE`,
          `$zhQuote(value)到$zhQuote(decision)的映射未使用：它不是 13 种决策之一，这些行的决策为 GUIDE`,
        );
    }
  const mappedValue = (i: number) => outputValue(table.rules[i]?.outputs[mappedAt] ?? '');
  const allMapped =
    mappedAt >= 0 &&
    table.rules.length > 0 &&
    table.rules.every((_, i) => mapped.has(mappedValue(i)));
  // The outputs each row's message keeps (I-95): all of a business table's outputs, less the
  // mapped one when every row's value of it became a decision.
  const kept = guidance
    ? table.outputs.map((_, k) => k).filter((k) => !(allMapped && k === mappedAt))
    : [];
  if (mappedAt >= 0) {
    const unmapped = table.rules.filter((_, i) => !mapped.has(mappedValue(i))).length;
    const pairs = [...mapped].map(([v, d]) => `${q(v)} → ${d}`);
    note(
      'info',
      `output ${q(outputName(mappedAt))} read as decisions: ${pairs.join(', ') || 'no value mapped'}${unmapped > 0 ? `; ${unmapped} ${unmapped === 1 ? 'rule whose value is not mapped decides' : 'rules whose values are not mapped decide'} GUIDE` : ''}`,
      `输出列${zhQuote(outputName(mappedAt))}按决策读取：${pairs.join('，') || '未映射任何值'}${unmapped > 0 ? `；值未映射的 ${unmapped} 条规则决策为 GUIDE` : ''}`,
    );
  }
  if (guidance && mappedAt < 0)
    note(
      'warning',
      `no output holds one of the 13 ERDL decisions: each rule decides GUIDE (guidance, not blocking) and its message gives the outputs ${table.outputs.map((_, k) => q(outputName(k))).join(', ')} (name an output "decision", or give every rule a value such as "DENY", to convert decisions)`,
      `没有任何输出列是 13 种 ERDL 决策之一：每条规则的决策为 GUIDE（引导，不阻断），其消息给出输出列${table.outputs.map((_, k) => zhQuote(outputName(k))).join('、')}（若要转换为决策，请将某个输出列命名为 decision，或让每条规则的值都是 DENY 这样的决策）`,
    );
  const messageAt = table.outputs.findIndex(
    (o, k) => k !== decisionAt && MESSAGE_NAMES.has((o.name ?? o.label ?? '').trim().toLowerCase()),
  );
  table.outputs.forEach((o, k) => {
    if (guidance || k === decisionAt || k === messageAt) return;
    const n = q(o.name ?? o.label ?? `#${k + 1}`);
    note(
      'warning',
      `output ${n} is not converted: an ERDL row gives a decision and a message only`,
      `输出列 ${n} 未转换：ERDL 的行只给出决策和消息`,
    );
  });

  // PRIORITY: rows in the order of their decision's place among the allowed values.
  let order = table.rules.map((_, i) => i);
  if (policy === 'PRIORITY') {
    const ranked = guidance ? 0 : decisionAt;
    const values = table.outputs[ranked]?.values?.map(outputValue);
    if (!values || values.length === 0) {
      note(
        'error',
        "hit policy PRIORITY needs the decision output's allowed values (their order is the priority)",
        '命中策略 PRIORITY 需要决策输出列的允许值（其顺序即优先级）',
      );
      return fail();
    }
    const rank = (i: number) => {
      const v = outputValue(table.rules[i]?.outputs[ranked] ?? '');
      const at = values.indexOf(v);
      return at < 0 ? values.length : at;
    };
    order = [...order].sort((a, b) => rank(a) - rank(b) || a - b);
    note(
      'info',
      `hit policy PRIORITY: rows reordered by the priority of their decision (${values.join(' > ')}), then first match`,
      `命中策略 PRIORITY：按决策的优先级（${values.join(' > ')}）重排各行，再取首个匹配`,
    );
  }

  if (extreme) {
    const values = table.rules.map((r) => readFeelLiteral(r.outputs[0] ?? ''));
    if (table.outputs.length !== 1 || !values.every((v) => v?.type === 'number')) {
      note(
        'error',
        `hit policy COLLECT ${extreme} is converted only for one output whose every value is a number`,
        `命中策略 COLLECT ${extreme} 只有在唯一的输出列的值都是数字时才能转换`,
      );
      return fail();
    }
    const at = (i: number) => Number(values[i]?.value);
    order = [...order].sort((a, b) => (extreme === 'MIN' ? at(a) - at(b) : at(b) - at(a)) || a - b);
    note(
      'info',
      extreme === 'MIN'
        ? 'hit policy COLLECT MIN: rows ordered by their output, smallest first, so the first match gives the smallest output of the matching rows'
        : 'hit policy COLLECT MAX: rows ordered by their output, largest first, so the first match gives the largest output of the matching rows',
      extreme === 'MIN'
        ? '命中策略 COLLECT MIN：各行按输出值从小到大排列，首个匹配即为所有匹配行中最小的输出'
        : '命中策略 COLLECT MAX：各行按输出值从大到小排列，首个匹配即为所有匹配行中最大的输出',
    );
  }

  // Cells.
  const described = table.rules.some((r) => r.description);
  const header = [...columns, 'then', 'message', ...(described ? ['explanation'] : [])];
  const body: string[][] = [];
  /** Per body row: the values of the kept outputs its message gives (I-95). */
  const keptRows: string[][] = [];
  const generated: number[] = [];
  for (const i of order) {
    const rule = table.rules[i];
    if (!rule) continue;
    const cells: string[] = [];
    table.inputs.forEach((input, c) => {
      const text = rule.inputs[c] ?? '';
      const read = table.origin === 'JDM' ? null : readFeelUnaryTests(text);
      const conv =
        read === null ? { ok: true as const, text } : read.ok ? feelToCellText(read.test) : read;
      if (!conv.ok) {
        note(
          'error',
          `rule ${i + 1}, input ${q(input.label || input.expression)}: ${enQuote(text, 80)} is not converted: ${conv.message.en}`,
          `规则 ${i + 1}，输入${zhQuote(input.label || input.expression)}：${zhQuote(text, 80)}未转换：${conv.message.zh}`,
        );
        return;
      }
      cells.push(conv.text);
    });
    const decision = guidance
      ? (mapped.get(mappedValue(i)) ?? 'GUIDE')
      : outputValue(rule.outputs[decisionAt] ?? '');
    cells.push(decision);
    const keptValues = kept.map((k) => outputValue(rule.outputs[k] ?? ''));
    keptRows.push(keptValues);
    let message = guidance
      ? kept.map((k, n) => `${outputName(k)}: ${keptValues[n]}`).join('; ')
      : messageAt >= 0
        ? outputValue(rule.outputs[messageAt] ?? '')
        : '';
    const upper = decision.toUpperCase();
    if (message === '' && isDecision(upper) && isBlockingDecision(upper)) {
      // §4.1: a blocking decision needs a message; say where the decision came from.
      message = `${upper} by rule ${i + 1} of the imported ${table.origin} table "${table.name}"`;
      generated.push(i + 1);
    }
    cells.push(message);
    if (described) cells.push(rule.description ?? '');
    body.push(cells);
  }
  if (described)
    note(
      'info',
      "the rules' descriptions become the rows' explanations",
      '各规则的描述转换为对应行的 explanation',
    );
  if (generated.length > 0)
    note(
      'info',
      `rules ${generated.join(', ')} block without a message: each gets one naming its original rule (§4.1 requires it)`,
      `规则 ${generated.join('、')} 是阻断决策但没有消息：各自得到一条指明原规则的消息（§4.1 要求）`,
    );
  if (table.rules.length === 0) note('error', 'the table has no rules', '决策表没有规则');
  if (notes.some((n) => n.level === 'error')) return fail();

  // A last row that tests nothing is the table's default row (the same facts match it).
  const last = body[body.length - 1];
  if (last && body.length > 0 && last.slice(0, columns.length).every((c) => c === '-')) {
    for (let c = 0; c < columns.length; c++) last[c] = '';
    note(
      'info',
      'the last rule tests no input: it becomes the default row (when: [])',
      '最后一条规则不测试任何输入：转换为默认行（when: []）',
    );
  }

  const keptNames = kept.map(outputName);
  // The kept outputs are named in the description only when every row's message reads back as
  // exactly its outputs (not a generated message for a blocking row without outputs, nor a value
  // holding `; <next output>: `, which would show another value in a column than the output has).
  const readable =
    keptNames.length > 0 &&
    new Set(keptNames).size === keptNames.length &&
    body.every((cells, b) => {
      const back = keptOutputValues(cells[columns.length + 1] ?? '', keptNames);
      const want = keptRows[b] ?? [];
      return back !== null && back.length === want.length && back.every((v, n) => v === want[n]);
    });
  const entry = gridToTableEntry(
    [header, ...body],
    ruleName(table.name, index),
    2,
    `Imported from ${where} (hit policy ${policy})${readable ? `${KEPT_OUTPUTS_MARKER}${JSON.stringify(keptNames)}` : ''}`,
  );
  if (!entry.ok) {
    for (const p of entry.problems) {
      const rule = p.line >= 2 ? order[p.line - 2] : undefined;
      const place = rule === undefined ? 'header' : `rule ${rule + 1}`;
      const placeZh = rule === undefined ? '表头' : `规则 ${rule + 1}`;
      note(
        'error',
        `${place}, ${p.place?.en ?? `column ${p.column}`}: ${p.message.en}`,
        `${placeZh}，${p.place?.zh ?? `第 ${p.column} 列`}：${p.message.zh}`,
      );
    }
    return fail();
  }
  return {
    name: table.name,
    entry: entry.yaml,
    notes,
    ...(guidance ? { businessOutputs: businessOutputs(table, outputName) } : {}),
  };
}

/** A business table's outputs and their distinct values in row order (for the mapping dialog). */
function businessOutputs(table: ForeignTable, outputName: (k: number) => string): BusinessOutput[] {
  return table.outputs.map((_, k) => {
    const values = new Set<string>();
    for (const r of table.rules) {
      if (values.size >= MAX_MAPPED_VALUES) break;
      values.add(outputValue(r.outputs[k] ?? ''));
    }
    return { name: outputName(k), values: [...values] };
  });
}

/** The header of an imported document. The fallback decision applies when no row matches. */
export function documentHeader(name: string, description: string): string {
  return [
    'protocol: "erdl/v2"',
    'version: "2.1.0"',
    'metadata:',
    `  name: ${q(name)}`,
    `  description: ${q(description)}`,
    '  category: imported',
    '  decision: DENY',
    'rules:',
    '',
  ].join('\n');
}

export interface DocumentImport {
  /** The ERDL document, or null when no table was converted. */
  readonly text: string | null;
  /**
   * The file was refused before it was read (over a size limit, a zip bomb, not the file it claims
   * to be): `erdl import` exits 2, as for a file it cannot read.
   */
  readonly refused?: true;
  readonly tables: readonly TableConversion[];
  /** Notes about the file as a whole (features outside decision tables). */
  readonly notes: readonly ImportNote[];
}

/**
 * 1,000 rows: a UNIQUE or ANY table up to this size is checked for overlaps at import (about a
 * second); the check compares rows pairwise, so a larger table is reported as not checked.
 */
export const MAX_OVERLAP_CHECK_ROWS = 1_000;

/**
 * Converted tables as one ERDL document. Tables read as UNIQUE or ANY are compiled alone and the
 * table analysis's overlap findings (W509/W510) are added to their report: such overlaps mean the
 * original table broke its own hit policy.
 */
export function importedDocument(
  name: string,
  description: string,
  tables: readonly TableConversion[],
  policies: ReadonlyMap<string, string>,
  notes: readonly ImportNote[],
  rowCounts: ReadonlyMap<string, number> = new Map(),
): DocumentImport {
  const checked = tables.map((t) => {
    const policy = policies.get(t.name);
    if (!t.entry || (policy !== 'UNIQUE' && policy !== 'ANY')) return t;
    // The overlap check is pairwise in the rows (4,000 rows: ~30 s); over the limit it is not run
    // at import, and the report says so.
    const rows = rowCounts.get(t.name) ?? 0;
    if (rows > MAX_OVERLAP_CHECK_ROWS)
      return {
        ...t,
        notes: [
          ...t.notes,
          {
            level: 'warning' as const,
            message: {
              en: `hit policy ${policy}: the rows were not checked for overlaps at import (${grouped(rows)} rows; the check runs on tables of up to ${grouped(MAX_OVERLAP_CHECK_ROWS)}), so an overlap that breaks the original's hit policy is not reported`,
              zh: `命中策略 ${policy}：导入时未检查各行是否重叠（共 ${grouped(rows)} 行；只检查不超过 ${grouped(MAX_OVERLAP_CHECK_ROWS)} 行的决策表），因此不会报告违反原表命中策略的重叠`,
            },
          },
        ],
      };
    const compiled = compileDocument(documentHeader(name, description) + t.entry);
    const overlaps = compiled.diagnostics.filter(
      (d) => d.code === 'ERDL-W509' || d.code === 'ERDL-W510',
    );
    if (overlaps.length === 0) return t;
    return {
      ...t,
      notes: [
        ...t.notes,
        ...overlaps.map(
          (d): ImportNote => ({
            level: 'warning',
            message: {
              en: `hit policy ${policy} broken in the original: ${d.message.en}`,
              zh: `原表违反了命中策略 ${policy}：${d.message.zh}`,
            },
          }),
        ),
      ],
    };
  });
  const entries = checked.filter((t) => t.entry !== null);
  const allNotes = [...notes];
  if (entries.some((t) => !/^ *- when: \[\]$/m.test(t.entry ?? '')))
    allNotes.push({
      level: 'info',
      message: {
        en: 'a table has no default row: a fact no row matches gets the fallback decision DENY (metadata.decision); the original gives no result',
        zh: '有决策表没有默认行：没有任何行匹配的事实得到兜底决策 DENY（metadata.decision）；原表此时没有结果',
      },
    });
  return {
    text:
      entries.length === 0
        ? null
        : documentHeader(name, description) + entries.map((t) => t.entry).join(''),
    tables: checked,
    notes: allNotes,
  };
}

/**
 * The conversion report's headline (issue 38 §5): how many of the file's tables converted, and
 * each one that did not, named with its first reason; never "converted" when a table was dropped.
 */
export function importHeadline(result: DocumentImport): Bilingual {
  const total = result.tables.length;
  const failed = result.tables.filter((t) => t.entry === null);
  const done = total - failed.length;
  if (total === 0) {
    const why = result.notes.find((n) => n.level === 'error')?.message;
    return {
      en: `No table converted${why ? `: ${why.en}` : ''}`,
      zh: `没有转换任何决策表${why ? `：${why.zh}` : ''}`,
    };
  }
  const reasons = failed.map((t) => {
    const why = t.notes.find((n) => n.level === 'error')?.message;
    return {
      en: `${q(t.name)}: ${why?.en ?? 'not converted'}`,
      zh: `${zhQuote(t.name)}：${why?.zh ?? '未转换'}`,
    };
  });
  const en =
    done === total
      ? `${total === 1 ? 'The table' : `All ${total} tables`} converted`
      : `${done} of ${total} ${total === 1 ? 'table' : 'tables'} converted`;
  const zh =
    done === total
      ? total === 1
        ? '决策表已转换'
        : `全部 ${total} 张决策表已转换`
      : `${total} 张决策表中已转换 ${done} 张`;
  return {
    en: [en, ...reasons.map((r) => r.en)].join('; '),
    zh: [zh, ...reasons.map((r) => r.zh)].join('；'),
  };
}
