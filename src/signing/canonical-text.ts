import type { Bilingual } from '../kernel';
import { canonicalBytes, canonicalJson } from '../kernel/tree/canonical';
import { revealInline } from '../kernel/util/visible-text';
import { fromBase64, toBase64 } from './base64';

/**
 * Byte-canonical signed files (ruling I-43, docs/signed-files.md "Canonical bytes"). A signature
 * file, a role statement and a manifest are each exactly one byte sequence: the RFC 8785 JSON of
 * the decoded value (plus one `\n` for the file), with every binary member in standard, padded
 * base64. The rule is checked by re-encoding the decoded value and comparing bytes; when they
 * differ, `jsonTextProblem` and `base64Problem` name the first difference (a BOM, whitespace, a
 * member order, a duplicate member, a string escape, a number's spelling, a base64 spelling) with
 * its line and column, and `firstDifference` names the first differing byte otherwise.
 *
 * Linear in the text, no recursion (an explicit stack), never throws.
 */

const MAX_SHOWN = 40;

/** A value for a message: revealed (bidi, invisible and control characters written out), cut. */
export function shownEn(value: string): string {
  const cut = value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN - 1)}…` : value;
  return `"${revealInline(cut)}"`;
}

export function shownZh(value: string): string {
  const cut = value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN - 1)}…` : value;
  return `“${revealInline(cut)}”`;
}

