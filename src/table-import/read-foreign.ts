/**
 * A decision-table file from another tool as an ERDL document and its conversion report, for the
 * CLI (`erdl import`) and the studio alike (docs/table-import.md). The parsers load only when a
 * file of their kind is read (dynamic import): dmn-moddle for .dmn, the xlsx reader for .xlsx.
 */

import type { Bilingual } from '../kernel';
import { MAX_TABLE_FILE_BYTES } from '../kernel/file-limits';
import type { DocumentImport, ImportNote, OutputMapping } from '../kernel/table-import';
import { importDmn, importHeadline, importJdm, tableFileTooLarge } from '../kernel/table-import';
import { zhQuote } from '../kernel/util/quote';
import { documentName, type ForeignKind, foreignKind } from './foreign-kind';

export { documentName, type ForeignKind, foreignKind };

const DMN13 = 'https://www.omg.org/spec/DMN/20191111/MODEL/';
const DMNDI13 = 'https://www.omg.org/spec/DMN/20191111/DMNDI/';
/**
 * The model namespaces read with dmn-moddle's DMN 1.3 package, the only one it has (I-96 in
 * docs/interpretations.md). Their decision-table elements are the same: DMN15.xsd differs from
 * DMN13.xsd only by ItemDefinition's typeConstraint and the boxed conditional, filter, for, every
 * and some (DMN 1.4), which the parser then names as not read. DMN 1.1 is spelled two ways.
 */
const MODEL_NAMESPACES: Readonly<Record<string, string>> = {
  'http://www.omg.org/spec/DMN/20151101/dmn.xsd': '1.1',
  'http://www.omg.org/spec/DMN/20151101/dmn11.xsd': '1.1',
  'http://www.omg.org/spec/DMN/20180521/MODEL/': '1.2',
  'https://www.omg.org/spec/DMN/20211108/MODEL/': '1.4',
  'https://www.omg.org/spec/DMN/20230324/MODEL/': '1.5',
};
/** DMN 1.5's diagram namespace (1.4 kept 1.3's); the layout is reported as not converted anyway. */
const DMNDI15 = 'https://www.omg.org/spec/DMN/20230324/DMNDI/';
/** What DMN 1.4 added to the 1.3 model (1.5 added none): read as elements the parser does not know. */
const ADDED_AFTER_13 = new Set(['conditional', 'filter', 'for', 'every', 'some', 'typeConstraint']);

/**
 * Where the root element's start tag is (`<definitions …>`, `[start, end)`), after a byte order
 * mark, the XML declaration, processing instructions, comments, a DOCTYPE and white space; null
 * when the text does not get that far. One forward scan: linear in the text.
 */
function rootStartTag(xml: string): { start: number; end: number } | null {
  const n = xml.length;
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  /** The index after the `>` that closes a tag begun at `from`, outside quotes (and `[…]`). */
  const tagEnd = (from: number): number => {
    let quote = '';
    let depth = 0;
    for (let j = from; j < n; j++) {
      const c = xml[j];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '[') depth++;
      else if (c === ']') depth--;
      else if (c === '>' && depth <= 0) return j + 1;
    }
    return -1;
  };
  while (i < n) {
    const c = xml[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (c !== '<') return null;
    if (xml.startsWith('<?', i)) {
      const e = xml.indexOf('?>', i + 2);
      if (e < 0) return null;
      i = e + 2;
    } else if (xml.startsWith('<!--', i)) {
      const e = xml.indexOf('-->', i + 4);
      if (e < 0) return null;
      i = e + 3;
    } else if (xml.startsWith('<!', i)) {
      const e = tagEnd(i + 2);
      if (e < 0) return null;
      i = e;
    } else {
      const e = tagEnd(i + 1);
      return e < 0 ? null : { start: i, end: e };
    }
  }
  return null;
}

/**
 * A DMN 1.1, 1.2, 1.4 or 1.5 file's namespace declarations on its root element rewritten to DMN
 * 1.3's, which dmn-moddle reads; nothing else in the file changes (a cell or a nested element that
 * spells a namespace keeps it). The versions found, in the order declared.
 */
export function dmnAs13(xml: string): { text: string; versions: string[] } {
  const root = rootStartTag(xml);
  if (!root) return { text: xml, versions: [] };
  const versions: string[] = [];
  const tag = xml
    .slice(root.start, root.end)
    .replace(
      /(\sxmlns(?::[^\s=]+)?\s*=\s*)("[^"]*"|'[^']*')/g,
      (all, head: string, value: string) => {
        const uri = value.slice(1, -1);
        const q = value[0];
        const version = MODEL_NAMESPACES[uri];
        if (version !== undefined) {
          if (!versions.includes(version)) versions.push(version);
          return `${head}${q}${DMN13}${q}`;
        }
        return uri === DMNDI15 ? `${head}${q}${DMNDI13}${q}` : all;
      },
    );
  return { text: xml.slice(0, root.start) + tag + xml.slice(root.end), versions };
}

