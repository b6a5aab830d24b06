import { isMap, parseDocument } from 'yaml';

/**
 * Sets `path` (dot-separated) to `value` in a fact's YAML text through the yaml Document API, so
 * the rest of the fact — comments included — stays as written. A `fact:` wrapper is respected.
 * The value is read as YAML (`8000` a number, `"8000"` text, `[a, b]` a list). Null when the text
 * is not a YAML mapping.
 */
export function setFactField(factText: string, path: string, valueText: string): string | null {
  const doc = parseDocument(factText.trim() === '' ? '{}' : factText);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return null;
  const root = doc.contents;
  const wrapped = root.items.length === 1 && root.has('fact') && isMap(root.get('fact'));
  const segments = path.split('.').filter((s) => s !== '');
  if (segments.length === 0) return null;
  const parsedValue = parseDocument(valueText.trim() === '' ? 'null' : valueText);
  const value = parsedValue.errors.length > 0 ? valueText : parsedValue.toJS();
  doc.setIn(wrapped ? ['fact', ...segments] : segments, value);
  return doc.toString();
}
