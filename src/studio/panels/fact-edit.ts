import { isMap, parseDocument } from 'yaml';
import { firstRepeatedKey } from '../../kernel/data/repeated-key';

/**
 * YAML read with repeated keys found by firstRepeatedKey (one Set per mapping, linear): yaml's own
 * check compares each key with every earlier one (a fact of 40,000 fields took over 20 s). Null
 * when the text has errors or a repeated key.
 */
function readYaml(text: string) {
  const doc = parseDocument(text, { uniqueKeys: false });
  return doc.errors.length > 0 || firstRepeatedKey(doc) ? null : doc;
}

/**
 * Sets `path` (dot-separated) to `value` in a fact's YAML text through the yaml Document API, so
 * the rest of the fact — comments included — stays as written. A `fact:` wrapper is respected.
 * The value is read as YAML (`8000` a number, `"8000"` text, `[a, b]` a list). Null when the text
 * is not a YAML mapping.
 */
export function setFactField(factText: string, path: string, valueText: string): string | null {
  const doc = readYaml(factText.trim() === '' ? '{}' : factText);
  if (!doc || !isMap(doc.contents)) return null;
  const root = doc.contents;
  const wrapped = root.items.length === 1 && root.has('fact') && isMap(root.get('fact'));
  const segments = path.split('.').filter((s) => s !== '');
  if (segments.length === 0) return null;
  const parsedValue = readYaml(valueText.trim() === '' ? 'null' : valueText);
  const value = parsedValue ? parsedValue.toJS() : valueText;
  doc.setIn(wrapped ? ['fact', ...segments] : segments, value);
  return doc.toString();
}
