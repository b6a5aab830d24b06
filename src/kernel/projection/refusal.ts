import type { Bilingual } from '../diagnostics/diagnostic';
import type { ExprNode } from '../tree/types';
import { expressionYV } from './to-expression';
import { flowText } from './yaml-out';

/**
 * Why a conversion cannot be made. A projection never writes a form that would compile to a
 * different tree: when the target form cannot say exactly what the tree says, it refuses with one
 * of these codes (docs/projections.md lists them with examples).
 */
export const REFUSAL_CODES = [
  /** A node that no Simple operator compiles to (arithmetic, quantifier, time, field vs field…). */
  'simple/not-a-condition',
  /** and/or nested in a way Simple cannot write (Simple conditions do not nest). */
  'simple/nested-logic',
  /** A not(…), length or count comparison without the exists(field) guard §5.2 compiles it with. */
  'simple/missing-guard',
  /** The right shape, but a value the operator's Simple `value` cannot carry. */
  'simple/value',
  /** within / rate somewhere other than directly around one condition. */
  'simple/modifier',
  /** Simple and tables are Grade A (E4): the tree is over a Grade A limit. */
  'simple/grade-limit',
  /** A table row is an AND of cells: an OR rule cannot be a row. */
  'table/or-logic',
  /** Table cells cannot carry within / rate (ERDL-E508). */
  'table/modifier',
  /** A row has one cell per column: a rule testing a field twice cannot be a row. */
  'table/repeated-field',
  /** Rules test their fields in orders no single column order satisfies. */
  'table/column-order',
  /** Rules differ in a field a table entry holds once (priority, override, ring, unless…). */
  'table/entry-fields',
  /** No rule to merge tests a field: a table needs at least one column. */
  'table/no-columns',
  /** The rules to merge are not consecutive in the document. */
  'table/not-adjacent',
  /** A rule produced from a table row would take a name the document already uses. */
  'rules/name-collision',
  /** A blocking (or security) default row cannot stand alone as when: "true" (§7.4). */
  'rules/unconditional-row',
] as const;

export type RefusalCode = (typeof REFUSAL_CODES)[number];

export interface Refusal {
  /** The rule entry (or table row `<entry>#<n>`) that cannot be converted. */
  readonly rule: string;
  readonly code: RefusalCode;
  /** `when` or `unless` when the reason is in a condition. */
  readonly part?: 'when' | 'unless';
  readonly message: Bilingual;
}

/** A refusal before the rule is known (filled in by the caller). */
export interface Reason {
  readonly code: RefusalCode;
  readonly message: Bilingual;
}

export const reason = (code: RefusalCode, en: string, zh: string): Reason => ({
  code,
  message: { en, zh },
});

const MAX_SHOWN = 90;

/** A node as short Expression text, for messages: `{gt: [{field: "a"}, {field: "b"}]}`. */
export function shown(n: ExprNode): string {
  const text = flowText(expressionYV(n));
  return text.length <= MAX_SHOWN ? text : `${text.slice(0, MAX_SHOWN - 1)}…`;
}
