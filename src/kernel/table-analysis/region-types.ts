/**
 * The data of an uncovered-inputs finding (ERDL-W511) and of the cells it proposes: types only,
 * importing nothing, so the diagnostic type (diagnostics/diagnostic.ts) can carry a finding's
 * regions without importing the analysis that finds them (no import cycle; tests/layers.test.ts).
 */

/** A value as written: scalars keep their source text (numbers are never re-rendered via doubles). */
export type CellValue =
  | {
      readonly kind: 'scalar';
      readonly value: string | number | boolean | null;
      readonly source: string;
    }
  | { readonly kind: 'list'; readonly items: readonly CellValue[] };

/** The new content of a cell (what an edit writes). */
export type CellInput =
  | { readonly kind: 'any' }
  | { readonly kind: 'condition'; readonly op: string; readonly value?: CellValue };

export type Fact = { readonly [key: string]: unknown };

/** What an example fact of a region stands for beyond its own values (region-example.ts). */
export type ExampleNote =
  /** Only values strictly between `lower` and `upper` (decimal text), off the column's grid. */
  | {
      readonly path: string;
      readonly kind: 'between';
      readonly lower: string | null;
      readonly upper: string | null;
      /** Decimal places of the column's grid (0: whole numbers). */
      readonly places: number;
    }
  /** Any text other than the strings the cells name (`except`, in the table's order of classes). */
  | { readonly path: string; readonly kind: 'otherText'; readonly except: readonly string[] }
  /** Any value of the column's kinds (the region does not narrow the field). */
  | { readonly path: string; readonly kind: 'any' };

/**
 * The inputs no row matches (ERDL-W511), as regions a new row can cover: each region is a box of
 * value classes (value-classes.ts) that no row may fire on, with the cells of a row that fires on
 * exactly that region when it is added below every row (docs/table-analysis.md, "Uncovered
 * regions"). A row's cells are one condition per field, so a region such as 699 < score < 700 is
 * written with the loosest single condition (`> 699`) whose extra inputs earlier rows surely take
 * first: the row then fires on the region and nowhere else. Each choice is checked on the boxes.
 */
export interface UncoveredRegion {
  /**
   * The new row's condition on each field it tests (fields left out: "-"), or null when no
   * single condition per field fires on exactly the region (the region is then only described).
   */
  readonly cells: readonly { readonly path: string; readonly cell: CellInput }[] | null;
  /**
   * True when the cells match exactly the region; false when they are wider and the rows above
   * take the rest first (the analysis then reports the new row's overlap with them, W510).
   */
  readonly exact: boolean;
  /**
   * A fact of the region a person would write (region-example.ts); evaluated: no row matches it.
   */
  readonly fact: Fact;
  /**
   * Fields whose example stands for values the column's grid does not hold (only 699 < score < 700
   * with whole-number cells) or for "any other text" (region-example.ts).
   */
  readonly notes: readonly ExampleNote[];
}

export interface UncoveredInputs {
  readonly regions: readonly UncoveredRegion[];
  /** False when the search stopped at its bound: more regions may exist (re-analysis finds them). */
  readonly complete: boolean;
}
