import type { Bilingual } from '../diagnostics/diagnostic';
import type { CellModel, CellValue, TableModel } from '../table-edit/model';

/**
 * An ERDL decision table as a DMN 1.3 model with one decision table, hit policy FIRST (row order
 * is precedence in both, docs/table-import.md). Inputs are the columns' field paths, outputs the
 * decision and the message; the default row becomes a rule of `-` cells. A cell no FEEL simple
 * unary test says (string operators, regex, list counts, exists) refuses the export, naming it.
 */
export type DmnExport =
  | { readonly ok: true; readonly xml: string }
  | { readonly ok: false; readonly problems: readonly Bilingual[] };

const esc = (s: string) =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

function feelValue(v: CellValue): string | null {
  if (v.kind === 'list') return null;
  if (typeof v.value === 'number') return v.source;
  if (typeof v.value === 'boolean') return String(v.value);
  if (typeof v.value === 'string') return JSON.stringify(v.value);
  return null;
}

function feelList(v: CellValue | undefined): string | null {
  if (v?.kind !== 'list') return null;
  const items = v.items.map(feelValue);
  return items.every((i) => i !== null) ? items.join(', ') : null;
}

const COMPARE: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** One cell as a FEEL unary test, or null when FEEL simple unary tests cannot say it. */
export function cellToFeel(cell: CellModel): string | null {
  if (cell.kind === 'any') return '-';
  if (cell.kind !== 'condition') return null;
  const v = cell.value;
  switch (cell.op) {
    case 'eq':
      return v ? feelValue(v) : null;
    case 'ne': {
      const x = v ? feelValue(v) : null;
      return x === null ? null : `not(${x})`;
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const x = v ? feelValue(v) : null;
      return x === null ? null : `${COMPARE[cell.op]} ${x}`;
    }
    case 'in': {
      const l = feelList(v);
      return l === null ? null : l;
    }
    case 'not_in': {
      const l = feelList(v);
      return l === null ? null : `not(${l})`;
    }
    case 'between':
    case 'not_between': {
      if (v?.kind !== 'list' || v.items.length !== 2) return null;
      const [a, b] = v.items.map(feelValue);
      if (a == null || b == null) return null;
      return cell.op === 'between' ? `[${a}..${b}]` : `not([${a}..${b}])`;
    }
    default:
      return null;
  }
}

const labelText = (l: TableModel['columns'][number]['label']): string | undefined =>
  l === undefined ? undefined : typeof l === 'string' ? l : (l.en ?? l.zh);

export function tableToDmn(table: TableModel): DmnExport {
  const problems: Bilingual[] = [];
  const id = (s: string) => s.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=\d)/, '_');
  const base = id(table.entry) || 'table';
  const rules: string[] = [];
  for (const row of table.rows) {
    const entries = table.columns.map((c, i) => {
      const cell = row.cells[i];
      if (row.isDefault || !cell) return '-';
      const feel = cellToFeel(cell);
      if (feel === null)
        problems.push({
          en: `row ${row.index}, column ${c.field}: this cell has no FEEL simple unary test`,
          zh: `第 ${row.index} 行 ${c.field} 列：该单元格没有对应的 FEEL 简单一元测试`,
        });
      return feel ?? '-';
    });
    const message = row.texts.message?.value ?? '';
    rules.push(
      [
        `      <rule id="${base}_r${row.index}">`,
        ...entries.map((e) => `        <inputEntry><text>${esc(e)}</text></inputEntry>`),
        `        <outputEntry><text>${esc(JSON.stringify(row.then ?? ''))}</text></outputEntry>`,
        `        <outputEntry><text>${esc(message === '' ? '' : JSON.stringify(message))}</text></outputEntry>`,
        '      </rule>',
      ].join('\n'),
    );
  }
  if (problems.length > 0) return { ok: false, problems };
  const inputs = table.columns.map((c, i) => {
    const label = labelText(c.label);
    return [
      `      <input id="${base}_in${i + 1}"${label ? ` label="${esc(label)}"` : ''}>`,
      `        <inputExpression id="${base}_ex${i + 1}"><text>${esc(c.field)}</text></inputExpression>`,
      '      </input>',
    ].join('\n');
  });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="${base}_definitions" name="${esc(table.entry)}" namespace="urn:erdl:dmn">`,
    `  <decision id="${base}" name="${esc(table.entry)}">`,
    `    <decisionTable id="${base}_table" hitPolicy="FIRST">`,
    ...inputs,
    `      <output id="${base}_decision" name="decision" typeRef="string" />`,
    `      <output id="${base}_message" name="message" typeRef="string" />`,
    ...rules,
    '    </decisionTable>',
    '  </decision>',
    '</definitions>',
    '',
  ].join('\n');
  return { ok: true, xml };
}
