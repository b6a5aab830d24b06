import { joinZh } from '../gloss/typography';
import { enQuote, zhQuote } from '../util/quote';
import type { ForeignTable, ImportNote } from './convert-table';
import { readFeelLiteral } from './feel';
import { grouped } from './limits';

/** DMN element kinds in Chinese (the DMN 1.3 specification's Chinese usage); others as named. */
const ZH_TYPES: Readonly<Record<string, string>> = {
  Decision: '决策',
  InputData: '输入数据',
  BusinessKnowledgeModel: '业务知识模型',
  KnowledgeSource: '知识来源',
  DecisionService: '决策服务',
  TextAnnotation: '文本注释',
  Association: '关联',
  Group: '分组',
};
const zhType = (type: string) => ZH_TYPES[type] ?? type;

/**
 * The decision tables of a DMN 1.1–1.5 model as parsed by dmn-moddle (the bpmn-io parser, loaded
 * by the caller, which reads other versions' namespaces as 1.3: src/table-import/read-foreign.ts;
 * the kernel reads the plain object it returns, never XML). Every other DRG element is named in
 * the notes as not converted.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const textOf = (v: unknown): string => (isObj(v) ? str(v.text) : '');

export function dmnTables(definitions: unknown): {
  tables: ForeignTable[];
  notes: ImportNote[];
} {
  const tables: ForeignTable[] = [];
  const notes: ImportNote[] = [];
  const note = (level: ImportNote['level'], en: string, zh: string) =>
    notes.push({ level, message: { en, zh } });
  /** A DMN element in Chinese: its kind's Chinese name, then its own name in “”. */
  const zhElement = (type: string, name: string) => joinZh(zhType(type), zhQuote(name, 80));
  if (!isObj(definitions) || str(definitions.$type) !== 'dmn:Definitions') {
    note(
      'error',
      'the file is not a DMN model (no <definitions>)',
      '该文件不是 DMN 模型（没有 <definitions>）',
    );
    return { tables, notes };
  }
  for (const a of arr(definitions.artifact)) {
    if (!isObj(a)) continue;
    const type = str(a.$type).replace(/^dmn:/, '');
    const text = type === 'TextAnnotation' ? textOf(a) : null;
    note(
      'info',
      `${type}${text === null ? '' : ` ${enQuote(text, 80)}`} is not converted (a diagram element)`,
      joinZh(text === null ? zhType(type) : zhElement(type, text), '未转换（图中的元素）'),
    );
  }
  if (isObj(definitions.dmnDI) || arr(definitions.drgElement).some(hasLayout))
    note('info', 'the diagram layout is not converted', '图的布局未转换');
  for (const el of arr(definitions.drgElement)) {
    if (!isObj(el)) continue;
    const type = str(el.$type).replace(/^dmn:/, '');
    const name = str(el.name) || str(el.id);
    for (const attr of extensionAttributes(el))
      note(
        'warning',
        `attribute ${attr} of ${type} ${enQuote(name, 80)} is not converted`,
        `${zhElement(type, name)}的属性 ${attr} 未转换`,
      );
    if (type !== 'Decision') {
      if (type !== 'InputData')
        note(
          'warning',
          `${type} ${enQuote(name, 80)} is not converted (only decision tables are)`,
          `${zhElement(type, name)}未转换（只转换决策表）`,
        );
      continue;
    }
    const logic = el.decisionLogic;
    const logicType = isObj(logic) ? str(logic.$type).replace(/^dmn:/, '') : '';
    if (!isObj(logic) || logicType !== 'DecisionTable') {
      note(
        'warning',
        `decision ${enQuote(name, 80)} is not converted: its logic is ${logicType || 'missing'}, not a decision table`,
        `${zhElement('Decision', name)}未转换：其逻辑是 ${logicType || '空'}，不是决策表`,
      );
      continue;
    }
    if (arr(el.informationRequirement).some((r) => isObj(r) && r.requiredDecision))
      note(
        'warning',
        `decision ${enQuote(name, 80)} requires other decisions: the link is not converted; its inputs read fact fields of the same names`,
        `${zhElement('Decision', name)}依赖其他决策：该依赖未转换；其输入读取同名的事实字段`,
      );
    const table: ForeignTable = {
      origin: 'DMN',
      name,
      hitPolicy: str(logic.hitPolicy) || 'UNIQUE',
      ...(str(logic.aggregation) ? { aggregation: str(logic.aggregation) } : {}),
      inputs: arr(logic.input).map((i) => {
        const values = isObj(i) ? textOf(i.inputValues) : '';
        return {
          label: isObj(i) ? str(i.label) : '',
          expression: isObj(i) ? textOf(i.inputExpression) : '',
          ...(values ? { values } : {}),
        };
      }),
      outputs: arr(logic.output).map((o, _, all) => {
        const values = isObj(o) ? textOf(o.outputValues) : '';
        const label = isObj(o) ? str(o.label) : '';
        // A table's one output may go unnamed: DMN gives its value the decision's name (§8.2).
        const single =
          all.length === 1
            ? str(logic.outputLabel) || (isObj(el.variable) ? str(el.variable.name) : '') || name
            : '';
        return {
          name: isObj(o) ? str(o.name) : '',
          label: label || single,
          ...(values ? { values: values.split(',').map((v) => v.trim()) } : {}),
        };
      }),
      rules: arr(logic.rule).map((r) => ({
        inputs: isObj(r) ? arr(r.inputEntry).map(textOf) : [],
        outputs: isObj(r) ? arr(r.outputEntry).map(textOf) : [],
        ...(isObj(r) && str(r.description) ? { description: str(r.description) } : {}),
      })),
    };
    const computed = computedOutputs(table);
    tables.push(computed.length > 0 ? { ...table, notes: computed } : table);
  }
  if (tables.length === 0 && !notes.some((n) => n.level === 'error'))
    note('error', 'the DMN model has no decision table', '该 DMN 模型没有决策表');
  return { tables, notes };
}

