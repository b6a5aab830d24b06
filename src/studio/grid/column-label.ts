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