const failed = (en: string, zh: string): DocumentImport => ({
  text: null,
  tables: [],
  notes: [{ level: 'error', message: { en, zh } }],
});

/**
 * A DMN file parsed by dmn-moddle, with notes on what reading it took (an older or newer model
 * namespace read as DMN 1.3, parser warnings); `definitions` is null when it does not parse.
 */
export async function parseDmn(
  xml: string,
): Promise<{ definitions: unknown; notes: ImportNote[]; failure: DocumentImport | null }> {
  const notes: ImportNote[] = [];
  const { text, versions } = dmnAs13(xml);
  for (const version of versions)
    notes.push({
      level: 'info',
      message:
        version === '1.4' || version === '1.5'
          ? {
              en: `DMN ${version} read with the DMN 1.3 model (its decision tables are the same elements; what DMN 1.4 added — boxed conditional, filter, for, every and some, type constraints — is named as not read)`,
              zh: `以 DMN 1.3 模型读取 DMN ${version} 文件（其决策表元素相同；DMN 1.4 新增的 conditional、filter、for、every、some 装箱表达式和类型约束会列为未读取）`,
            }
          : {
              en: `DMN ${version} read with the DMN 1.3 model (its decision tables are the same elements)`,
              zh: `以 DMN 1.3 模型读取 DMN ${version} 文件（其决策表元素相同）`,
            },
    });
  const badReference = badCharacterReference(text);
  if (badReference) return { definitions: null, notes, failure: badReference };
  const { DmnModdle } = await import('dmn-moddle');
  let parsed: { rootElement: unknown; warnings: { message: string }[] };
  try {
    parsed = (await new DmnModdle().fromXML(text, 'dmn:Definitions')) as typeof parsed;
  } catch (e) {
    const detail = e instanceof Error ? e.message.split('\n')[0] : String(e);
    return {
      definitions: null,
      notes,
      failure: failed(`the file is not a DMN model: ${detail}`, `该文件不是 DMN 模型：${detail}`),
    };
  }
  for (const w of parsed.warnings) {
    const detail = w.message.split('\n')[0] ?? '';
    const element = /^unparsable content <(?:[\w.-]+:)?([\w.-]+)> detected/.exec(detail)?.[1];
    notes.push({
      level: 'warning',
      message:
        element !== undefined && ADDED_AFTER_13.has(element)
          ? {
              en: `not read: <${element}>, added to DMN after 1.3 (${element === 'typeConstraint' ? 'a type constraint; item definitions are not converted' : 'a boxed expression; only decision tables are converted'})`,
              zh: `未读取：<${element}>，DMN 1.3 之后新增（${element === 'typeConstraint' ? '类型约束；项定义不转换' : '装箱表达式；只转换决策表'}）`,
            }
          : { en: `not read: ${detail}`, zh: `未读取：${detail}` },
    });
  }
  return { definitions: parsed.rootElement, notes, failure: null };
}

/**
 * A numeric character reference dmn-moddle would decode into something else than it says:
 * beyond U+FFFF it decodes with String.fromCharCode, so `&#x1000A;` reads as a line feed and
 * `&#xE0001;` as U+0001 (a control character smuggled past the XML layer into a cell); and one
 * XML 1.0 forbids (`&#1;`, a lone surrogate, U+FFFE/FFFF) is not well-formed XML. Refused with its
 * line and column, naming what to write instead. One linear scan; only the first is named.
 */
