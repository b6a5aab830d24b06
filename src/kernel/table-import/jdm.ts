import { MAX_TABLE_CELL_CHARS } from '../file-limits';
import { enQuote, zhQuote } from '../util/quote';
import type { ForeignTable, ImportNote } from './convert-table';
import { grouped } from './limits';
import { readZenCondition, readZenOutput, readZenUnary } from './zen-unary';

/**
 * The decision tables of a GoRules JDM graph (JSON: `{nodes: [{type: "decisionTableNode",
 * content: {hitPolicy, inputs, outputs, rules, executionMode, inputField, outputPath}}], edges}`).
 * Other nodes are named in the notes as not converted; a rule cell is `rule[column.id]` (an empty or
 * absent cell matches anything, gorules/zen#496). Cells are read with GoRules' own grammar
 * (zen-unary.ts): an input cell becomes one or more ERDL cells on its field (`> 1 and < 6` is two
 * columns on the same field); an output cell must be a literal. What the grammar refuses, a loop
 * over a list (`executionMode: loop`) and a table reading a sub-object (`inputField`) refuse the
 * table, each with its reason; a table fed by nodes other than the graph's input is reported.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Refused cells of one kind named one by one in a table's report; the rest are counted. */
const NAMED = 5;

const message = (level: ImportNote['level'], en: string, zh: string): ImportNote => ({
  level,
  message: { en, zh },
});

/** The table's content options GoRules evaluates differently from one pass over the fact. */
function contentNotes(c: Obj): ImportNote[] {
  const notes: ImportNote[] = [];
  const mode = str(c.executionMode);
  const inputField = str(c.inputField);
  const outputPath = str(c.outputPath);
  if (mode === 'loop')
    notes.push(
      message(
        'error',
        `executionMode "loop" is not converted: GoRules runs the table once for each item of the list ${enQuote(inputField || '(none)', 80)} and collects every item's outputs${outputPath ? ` into ${enQuote(outputPath, 80)}` : ''}; an ERDL table gives one decision for the whole fact, and its quantifiers (any, all, none) test a list's items inside one condition, never a row per item`,
        `executionMode “loop”未转换：GoRules 对列表${zhQuote(inputField || '（无）', 80)}中的每一项各运行一次该表，并收集每一项的输出${outputPath ? `到${zhQuote(outputPath, 80)}` : ''}；ERDL 决策表对整个事实只给出一个决策，其量词（any、all、none）在一个条件内检验列表各项，不会对每一项各匹配一行`,
      ),
    );
  else if (mode !== '' && mode !== 'single')
    notes.push(
      message(
        'error',
        `executionMode ${enQuote(mode, 40)} is not converted (only "single" is)`,
        `executionMode ${zhQuote(mode, 40)} 未转换（只转换“single”）`,
      ),
    );
  else if (inputField)
    notes.push(
      message(
        'error',
        `inputField ${enQuote(inputField, 80)} is not converted: GoRules reads the columns' fields inside that part of the input, not the fact`,
        `inputField ${zhQuote(inputField, 80)} 未转换：GoRules 在输入的该部分中读取各列的字段，而不是在事实中`,
      ),
    );
  if (mode !== 'loop' && outputPath)
    notes.push(
      message(
        'info',
        `outputPath ${enQuote(outputPath, 80)}: GoRules writes the outputs under that path; the converted rows give them in the message`,
        `outputPath ${zhQuote(outputPath, 80)}：GoRules 把输出写在该路径下；转换后的行在消息中给出它们`,
      ),
    );
  return notes;
}

