import type { Bilingual } from '../diagnostics/diagnostic';
import { joinZh } from '../gloss/typography';
import { zhQuote } from '../util/quote';
import { revealInline } from '../util/visible-text';

/**
 * Reading JSON that came from a file (a manifest, an evidence record): every member is checked
 * before use, and each problem names its JSON path in both languages, never throwing.
 */
export class ShapeReader {
  readonly problems: Bilingual[] = [];

  constructor(private readonly label: Bilingual) {}

  problem(path: string, en: string, zh: string): void {
    this.problems.push({
      en: `${this.label.en} ${path}: ${en}`,
      zh: `${this.label.zh} ${path}：${zh}`,
    });
  }

  record(v: unknown, path: string): Record<string, unknown> | null {
    if (typeof v === 'object' && v !== null && !Array.isArray(v))
      return v as Record<string, unknown>;
    this.problem(path, 'must be an object', '必须是对象');
    return null;
  }

  array(v: unknown, path: string): readonly unknown[] | null {
    if (Array.isArray(v)) return v;
    this.problem(path, 'must be an array', '必须是数组');
    return null;
  }

  string(v: unknown, path: string): string | null {
    if (typeof v === 'string') return v;
    this.problem(path, 'must be a string', '必须是字符串');
    return null;
  }

  boolean(v: unknown, path: string): boolean | null {
    if (typeof v === 'boolean') return v;
    this.problem(path, 'must be true or false', '必须是 true 或 false');
    return null;
  }

  hash(v: unknown, path: string): string | null {
    if (typeof v === 'string' && SHA256.test(v)) return v;
    this.problem(
      path,
      'must be "sha256:" followed by 64 lowercase hex digits',
      '必须是“sha256:”加 64 位小写十六进制数字',
    );
    return null;
  }

  /** Refuses members other than `allowed` (a file ERDL wrote has no others), naming the first. */
  members(v: Record<string, unknown>, allowed: readonly string[], path: string): void {
    const extra = Object.keys(v).find((k) => !allowed.includes(k));
    if (extra !== undefined)
      this.problem(
        path,
        `has an unknown member ${short(revealInline(extra))}`,
        joinZh('含未知成员', shortZh(revealInline(extra))),
      );
  }

  /** The value equals `expected` (a constant member such as a format tag). */
  constant(v: unknown, expected: string | number | boolean, path: string): boolean {
    if (v === expected) return true;
    // A member that is not there has no value to show (JSON has no `undefined`).
    if (v === undefined)
      this.problem(
        path,
        `must be ${JSON.stringify(expected)}, but it is missing`,
        joinZh('必须是', shortZh(expected), '，但缺少此项'),
      );
    else
      this.problem(
        path,
        `must be ${JSON.stringify(expected)}, found ${short(v)}`,
        joinZh('必须是', shortZh(expected), '，实际为', shortZh(v)),
      );
    return false;
  }
}

export const SHA256 = /^sha256:[0-9a-f]{64}$/;

/** A value shown in a message: JSON, cut short. */
export function short(v: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(v) ?? String(v);
  } catch {
    text = String(v);
  }
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/**
 * `short` for a Chinese message: a string in “” (zhQuote), any other value as its JSON text. Join
 * it with joinZh (a bare JSON text takes a space beside Chinese, “” none).
 */
export function shortZh(v: unknown): string {
  return typeof v === 'string' ? zhQuote(v, 78) : short(v);
}
