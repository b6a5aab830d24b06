/**
 * The outputs an imported business table keeps in each row's message (ruling I-95): named in the
 * rule entry's description, read back from each message. No dependencies: the studio's grid reads
 * them on the main thread.
 */

/**
 * The outputs an imported business table keeps in each row's message (`name: value; …`, I-85),
 * named in the rule entry's description after this marker as a JSON list, so the table view can
 * show them as read-only columns (I-95).
 */
export const KEPT_OUTPUTS_MARKER = '; the message gives the outputs ';

/** The kept outputs an entry's description names (KEPT_OUTPUTS_MARKER), or null. */
export function keptOutputsOf(description: string | undefined): string[] | null {
  if (!description) return null;
  const at = description.lastIndexOf(KEPT_OUTPUTS_MARKER);
  if (at < 0) return null;
  try {
    const names: unknown = JSON.parse(description.slice(at + KEPT_OUTPUTS_MARKER.length));
    return Array.isArray(names) &&
      names.length > 0 &&
      names.every((n) => typeof n === 'string' && n !== '')
      ? (names as string[])
      : null;
  } catch {
    return null;
  }
}

/** A message in the kept-outputs form as `name: value` pairs read back in order, or null. */
export function keptOutputValues(message: string, names: readonly string[]): string[] | null {
  const values: string[] = [];
  let rest = message;
  for (let k = 0; k < names.length; k++) {
    const head = k === 0 ? `${names[k]}: ` : `; ${names[k]}: `;
    if (!rest.startsWith(head)) return null;
    rest = rest.slice(head.length);
    const next = names[k + 1];
    const end = next === undefined ? rest.length : rest.indexOf(`; ${next}: `);
    if (end < 0) return null;
    values.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  return rest === '' ? values : null;
}
