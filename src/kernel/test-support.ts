/**
 * Helpers for the kernel's unit tests (not part of the public API). Pure, like the rest of the
 * kernel: no host APIs, no test-runner imports.
 */
import { type CompileResult, compileDocument } from './compile';
import type { Diagnostic, TextEdit } from './diagnostics/diagnostic';
import type { TableModel } from './table-edit/model';
import { readTables } from './table-edit/read-tables';

/**
 * A valid header's lines, through `rules:`: the metadata's `name`, any `metadata` lines (indented
 * by 2), then `decision: ALLOW`.
 */
export function headerLines(name = 't', ...metadata: string[]): string[] {
  return [
    'protocol: "erdl/v2"',
    'version: "2.1.0"',
    'metadata:',
    `  name: "${name}"`,
    ...metadata,
    '  decision: ALLOW',
    'rules:',
  ];
}

/** The lines of a rule that always matches (`when: "true"`, NOTIFY), an item of `rules:`. */
export function trueRule(name = 'SEC-001-sample'): string[] {
  return [
    `  - name: "${name}"`,
    '    description: "d"',
    '    priority: 10',
    '    when: "true"',
    '    then: NOTIFY',
  ];
}

/**
 * A valid header. `doc(rules)` puts the rules right after it, so the first rule line is line
 * `RULES_LINE` (7).
 */
export const HEADER = [...headerLines('test-rules'), ''].join('\n');

/** 1-based line of the first line passed to `doc()`. */
export const RULES_LINE = 7;

/** A full document: the valid header followed by `rulesYaml` (rule items indented by 2). */
export function doc(rulesYaml: string): string {
  return HEADER + (rulesYaml.endsWith('\n') ? rulesYaml : `${rulesYaml}\n`);
}

/** A condition of a simple rule: its field, operator and value (as YAML). */
export type Condition = readonly [field: string, operator: string, value: string];

/** `tool.name eq "issue_refund"`, the tests' usual first condition. */
export const REFUND_TOOL: Condition = ['tool.name', 'eq', '"issue_refund"'];

/**
 * One simple rule as lines of an item of `rules:` (indented by 2): `logic: AND` over its
 * conditions; description "d", priority 10, DENY and message "m" unless given.
 */
export function simpleRule(rule: {
  readonly name: string;
  readonly description?: string;
  readonly priority?: number;
  readonly conditions: readonly Condition[];
  readonly then?: string;
  readonly message?: string;
}): string[] {
  return [
    `  - name: "${rule.name}"`,
    `    description: "${rule.description ?? 'd'}"`,
    `    priority: ${rule.priority ?? 10}`,
    '    when:',
    '      logic: AND',
    '      conditions:',
    ...rule.conditions.flatMap(([field, operator, value]) => [
      `        - field: "${field}"`,
      `          operator: ${operator}`,
      `          value: ${value}`,
    ]),
    `    then: ${rule.then ?? 'DENY'}`,
    `    message: "${rule.message ?? 'm'}"`,
  ];
}

/** Joins lines with "\n" and ends with a newline. */
export function lines(...ls: string[]): string {
  return `${ls.join('\n')}\n`;
}

/** A diagnostic reduced to what tests assert: code, severity and 1-based position. */
export interface Found {
  readonly code: string;
  readonly severity: Diagnostic['severity'];
  readonly line: number;
  readonly column: number;
  readonly en: string;
  readonly zh: string;
}

export function found(r: CompileResult): Found[] {
  return r.diagnostics.map((d) => {
    const { line, column } = r.source.position(d.range.start);
    return {
      code: d.code,
      severity: d.severity,
      line,
      column,
      en: d.message.en,
      zh: d.message.zh,
    };
  });
}

/** Compile and list every diagnostic as "CODE@line:column" (ordered by position). */
export function diag(input: string | Uint8Array): string[] {
  return found(compileDocument(input)).map((d) => `${d.code}@${d.line}:${d.column}`);
}

/** Only the codes, in order. */
export function codes(input: string | Uint8Array): string[] {
  return compileDocument(input).diagnostics.map((d) => d.code);
}

/** Apply non-overlapping text edits (offsets refer to the original text). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.range.start - a.range.start);
  let out = text;
  for (let i = 1; i < sorted.length; i++) {
    const later = sorted[i - 1];
    const earlier = sorted[i];
    if (later && earlier && earlier.range.end > later.range.start)
      throw new Error('overlapping edits');
  }
  for (const e of sorted) out = out.slice(0, e.range.start) + e.newText + out.slice(e.range.end);
  return out;
}

/** The fix of the first diagnostic with `code`, applied to `text`. Throws when there is none. */
export function applyFix(text: string, code: string): string {
  const d = compileDocument(text).diagnostics.find((x) => x.code === code);
  if (!d) throw new Error(`no ${code} diagnostic`);
  if (!d.fix) throw new Error(`${code} has no fix`);
  return applyEdits(text, d.fix.edits);
}

/** Two rules: a refund limit (REQUEST_HUMAN) and a blocked-country list (DENY). */
export const PAYMENTS = lines(
  'protocol: "erdl/v2"',
  'version: "2.1.0"',
  'metadata:',
  '  name: "payments"',
  '  decision: ALLOW',
  'rules:',
  ...simpleRule({
    name: 'PAY-001-large-refund',
    description: 'Large refunds need a human',
    conditions: [REFUND_TOOL, ['tool.args.amount', 'gt', '5000']],
    then: 'REQUEST_HUMAN',
    message: 'Refund over 5000 needs approval',
  }),
  ...simpleRule({
    name: 'PAY-002-blocked-country',
    description: 'No payments to blocked countries',
    priority: 20,
    conditions: [['context.country', 'in', '["KP", "IR"]']],
    message: 'Country blocked',
  }),
);

/** The first decision table of `text` as the grid reads it (throws when the text does not read). */
export function firstTable(text: string): TableModel {
  const read = readTables(text);
  if (!read.ok) throw new Error('the tables do not read');
  const table = read.tables[0];
  if (!table) throw new Error('no decision table');
  return table;
}
