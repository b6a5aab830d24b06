/**
 * The one reader of a single fact (issue #35 §1 and §3, ruling I-89): `erdl eval RULES FACT`, the
 * library and the studio's fact box all read a fact's text here.
 *
 * - `.json` is JSON (strict: no trailing comma, no comment, no duplicate key); anything else is
 *   YAML 1.2 (core schema, unique keys, aliases bounded), of which JSON is a part.
 * - Fails closed: empty text (0 bytes, only whitespace, only comments) and any fact that is not a
 *   mapping (null, a list, text, a number — after the `{fact: …}` wrapper is removed) are refused,
 *   never evaluated as a fact with no fields. `{}` is a fact.
 * - Numbers keep every digit (read-number.ts): `9007199254740993` and `5000.00000000000001` reach
 *   the kernel's exact arithmetic; `1e400` is refused quoting what was written and where.
 * - Every refusal is positioned (offset, 1-based line and column) and in English and Chinese.
 */
import { type Document, isMap, isScalar, type Node, parseDocument, visit } from 'yaml';
import type { Bilingual } from '../diagnostics/diagnostic';
import { SourceText } from '../diagnostics/source-text';
import { lineStartByteOrderMarkCause, yamlDiagnostics } from '../document/yaml-errors';
import { checkFactShape, MAX_FACT_DEPTH, prepareFactBilingual } from '../eval/fact';
import { defineKey, Rational, type Value } from '../eval/values';
import { JsonError, type JsonPositions, parseJson } from '../suite/json-value';
import { zhQuote } from '../util/quote';
import { DATA_YAML, unwrapFact } from './parse-data';
import { numberProblem, readNumberText } from './read-number';
import { firstRepeatedKey } from './repeated-key';

export { checkFactShape };

/** How a fact's text is read: `json` for a `.json` file, `yaml` for anything else. */
export type FactFormat = 'json' | 'yaml';

export interface FactProblem {
  readonly ok: false;
  /**
   * `label:line:column: what is wrong` (without a label: `line 3, column 12: …`, `第 3 行第 12
   * 列：…`), in English and Chinese.
   */
  readonly message: Bilingual;
  /** Where (UTF-16 offset into the text; line and column 1-based). */
  readonly offset: number;
  readonly line: number;
  readonly column: number;
  /** The text holds no fact at all (0 bytes, only whitespace or comments): "write a fact". */
  readonly empty?: true;
}

export type FactRead = { readonly ok: true; readonly fact: Value } | FactProblem;

export interface ReadFactOptions {
  /**
   * Names the text in messages (a file name, `-`); its extension picks the format. Without one
   * (the studio's fact box) messages give the line and column in words.
   */
  readonly label?: string;
  /** Overrides the format the label's extension gives. */
  readonly format?: FactFormat;
}

/** The format a fact file's name gives: `.json` is JSON, anything else YAML. */
export function factFormatOf(label: string): FactFormat {
  return /\.json$/i.test(label) ? 'json' : 'yaml';
}

/**
 * 32 Mi characters: one fact is read whole; many facts belong in a JSON Lines or CSV fact set,
 * which streams (`erdl eval --facts`). Larger text is refused before any parsing.
 */
export const MAX_FACT_CHARS = 32 * 1024 * 1024;

/** Aliases YAML may expand (as parse-data.ts: a billion-laughs file is refused). */
const MAX_ALIAS_COUNT = 1000;

/**
 * Reads one fact from its text: the prepared fact (NFC strings, exact numbers), or a positioned,
 * bilingual refusal. Never throws.
 */
