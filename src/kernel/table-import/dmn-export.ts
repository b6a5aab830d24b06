import type { Bilingual } from '../diagnostics/diagnostic';
import type { CellModel, CellValue, TableModel } from '../table-edit/model';
import { zhQuote } from '../util/quote';
import { findHidden, revealInline } from '../util/visible-text';
import { keptOutputsOf, keptOutputValues } from './kept-outputs';

/**
 * An ERDL decision table as a DMN 1.3 (or, asked, 1.5) model with one decision table, hit policy
 * FIRST (row order is precedence in both, docs/table-import.md). Inputs are the columns' field
 * paths, outputs the decision and the message — or, for a business table as imported (I-95), the
 * outputs its rows' messages give; the default row becomes a rule of `-` cells. A cell no FEEL
 * simple unary test says (string operators, regex, list counts, exists) refuses the export.
 *
 * The file is well-formed XML 1.0 whatever the table holds (issue #35 §5): `&`, `<`, `>` and, in
 * attributes, `"`, tab and line breaks are escaped; a carriage return is written `&#13;` (a parser
 * would turn it into a line feed); DEL, C1 controls, bidi controls and invisible characters are
 * written as character references (`&#x202E;`: the same character, visible in any editor; those
 * of the BMP only, see referenceHidden). FEEL strings (values, decisions, messages) escape what
 * XML cannot carry at all (`\u0001`, `\ufffe`, a lone surrogate's `\ud800`), so every string
 * round-trips. A field path, a column label or the entry's name has no such escape: a character
 * XML 1.0 cannot carry there refuses the export, naming the column or the name and the character.
 */
export type DmnExport =
  | { readonly ok: true; readonly xml: string }
  | { readonly ok: false; readonly problems: readonly Bilingual[] };

/** A character XML 1.0 cannot carry, even as a character reference (§2.2 Char). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
/** What XML 1.0 can carry but a reader should see as a reference: DEL and C1 controls. */
const REFERENCED = '[\\u007F-\\u009F]';
const REFERENCED_G = new RegExp(REFERENCED, 'g');

const charRef = (ch: string) => `&#x${(ch.codePointAt(0) as number).toString(16).toUpperCase()};`;

/**
 * Bidi controls and invisible characters of the BMP as character references (none: the text
 * itself). Those beyond it (tag characters) stay as they are: readers that decode a reference
 * with String.fromCharCode — dmn-moddle's among them — would read `&#xE0001;` as U+0001.
 */
function referenceHidden(s: string): string {
  const hidden = findHidden(s).filter((h) => h.length === 1);
  if (hidden.length === 0) return s;
  let out = '';
  let at = 0;
  for (const h of hidden) {
    out += s.slice(at, h.index) + charRef(s.slice(h.index, h.index + 1));
    at = h.index + 1;
  }
  return out + s.slice(at);
}

/** Element content: markup characters, CR, DEL, C1, bidi and invisible characters escaped. */
const esc = (s: string) =>
  referenceHidden(
    s
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('\r', '&#13;')
      .replace(REFERENCED_G, charRef),
  );

/** An attribute value: as `esc`, and `"`, tab and LF (which a parser would turn into spaces). */
const attr = (s: string) =>
  esc(s).replaceAll('"', '&quot;').replaceAll('\t', '&#9;').replaceAll('\n', '&#10;');