/** How many output entries that are expressions a table's report names one by one. */
const NAMED_EXPRESSIONS = 5;

/**
 * An output entry that is not a literal (`Symptom + " is a cold symptom"`, `Age * 2`, a name) gives
 * a value computed from the fact; an ERDL row gives a fixed decision and message, so the table is
 * refused, naming the entries (never copied into the message as text).
 */
function computedOutputs(table: ForeignTable): ImportNote[] {
  const found: { rule: number; output: string; text: string }[] = [];
  table.rules.forEach((r, i) => {
    r.outputs.forEach((text, k) => {
      if (text.trim() === '' || readFeelLiteral(text) !== null) return;
      const o = table.outputs[k];
      found.push({ rule: i + 1, output: o?.name || o?.label || `${k + 1}`, text });
    });
  });
  const notes: ImportNote[] = found.slice(0, NAMED_EXPRESSIONS).map((f) => ({
    level: 'error',
    message: {
      en: `rule ${f.rule}, output ${enQuote(f.output, 80)}: ${enQuote(f.text, 80)} is an expression, not a value: an ERDL row gives a fixed decision and message, so it is not converted`,
      zh: `规则 ${f.rule}，输出列${zhQuote(f.output, 80)}：${zhQuote(f.text, 80)}是表达式而不是值：ERDL 的行只给出固定的决策和消息，因此未转换`,
    },
  }));
  const more = found.length - NAMED_EXPRESSIONS;
  if (more > 0)
    notes.push({
      level: 'error',
      message: {
        en: `and ${grouped(more)} more output ${more === 1 ? 'entry' : 'entries'} that are expressions`,
        zh: `另有 ${grouped(more)} 个输出项是表达式`,
      },
    });
  return notes;
}

/** DMN 1.1 editors keep the layout in extension elements (biodi:bounds), 1.3 in DMNDI. */
function hasLayout(el: unknown): boolean {
  return isObj(el) && isObj(el.extensionElements) && arr(el.extensionElements.values).length > 0;
}

/** Tool-specific attributes (e.g. camunda:historyTimeToLive), left out when empty. */
function extensionAttributes(el: Obj): string[] {
  const attrs = isObj(el.$attrs) ? el.$attrs : {};
  return Object.entries(attrs)
    .filter(([k, v]) => !k.startsWith('xmlns') && str(v) !== '')
    .map(([k]) => k);
}
