import type { Bilingual } from '../diagnostics/diagnostic';
import { MAX_TABLE_CELL_CHARS, MAX_TABLE_FILE_BYTES } from '../file-limits';
import { enQuote, zhQuote } from '../util/quote';
import { grouped, sizeText } from '../util/sizes';
import type { ForeignTable, ImportNote } from './convert-table';

/**
 * The limits of table import (docs/table-import.md "Limits"), checked before the work they bound,
 * and their refusals in both languages. The numbers are in src/kernel/file-limits.ts, which the
 * studio's main thread and the readers share.
 */
export { grouped, MAX_TABLE_CELL_CHARS, MAX_TABLE_FILE_BYTES, sizeText };

/** A table file over MAX_TABLE_FILE_BYTES, refused before it is read. */
export function tableFileTooLarge(bytes: number): Bilingual {
  const size = sizeText(bytes);
  const limit = sizeText(MAX_TABLE_FILE_BYTES);
  return {
    en: `the file is ${size.en}; the limit for a table file is ${limit.en}, so it is not read`,
    zh: `该文件大小为 ${size.zh}；表格文件的上限为 ${limit.zh}，因此不予读取`,
  };
}

/** Why a cell over MAX_TABLE_CELL_CHARS is not read (its place is said by the caller). */
export function cellTooLongReason(length: number): Bilingual {
  return {
    en: `the cell holds ${grouped(length)} characters; the limit is ${grouped(MAX_TABLE_CELL_CHARS)} (Excel's own limit for a cell), so it is not read`,
    zh: `该单元格有 ${grouped(length)} 个字符；上限为 ${grouped(MAX_TABLE_CELL_CHARS)}（Excel 单元格自身的上限），因此不予读取`,
  };
}

/** A cell over MAX_TABLE_CELL_CHARS at `where` (a sheet reference, a rule and column…). */
export function cellTooLong(where: Bilingual, length: number): Bilingual {
  const reason = cellTooLongReason(length);
  return { en: `${where.en}: ${reason.en}`, zh: `${where.zh}：${reason.zh}` };
}

/** Whether a text is over the cell limit. */
export const overCellLimit = (text: string): boolean => text.length > MAX_TABLE_CELL_CHARS;

/**
 * Every text of a foreign table over the cell limit, each named by its place (the table, the rule
 * and the column), before any of it is read as FEEL.
 */
export function foreignTableCellProblems(table: ForeignTable): ImportNote[] {
  const notes: ImportNote[] = [];
  // The report names the table; a note names the place in it (built only for a cell over).
  const check = (text: string | undefined, where: () => Bilingual) => {
    if (text !== undefined && overCellLimit(text))
      notes.push({ level: 'error', message: cellTooLong(where(), text.length) });
  };
  const column = (kind: 'input' | 'output', c: number): Bilingual => {
    const col = kind === 'input' ? table.inputs[c] : undefined;
    const out = kind === 'output' ? table.outputs[c] : undefined;
    const name = (col ? col.label || col.expression : out ? out.name || out.label : '') ?? '';
    const zhKind = kind === 'input' ? '输入' : '输出';
    return name === '' || overCellLimit(name)
      ? { en: `${kind} ${c + 1}`, zh: `第 ${c + 1} 个${zhKind}` }
      : {
          en: `${kind} ${c + 1} ${enQuote(name, 40)}`,
          zh: `第 ${c + 1} 个${zhKind}${zhQuote(name, 40)}`,
        };
  };
  check(table.name, () => ({ en: 'the table name', zh: '表名' }));
  check(table.hitPolicy, () => ({ en: 'the hit policy', zh: '命中策略' }));
  table.inputs.forEach((i, c) => {
    const n = c + 1;
    check(i.label, () => ({ en: `input ${n}'s label`, zh: `第 ${n} 个输入的标签` }));
    check(i.expression, () => ({ en: `input ${n}'s expression`, zh: `第 ${n} 个输入的表达式` }));
    check(i.values, () => ({ en: `input ${n}'s allowed values`, zh: `第 ${n} 个输入的允许值` }));
  });
  table.outputs.forEach((o, c) => {
    const n = c + 1;
    check(o.name, () => ({ en: `output ${n}'s name`, zh: `第 ${n} 个输出的名称` }));
    check(o.label, () => ({ en: `output ${n}'s label`, zh: `第 ${n} 个输出的标签` }));
    for (const v of o.values ?? [])
      check(v, () => ({ en: `output ${n}'s allowed values`, zh: `第 ${n} 个输出的允许值` }));
  });
  table.rules.forEach((rule, r) => {
    const at = (kind: 'input' | 'output', c: number) => (): Bilingual => {
      const col = column(kind, c);
      return { en: `rule ${r + 1}, ${col.en}`, zh: `规则 ${r + 1}，${col.zh}` };
    };
    for (let c = 0; c < rule.inputs.length; c++) check(rule.inputs[c], at('input', c));
    for (let c = 0; c < rule.outputs.length; c++) check(rule.outputs[c], at('output', c));
    check(rule.description, () => ({
      en: `rule ${r + 1}'s description`,
      zh: `规则 ${r + 1} 的描述`,
    }));
  });
  return notes;
}
