import { stripHidden } from '../util/visible-text';

/**
 * A fresh row name for a new decision-table row (I-75, I-90): neutral — a number, never derived
 * from the row's decision or cells (a name outlives both). It is the smallest number ≥ `from`
 * (the grid passes the table's row count after the edit, so new rows read as "6", "7" …) that no
 * row of the table uses as its name (`taken`) and that is not the position of an unnamed row
 * (`unnamed`, which would then share its `<entry>#<n>`). Always an acceptable name (no leading
 * zero, no `#`). Pure.
 */
export function freshRowName(
  taken: Iterable<string>,
  from: number,
  unnamed: Iterable<number> = [],
): string {
  // As seen (I-88): a new "6" beside a "6" with a hidden character would look the same.
  const used = new Set([...taken].map(stripHidden));
  const positions = new Set(unnamed);
  const start = Number.isSafeInteger(Math.floor(from)) ? Math.max(1, Math.floor(from)) : 1;
  for (let n = start; ; n++) {
    const name = String(n);
    if (!used.has(name) && !positions.has(n)) return name;
  }
}
