import type { Bilingual } from '../diagnostics/diagnostic';
import { zhQuote } from '../util/quote';
import type { TableColumnType } from '../vocabulary/document';
import { type ColumnType, isYesNoWord, readCell, typeOfCells } from './cell-reader';
import type { CellInput } from './cell-text';

/**
 * The type of an imported column, from ALL its cells at once, before any cell is read
 * (docs/table-cells.md "Import", I-91): one pass over its distinct texts, so linear in the
 * column's size and independent of the order of its rows.
 *
 * A text that reads without knowing the type (a number, a comparison, a range, `"quoted text"`,
 * `true`) says its type as it does in a grid column; a text that reads only as text — a plain word
 * (`standard`), `in gold, platinum`, `!= gold` — says "text" (or "date" for bare ISO dates). Then:
 * - no words: the type of the typed values (as before: a column of numbers is a number column;
 *   numbers and quoted texts together leave the type unknown);
 * - words, and every typed value agrees (none, or quoted texts, or dates with text): a text
 *   (date) column — declared as `type:` in the table, since its cells needed the words;
 * - words that are all yes / no words (`yes`, `no`, `y`, `n`, `是`, `否`) beside `true` / `false`:
 *   a yes/no column, declared; without a `true` / `false` they are ambiguous (text or yes/no?) and
 *   the column is refused, asking for `true` / `false` or quotes;
 * - words beside numbers (or other typed values): the column is refused, naming it with examples
 *   of both: one column holds one type, and it is not guessed.
 */
export interface ColumnInference {
  readonly type: ColumnType;
  /** The type to write as the column's `type:` (the inference needed words), or null. */
  readonly declare: TableColumnType | null;
  /** Why the column is refused as a whole (it names the column by `place`), or null. */
  readonly problem: Bilingual | null;
}

const EXAMPLES = 3;
/** The first few texts in sorted order (a refusal says the same whatever the rows' order). */
const examples = (texts: readonly string[], zh: boolean) =>
  [...texts]
    .sort()
    .slice(0, EXAMPLES)
    .map((t) => (zh ? zhQuote(t, 40) : JSON.stringify(t.length > 40 ? `${t.slice(0, 39)}…` : t)))
    .join(zh ? '、' : ', ');

export function inferImportColumn(texts: readonly string[], place: Bilingual): ColumnInference {
  const typed: CellInput[] = [];
  const typedTexts: string[] = [];
  const words: CellInput[] = [];
  const wordTexts: string[] = [];
  for (const text of new Set(texts)) {
    const read = readCell(text, 'unknown');
    if (read.ok) {
      if (read.cell.kind === 'condition' && read.cell.value !== undefined) {
        typed.push(read.cell);
        typedTexts.push(text);
      }
      continue;
    }
    const asText = readCell(text, 'string');
    if (asText.ok) {
      words.push(asText.cell);
      wordTexts.push(text.trim());
    }
  }
  const typedType = typeOfCells(typed);
  if (words.length === 0) return { type: typedType ?? 'unknown', declare: null, problem: null };
  const wordType = typeOfCells(words) === 'date' ? 'date' : 'string';
  if (wordTexts.every(isYesNoWord)) {
    if (typedType === 'boolean') return { type: 'boolean', declare: 'boolean', problem: null };
    if (typedType === null)
      return {
        type: 'unknown',
        declare: null,
        problem: {
          en: `${place.en} holds ${examples(wordTexts, false)}: yes/no values or words? Write true / false for yes/no, or put the words in quotes ("yes") for text`,
          zh: `${place.zh}中的${examples(wordTexts, true)}既可能是“是/否”值，也可能是文本：“是/否”值请写 true / false，文本请加引号（"yes"）`,
        },
      };
  }
  if (
    typedType === null ||
    typedType === wordType ||
    (typedType === 'date' && wordType === 'string')
  )
    return { type: wordType, declare: wordType, problem: null };
  if (typedType === 'string' && wordType === 'date')
    return { type: 'string', declare: 'string', problem: null };
  return {
    type: 'unknown',
    declare: null,
    problem: {
      en: `${place.en} holds both words (${examples(wordTexts, false)}) and other values (${examples(typedTexts, false)}): a column holds one type, and it is not guessed. Quote the values meant as text ("700"), or correct the others`,
      zh: `${place.zh}既有文字（${examples(wordTexts, true)}）又有其他值（${examples(typedTexts, true)}）：一列只能有一种类型，且不会靠猜测决定。作为文本的值请加引号（"700"），或修正其他值`,
    },
  };
}