/** A FEEL string literal: JSON's escapes, and `\ufffe`/`\uffff`, which XML cannot carry. */
const feelString = (s: string) =>
  JSON.stringify(s).replace(/[\uFFFE\uFFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

/** The first character of `s` XML 1.0 cannot carry, as `\u0001` (a lone surrogate: `\ud800`). */
function notXml(s: string): string | null {
  const m = NOT_XML.exec(s);
  return m ? `\\u${(m[0].charCodeAt(0) as number).toString(16).padStart(4, '0')}` : null;
}

/** A name in an English message: its JSON text, hidden characters made visible. */
const enName = (s: string) => revealInline(JSON.stringify(s));

function feelValue(v: CellValue): string | null {
  if (v.kind === 'list') return null;
  if (typeof v.value === 'number') return v.source;
  if (typeof v.value === 'boolean') return String(v.value);
  if (typeof v.value === 'string') return feelString(v.value);
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

/** The DMN versions written: 1.3 (the default, what most tools read) and 1.5 (the TCK's). */
export type DmnVersion = '1.3' | '1.5';
export const DMN_VERSIONS: readonly DmnVersion[] = ['1.3', '1.5'];
/**
 * Each version's model namespace. The decision-table elements written are the same in both
 * (DMN15.xsd adds only boxed expressions and type constraints to DMN13.xsd), so only the namespace
 * differs; the import reads either back to the same table.
 */
const MODEL_NAMESPACE: Readonly<Record<DmnVersion, string>> = {
  '1.3': 'https://www.omg.org/spec/DMN/20191111/MODEL/',
  '1.5': 'https://www.omg.org/spec/DMN/20230324/MODEL/',
};

/**
 * A business table as imported (I-95: every row decides GUIDE and its message gives the outputs
 * the entry's description names): those outputs and each row's values, so the export writes them
 * as the DMN outputs they were, and imports back to the same table. Null for any other table.
 */
function businessOutputs(
  table: TableModel,
): { names: readonly string[]; values: readonly (readonly string[])[] } | null {
  const names = keptOutputsOf(table.description);
  if (!names || table.rows.length === 0 || table.rows.some((r) => r.then !== 'GUIDE')) return null;
  const values: string[][] = [];
  for (const row of table.rows) {
    const v = keptOutputValues(row.texts.message?.value ?? '', names);
    if (!v) return null;
    values.push(v);
  }
  return { names, values };
}

/** An output value as the FEEL literal it was read from: a number or boolean as is, else a string. */
const outputLiteral = (v: string): string =>
  /^-?\d+(?:\.\d+)?$/.test(v) || v === 'true' || v === 'false' ? v : feelString(v);

export function tableToDmn(table: TableModel, version: DmnVersion = '1.3'): DmnExport {
  const problems: Bilingual[] = [];
  /** A name XML cannot carry: the export is refused, naming where and the character. */
  const unwritable = (text: string, where: Bilingual) => {
    const ch = notXml(text);
    if (ch !== null)
      problems.push({
        en: `${where.en} holds ${ch}, a character XML 1.0 cannot carry; remove it to export as DMN`,
        zh: `${where.zh}含有 ${ch}，XML 1.0 无法承载该字符；删除后才能导出为 DMN`,
      });
  };
  unwritable(table.entry, {
    en: `the rule entry name ${enName(table.entry)}`,
    zh: `规则条目名称${zhQuote(table.entry)}`,
  });
  const columnName = (c: (typeof table.columns)[number], i: number): Bilingual => ({
    en: `column ${i + 1} (${enName(c.field)})`,
    zh: `第 ${i + 1} 列（${zhQuote(c.field)}）`,
  });
  table.columns.forEach((c, i) => {
    const name = columnName(c, i);
    unwritable(c.field, { en: `${name.en}: the field path`, zh: `${name.zh}的字段路径` });
    const label = labelText(c.label);
    if (label !== undefined)
      unwritable(label, { en: `${name.en}: the label`, zh: `${name.zh}的标签` });
  });
  const id = (s: string) => s.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=\d)/, '_');
  const base = id(table.entry) || 'table';
  const business = businessOutputs(table);
  business?.names.forEach((n, k) => {
    unwritable(n, {
      en: `output ${k + 1} (${enName(n)})`,
      zh: `第 ${k + 1} 个输出列（${zhQuote(n)}）`,
    });
  });
  const rules: string[] = [];
  for (const row of table.rows) {
    const entries = table.columns.map((c, i) => {
      const cell = row.cells[i];
      if (row.isDefault || !cell) return '-';
      const feel = cellToFeel(cell);
      if (feel === null) {
        const name = columnName(c, i);
        problems.push({
          en: `row ${row.index}, ${name.en}: this cell has no FEEL simple unary test`,
          zh: `第 ${row.index} 行${name.zh}：该单元格没有对应的 FEEL 简单一元测试`,
        });
      }
      return feel ?? '-';
    });
    const message = row.texts.message?.value ?? '';
    const outputs = business
      ? (business.values[table.rows.indexOf(row)] ?? []).map(outputLiteral)
      : [feelString(row.then ?? ''), message === '' ? '' : feelString(message)];
    rules.push(
      [
        `      <rule id="${base}_r${row.index}">`,
        ...entries.map((e) => `        <inputEntry><text>${esc(e)}</text></inputEntry>`),
        ...outputs.map((o) => `        <outputEntry><text>${esc(o)}</text></outputEntry>`),
        '      </rule>',
      ].join('\n'),
    );
  }
  if (problems.length > 0) return { ok: false, problems };
  const inputs = table.columns.map((c, i) => {
    const label = labelText(c.label);
    return [
      `      <input id="${base}_in${i + 1}"${label ? ` label="${attr(label)}"` : ''}>`,
      `        <inputExpression id="${base}_ex${i + 1}"><text>${esc(c.field)}</text></inputExpression>`,
      '      </input>',
    ].join('\n');
  });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<definitions xmlns="${MODEL_NAMESPACE[version]}" id="${base}_definitions" name="${attr(table.entry)}" namespace="urn:erdl:dmn">`,
    `  <decision id="${base}" name="${attr(table.entry)}">`,
    `    <decisionTable id="${base}_table" hitPolicy="FIRST">`,
    ...inputs,
    ...(business
      ? business.names.map((n, k) => `      <output id="${base}_out${k + 1}" name="${attr(n)}" />`)
      : [
          `      <output id="${base}_decision" name="decision" typeRef="string" />`,
          `      <output id="${base}_message" name="message" typeRef="string" />`,
        ]),
    ...rules,
    '    </decisionTable>',
    '  </decision>',
    '</definitions>',
    '',
  ].join('\n');
  return { ok: true, xml };
}
