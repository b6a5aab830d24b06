import { enQuote, zhQuote } from '../util/quote';
import type { ForeignTable, ImportNote } from './convert-table';

/**
 * The decision tables of a GoRules JDM graph (JSON: `{nodes: [{type: "decisionTableNode",
 * content: {hitPolicy, inputs, outputs, rules}}], edges}`). Other nodes are named in the notes as
 * not converted; a rule cell is `rule[column.id]` (an empty cell matches anything).
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function jdmTables(json: unknown): { tables: ForeignTable[]; notes: ImportNote[] } {
  const tables: ForeignTable[] = [];
  const notes: ImportNote[] = [];
  const note = (level: ImportNote['level'], en: string, zh: string) =>
    notes.push({ level, message: { en, zh } });
  if (!isObj(json) || !Array.isArray(json.nodes)) {
    note(
      'error',
      'the JSON is not a GoRules JDM graph (no "nodes" list)',
      '该 JSON 不是 GoRules JDM 图（没有 nodes 列表）',
    );
    return { tables, notes };
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
    const c = node.content;
    const inputs = arr(c.inputs).filter(isObj);
    const outputs = arr(c.outputs).filter(isObj);
    tables.push({
      origin: 'JDM',
      name,
      hitPolicy: str(c.hitPolicy) || 'first',
      inputs: inputs.map((i) => ({ label: str(i.name), expression: str(i.field) })),
      outputs: outputs.map((o) => ({ name: str(o.field), label: str(o.name) })),
      rules: arr(c.rules)
        .filter(isObj)
        .map((r) => ({
          inputs: inputs.map((i) => str(r[str(i.id)])),
          outputs: outputs.map((o) => str(r[str(o.id)])),
        })),
    });
  }
  if (tables.length === 0 && !notes.some((n) => n.level === 'error'))
    note('error', 'the JDM graph has no decision table', '该 JDM 图没有决策表');
  return { tables, notes };
}