/** One decision-table node as a ForeignTable whose input cells are ERDL cell texts. */
function readTable(name: string, c: Obj, feeders: readonly string[]): ForeignTable {
  const notes = contentNotes(c);
  if (feeders.length > 0)
    notes.push(
      message(
        'warning',
        `the table reads the output of ${feeders.map((f) => enQuote(f, 80)).join(', ')} in GoRules (a chain of nodes); the converted table reads its fields from the fact itself, so a field that node computes must be in the fact`,
        `在 GoRules 中该表读取${feeders.map((f) => zhQuote(f, 80)).join('、')}的输出（节点链）；转换后的表直接从事实中读取各字段，因此该节点计算的字段必须出现在事实中`,
      ),
    );
  const inputs = arr(c.inputs).filter(isObj);
  const outputs = arr(c.outputs).filter(isObj);
  const rules = arr(c.rules).filter(isObj);
  const label = (i: Obj) => str(i.name) || str(i.field) || str(i.id);
  // Each input cell as the ERDL cells on each field that must all hold: an input with a field is
  // one field (`> 1 and < 6` is two cells on it); an input without one tests fields by name
  // (`status == 'x' and years >= 2`). Each field spans as many columns as its widest cell needs.
  const fieldless = (i: Obj) => typeof i.field !== 'string';
  // The first refusals of each kind are named by rule and column, then counted: a report naming
  // each of 5,000 refused cells would run to hundreds of kilobytes.
  let refusedCells = 0;
  let refusedOutputs = 0;
  const read = rules.map((r, n) =>
    inputs.map((input): Map<string, readonly string[]> => {
      const text = str(r[str(input.id)]);
      // A cell over the limit is named by the conversion's limit check (limits.ts), unread.
      if (text.length > MAX_TABLE_CELL_CHARS) return new Map([[str(input.field), [text]]]);
      const cell = fieldless(input) ? readZenCondition(text) : readZenUnary(text);
      if (cell.ok)
        return 'fields' in cell
          ? new Map(cell.fields.map((f) => [f.field, f.cells]))
          : new Map([[str(input.field), cell.cells]]);
      if (++refusedCells > NAMED) return new Map();
      notes.push(
        message(
          'error',
          `rule ${n + 1}, input ${enQuote(label(input), 80)}: ${cell.message.en}`,
          `规则 ${n + 1}，输入${zhQuote(label(input), 80)}：${cell.message.zh}`,
        ),
      );
      return new Map();
    }),
  );
  const slots = inputs.map((input, k) => {
    const widths = new Map<string, number>(fieldless(input) ? [] : [[str(input.field), 1]]);
    for (const cells of read)
      for (const [field, list] of cells[k] ?? [])
        widths.set(field, Math.max(widths.get(field) ?? 1, list.length));
    return [...widths];
  });
  const outputTexts = rules.map((r, n) =>
    outputs.map((output) => {
      const text = str(r[str(output.id)]);
      if (text.length > MAX_TABLE_CELL_CHARS) return text;
      const value = readZenOutput(text);
      if (value.ok) return value.empty ? '' : value.text;
      if (++refusedOutputs > NAMED) return '';
      notes.push(
        message(
          'error',
          `rule ${n + 1}, output ${enQuote(str(output.field) || str(output.name), 80)}: ${value.message.en}`,
          `规则 ${n + 1}，输出${zhQuote(str(output.field) || str(output.name), 80)}：${value.message.zh}`,
        ),
      );
      return '';
    }),
  );
  if (refusedCells > NAMED)
    notes.push(
      message(
        'error',
        `and ${grouped(refusedCells - NAMED)} more input cells not converted`,
        `另有 ${grouped(refusedCells - NAMED)} 个输入单元格未转换`,
      ),
    );
  if (refusedOutputs > NAMED)
    notes.push(
      message(
        'error',
        `and ${grouped(refusedOutputs - NAMED)} more output cells that are expressions`,
        `另有 ${grouped(refusedOutputs - NAMED)} 个输出单元格是表达式`,
      ),
    );
  return {
    origin: 'JDM',
    name,
    hitPolicy: str(c.hitPolicy) || 'first',
    inputs: inputs.flatMap((i, k) =>
      (slots[k] ?? []).flatMap(([field, width]) =>
        Array.from({ length: width }, () => ({ label: str(i.name), expression: field })),
      ),
    ),
    outputs: outputs.map((o) => ({ name: str(o.field), label: str(o.name) })),
    rules: read.map((cells, n) => ({
      inputs: inputs.flatMap((_, k) =>
        (slots[k] ?? []).flatMap(([field, width]) => {
          const list = cells[k]?.get(field) ?? [];
          return Array.from({ length: width }, (_, w) => list[w] ?? '-');
        }),
      ),
      outputs: outputTexts[n] ?? [],
    })),
    notes,
  };
}

export function jdmTables(json: unknown): { tables: ForeignTable[]; notes: ImportNote[] } {
  const tables: ForeignTable[] = [];
  const notes: ImportNote[] = [];
  const note = (level: ImportNote['level'], en: string, zh: string) =>
    notes.push(message(level, en, zh));
  if (!isObj(json) || !Array.isArray(json.nodes)) {
    note(
      'error',
      'the JSON is not a GoRules JDM graph (no "nodes" list)',
      '该 JSON 不是 GoRules JDM 图（没有 nodes 列表）',
    );
    return { tables, notes };
  }
  // Which nodes feed which: a table fed by anything but the graph's input reads computed fields.
  const byId = new Map<string, Obj>();
  for (const node of json.nodes) if (isObj(node)) byId.set(str(node.id), node);
  const feeders = new Map<string, string[]>();
  for (const edge of arr(json.edges)) {
    if (!isObj(edge)) continue;
    const source = byId.get(str(edge.sourceId));
    if (!source || str(source.type) === 'inputNode') continue;
    const list = feeders.get(str(edge.targetId)) ?? [];
    list.push(`${str(source.name) || str(source.id)} (${str(source.type)})`);
    feeders.set(str(edge.targetId), list);
  }
  for (const node of json.nodes) {
    if (!isObj(node)) continue;
    const type = str(node.type);
    const name = str(node.name) || str(node.id);
    if (type === 'inputNode' || type === 'outputNode') continue;
    if (type !== 'decisionTableNode' || !isObj(node.content)) {
      note(
        'warning',
        `node ${enQuote(name, 80)} (${type}) is not converted (only decision tables are)`,
        `节点${zhQuote(name, 80)}（${type}）未转换（只转换决策表）`,
      );
      continue;
    }
    tables.push(readTable(name, node.content, feeders.get(str(node.id)) ?? []));
  }
  if (tables.length === 0 && !notes.some((n) => n.level === 'error'))
    note('error', 'the JDM graph has no decision table', '该 JDM 图没有决策表');
  return { tables, notes };
}
