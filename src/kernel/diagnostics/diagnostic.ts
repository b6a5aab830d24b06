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

export interface Range {
  readonly start: number;
  readonly end: number;
}

export interface Bilingual {
  readonly en: string;
  readonly zh: string;
}

export interface TextEdit {
  readonly range: Range;
  readonly newText: string;
}

export interface Fix {
  readonly title: Bilingual;
  readonly edits: readonly TextEdit[];
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
}
