import type { Bilingual, Range } from '../diagnostics/diagnostic';
import type { CellValue } from '../table-analysis/region-types';
import type { TableColumnType } from '../vocabulary/document';

/**
 * The read model of a decision table (§5.4) as the grid shows it, with the source ranges every
 * edit operation needs. Offsets are UTF-16 offsets into the text that was read (a leading BOM
 * included), like every kernel range the studio receives.
 */

export type { CellValue };

export type CellModel =
  /** `"-"`: the row does not test this column. */
  | { readonly kind: 'any'; readonly range: Range }
  | {
      readonly kind: 'condition';
      readonly op: string;
      /** Absent for exists / not_exists. */
      readonly value?: CellValue;
      readonly range: Range;
    }
  /** Anything else (shown as its source text; the kernel's diagnostics say what is wrong). */
  | { readonly kind: 'invalid'; readonly source: string; readonly range: Range };

export interface ColumnModel {
  readonly field: string;
  readonly label?: string | { readonly zh?: string; readonly en?: string };
  /** The declared `type` (I-91), when it is one of the column types; the grid reads cells by it. */
  readonly type?: TableColumnType;
  /** The column's node. */
  readonly range: Range;
}

/** The optional texts of a row (§4.1) the grid shows as columns. */
export const ROW_TEXT_KEYS = ['message', 'instruction', 'explanation', 'correction'] as const;
export type RowTextKey = (typeof ROW_TEXT_KEYS)[number];

export interface RowText {
  /** The text; a bilingual explanation `{zh, en}` is shown as its JSON and edited in the YAML. */
  readonly value: string;
  readonly editable: boolean;
  /** The value node. */
  readonly range: Range;
}

export interface RowModel {
  /** 1-based: the compiled rule is `<entry>#<index>` when the row has no name. */
  readonly index: number;
  /** The row's `name` (I-75): the compiled rule is then `<entry>#<name>`. */
  readonly name: string | null;
  /** The row's cells; `[]` for the default row `when: []`. */
  readonly cells: readonly CellModel[];
  readonly isDefault: boolean;
  readonly then: string | null;
  readonly priority: number | null;
  readonly message: string | null;
  readonly range: Range;
  /** The `when` list node (cells). */
  readonly whenRange: Range | null;
  /** The `then` and `priority` value nodes, when present. */
  readonly thenRange: Range | null;
  readonly priorityRange: Range | null;
  /** message, instruction, explanation, correction as written (absent keys are null). */
  readonly texts: { readonly [K in RowTextKey]: RowText | null };
}

export interface TableModel {
  /** The rule entry's name. */
  readonly entry: string;
  /** The rule entry's `description`, when it is a string (the grid's title shows it). */
  readonly description?: string;
  /** Position of the entry in `rules` (0-based). */
  readonly ruleIndex: number;
  readonly range: Range;
  readonly columns: readonly ColumnModel[];
  readonly rows: readonly RowModel[];
  /** False when columns or rows are not block sequences of mappings: only in-place edits apply. */
  readonly structural: boolean;
}

/** A consecutive group of Simple rules over the same fields, shown as a read-only table (issue §5). */
export interface SimpleGroupModel {
  readonly rules: readonly string[];
  readonly fields: readonly string[];
  /** Per rule: one cell per field (null = not tested), its decision and priority. */
  readonly rows: readonly {
    readonly rule: string;
    readonly cells: readonly (CellModel | null)[];
    readonly then: string | null;
    readonly priority: number | null;
  }[];
}

export type TablesRead =
  | {
      readonly ok: true;
      readonly tables: readonly TableModel[];
      readonly simpleGroups: readonly SimpleGroupModel[];
    }
  /** The YAML does not load: the grid keeps its last good state read-only and says why. */
  | { readonly ok: false; readonly problems: readonly PositionedProblem[] };

export interface PositionedProblem {
  readonly message: Bilingual;
  readonly line: number;
  readonly column: number;
}
