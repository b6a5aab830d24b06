import type { Bilingual } from '../diagnostics/diagnostic';
import { quote } from '../projection/yaml-out';
import type { FeelLiteral, FeelTest } from './feel';

/**
 * A FEEL unary test as the text of one ERDL decision-table cell, in the notations the kernel's
 * cell reader accepts (docs/table-cells.md), or the reason it cannot be one cell. The text is then
 * read by `readCell` with the column's type like any typed or pasted cell — there is no second
 * reader.
 */
export type CellConversion =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly message: Bilingual };

const no = (en: string, zh: string): CellConversion => ({ ok: false, message: { en, zh } });

function literalText(l: FeelLiteral): string {
  switch (l.type) {
    case 'number':
      return l.source;
    case 'boolean':
      return String(l.value);
    case 'string':
    case 'date':
      return quote(l.value);
  }
}

const ORDERED = new Set(['number', 'date']);

function equalities(items: readonly FeelTest[]): FeelLiteral[] | null {
  const values: FeelLiteral[] = [];
  for (const t of items) {
    if (t.kind !== 'compare' || t.op !== '=') return null;
    values.push(t.value);
  }
  const types = new Set(values.map((v) => v.type));
  return types.size === 1 ? values : null;
}

function listText(values: readonly FeelLiteral[]): string {
  const first = values[0];
  return first?.type === 'number'
    ? values.map(literalText).join(', ')
    : `[${values.map(literalText).join(', ')}]`;
}

export function feelToCellText(test: FeelTest): CellConversion {
  switch (test.kind) {
    case 'any':
      return { ok: true, text: '-' };
    case 'compare': {
      if (test.op === '=') return { ok: true, text: literalText(test.value) };
      if (test.op === '!=') return { ok: true, text: `!= ${literalText(test.value)}` };
      if (!ORDERED.has(test.value.type))
        return no(
          `${test.op} on a ${test.value.type} is not an ERDL comparison`,
          `ERDL 不支持对${test.value.type === 'string' ? '字符串' : '布尔值'}使用 ${test.op}`,
        );
      return { ok: true, text: `${test.op} ${literalText(test.value)}` };
    }
    case 'range': {
      if (test.low.type !== 'number' || test.high.type !== 'number')
        return no(
          'a range of dates or strings is two conditions, not one ERDL cell',
          '日期或字符串区间需要两个条件，不能写成一个 ERDL 单元格',
        );
      if (!test.lowClosed || !test.highClosed)
        return no(
          'an open or half-open range is not one ERDL cell (ERDL ranges include both ends)',
          '开区间或半开区间不能写成一个 ERDL 单元格（ERDL 区间包含两端）',
        );
      if (test.low.value > test.high.value)
        return no(
          'the range is empty (its low end is above its high end)',
          '区间为空（下限大于上限）',
        );
      return { ok: true, text: `[${test.low.source}..${test.high.source}]` };
    }
    case 'list': {
      const values = equalities(test.items);
      if (!values)
        return no(
          'a list is converted only when it lists values of one type',
          '只有同一类型的值组成的列表才能转换',
        );
      return { ok: true, text: `in ${listText(values)}` };
    }
    case 'not': {
      const inner = test.inner;
      if (inner.kind === 'compare' && inner.op === '=')
        return { ok: true, text: `!= ${literalText(inner.value)}` };
      if (inner.kind === 'list') {
        const values = equalities(inner.items);
        if (values) return { ok: true, text: `not_in ${listText(values)}` };
      }
      if (
        inner.kind === 'range' &&
        inner.low.type === 'number' &&
        inner.high.type === 'number' &&
        inner.lowClosed &&
        inner.highClosed
      )
        return { ok: true, text: `not between ${inner.low.source} and ${inner.high.source}` };
      return no(
        'not(…) is converted only around a value, a list of values or a closed number range',
        'not(…) 只有包含单个值、值列表或闭合数字区间时才能转换',
      );
    }
  }
}
