import { fieldDisplayName } from '../../kernel/gloss/names';
import type { TableModel } from '../../kernel/table-edit';
import type { Lang } from '../store/types';

/** A column's label in the UI language (the other language when only that one is given). */
export function columnLabel(
  label: TableModel['columns'][number]['label'],
  lang: Lang,
): string | null {
  if (label === undefined) return null;
  if (typeof label === 'string') return label;
  return label[lang] ?? label[lang === 'en' ? 'zh' : 'en'] ?? null;
}

/** A field's display name: its column's label, else the field dictionary's built-in names. */
export function fieldName(table: TableModel, path: string, lang: Lang): string {
  return (
    columnLabel(table.columns.find((c) => c.field === path)?.label, lang) ?? builtinName(path, lang)
  );
}

/** Built-in names by language and path (a fixed table: the answer never changes). */
const builtinNames = new Map<string, string>();

function builtinName(path: string, lang: Lang): string {
  const key = `${lang}\u0000${path}`;
  let name = builtinNames.get(key);
  if (name === undefined) {
    name = fieldDisplayName(path, lang).text;
    if (builtinNames.size >= 4096) builtinNames.clear();
    builtinNames.set(key, name);
  }
  return name;
}
