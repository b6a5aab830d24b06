import type { PasteWidening, TableModel } from '../../../kernel/table-edit';
import { format } from '../../i18n/i18n';
import type { Lang } from '../../store/types';
import { columnLabel, fieldName } from '../column-label';
import { describeExample } from '../finding-sentence';
import { gridStrings } from '../strings';
import { cellPhrase, decisionWord } from './cell-phrase';
import { changeStrings } from './strings';

/** How a widening is marked: it widens, it may widen, or its decision blocks less. */
export type WideningMark = 'widens' | 'may-widen' | 'less-blocking';

export interface WideningText {
  readonly mark: WideningMark;
  /** 0-based row of the table the widening is about (a new row: where it will be). */
  readonly row: number;
  /** The condition columns it is about (none for a decision). */
  readonly columns: readonly number[];
  readonly text: string;
}

/** A column's display name: its label in the UI language, else its field path. */
export function columnName(table: TableModel, column: number, lang: Lang): string {
  const c = table.columns[column];
  return columnLabel(c?.label, lang) ?? c?.field ?? '';
}

/**
 * A widening of a paste as a sentence in display names and formatted values: "Widens row 1: it
 * now matches any credit score, not only < 580. For example: credit score 580."
 */
export function wideningText(w: PasteWidening, table: TableModel, lang: Lang): WideningText {
  const s = changeStrings[lang].widening;
  const row = w.row + 1;
  if (w.kind === 'decision') {
    const after = decisionWord(w.after, lang);
    const before = w.before === null ? '' : decisionWord(w.before, lang);
    const text = !w.newRow
      ? format(s.lessBlocking, { row, before, after })
      : w.before === null
        ? format(s.newRowNoDefault, { row, after })
        : format(s.newRowLessBlocking, { row, before, after });
    return { mark: 'less-blocking', row: w.row, columns: [], text };
  }
  const { widening } = w;
  const columns = widening.columns.map((c) => c.column);
  if (widening.verdict === 'widens') {
    const parts = widening.columns.map((c) => {
      const name = columnName(table, c.column, lang);
      const now =
        c.after.kind === 'any'
          ? format(s.anyOf, { column: name })
          : format(s.cellOf, { column: name, cell: cellPhrase(c.after, lang) });
      return format(s.part, { now, was: cellPhrase(c.before, lang) });
    });
    const first = format(s.widens, { row, parts: parts.join(s.listSeparator) });
    const example = widening.example
      ? format(s.example, {
          fact: describeExample(widening.example, lang, gridStrings[lang].finding, (path) =>
            fieldName(table, path, lang),
          ),
        })
      : '';
    const text = example ? format(s.twoSentences, { first, second: example }) : first;
    return { mark: 'widens', row: w.row, columns, text };
  }
  const parts = widening.columns.map((c) =>
    format(s.mayPart, {
      column: columnName(table, c.column, lang),
      was: cellPhrase(c.before, lang),
      now: cellPhrase(c.after, lang),
    }),
  );
  return {
    mark: 'may-widen',
    row: w.row,
    columns,
    text: format(s.mayWiden, { row, parts: parts.join(s.listSeparator) }),
  };
}

/** The rows a paste widens, may widen or makes block less (what the Apply button counts). */
export function widenedRows(widenings: readonly PasteWidening[]): number {
  return new Set(widenings.map((w) => w.row)).size;
}
