/**
 * The name a decision-table row compiles to (§5.4, I-75, I-90): `<entry>#<id>`, its id the row's
 * `name` when it has one, else its 1-based position. Every place that builds or reads such a name
 * uses this module. A row id never contains `#`, so `A#x#1` is row `1` of `A#x`, not a row of `A`.
 */

/** The row's id in its compiled rule name: its `name`, else its 1-based position. */
export function rowId(row: {
  readonly name?: string | null | undefined;
  readonly index: number;
}): string {
  return row.name ?? String(row.index);
}

/** The compiled rule name of the row `id` (a name or a 1-based position) of the table `entry`. */
export function compiledRowName(entry: string, id: string | number): string {
  return `${entry}#${id}`;
}

/** Whether `rule` names a row of the table `entry` (any row id, existing or not). */
export function namesRowOf(entry: string, rule: string): boolean {
  return rule.startsWith(`${entry}#`);
}

/** The row id `rule` names in the table `entry`, or null when it names no row of that table. */
export function rowIdOfRule(entry: string, rule: string): string | null {
  if (!namesRowOf(entry, rule)) return null;
  const id = rule.slice(entry.length + 1);
  return id === '' || id.includes('#') ? null : id;
}
