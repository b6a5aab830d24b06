/**
 * YAML syntax errors in plain words (issue #16 point 5). The `yaml` library reports what its
 * parser saw ("Unexpected map-value-ind token in YAML stream"), often dozens of times for one slip;
 * a person needs the likely cause, where it is, and a fix when the fix is unambiguous.
 *
 * - Each parser error is classified from its code (`YAMLError.code`) and the text around it into
 *   one of our codes (E014–E024, E005 as the last resort); the parser's own words are kept only as
 *   `detail`.
 * - One root cause, one error: an error the root's fix makes disappear (checked by parsing the
 *   fixed text) is folded under the root as `caused`; without a fix, the parser's follow-on errors
 *   (unexpected tokens after the root) are folded.
 */
import type { YAMLError } from 'yaml';
import { type DiagnosticCode, diagnostic, type Params } from '../diagnostics/codes';
import type { Bilingual, Diagnostic, Fix, Range } from '../diagnostics/diagnostic';
import type { SourceText } from '../diagnostics/source-text';
import { applyTextEdits } from '../util/text-edit';

/** Re-parses text and returns its errors (load's own parse options). */
export type Reparse = (text: string) => readonly YAMLError[];

interface Classified {
  readonly code: DiagnosticCode;
  readonly range: Range;
  readonly params: Params;
  readonly fix?: Fix;
  /** The parser error this came from (for folding); null for a document-level finding. */
  readonly error: YAMLError | null;
}

/** Plain words for E005, per parser error code: what a person would see is wrong. */
const WHAT: Partial<Record<YAMLError['code'], Bilingual>> = {
  UNEXPECTED_TOKEN: {
    en: 'the text here does not fit the structure above it',
    zh: '此处的内容与上文的结构不符',
  },
  BAD_INDENT: {
    en: 'the indentation here does not match the lines around it',
    zh: '此处的缩进与上下文不一致',
  },
  MULTILINE_IMPLICIT_KEY: {
    en: 'a key must stand on one line, followed by ": " and its value',
    zh: '键必须写在同一行，后面紧跟“: ”和值',
  },
  MISSING_CHAR: {
    en: 'a line here is neither "key: value" nor a list item "- …"',
    zh: '此行既不是“键: 值”，也不是以“- ”开头的列表项',
  },
  BLOCK_IN_FLOW: {
    en: 'indented lines cannot stand inside [ ] or { }',
    zh: '[ ] 或 { } 内不能出现缩进的多行结构',
  },
  BLOCK_AS_IMPLICIT_KEY: {
    en: 'a list or mapping cannot be used as a key',
    zh: '列表或映射不能用作键',
  },
  MULTIPLE_ANCHORS: { en: 'a value can carry at most one anchor', zh: '一个值最多只能有一个锚点' },
  MULTIPLE_TAGS: { en: 'a value can carry at most one tag', zh: '一个值最多只能有一个标签' },
  BAD_ALIAS: { en: 'an anchor or alias name is missing here', zh: '此处缺少锚点或别名的名称' },
  ALIAS_PROPS: { en: 'an alias cannot carry a tag or an anchor', zh: '别名不能带标签或锚点' },
  BAD_DIRECTIVE: { en: 'this % directive is not understood', zh: '无法识别此 % 指令' },
  KEY_OVER_1024_CHARS: {
    en: 'a key is longer than 1024 characters',
    zh: '键的长度超过 1024 个字符',
  },
};
const SOMETHING: Bilingual = {
  en: 'YAML cannot read the text here',
  zh: 'YAML 无法读取此处的文本',
};

/** The text of one line, without its line break. */
function lineText(source: SourceText, line: number): string {
  const start = source.lineStart(line);
  const end = line < source.lineCount ? source.lineStart(line + 1) : source.text.length;
  return source.text.slice(start, end).replace(/\r?\n$|\r$/, '');
}