function badCharacterReference(xml: string): DocumentImport | null {
  for (const m of xml.matchAll(/&#(x[0-9a-fA-F]+|[0-9]+);/g)) {
    const digits = m[1] as string;
    const cp =
      digits[0] === 'x' ? Number.parseInt(digits.slice(1), 16) : Number.parseInt(digits, 10);
    const xmlChar =
      cp === 0x9 ||
      cp === 0xa ||
      cp === 0xd ||
      (cp >= 0x20 && cp <= 0xd7ff) ||
      (cp >= 0xe000 && cp <= 0xfffd) ||
      (cp >= 0x10000 && cp <= 0x10ffff);
    if (xmlChar && cp <= 0xffff) continue;
    const before = xml.slice(0, m.index);
    const line = before.split('\n').length;
    const column = m.index - before.lastIndexOf('\n');
    const ref = m[0];
    return xmlChar
      ? failed(
          `line ${line}, column ${column}: the character reference ${ref} is beyond U+FFFF, which the DMN reader would decode as another character; write the character itself`,
          `第 ${line} 行第 ${column} 列：字符引用 ${ref} 超出 U+FFFF，DMN 读取器会把它解码成另一个字符；请直接写出该字符`,
        )
      : failed(
          `line ${line}, column ${column}: the character reference ${ref} is not allowed in XML 1.0 (the file is not well-formed)`,
          `第 ${line} 行第 ${column} 列：XML 1.0 不允许字符引用 ${ref}（文件不是格式正确的 XML）`,
        );
  }
  return null;
}

export async function readDmn(
  xml: string,
  name: string,
  mappings: readonly OutputMapping[] = [],
): Promise<DocumentImport> {
  const { definitions, notes, failure } = await parseDmn(xml);
  if (failure) return failure;
  const r = importDmn(definitions, name, mappings);
  return { ...r, notes: [...notes, ...r.notes] };
}

export function readJdm(
  json: string,
  name: string,
  mappings: readonly OutputMapping[] = [],
): DocumentImport {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return failed(`the file is not JSON: ${detail}`, `该文件不是 JSON：${detail}`);
  }
  return importJdm(value, name, mappings);
}

/** Reads a file of a known kind; `sheet` (1-based) picks an .xlsx sheet. */
export async function readForeign(
  fileName: string,
  bytes: Uint8Array,
  sheet?: number,
  mappings: readonly OutputMapping[] = [],
): Promise<DocumentImport> {
  const kind = foreignKind(fileName);
  const name = documentName(fileName);
  // Every format's size is checked before the file is decoded or parsed.
  if (kind !== null && bytes.length > MAX_TABLE_FILE_BYTES)
    return {
      ...failed('', ''),
      refused: true,
      notes: [{ level: 'error', message: tableFileTooLarge(bytes.length) }],
    };
  const text = () => new TextDecoder('utf-8').decode(bytes);
  switch (kind) {
    case 'dmn':
      return readDmn(text(), name, mappings);
    case 'jdm':
      return readJdm(text(), name, mappings);
    case 'xlsx': {
      const { readXlsxTable } = await import('./xlsx');
      return readXlsxTable(bytes, name, sheet);
    }
    default:
      return failed(
        `${JSON.stringify(fileName)} is not a file that can be imported: use .dmn, .json (GoRules JDM) or .xlsx`,
        `${zhQuote(fileName)}不是可导入的文件：请使用 .dmn、.json（GoRules JDM）或 .xlsx`,
      );
  }
}

/** What the studio's worker answers for a table file (src/worker/foreign-table-worker.ts). */
export type ForeignTableReply =
  | {
      readonly kind: 'foreign';
      readonly result: DocumentImport;
      /** The report's headline (importHeadline), made here so the studio's page loads no importer. */
      readonly headline: Bilingual;
    }
  /** A workbook of several sheets: the user picks one, then it is read with `sheet`. */
  | { readonly kind: 'sheets'; readonly sheets: readonly string[] }
  /** The reader failed in a way no refusal covers (a bug): its message, for the report. */
  | { readonly kind: 'failed'; readonly detail: string };

export interface ForeignTableRequest {
  readonly fileName: string;
  readonly bytes: Uint8Array;
  /** The sheet of a workbook (1-based); without it a workbook of several sheets asks. */
  readonly sheet?: number;
  /** The analyst's mappings of business outputs to decisions (issue 38 §4). */
  readonly mappings?: readonly OutputMapping[];
}

/**
 * The studio's read of a table file, run in its worker: every limit is checked there before any
 * work (readForeign), a workbook is read once (its sheet names, or its one sheet's table). Never
 * throws.
 */
export async function readForeignRequest(request: ForeignTableRequest): Promise<ForeignTableReply> {
  const { fileName, bytes, sheet, mappings } = request;
  try {
    if (sheet === undefined && foreignKind(fileName) === 'xlsx') {
      const { readXlsxOrSheets } = await import('./xlsx');
      const read = await readXlsxOrSheets(bytes, documentName(fileName));
      return read.kind === 'sheets'
        ? { kind: 'sheets', sheets: read.sheets }
        : { kind: 'foreign', result: read.result, headline: importHeadline(read.result) };
    }
    const result = await readForeign(fileName, bytes, sheet, mappings);
    return { kind: 'foreign', result, headline: importHeadline(result) };
  } catch (e) {
    return { kind: 'failed', detail: e instanceof Error ? e.message : String(e) };
  }
}
