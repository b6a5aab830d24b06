import type { Bilingual } from '../diagnostics/diagnostic';
import { zhQuote } from '../util/quote';
import { revealText } from '../util/visible-text';
import type { ColumnModel } from './model';

/**
 * A condition column as refusals name it (issue #36): by its header — the label in the message's
 * language (the other language's when only that one is given) — and its field path, never by its
 * number: `“Segment” (customer.segment)`, `“客户分层”（customer.segment）`; a column without a
 * label by its field path alone, `“customer.segment”`. Hidden characters are shown (I-88).
 */
export function columnPlace(column: Pick<ColumnModel, 'field' | 'label'>): Bilingual {
  const label = column.label;
  const en = typeof label === 'string' ? label : (label?.en ?? label?.zh);
  const zh = typeof label === 'string' ? label : (label?.zh ?? label?.en);
  const field = revealText(column.field);
  return {
    en: en === undefined ? `“${field}”` : `“${revealText(en)}” (${field})`,
    zh: zh === undefined ? zhQuote(column.field) : `${zhQuote(zh)}（${field}）`,
  };
}

/** `row 2, “Segment” (customer.segment)` / `第 2 行“客户分层”（customer.segment）`. */
export function rowColumnPlace(
  row: number,
  column: Pick<ColumnModel, 'field' | 'label'>,
): Bilingual {
  const place = columnPlace(column);
  return { en: `row ${row}, ${place.en}`, zh: `第 ${row} 行${place.zh}` };
}