/** "1 space" / "3 spaces" in English; the Chinese template carries its own measure word. */
function spaces(n: number, stray = false): Bilingual {
  const en = stray
    ? n === 1
      ? 'a stray space'
      : `${n} stray spaces`
    : n === 1
      ? '1 space'
      : `${n} spaces`;
  return { en, zh: String(n) };
}

const isContent = (s: string) => !/^\s*(#.*)?$/.test(s) && !/^(---|\.\.\.|%)/.test(s);
const indentOf = (s: string) => (/^ */.exec(s)?.[0].length ?? 0) as number;
/** A line that opens a block: `key:` (a comment may follow) or `- key:` with nothing after. */
const opensBlock = (s: string) => /:\s*(#.*)?$/.test(s) && !/^\s*-\s*$/.test(s);
/** For `  - name: a`, the column of `name` (the item's content); -1 when the line is no item. */
function itemContent(s: string): number {
  const m = /^( *)- +(?=\S)/.exec(s);
  return m ? m[0].length : -1;
}
/** The key a line starts with (`name` in `  - name: a` or `  name: a`), or null. */
function keyOf(s: string): string | null {
  const m = /^ *(?:- +)?([^\s:#'"[\]{},][^:#]*?|"[^"]*"|'[^']*'):(?:\s|$)/.exec(s);
  return m ? (m[1] ?? null) : null;
}

interface Placement {
  /** The column (0-based) the line should start at. */
  readonly expected: number;
  /** The line lines up with list items above it but has no "- ". */
  readonly missingDash: boolean;
  /** 1-based line of the list item it lines up with (missingDash). */
  readonly itemLine: number;
}

/**
 * Where a mis-indented line belongs, read from the lines above it: the column of its siblings, or
 * null when the text does not say.
 */
function placement(source: SourceText, line: number): Placement | null {
  const text = lineText(source, line);
  const actual = indentOf(text);
  const hasDash = itemContent(text) !== -1;
  let firstChildIndent = -1;
  for (let l = line - 1; l >= 1; l--) {
    const above = lineText(source, l);
    if (!isContent(above)) continue;
    const ind = indentOf(above);
    const content = itemContent(above);
    if (ind === actual && content !== -1 && !hasDash)
      return { expected: ind, missingDash: true, itemLine: l };
    if (content !== -1 && ind < actual && actual < content + 2 && !hasDash)
      return { expected: content, missingDash: false, itemLine: 0 };
    if (ind < actual) {
      if (opensBlock(above) && content === -1)
        return firstChildIndent === -1
          ? null
          : { expected: firstChildIndent, missingDash: false, itemLine: 0 };
      return { expected: ind, missingDash: false, itemLine: 0 };
    }
    if (ind > actual) firstChildIndent = ind;
    else return null; // same column: the problem is not this line's indentation
  }
  return null;
}

/** The column a tab-indented line should start at: its parent's child column, or its sibling's. */
function tabIndent(source: SourceText, line: number): number | undefined {
  for (let l = line - 1; l >= 1; l--) {
    const above = lineText(source, l);
    if (!isContent(above) || /^ *\t/.test(above)) continue;
    const content = itemContent(above);
    if (opensBlock(above)) return (content === -1 ? indentOf(above) : content) + 2;
    return content === -1 ? indentOf(above) : content;
  }
  return undefined;
}

function reindent(source: SourceText, line: number, spaces: number, title: Bilingual): Fix {
  const start = source.lineStart(line);
  const ws = /^[ \t]*/.exec(lineText(source, line))?.[0].length ?? 0;
  return { title, edits: [{ range: { start, end: start + ws }, newText: ' '.repeat(spaces) }] };
}

/** The first content line when it is indented although later top-level lines are not. */
function strayLeadingSpace(source: SourceText): Classified | null {
  let first = 0;
  for (let l = 1; l <= source.lineCount; l++) {
    if (isContent(lineText(source, l))) {
      first = l;
      break;
    }
  }
  if (first === 0) return null;
  const text = lineText(source, first);
  const count = indentOf(text);
  if (count === 0 || itemContent(text) !== -1) return null;
  let later = false;
  for (let l = first + 1; l <= source.lineCount && !later; l++) {
    const t = lineText(source, l);
    later = isContent(t) && indentOf(t) < count;
  }
  if (!later) return null;
  const start = source.lineStart(first);
  return {
    code: 'ERDL-E014',
    range: { start, end: start + count },
    params: { line: first, count: spaces(count, true), key: keyOf(text) ?? text.trim() },
    fix: {
      title: { en: 'Remove the stray space', zh: '删除多余的空格' },
      edits: [{ range: { start, end: start + count }, newText: '' }],
    },
    error: null,
  };
}

/** A carriage return not followed by a line feed. */
const LONE_CR = /\r(?!\n)/g;

/**
 * Lines ended by a carriage return alone (classic Mac OS files), when they are why the text does
 * not parse: the `yaml` library reads only LF and CR LF as line breaks, so every line after the
 * first runs into it and each gave an error of its own ("a value that contains ': '…" 21 times for
 * a 21-line document). One cause at the first such CR, its fix every CR made an LF; only when the
 * fixed text has fewer than `errors` errors (a CR inside a quoted value that parses is no cause).
 * Also the suite reader's (suite/parse-suite.ts).
 */
export function loneCarriageReturnCause(
  source: SourceText,
  errors: number,
  reparse: (text: string) => number,
): { readonly at: number; readonly fix: Fix; readonly what: Bilingual } | null {
  const first = source.text.search(LONE_CR);
  if (first === -1 || errors === 0) return null;
  const edits = [...source.text.matchAll(LONE_CR)].map((m) => ({
    range: { start: m.index, end: m.index + 1 },
    newText: '\n',
  }));
  const fix: Fix = {
    title: { en: 'End every line with LF', zh: '将所有行尾改为 LF' },
    edits,
  };
  if (reparse(applyFix(source.text, fix)) >= errors) return null;
  const { line } = source.position(first);
  return {
    at: first,
    fix,
    what: {
      en: `line ${line} ends with a carriage return alone (CR, as old Mac files do); YAML breaks lines only at LF or CR LF, so the lines after it run together`,
      zh: `第 ${line} 行以单独的回车符（CR，旧式 Mac 文件的换行方式）结尾；YAML 只在 LF 或 CR LF 处换行，其后各行因此连成一行`,
    },
  };
}

/** Byte order marks (U+FEFF) at the start of a line after the first (load drops the file's own). */
const LINE_START_BOM = /(?<=\n)\uFEFF+/g;

/**
 * A byte order mark at the start of a line, when it is why the text does not parse: files joined
 * or pasted together bring one along, invisible, and YAML reads it as text at the start of the
 * line, so the indentation after it is misread (a misleading error per line: "a value that contains
 * ': '…", stray spaces). One cause at the first such mark, its fix every one deleted; only when the
 * fixed text has fewer than `errors` errors. A mark the parser reads as part of a key
 * (`\uFEFFversion:`), as one elsewhere in a line, is hidden text (ERDL-W026). Also the suite and
 * fact readers' (suite/parse-suite.ts, data/read-fact.ts), which have no hidden-text check: there
 * `errors` 1 and a reparse giving 0 name any such mark, also one the parser read without error.
 */
export function lineStartByteOrderMarkCause(
  source: SourceText,
  errors: number,
  reparse: (text: string) => number,
): { readonly range: Range; readonly fix: Fix; readonly what: Bilingual } | null {
  const marks = [...source.text.matchAll(LINE_START_BOM)];
  const first = marks[0];
  if (!first || errors === 0) return null;
  const fix: Fix = {
    title:
      marks.length === 1
        ? { en: 'Delete the byte order mark', zh: '删除字节顺序标记' }
        : { en: 'Delete the byte order marks', zh: '删除这些字节顺序标记' },
    edits: marks.map((m) => ({
      range: { start: m.index, end: m.index + m[0].length },
      newText: '',
    })),
  };
  if (reparse(applyFix(source.text, fix)) >= errors) return null;
  const { line } = source.position(first.index);
  return {
    range: { start: first.index, end: first.index + first[0].length },
    fix,
    what: {
      en: `line ${line} starts with a byte order mark (U+FEFF), an invisible character that belongs only at the very start of a file; YAML reads it as text at the start of the line, so the line no longer fits the indentation around it. Delete it`,
      zh: `第 ${line} 行开头有一个字节顺序标记（U+FEFF，BOM），这是一个只应出现在文件最开头的不可见字符；YAML 把它当作行首的文本，该行因此与上下文的缩进不再相符。请将其删除`,
    },
  };
}

/** A cause found in the whole text (a lone CR, a byte order mark at a line start) as ERDL-E005. */
function rootCause(
  cause: { readonly range: Range; readonly fix: Fix; readonly what: Bilingual } | null,
): Classified | null {
  return cause
    ? {
        code: 'ERDL-E005',
        range: cause.range,
        params: { what: cause.what },
        fix: cause.fix,
        error: null,
      }
    : null;
}

/** Wraps a plain value in double quotes (escaping what must be escaped). */
function quoteFix(start: number, value: string): Fix {
  return {
    title: { en: 'Put the value in double quotes', zh: '给值加上双引号' },
    edits: [
      {
        range: { start, end: start + value.length },
        newText: JSON.stringify(value),
      },
    ],
  };
}

function classify(err: YAMLError, source: SourceText, openQuote: number): Classified {
  const text = source.text;
  const clamp = (o: number) => Math.max(0, Math.min(o, text.length));
  const pos = clamp(openQuote === -1 ? err.pos[0] : openQuote);
  const range = { start: pos, end: Math.max(pos, clamp(err.pos[1])) };
  const { line } = source.position(pos);
  const lineStr = lineText(source, line);
  const lineStart = source.lineStart(line);
  const message = err.message;
  const generic = (): Classified => ({
    code: 'ERDL-E005',
    range,
    params: { what: WHAT[err.code] ?? SOMETHING },
    error: err,
  });

  if (err.code === 'TAB_AS_INDENT' || (/^ *\t/.test(lineStr) && err.code === 'BAD_INDENT')) {
    const above = tabIndent(source, line);
    return {
      code: 'ERDL-E016',
      range: { start: lineStart, end: lineStart + (/^[ \t]*/.exec(lineStr)?.[0].length ?? 1) },
      params: { line },
      ...(above === undefined
        ? {}
        : {
            fix: reindent(source, line, above, {
              en: 'Replace the tab with spaces',
              zh: '把制表符换成空格',
            }),
          }),
      error: err,
    };
  }
  if (err.code === 'MISSING_CHAR' && /closing .?quote/.test(message)) {
    const quote = text.charAt(pos) === "'" ? "'" : '"';
    const qLine = lineText(source, source.position(pos).line);
    const qEnd = source.lineStart(source.position(pos).line) + qLine.replace(/\s+$/, '').length;
    return {
      code: 'ERDL-E017',
      range: { start: pos, end: pos + 1 },
      params: { quote },
      fix: {
        title: { en: 'Close the quote at the end of the line', zh: '在行尾补上结束引号' },
        edits: [{ range: { start: qEnd, end: qEnd }, newText: quote }],
      },
      error: err,
    };
  }
  if (
    err.code === 'BAD_INDENT' ||
    (err.code === 'MISSING_CHAR' && /without - indicator/.test(message))
  ) {
    if (/^Flow (sequence|mapping)/.test(message)) {
      const open = text.lastIndexOf(/sequence/.test(message) ? '[' : '{', pos);
      return {
        code: 'ERDL-E022',
        range: open >= 0 ? { start: open, end: open + 1 } : range,
        params: { bracket: /sequence/.test(message) ? '[' : '{' },
        error: err,
      };
    }
    const place = placement(source, line);
    if (place?.missingDash) {
      const own = keyOf(lineStr);
      const itemKey = keyOf(lineText(source, place.itemLine));
      // Unambiguous when the item above already starts with this key: it must be a new item.
      const fix: Fix | undefined =
        own !== null && own === itemKey
          ? {
              title: { en: 'Start a new list item with "- "', zh: '以“- ”开始新的列表项' },
              edits: [
                {
                  range: { start: lineStart + place.expected, end: lineStart + place.expected },
                  newText: '- ',
                },
              ],
            }
          : undefined;
      return {
        code: 'ERDL-E018',
        range: { start: lineStart, end: lineStart + lineStr.length },
        params: { line },
        ...(fix ? { fix } : {}),
        error: err,
      };
    }
    if (place) {
      const actual = indentOf(lineStr);
      const indentRange = { start: lineStart, end: lineStart + Math.max(actual, 1) };
      if (place.expected === 0)
        return {
          code: 'ERDL-E014',
          range: indentRange,
          params: { line, count: spaces(actual, true), key: keyOf(lineStr) ?? lineStr.trim() },
          fix: reindent(source, line, 0, {
            en: 'Remove the stray space',
            zh: '删除多余的空格',
          }),
          error: err,
        };
      return {
        code: 'ERDL-E015',
        range: indentRange,
        params: { line, actual: spaces(actual), expected: spaces(place.expected) },
        fix: reindent(source, line, place.expected, {
          en: `Indent by ${place.expected} spaces`,
          zh: `改为缩进 ${place.expected} 个空格`,
        }),
        error: err,
      };
    }
    return generic();
  }
  if (err.code === 'BLOCK_AS_IMPLICIT_KEY' && /compact mappings/.test(message)) {
    // `key: a: b` — the value after the first ": " holds another ": ".
    const m = /^( *(?:- +)?[^:#]+?: +)([^#]*?)\s*(#.*)?$/.exec(lineStr);
    const value = m?.[2] ?? '';
    const valueStart = lineStart + (m?.[1]?.length ?? 0);
    const plain = value !== '' && !/^["'[{|>&*!]/.test(value);
    return {
      code: 'ERDL-E019',
      range: plain ? { start: valueStart, end: valueStart + value.length } : range,
      params: {},
      ...(plain ? { fix: quoteFix(valueStart, value) } : {}),
      error: err,
    };
  }
  if (err.code === 'BAD_DQ_ESCAPE') {
    const sequence = text.slice(pos, pos + 2);
    return {
      code: 'ERDL-E020',
      range: { start: pos, end: pos + 2 },
      params: { escape: sequence },
      fix: {
        title: { en: 'Write a literal backslash', zh: '写成反斜杠本身' },
        edits: [{ range: { start: pos, end: pos + 1 }, newText: '\\\\' }],
      },
      error: err,
    };
  }
  if (err.code === 'BAD_SCALAR_START') {
    const char = text.charAt(pos);
    const rest = /^[^\n#]*?(?=\s*(#|$))/m.exec(text.slice(pos))?.[0] ?? char;
    return {
      code: 'ERDL-E021',
      range: { start: pos, end: pos + rest.length },
      params: { char },
      fix: quoteFix(pos, rest),
      error: err,
    };
  }
  if (err.code === 'TAG_RESOLVE_FAILED') {
    const tag = /Unresolved tag: (\S+)/.exec(message)?.[1] ?? text.slice(range.start, range.end);
    const written = /^!\S*/.exec(text.slice(pos))?.[0] ?? '';
    const shown = written || tag;
    const fix: Fix | undefined = written
      ? {
          title: { en: `Remove the tag ${written}`, zh: `删除标签 ${written}` },
          edits: [
            {
              range: {
                start: pos,
                end: pos + written.length + (text.charAt(pos + written.length) === ' ' ? 1 : 0),
              },
              newText: '',
            },
          ],
        }
      : undefined;
    return {
      code: 'ERDL-E023',
      range: written ? { start: pos, end: pos + written.length } : range,
      params: { tag: shown },
      ...(fix ? { fix } : {}),
      error: err,
    };
  }
  return generic();
}

/** A parser error whose message and position say it only follows from an earlier one. */
const followsOn = (e: YAMLError) =>
  e.code === 'UNEXPECTED_TOKEN' ||
  (e.code === 'MISSING_CHAR' && /Implicit map keys need/.test(e.message));

/** Applies a fix's edits (non-overlapping) to text; a fix that does not fit leaves it as it is. */
function applyFix(text: string, fix: Fix): string {
  return applyTextEdits(text, fix.edits) ?? text;
}

/**
 * A position in the text a fix made, back in the text before it: moved back by what each edit
 * that ends before it added (a deletion of every byte order mark at a line start has many).
 */
function beforeFix(fix: Fix, pos: number): number {
  let shift = 0;
  for (const e of [...fix.edits].sort((a, b) => a.range.start - b.range.start)) {
    const added = e.newText.length - (e.range.end - e.range.start);
    if (pos < e.range.end + shift + added) break;
    shift += added;
  }
  return pos - shift;
}

/** How many roots with a fix are checked by re-parsing (each check parses the whole text once). */
const MAX_REPARSES = 4;

/**
 * The parser's errors (in any order) as diagnostics: classified, then folded so that each root
 * cause is one diagnostic carrying what it causes. `openQuoteAt` maps an unclosed-quote error to
 * the quote that opens it (or -1).
 */
export function yamlDiagnostics(
  source: SourceText,
  errors: readonly YAMLError[],
  reparse: Reparse,
  openQuoteAt: (e: YAMLError) => number,
): Diagnostic[] {
  const sorted = [...errors].sort((a, b) => a.pos[0] - b.pos[0]);
  const classified: Classified[] = sorted.map((e) => classify(e, source, openQuoteAt(e)));
  const stray = strayLeadingSpace(source);
  if (stray && !classified.some((c) => c.code === 'ERDL-E014')) classified.unshift(stray);
  const count = (text: string) => reparse(text).length;
  const cr = loneCarriageReturnCause(source, errors.length, count);
  const whole = rootCause(
    cr
      ? { range: { start: cr.at, end: cr.at + 1 }, fix: cr.fix, what: cr.what }
      : lineStartByteOrderMarkCause(source, errors.length, count),
  );
  if (whole) classified.unshift(whole);

  const out: { root: Classified; caused: Classified[] }[] = [];
  const folded = new Set<number>();
  let reparses = 0;
  for (let i = 0; i < classified.length; i++) {
    if (folded.has(i)) continue;
    const root = classified[i] as Classified;
    const caused: Classified[] = [];
    if (root.fix && reparses < MAX_REPARSES) {
      reparses++;
      const fixed = applyFix(source.text, root.fix);
      // Errors the fixed text still has, positioned back in the original text: the others are
      // caused by this root.
      const remaining = new Set(
        reparse(fixed).map((e) => `${e.code}@${beforeFix(root.fix as Fix, e.pos[0])}`),
      );
      for (let j = i + 1; j < classified.length; j++) {
        const e = (classified[j] as Classified).error;
        if (folded.has(j) || !e || remaining.has(`${e.code}@${e.pos[0]}`)) continue;
        caused.push(classified[j] as Classified);
        folded.add(j);
      }
    } else {
      const rootLine = source.position(root.range.start).line;
      for (let j = i + 1; j < classified.length; j++) {
        const e = (classified[j] as Classified).error;
        if (!e || !(followsOn(e) || source.position(e.pos[0]).line === rootLine)) break;
        caused.push(classified[j] as Classified);
        folded.add(j);
      }
    }
    out.push({ root, caused });
  }
  return out.map(({ root, caused }) => {
    const d = build(root);
    return caused.length > 0 ? { ...d, caused: caused.map(build) } : d;
  });
}

function build(c: Classified): Diagnostic {
  const d = diagnostic(c.code, c.range, c.params, c.fix);
  return c.error ? { ...d, detail: firstLine(c.error.message) } : d;
}

function firstLine(message: string): string {
  const line = message.split('\n')[0] ?? message;
  return line.replace(/ at line \d+, column \d+:?$/, '');
}
