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
    columnLabel(table.columns.find((c) => c.field === path)?.label, lang) ??
    fieldDisplayName(path, lang).text
  );
}
