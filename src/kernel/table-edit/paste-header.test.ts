import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tableToGrid } from '../table-import/csv';
import { pastedHeader, readTables } from './index';

/** The loan table, its columns labelled in both languages. */
const LOAN = readFileSync(new URL('./__fixtures__/loan-quoted.erdl.yaml', import.meta.url), 'utf8')
  .replace('label: "credit score"', 'label: { zh: "信用评分", en: "credit score" }')
  .replace('label: "loan amount"', 'label: { zh: "贷款金额", en: "loan amount" }');

function loan() {
  const read = readTables(LOAN);
  if (!read.ok) throw new Error('does not read');
  const table = read.tables[0];
  if (!table) throw new Error('no table');
  return table;
}

describe('the header row of a pasted spreadsheet block', () => {
  it('is the first row when each of its cells names the column it lands on', () => {
    const t = loan();
    const data = ['>= 720', '<= 10000'];
    for (const header of [
      ['credit score', 'loan amount'],
      ['信用评分', '贷款金额'],
      ['context.credit_score', ' Context.Amount '],
      ['ＣＲＥＤＩＴ　ＳＣＯＲＥ', 'loan  amount'],
    ])
      expect(pastedHeader(t, 0, [header, data]), header.join()).toEqual(header);
    // The decision and priority columns, from where the paste starts.
    expect(pastedHeader(t, 1, [['loan amount', 'Decision', '优先级'], data])).not.toBeNull();
    // The CSV export's own header row (field and label as JSON).
    const exported = tableToGrid(t);
    const head = exported[0]?.slice(0, 2) ?? [];
    expect(pastedHeader(t, 0, [head, data])).toEqual(head);
  });

  it('is never a row of data, a lone row, or a row naming other columns', () => {
    const t = loan();
    expect(
      pastedHeader(t, 0, [
        ['>= 720', '<= 10000'],
        ['600-699', '-'],
      ]),
    ).toBeNull();
    expect(pastedHeader(t, 0, [['credit score', 'loan amount']])).toBeNull();
    // Shifted by one column: "credit score" would land on the loan amount column.
    expect(
      pastedHeader(t, 1, [
        ['credit score', 'loan amount'],
        ['1', '2'],
      ]),
    ).toBeNull();
    expect(
      pastedHeader(t, 0, [
        ['credit score', ''],
        ['1', '2'],
      ]),
    ).toBeNull();
    expect(
      pastedHeader(t, 0, [
        ['credit score', 'loan amount', 'extra'],
        ['1', '2'],
      ]),
    ).toBeNull();
  });
});
