import type { UncoveredInputs } from '../table-analysis/region-types';
import type { Range, TextEdit } from '../util/text-edit';

export type { Range, TextEdit };
/**
 * The one diagnostic shape the editor, the CLI and exports share. Ranges are UTF-16 offsets into
 * the source text (what Monaco and JS strings use); line/column is computed only for display
 * (see source-text.ts), as eemeli/yaml does.
 */

export type Severity = 'error' | 'warning' | 'info';

export type Category =
  | 'input' // bytes, size, encoding
  | 'syntax' // YAML / JSON syntax
  | 'structure' // fields present, types, order
  | 'enum' // a value outside an enumeration
  | 'condition' // when / unless / expr / decision table content
  | 'limit' // E4 and list/regex limits
  | 'regex' // RE2 compatibility
  | 'completeness' // §7.4
  | 'format' // §2.3 conventions
  | 'internal';

export interface Bilingual {
  readonly en: string;
  readonly zh: string;
}

export interface Fix {
  readonly title: Bilingual;
  readonly edits: readonly TextEdit[];
}

/**
 * A concrete fact that shows a finding (the table analysis's counterexamples). Plain JSON, so it
 * crosses the worker boundary and can be sent to the evaluation panel as it is.
 */
export interface DiagnosticExample {
  /** The fact to evaluate (JSON data: objects, strings, finite numbers, booleans, null). */
  readonly fact: { readonly [key: string]: unknown };
  /** What evaluating it shows, in both languages. */
  readonly explanation: Bilingual;
  /** The table row that fires first for this fact under row order; null when no row matches. */
  readonly firstMatch: {
    readonly row: number;
    readonly rule: string;
    readonly decision: string;
  } | null;
  /**
   * ERDL-W509 / W512: the earlier rows that take every fact this row matches ("row 3", "rows 1
   * and 3"; zh "第 3 行", "第 1、3 行"), as the message names them.
   */
  readonly takenBy?: Bilingual;
}

export interface Diagnostic {
  /** Stable code, e.g. `ERDL-E012`; documented in docs/diagnostics.md. */
  readonly code: string;
  readonly severity: Severity;
  readonly category: Category;
  readonly message: Bilingual;
  readonly range: Range;
  /** Whether the document can still be evaluated (false for every load error). */
  readonly recoverable: boolean;
  readonly fix?: Fix;
  /** A counterexample fact (decision-table analysis, docs/table-analysis.md). */
  readonly example?: DiagnosticExample;
  /** ERDL-W511: the regions of inputs no row matches, each with a row that would cover it. */
  readonly uncovered?: UncoveredInputs;
  /**
   * Diagnostics this one causes (one root cause, one error): shown folded under it ("and 54 more
   * caused by this"), never as findings of their own. Fixing the root removes them.
   */
  readonly caused?: readonly Diagnostic[];
  /** Technical detail for the curious (e.g. the YAML parser's own words, English); never the message. */
  readonly detail?: string;
}