export function readFact(text: string, options: ReadFactOptions = {}): FactRead {
  const label = options.label;
  const format = options.format ?? factFormatOf(label ?? '');
  const source = new SourceText(text);
  const refuse = (offset: number, detail: Bilingual, empty = false): FactProblem => {
    const { line, column } = source.position(offset);
    return {
      ok: false,
      message: {
        en:
          label === undefined
            ? `line ${line}, column ${column}: ${detail.en}`
            : `${label}:${line}:${column}: ${detail.en}`,
        zh:
          label === undefined
            ? `第 ${line} 行第 ${column} 列：${detail.zh}`
            : `${label}:${line}:${column}：${detail.zh}`,
      },
      offset,
      line,
      column,
      ...(empty ? { empty: true as const } : {}),
    };
  };
  if (text.length > MAX_FACT_CHARS)
    return refuse(0, {
      en: `the fact is ${text.length} characters; at most ${MAX_FACT_CHARS} (evaluate many facts with --facts, JSON Lines or CSV)`,
      zh: `事实有 ${text.length} 个字符，上限为 ${MAX_FACT_CHARS}（大量事实请用 --facts 以 JSON Lines 或 CSV 求值）`,
    });
  try {
    const read = format === 'json' ? readJson(text, refuse) : readYaml(text, refuse);
    if (!read.ok) return read;
    const prepared = prepareFactBilingual(read.fact);
    if (prepared.ok) return prepared;
    const path = prepared.path || null;
    return refuse(read.at, {
      en: path ? `fact ${path}: ${prepared.problem.en}` : prepared.problem.en,
      zh: path ? `事实${zhQuote(path)}：${prepared.problem.zh}` : prepared.problem.zh,
    });
  } catch (e) {
    // A reader's own failure (e.g. the stack on absurd nesting): refused, never thrown.
    const detail = e instanceof Error ? e.message : String(e);
    return refuse(0, { en: `cannot be read: ${detail}`, zh: `无法读取：${detail}` });
  }
}

type Refuse = (offset: number, detail: Bilingual, empty?: boolean) => FactProblem;
/** The raw fact (wrapper removed, shape checked) and where it is written. */
type RawRead = { readonly ok: true; readonly fact: unknown; readonly at: number } | FactProblem;

type Emptiness = 'bytes' | 'blank' | 'comments' | 'nothing';

function emptyProblem(what: Emptiness): Bilingual {
  const en = {
    bytes: 'the fact is empty (0 bytes)',
    blank: 'the fact is empty (only whitespace)',
    comments: 'the fact is empty (only comments)',
    nothing: 'the fact is empty (no value is written)',
  }[what];
  const zh = {
    bytes: '事实为空（0 字节）',
    blank: '事实为空（只有空白）',
    comments: '事实为空（只有注释）',
    nothing: '事实为空（没有写任何值）',
  }[what];
  return {
    en: `${en}: write a mapping of fields, e.g. {"tool": {"name": "…"}}`,
    zh: `${zh}：请写一个字段映射，例如 {"tool": {"name": "…"}}`,
  };
}

const JSON_BLANK = /^[ \t\n\r]*$/;

function readJson(text: string, refuse: Refuse): RawRead {
  // A byte order mark is not part of the data (a space keeps every offset where it was).
  const body = text.startsWith('\uFEFF') ? ` ${text.slice(1)}` : text;
  if (JSON_BLANK.test(body))
    return refuse(0, emptyProblem(text.length === 0 ? 'bytes' : 'blank'), true);
  let raw: unknown;
  try {
    raw = parseJson(body, undefined, exactJsonNumber);
  } catch (e) {
    if (!(e instanceof JsonError)) throw e;
    return refuse(
      e.offset,
      e instanceof NumberRefused
        ? e.message
        : { en: `JSON: ${e.message.en}`, zh: `JSON 语法错误：${e.message.zh}` },
    );
  }
  const start = body.length - body.trimStart().length;
  const fact = unwrapFact(raw);
  const shape = checkFactShape(fact);
  if (shape) return refuse(fact === raw ? start : wrapperKey(body, start), shape);
  return { ok: true, fact, at: start };
}

/** Where the key of a `{"fact": …}` wrapper is written (read again with positions). */
function wrapperKey(body: string, start: number): number {
  const positions: JsonPositions = new WeakMap();
  const raw = parseJson(body, positions, exactJsonNumber);
  return positions.get(raw as object)?.get('fact')?.start ?? start;
}

/** A number token parseJson read but that cannot be a fact number (not a syntax error). */
export class NumberRefused extends JsonError {}

/**
 * A JSON number token read exactly (parseJson's number reader): a JS number, an exact Rational,
 * or a NumberRefused (a JsonError) quoting it when it is out of range.
 */
export function exactJsonNumber(token: string, offset: number): number | Rational {
  const r = readNumberText(token);
  if (r.ok) return r.value;
  throw new NumberRefused(offset, numberProblem(token, r.problem));
}

/**
 * Numbers keep every digit: each number scalar of a parsed YAML document (not a key: a key is a
 * field name) is read again from its source text, and one no double holds becomes an exact
 * Rational before `toJS`. Returns the first number that cannot be a fact number (out of range,
 * `.inf`, `.nan`), with its offset and a message quoting it; null when there is none.
 */