/** True when the bytes start with the UTF-8 byte-order mark (EF BB BF). */
export function hasBom(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

export const BOM_PROBLEM: Bilingual = {
  en: 'it begins with a byte-order mark (U+FEFF, bytes EF BB BF); ERDL writes UTF-8 without one',
  zh: '以字节顺序标记（U+FEFF，字节 EF BB BF）开头；ERDL 写出的 UTF-8 不带该标记',
};

/** Line and column (1-based, columns in UTF-16 code units) of an offset in a text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++)
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  return { line, column: offset - start + 1 };
}

function at(text: string, offset: number): Bilingual {
  const { line, column } = lineColumn(text, offset);
  return { en: `line ${line}, column ${column}`, zh: `第 ${line} 行第 ${column} 列` };
}

const WHITESPACE_NAME: Record<string, Bilingual> = {
  ' ': { en: 'a space', zh: '空格' },
  '\t': { en: 'a tab', zh: '制表符' },
  '\n': { en: 'a line break', zh: '换行' },
  '\r': { en: 'a carriage return', zh: '回车符' },
};

/** A JSON path for messages: `signatures[1].sig`, `(root)` for the top. */
function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path === '(root)' ? '' : path}[${key}]`;
  const name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? key : JSON.stringify(revealInline(key));
  return path === '(root)' ? name : `${path}.${name}`;
}

interface Frame {
  readonly kind: 'object' | 'array';
  readonly path: string;
  /** Object: the members seen, the last one, and whether the next string is a member name. */
  readonly keys: Set<string>;
  last: string | null;
  expectKey: boolean;
  /** The member (object) or index (array) the next value belongs to. */
  member: string | number;
}

export interface JsonTextOptions {
  /** The text must end with exactly one `\n` after the value (a signature file). */
  readonly trailingNewline: boolean;
  /** A further check of a string value at a path (base64 members). */
  readonly checkString?: (path: string, value: string) => Bilingual | null;
}

/**
 * The first place where `text` (valid JSON, BOM already removed) is not RFC 8785 canonical JSON:
 * whitespace outside strings, members out of order or repeated, a string or number not in its
 * canonical spelling, a missing or extra final line break — or a string `checkString` refuses.
 * Null when the text is canonical as far as these go (the caller still compares bytes).
 */
export function jsonTextProblem(text: string, options: JsonTextOptions): Bilingual | null {
  const stack: Frame[] = [];
  let i = 0;
  let done = false;
  const top = () => stack[stack.length - 1];
  /** The path of the value that starts now. */
  const valuePath = (): string => {
    const f = top();
    return f ? join(f.path, f.member) : '(root)';
  };
  const n = text.length;
  while (i < n) {
    const c = text[i] as string;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (done && c === '\n' && i === n - 1 && options.trailingNewline) return null;
      const name = WHITESPACE_NAME[c] as Bilingual;
      const where = at(text, i);
      return {
        en: `${name.en} at ${where.en}: canonical JSON (RFC 8785) has no whitespace outside strings${done ? ' and nothing after the value but the final line break' : ''}`,
        zh: `${where.zh}有${name.zh}：规范 JSON（RFC 8785）在字符串之外不含空白${done ? '，值之后只有结尾的一个换行' : ''}`,
      };
    }
    if (done) {
      const where = at(text, i);
      return {
        en: `text after the JSON value at ${where.en}`,
        zh: `${where.zh}在 JSON 值之后还有文本`,
      };
    }
    const frame = top();
    if (c === '{' || c === '[') {
      const path = valuePath();
      stack.push({
        kind: c === '{' ? 'object' : 'array',
        path,
        keys: new Set(),
        last: null,
        expectKey: c === '{',
        member: 0,
      });
      i++;
      continue;
    }
    if (c === '}' || c === ']') {
      stack.pop();
      if (stack.length === 0) done = true;
      i++;
      continue;
    }
    if (c === ',') {
      if (frame?.kind === 'array') frame.member = (frame.member as number) + 1;
      else if (frame) frame.expectKey = true;
      i++;
      continue;
    }
    if (c === ':') {
      i++;
      continue;
    }
    if (c === '"') {
      const start = i;
      i++;
      while (i < n && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      const raw = text.slice(start, i);
      let value: string;
      try {
        value = JSON.parse(raw) as string;
      } catch {
        return { en: `not JSON at ${at(text, start).en}`, zh: `${at(text, start).zh}不是 JSON` };
      }
      let canonical: string | null;
      try {
        canonical = canonicalJson(value);
      } catch {
        canonical = null;
      }
      if (canonical === null)
        return {
          en: `the string at ${at(text, start).en} holds a lone surrogate (not Unicode text)`,
          zh: `${at(text, start).zh}的字符串含孤立代理项（不是 Unicode 文本）`,
        };
      if (frame?.kind === 'object' && frame.expectKey) {
        frame.expectKey = false;
        if (frame.keys.has(value))
          return {
            en: `member ${shownEn(value)} appears twice in ${frame.path === '(root)' ? 'the top-level object' : frame.path} (the second at ${at(text, start).en})`,
            zh: `${frame.path === '(root)' ? '顶层对象' : `${frame.path} `}中成员${shownZh(value)}出现两次（第二次在${at(text, start).zh}）`,
          };
        if (frame.last !== null && value < frame.last)
          return {
            en: `member ${shownEn(value)} at ${at(text, start).en} comes after ${shownEn(frame.last)}: canonical JSON (RFC 8785) orders members by UTF-16 code units, ${shownEn(value)} first`,
            zh: `${at(text, start).zh}的成员${shownZh(value)}排在${shownZh(frame.last)}之后：规范 JSON（RFC 8785）按 UTF-16 码元排序成员，${shownZh(value)}在前`,
          };
        if (raw !== canonical)
          return {
            en: `the member name at ${at(text, start).en} is not written in its canonical form (${shownEn(canonical)})`,
            zh: `${at(text, start).zh}的成员名不是规范写法（${shownZh(canonical)}）`,
          };
        frame.keys.add(value);
        frame.last = value;
        frame.member = value;
        continue;
      }
      if (raw !== canonical)
        return {
          en: `the string at ${at(text, start).en} is not written in its canonical form (RFC 8785 escapes only what it must: ${shownEn(canonical)})`,
          zh: `${at(text, start).zh}的字符串不是规范写法（RFC 8785 只转义必须转义的字符：${shownZh(canonical)}）`,
        };
      const path = valuePath();
      const extra = options.checkString?.(path, value);
      if (extra)
        return {
          en: `${path} (${at(text, start).en}): ${extra.en}`,
          zh: `${path}（${at(text, start).zh}）：${extra.zh}`,
        };
      if (stack.length === 0) done = true;
      continue;
    }
    // A number or a literal (true, false, null).
    const start = i;
    while (i < n && !',:]} \t\n\r'.includes(text[i] as string)) i++;
    const raw = text.slice(start, i);
    let canonical: string;
    try {
      canonical = canonicalJson(JSON.parse(raw));
    } catch {
      return {
        en: `the value ${shownEn(raw)} at ${at(text, start).en} cannot be written as canonical JSON`,
        zh: `${at(text, start).zh}的值${shownZh(raw)}无法写成规范 JSON`,
      };
    }
    if (raw !== canonical) {
      const where = at(text, start);
      return {
        en: `the number ${shownEn(raw)} at ${where.en} is not in its canonical form (${canonical})`,
        zh: `${where.zh}的数字${shownZh(raw)}不是规范写法（${canonical}）`,
      };
    }
    if (stack.length === 0) done = true;
  }
  if (options.trailingNewline && done)
    return {
      en: 'it does not end with a line break (ERDL ends the file with exactly one "\\n")',
      zh: '结尾没有换行（ERDL 写出的文件以恰好一个“\\n”结尾）',
    };
  return null;
}

/**
 * Why `text` is not the canonical base64 of its bytes (standard alphabet `+/`, `=` padding to a
 * multiple of 4, unused low bits zero), or null. The first reason, in this order: whitespace or a
 * line break inside, the URL-safe alphabet, another character, misplaced padding, missing
 * padding, non-zero trailing bits.
 */
export function base64Problem(text: string): Bilingual | null {
  const ws = /\s/.exec(text);
  if (ws)
    return {
      en: `base64 with whitespace or a line break inside (character ${ws.index + 1}); ERDL writes it on one line, without spaces`,
      zh: `base64 内含空白或换行（第 ${ws.index + 1} 个字符）；ERDL 写出的 base64 在一行内且不含空格`,
    };
  const url = /[-_]/.exec(text);
  if (url)
    return {
      en: `base64 in the URL-safe alphabet ("${url[0]}" at character ${url.index + 1}); ERDL writes the standard alphabet ("+" and "/")`,
      zh: `base64 使用了 URL 安全字母表（第 ${url.index + 1} 个字符为“${url[0]}”）；ERDL 写出的是标准字母表（“+”和“/”）`,
    };
  const other = /[^A-Za-z0-9+/=]/u.exec(text);
  if (other)
    return {
      en: `not base64: ${shownEn(other[0])} at character ${other.index + 1}`,
      zh: `不是 base64：第 ${other.index + 1} 个字符为${shownZh(other[0])}`,
    };
  const body = text.replace(/={1,2}$/, '');
  if (body.includes('='))
    return {
      en: 'base64 with "=" inside or more than two "=" at its end',
      zh: 'base64 中间含“=”，或末尾多于两个“=”',
    };
  if (text.length % 4 !== 0 || body.length % 4 === 1)
    return body.length === text.length && body.length % 4 !== 1
      ? {
          en: 'base64 without padding; ERDL pads it with "=" to a multiple of 4 characters',
          zh: 'base64 缺少填充；ERDL 用“=”将其补足到 4 的倍数个字符',
        }
      : {
          en: `base64 of a length that is not possible (${text.length} characters)`,
          zh: `base64 长度不可能成立（${text.length} 个字符）`,
        };
  const bytes = fromBase64(text);
  if (!bytes)
    return {
      en: 'base64 whose last character has non-zero unused low bits (a second spelling of the same bytes)',
      zh: 'base64 最后一个字符的未用低位不为零（同一字节的另一种写法）',
    };
  if (toBase64(bytes) !== text)
    return { en: 'not the canonical base64 of its bytes', zh: '不是其字节的规范 base64' };
  return null;
}

/** Where two byte sequences first differ, as a sentence (the fallback reason). */
export function firstDifference(actual: Uint8Array, expected: Uint8Array): Bilingual {
  let i = 0;
  while (i < actual.length && i < expected.length && actual[i] === expected[i]) i++;
  if (i >= actual.length)
    return {
      en: `it ends at byte ${i + 1}, before the canonical text does (${expected.length} bytes)`,
      zh: `在第 ${i + 1} 个字节处结束，比规范文本（${expected.length} 字节）短`,
    };
  if (i >= expected.length)
    return {
      en: `it goes on after the canonical text ends (byte ${i + 1} of ${actual.length})`,
      zh: `规范文本结束后仍有内容（第 ${i + 1} 个字节，共 ${actual.length} 字节）`,
    };
  const hex = (b: number) => (b as number).toString(16).toUpperCase().padStart(2, '0');
  return {
    en: `byte ${i + 1} is ${hex(actual[i] as number)}, the canonical text has ${hex(expected[i] as number)} there`,
    zh: `第 ${i + 1} 个字节为 ${hex(actual[i] as number)}，规范文本在此处为 ${hex(expected[i] as number)}`,
  };
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Why `bytes` are not the RFC 8785 JSON ERDL writes for the value they hold (a role statement, a
 * manifest), or null when they are exactly that. `value` is the parsed JSON.
 */
export function canonicalJsonBytesProblem(bytes: Uint8Array, value: unknown): Bilingual | null {
  let expected: Uint8Array;
  try {
    expected = canonicalBytes(value);
  } catch {
    return { en: 'it cannot be written as canonical JSON', zh: '无法写成规范 JSON' };
  }
  if (bytesEqual(bytes, expected)) return null;
  if (hasBom(bytes)) return BOM_PROBLEM;
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  return jsonTextProblem(text, { trailingNewline: false }) ?? firstDifference(bytes, expected);
}
