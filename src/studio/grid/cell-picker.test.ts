import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CellInput, type ColumnType, formatCell, readCell } from '../../kernel/table-edit';
import {
  emptyPicker,
  type PickerOp,
  type PickerState,
  pickerFromCell,
  pickerOperand,
  pickerOperators,
  pickerText,
} from './cell-picker';

const TYPES: readonly ColumnType[] = ['number', 'string', 'boolean', 'date', 'list', 'unknown'];

/** A number as a user types it (thousands separators, a sign, decimals) and its source. */
const typedNumber = fc
  .tuple(
    fc.boolean(),
    fc.bigInt({ min: 0n, max: 10n ** 15n }),
    fc.option(fc.stringMatching(/^\d{1,4}$/), { nil: undefined }),
    fc.boolean(),
  )
  .map(([negative, whole, decimals, grouped]) => {
    const digits = whole.toString();
    const shown = grouped ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : digits;
    const tail = decimals === undefined ? '' : `.${decimals}`;
    const zero = /^0(?:\.0*)?$/.test(digits + tail);
    return {
      typed: `${negative ? '-' : ''}${shown}${tail}`,
      source: `${negative && !zero ? '-' : ''}${digits}${tail}`,
    };
  });

const isoDate = fc
  .tuple(
    fc.integer({ min: 1900, max: 2199 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
  )
  .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

/** Texts as typed: anything on one line that is not blank at either end. */
const text = fc
  .string({ minLength: 1, maxLength: 12, unit: 'grapheme' })
  .filter((s) => s.trim() === s && s !== '' && !/[\r\n\u2028\u2029\u0085]/.test(s));
const item = text.filter((s) => !/[,，;；、]/.test(s));

const ORDERED = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'] as const;

/** A complete picker state of each type, with the cell the user means by it. */
function meant(type: ColumnType): fc.Arbitrary<{ state: PickerState; cell: CellInput }> {
  const scalar = (value: string | number | boolean, source: string) =>
    ({ kind: 'scalar', value, source }) as const;
  const num = (n: { source: string }) => scalar(Number(n.source), n.source);
  const str = (s: string) => scalar(s, JSON.stringify(s));
  /** `in` with texts typed as "a, b": the picker writes them quoted. */
  const inList = (items: fc.Arbitrary<string>) =>
    fc.array(items, { minLength: 1, maxLength: 5 }).map((values) => ({
      state: { ...emptyPicker('in'), value: values.join(', ') },
      cell: {
        kind: 'condition',
        op: 'in',
        value: { kind: 'list', items: values.map(str) },
      } as CellInput,
    }));
  const any = fc.constant({ state: emptyPicker('any'), cell: { kind: 'any' } as CellInput });
  switch (type) {
    case 'number':
    case 'unknown':
      return fc.oneof(
        any,
        fc.tuple(fc.constantFrom(...ORDERED), typedNumber).map(([op, n]) => ({
          state: { ...emptyPicker(op), value: n.typed },
          cell: { kind: 'condition', op, value: num(n) } as CellInput,
        })),
        fc
          .tuple(typedNumber, typedNumber)
          .filter(([a, b]) => Number(a.source) <= Number(b.source))
          .map(([lo, hi]) => ({
            state: { op: 'between' as PickerOp, value: '', min: lo.typed, max: hi.typed },
            cell: {
              kind: 'condition',
              op: 'between',
              value: { kind: 'list', items: [num(lo), num(hi)] },
            } as CellInput,
          })),
        fc.array(typedNumber, { minLength: 1, maxLength: 5 }).map((items) => ({
          state: { ...emptyPicker('in'), value: items.map((i) => i.typed).join(', ') },
          cell: {
            kind: 'condition',
            op: 'in',
            value: { kind: 'list', items: items.map(num) },
          } as CellInput,
        })),
      );
    case 'string':
      return fc.oneof(
        any,
        fc.tuple(fc.constantFrom('eq' as const, 'ne' as const), text).map(([op, s]) => ({
          state: { ...emptyPicker(op), value: s },
          cell: { kind: 'condition', op, value: str(s) } as CellInput,
        })),
        inList(item),
      );
    case 'date':
      return fc.oneof(
        any,
        fc.tuple(fc.constantFrom(...ORDERED), isoDate).map(([op, d]) => ({
          state: { ...emptyPicker(op), value: d },
          cell: { kind: 'condition', op, value: str(d) } as CellInput,
        })),
        inList(isoDate),
      );
    case 'boolean':
      return fc.oneof(
        any,
        fc.boolean().map((b) => ({
          state: emptyPicker(b ? 'yes' : 'no'),
          cell: { kind: 'condition', op: 'eq', value: scalar(b, String(b)) } as CellInput,
        })),
      );
    case 'list':
      return fc.oneof(
        any,
        text.map((s) => ({
          state: { ...emptyPicker('contains'), value: s },
          cell: { kind: 'condition', op: 'contains', value: str(s) } as CellInput,
        })),
        fc
          .tuple(
            fc.constantFrom('count_gt', 'count_gte', 'count_lt', 'count_lte' as const),
            fc.nat({ max: 10_000 }),
          )
          .map(([op, n]) => ({
            state: { ...emptyPicker(op as PickerOp), value: String(n) },
            cell: {
              kind: 'condition',
              op,
              value: scalar(n, String(n)),
            } as CellInput,
          })),
      );
  }
}

describe('the operator picker writes what the cell reader reads', () => {
  for (const type of TYPES) {
    it(`${type}: every complete picker state reads back to the cell it stands for`, () => {
      fc.assert(
        fc.property(meant(type), ({ state, cell }) => {
          const read = readCell(pickerText(type, state), type);
          expect(read.ok, pickerText(type, state)).toBe(true);
          if (!read.ok) return;
          expect(read.cell).toEqual(cell);
        }),
        { numRuns: 300 },
      );
    });

    it(`${type}: a cell the picker shows opens in the picker and reads back unchanged`, () => {
      fc.assert(
        fc.property(meant(type), ({ cell }) => {
          const state = pickerFromCell(cell, type);
          if (!state) return; // shown as text instead (e.g. a text with a comma in an in-list)
          const read = readCell(pickerText(type, state), type);
          expect(read.ok && formatCell(read.cell)).toBe(formatCell(cell));
        }),
        { numRuns: 200 },
      );
    });

    it(`${type}: whatever is typed into the picker never reads as another operator or value`, () => {
      const ops = pickerOperators(type);
      const anyText = fc.string({ maxLength: 16 });
      fc.assert(
        fc.property(fc.constantFrom(...ops), anyText, anyText, anyText, (op, value, min, max) => {
          const state = { op, value, min, max };
          const read = readCell(pickerText(type, state), type);
          if (!read.ok) return; // refused, with the reader's reason
          const cell = read.cell;
          if (op === 'any') {
            expect(cell.kind).toBe('any');
            return;
          }
          expect(cell.kind).toBe('condition');
          if (cell.kind !== 'condition') return;
          expect(cell.op).toBe(op === 'yes' || op === 'no' ? 'eq' : op);
          if (type === 'string' && pickerOperand(op) === 'one')
            expect(cell.value).toEqual({
              kind: 'scalar',
              value: value.trim(),
              source: JSON.stringify(value.trim()),
            });
          if (type === 'string' && op === 'in' && cell.value?.kind === 'list')
            expect(cell.value.items.map((i) => (i.kind === 'scalar' ? i.value : null))).toEqual(
              value
                .trim()
                .split(/[,，;；、]/)
                .map((i) => i.trim()),
            );
          const read1 = cell.value?.kind === 'scalar' ? cell.value.value : undefined;
          const numeric = type === 'number' || (type === 'unknown' && typeof read1 === 'number');
          if (numeric && pickerOperand(op) === 'one') {
            const typed = value.normalize('NFKC').trim().replaceAll(',', '');
            expect(read1).toBe(Number(typed));
          }
        }),
        { numRuns: 400 },
      );
    });
  }

  it('offers the operators of each type (and only those)', () => {
    expect(pickerOperators('number')).toEqual([
      'eq',
      'ne',
      'lt',
      'lte',
      'gt',
      'gte',
      'between',
      'in',
      'any',
    ]);
    expect(pickerOperators('string')).toEqual(['eq', 'ne', 'in', 'any']);
    expect(pickerOperators('boolean')).toEqual(['yes', 'no', 'any']);
  });

  it('writes explicit, quoted notations', () => {
    expect(pickerText('number', { ...emptyPicker('gte'), value: '1,000' })).toBe('>= 1,000');
    expect(pickerText('number', { op: 'between', value: '', min: '1', max: '5' })).toBe(
      'between 1 and 5',
    );
    expect(pickerText('string', { ...emptyPicker('eq'), value: ' - ' })).toBe('= "-"');
    expect(pickerText('string', { ...emptyPicker('in'), value: 'gold, silver' })).toBe(
      'in ["gold", "silver"]',
    );
    expect(pickerText('string', { ...emptyPicker('eq'), value: '' })).toBe('=');
    expect(readCell('=', 'string').ok).toBe(false);
  });

  it('leaves cells it cannot show exactly to the text editor', () => {
    const read = readCell('not_between 1 and 5', 'number');
    expect(read.ok && pickerFromCell(read.cell, 'number')).toBeNull();
    const comma = readCell('in ["a, b", "c"]', 'string');
    expect(comma.ok && pickerFromCell(comma.cell, 'string')).toBeNull();
    const exists = readCell('exists', 'string');
    expect(exists.ok && pickerFromCell(exists.cell, 'string')).toBeNull();
  });
});