export function exactYamlNumbers(
  doc: Document.Parsed | Document,
): { readonly offset: number; readonly message: Bilingual } | null {
  const found: { bad: { offset: number; message: Bilingual } | null } = { bad: null };
  visit(doc, {
    Scalar(key, node) {
      if (key === 'key') return;
      if (typeof node.value !== 'number') return;
      const written = node.source ?? String(node.value);
      const r = readNumberText(written);
      if (!r.ok) {
        found.bad = { offset: node.range?.[0] ?? 0, message: numberProblem(written, r.problem) };
        return visit.BREAK;
      }
      if (typeof r.value !== 'number') node.value = r.value;
    },
  });
  return found.bad;
}

/**
 * Why a fact that opens as JSON (past white space, `{"`, `{}` or `[`: a YAML flow mapping's keys
 * are bare, and JSON has no comments) is not JSON, or null when it does not open so or is JSON: the strict
 * reader's reason.
 */
function jsonProblem(text: string): { offset: number; message: Bilingual } | null {
  if (!/^\s*(?:\{\s*["}]|\[)/.test(text)) return null;
  try {
    parseJson(text);
    return null;
  } catch (e) {
    if (!(e instanceof JsonError)) return null;
    // The reader speaks of a line (it reads JSON Lines too); a fact is its whole text.
    const en = e.message.en
      .replace('unexpected end of line', 'unexpected end of the fact')
      .replace('expected end of line', 'expected the end of the fact');
    const zh = e.message.zh
      .replace('意外的行尾', '事实意外结束')
      .replace('应为行尾', '此处应为事实末尾');
    return {
      offset: Math.min(e.offset, text.length),
      message: { en: `JSON syntax error: ${en}`, zh: `JSON 语法错误：${zh}` },
    };
  }
}

function readYaml(text: string, refuse: Refuse): RawRead {
  // Flow collections nested past what a fact may hold are refused before the YAML parser, whose
  // recursion would otherwise take seconds to report a stack overflow (in English only).
  const deep = flowDepthPast(text, MAX_FACT_DEPTH + 1);
  if (deep >= 0)
    return refuse(deep, {
      en: `nesting deeper than ${MAX_FACT_DEPTH} levels`,
      zh: `嵌套超过 ${MAX_FACT_DEPTH} 层`,
    });
  const doc = parseDocument(text, DATA_YAML);
  const err = doc.errors[0] ?? doc.warnings[0];
  if (err) {
    // The parser's words are English and end in a dangling "at line L, column C:": the fact gets
    // the rule document's own classification of the error (yaml-errors.ts), in both languages.
    // A fact written as JSON (it opens with { or [) that YAML cannot read: JSON's own reason
    // ("expected \",\" or \"}\"" at the end: a } is missing), not YAML's line-structure words.
    const json = jsonProblem(text);
    if (json) return refuse(json.offset, json.message);
    const d = yamlDiagnostics(
      new SourceText(text),
      [err],
      () => [],
      () => -1,
    )[0];
    if (d) return refuse(d.range.start, d.message);
    const detail = (err.message.split('\n')[0] ?? err.message).replace(
      / at line \d+, column \d+:?$/,
      '',
    );
    return refuse(err.pos[0], { en: detail, zh: `YAML 语法错误：${detail}` });
  }
  // A byte order mark at a line start the parser read without error, as text starting a key
  // ("\uFEFF  args"): the lines after it left their mapping, so the fact is not what its author sees.
  const bom = text.includes('\n\uFEFF')
    ? lineStartByteOrderMarkCause(new SourceText(text), 1, () => 0)
    : null;
  if (bom)
    return refuse(bom.range.start, {
      en: `YAML syntax error: ${bom.what.en}`,
      zh: `YAML 语法错误：${bom.what.zh}`,
    });
  const repeated = firstRepeatedKey(doc);
  if (repeated)
    return refuse(repeated[1].range?.[0] ?? 0, {
      en: 'a key appears twice in one mapping (each field may be given once)',
      zh: '同一映射中的键出现了两次（每个字段只能给出一次）',
    });
  const contents = doc.contents as Node | null;
  // Nothing written: no node, or an empty plain scalar (a lone `---`).
  if (contents === null || (isScalar(contents) && contents.value === null && !contents.source)) {
    const what: Emptiness =
      text.length === 0
        ? 'bytes'
        : /^[\s\uFEFF]*$/.test(text)
          ? 'blank'
          : /(^|\s)#/.test(text)
            ? 'comments'
            : 'nothing';
    return refuse(0, emptyProblem(what), true);
  }
  const bad = exactYamlNumbers(doc);
  if (bad) return refuse(bad.offset, bad.message);
  const raw = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown;
  const fact = unwrapFact(raw);
  let at = contents.range?.[0] ?? 0;
  if (fact !== raw && isMap(contents)) {
    const pair = contents.items[0];
    const value = pair?.value as Node | null | undefined;
    at = value?.range?.[0] ?? (pair?.key as Node | undefined)?.range?.[0] ?? at;
  }
  const shape = checkFactShape(fact);
  if (shape) return refuse(at, shape);
  return { ok: true, fact, at };
}

/**
 * A fact that crossed a worker boundary (postMessage, structured clone) as it was: an exact
 * number arrives as a plain `{n, d, written}` object with BigInt parts, which no JSON data can
 * hold, and is made a Rational again. Copies only what changes; anything else is returned as is.
 */
export function reviveFact(fact: unknown): unknown {
  // Nearly every fact holds no exact number: a scan without allocation says so.
  return holdsClonedRational(fact, 0) ? revive(fact, 0) : fact;
}

/** A structured clone of a Rational: BigInt numerator and denominator, which JSON cannot hold. */
function isClonedRational(o: object): boolean {
  const r = o as { n?: unknown; d?: unknown };
  return typeof r.n === 'bigint' && typeof r.d === 'bigint';
}

function holdsClonedRational(v: unknown, depth: number): boolean {
  if (typeof v !== 'object' || v === null || depth > MAX_FACT_DEPTH) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      if (typeof x === 'object' && x !== null && holdsClonedRational(x, depth + 1)) return true;
    }
    return false;
  }
  if (isClonedRational(v)) return true;
  for (const k in v) {
    const x = (v as Record<string, unknown>)[k];
    if (typeof x === 'object' && x !== null && holdsClonedRational(x, depth + 1)) return true;
  }
  return false;
}

function revive(v: unknown, depth: number): unknown {
  if (typeof v !== 'object' || v === null || depth > MAX_FACT_DEPTH) return v;
  if (v instanceof Rational) return v;
  if (Array.isArray(v)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < v.length; i++) {
      const x = revive(v[i], depth + 1);
      if (x !== v[i] && !out) out = v.slice(0, i);
      if (out) out.push(x);
    }
    return out ?? v;
  }
  const o = v as Record<string, unknown>;
  if (isClonedRational(o) && (o.d as bigint) > 0n) {
    return typeof o.written === 'string'
      ? Rational.written(o.n as bigint, o.d as bigint, o.written)
      : Rational.of(o.n as bigint, o.d as bigint);
  }
  let out: Record<string, unknown> | null = null;
  const keys = Object.keys(o);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const x = revive(o[k], depth + 1);
    if (x !== o[k] && !out) {
      out = {};
      for (let j = 0; j < i; j++) defineKey(out, keys[j] as string, o[keys[j] as string]);
    }
    if (out) defineKey(out, k, x);
  }
  return out ?? v;
}

/**
 * Where YAML flow collections (`[`, `{`) first nest deeper than `limit`, or -1. A pre-check, not
 * a parser: quoted scalars (starting after a space or `[{,:`) and comments are skipped; the YAML
 * parser still reads everything that passes.
 */
function flowDepthPast(text: string, limit: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) {
      if (depth > 0) depth--;
    } else if ((c === 0x22 || c === 0x27 || c === 0x23) && startsToken(text, i)) {
      if (c === 0x23) {
        const end = text.indexOf('\n', i);
        i = end < 0 ? text.length : end;
      } else {
        // To the closing quote: `\"` escapes inside "…", `''` inside '…' reads as two quotes.
        for (i++; i < text.length && text.charCodeAt(i) !== c; i++)
          if (c === 0x22 && text.charCodeAt(i) === 0x5c) i++;
      }
    }
  }
  return -1;
}

function startsToken(text: string, i: number): boolean {
  if (i === 0) return true;
  const p = text.charCodeAt(i - 1);
  return (
    p === 0x20 ||
    p === 0x09 ||
    p === 0x0a ||
    p === 0x0d ||
    p === 0x5b ||
    p === 0x7b ||
    p === 0x2c ||
    p === 0x3a
  );
}
