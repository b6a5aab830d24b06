import { type FieldDictionary, parseData, parseFieldDictionary } from '../../kernel';
import { studioStore } from '../store';

let cached: { text: string; dictionary: FieldDictionary | undefined } | null = null;

/**
 * The workspace field dictionary as the gloss reads it; undefined when empty or malformed (the
 * Gloss panel reports its problems — here the gloss then reads raw field paths).
 */
export function dictionaryOf(text: string): FieldDictionary | undefined {
  if (cached?.text === text) return cached.dictionary;
  let dictionary: FieldDictionary | undefined;
  if (text.trim() !== '') {
    const data = parseData('fields', text);
    const parsed = data.ok ? parseFieldDictionary(data.value ?? {}) : null;
    dictionary = parsed?.ok ? parsed.dictionary : undefined;
  }
  cached = { text, dictionary };
  return dictionary;
}

export function workspaceDictionary(): FieldDictionary | undefined {
  return dictionaryOf(studioStore.getState().fieldDictionary);
}
