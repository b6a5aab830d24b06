import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFieldDictionary } from '../../kernel/gloss/names';
import { columnType, readCell } from '../../kernel/table-edit';
import { firstTable as table } from '../../kernel/test-support';
import { applyCompletion, type Completion, columnValues, completionsFor } from './cell-completion';

const LOAN = readFileSync(
  new URL('../../kernel/table-edit/__fixtures__/loan-quoted.erdl.yaml', import.meta.url),
  'utf8',
);
const WITH_CHANNEL = LOAN.replace(
  '          label: "loan amount"\n',
  '          label: "loan amount"\n        - field: "context.channel"\n',
)
  .replace('[["lt", 580], "-"]', '[["lt", 580], "-", ["eq", "web shop"]]')
  .replace(
    '[["gte", 700], ["lte", 20000]]',
    '[["gte", 700], ["lte", 20000], ["in", ["app", "a, b"]]]',
  )
  .replace('[["gte", 700], ["gt", 20000]]', '[["gte", 700], ["gt", 20000], "-"]')
  .replace(
    '[["between", [580, 699]], ["lte", 5000]]',
    '[["between", [580, 699]], ["lte", 5000], "-"]',
  );

const dict = parseFieldDictionary({
  'context.channel': { en: 'the channel', values: ['cash', 'app', 12, '-', 'in'] },
  'context.amount': { en: 'the amount', values: [10000, 'ten'] },
});
const dictionary = dict.ok ? dict.dictionary : undefined;

describe('completions while typing a cell', () => {
  it('offers the values seen in the column, then the field dictionary, of the column type', () => {
    const t = table(WITH_CHANNEL);
    expect(columnValues(t, 0, 'number', dictionary).map((c) => c.label)).toEqual([
      '580',
      '700',
      '699',
    ]);
    expect(columnValues(t, 1, 'number', dictionary).map((c) => [c.label, c.source])).toEqual([
      ['20000', 'column'],
      ['5000', 'column'],
      ['10000', 'dictionary'],
    ]);
    expect(columnValues(t, 2, columnType(t, 2), dictionary).map((c) => c.label)).toEqual([
      'web shop',
      'app',
      'a, b',
      'cash',
      '-',
      'in',
    ]);
  });

  it('filters by the value typed after the operator or the last list item', () => {
    const t = table(WITH_CHANNEL);
    const all = columnValues(t, 0, 'number', undefined);
    expect(completionsFor(all, '>= 7').map((c) => c.label)).toEqual(['700']);
    expect(completionsFor(all, '>=').map((c) => c.label)).toEqual(['580', '700', '699']);
    expect(completionsFor(all, 'in 580, 6').map((c) => c.label)).toEqual(['699']);
    expect(applyCompletion('in 580,', { label: '699', insert: '699', source: 'column' })).toBe(
      'in 580, 699',
    );
    expect(applyCompletion('>=', { label: '700', insert: '700', source: 'column' })).toBe('>=700');
    const text = columnValues(t, 2, 'string', dictionary);
    expect(completionsFor(text, 'a').map((c) => c.label)).toEqual(['app', 'a, b', 'cash']);
  });

  it('a completion reads back, in its column, as exactly the value offered', () => {
    const t = table(WITH_CHANNEL);
    for (const col of [0, 1, 2]) {
      const type = columnType(t, col);
      const offered = columnValues(t, col, type, dictionary);
      fc.assert(
        fc.property(
          fc.constantFrom(...offered),
          fc.constantFrom('', '= ', '!= ', '>= ', 'in ', '<'),
          (c: Completion, before: string) => {
            if (type === 'string' && /[<>]/.test(before)) return;
            const text = applyCompletion(before, c);
            const read = readCell(text, type);
            if (before === 'in ' && /[,，;；、]/.test(c.label)) return; // written quoted
            expect(read.ok, text).toBe(true);
            if (!read.ok) return;
            expect(read.cell.kind).toBe('condition');
            if (read.cell.kind !== 'condition') return;
            const v = read.cell.value;
            const values = v?.kind === 'list' ? v.items : v ? [v] : [];
            const last = values[values.length - 1];
            expect(last?.kind === 'scalar' && String(last.value)).toBe(c.label);
          },
        ),
      );
    }
  });
});
