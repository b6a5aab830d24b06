import type { Range } from '../diagnostics/diagnostic';
import { SourceText } from '../diagnostics/source-text';
import type { YMap, YNode, YScalar } from '../document/ynode';
import type { SourceMap } from '../tree/context';
import type { LiteralValue } from '../tree/types';
import { literalYV } from './to-expression';
import { literalOrigin } from './to-simple';
import { isBareWord, quote, type YV } from './yaml-out';

/**
 * The text of a document as lines, for conversions that rewrite one rule entry in place and keep
 * everything else byte for byte: the other fields of the entry, their comments, their quoting.
 * Lines are 0-based here; a line holds no line break.
 */
export class DocLines {
  readonly lines: readonly string[];
  readonly newline: string;
  private readonly source: SourceText;

  constructor(readonly text: string) {
    this.newline = text.includes('\r\n') ? '\r\n' : '\n';
    this.lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
    this.source = new SourceText(text);
  }

  lineOf(offset: number): number {
    return this.source.position(offset).line - 1;
  }

  columnOf(offset: number): number {
    return this.source.position(offset).column - 1;
  }

  /** Offset of the start of 0-based `line`. */
  startOf(line: number): number {
    return this.source.lineStart(line + 1);
  }

  /** Offset just past the last character of 0-based `line` (its line break excluded). */
  endOf(line: number): number {
    return this.startOf(line) + (this.lines[line] ?? '').length;
  }

  slice(range: Range): string {
    return this.text.slice(range.start, range.end);
  }
}

export const isContent = (line: string): boolean => {
  const t = line.trim();
  return t !== '' && !t.startsWith('#');
};
export const isComment = (line: string): boolean => line.trim().startsWith('#');

/**
 * A line split at its comment: `code` without the comment, and `tail` — the spaces before `#`
 * and the comment, exactly as written (so it can be put back on another line unchanged). A `#`
 * starts a comment at the start of the line or after a space or tab, outside quotes.
 */
export function splitComment(line: string): { code: string; tail: string } {
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote === '"') {
      if (c === '\\') i++;
      else if (c === '"') quote = null;
    } else if (quote === "'") {
      if (c === "'") quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || line[i - 1] === ' ' || line[i - 1] === '\t')) {
      const code = line.slice(0, i).replace(/[ \t]+$/, '');
      return { code, tail: line.slice(code.length) };
    }
  }
  return { code: line, tail: '' };
}

/** One key of a block mapping with the lines it owns (the comments above it, the key, its value). */
export interface Chunk {
  readonly key: string;
  /** The lines, the first of a first chunk with its `- ` written as spaces. */
  readonly lines: readonly string[];
  /** Index in `lines` of the key's line. */
  readonly keyLine: number;
  /** The indentation of the key. */
  readonly indent: number;
}

/**
 * The chunks of a block mapping whose lines are `first`…`last` (comments and blank lines after a
 * value belong to the next key). The mapping's first key may follow a `- ` on its line.
 */
export function chunksOf(doc: DocLines, m: YMap, first: number, last: number): Chunk[] {
  const keyLines = m.items.map((p) => doc.lineOf(p.keyNode.range.start));
  const chunks: Chunk[] = [];
  let start = first;
  m.items.forEach((p, j) => {
    const keyLine = keyLines[j] as number;
    const limit = j + 1 < keyLines.length ? (keyLines[j + 1] as number) - 1 : last;
    let end = keyLine;
    for (let l = keyLine; l <= limit; l++) if (isContent(doc.lines[l] ?? '')) end = l;
    const indent = doc.columnOf(p.keyNode.range.start);
    const lines = doc.lines.slice(start, end + 1).map((line, i) =>
      // The first key of an item: its `- ` becomes spaces, so every chunk is at `indent`.
      start + i === keyLine && j === 0 ? ' '.repeat(indent) + line.slice(indent) : line,
    );
    chunks.push({ key: p.key, lines, keyLine: keyLine - start, indent });
    start = end + 1;
  });
  return chunks;
}

/** Lines moved `by` columns (negative: left, never past a line's own indentation). */
export function shift(lines: readonly string[], by: number): string[] {
  if (by === 0) return [...lines];
  return lines.map((l) => {
    if (l.trim() === '') return l;
    if (by > 0) return ' '.repeat(by) + l;
    const own = l.length - l.trimStart().length;
    return l.slice(Math.min(-by, own));
  });
}

/** A comment (as written, from `#`) as a full line at `indent`. */
export const commentLine = (comment: string, indent: number): string =>
  `${' '.repeat(indent)}${comment.trim()}`;

/** The comment of a trailing `tail` as a full line (`  # c` → `# c`). */
export const tailComment = (tail: string): string => tail.trim();

/** `value` written in the style of `like` (a double-quoted, single-quoted or plain scalar). */
export function scalarLike(like: YScalar, value: string): string {
  // Plain: a word that YAML reads back as this string (not a number, boolean, null or date).
  if (
    like.style === 'plain' &&
    (isBareWord(value) || /^[\p{L}_][\p{L}\p{N}_.\-/]*$/u.test(value)) &&
    !/^(?:null|true|false|y|n|yes|no|on|off)$/i.test(value)
  )
    return value;
  if (like.style === 'single' && !value.includes('\n')) return `'${value.replaceAll("'", "''")}'`;
  return quote(value);
}

/**
 * A literal writer that keeps each value as it was written when its source is one line of plain,
 * quoted or flow text (`1234.50` stays `1234.50`, `'x'` stays `'x'`); other literals are written
 * in the §2.3 style. The conversion re-compiles its result, so a kept spelling is only ever one
 * that reads back as the same value.
 */
export function verbatimLiterals(doc: DocLines, sourceMap: SourceMap): (v: LiteralValue) => YV {
  const write = (v: LiteralValue): YV => {
    const range = sourceMap.get((literalOrigin(v) ?? v) as never);
    if (range) {
      const text = doc.slice(range);
      if (
        text !== '' &&
        !text.includes('\n') &&
        text.trim() === text &&
        splitComment(text).tail === '' &&
        !(v.type === 'list' && !text.startsWith('['))
      )
        return { k: 'plain', v: text };
    }
    if (v.type === 'list') return { k: 'seq', items: v.value.map(write), layout: 'flow' };
    return literalYV(v);
  };
  return write;
}

/** The first line of a block sequence item (`- …`) and its last content line. */
export function itemLines(
  doc: DocLines,
  item: YNode,
  next: YNode | undefined,
  last: number,
): { first: number; last: number } {
  const first = doc.lineOf(item.range.start);
  const limit = next ? doc.lineOf(next.range.start) - 1 : last;
  let end = first;
  for (let l = first; l <= limit; l++) if (isContent(doc.lines[l] ?? '')) end = l;
  return { first, last: end };
}
