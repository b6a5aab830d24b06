import { isMap, parseDocument, type YAMLMap } from 'yaml';

/**
 * Adds (or replaces) one field's display names in the dictionary's YAML text through the yaml
 * Document API, so the user's comments and other entries stay exactly as written.
 * Returns null when the dictionary text is not a mapping (the caller reports it).
 */
export function setDisplayName(
  dictionaryText: string,
  field: string,
  names: { readonly zh: string; readonly en: string },
): string | null {
  const empty = dictionaryText.trim() === '';
  const doc = parseDocument<YAMLMap<string, unknown>, false>(empty ? '{}' : dictionaryText);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return null;
  if (empty) doc.contents.flow = false;
  const value = doc.createNode({ zh: names.zh, en: names.en });
  value.flow = true;
  doc.contents.set(field, value);
  return doc.toString();
}
