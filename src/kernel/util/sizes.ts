import type { Bilingual } from '../diagnostics/diagnostic';

/**
 * Counts and sizes in the words of a refusal: one formatter for the kernel, the readers, the CLI
 * and the signing library, so a limit reads the same wherever it is met. Pure and data-only.
 */

/** A whole number with thousands grouped by commas (1,046), the same in both languages. */
export function grouped(n: number): string {
  const s = String(Math.trunc(Math.abs(n)));
  const out = s.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${out}` : out;
}

const same = (s: string): Bilingual => ({ en: s, zh: s });

/** A size in bytes as people read it: 478 KB, 500 MB, 1.5 MB, 900 bytes (1 MB = 1,000,000 bytes). */
export function sizeText(bytes: number): Bilingual {
  const unit = (value: number, name: string): string => {
    const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
    return `${rounded >= 1000 ? grouped(rounded) : String(rounded)} ${name}`;
  };
  if (bytes >= 1e9) return same(unit(bytes / 1e9, 'GB'));
  if (bytes >= 1e6) return same(unit(bytes / 1e6, 'MB'));
  if (bytes >= 1e3) return same(unit(bytes / 1e3, 'KB'));
  return { en: `${grouped(bytes)} bytes`, zh: `${grouped(bytes)} 字节` };
}

/**
 * A limit set in binary units, exactly as it was set: 128 MiB, 256 KiB, else 1,000 bytes.
 * The unit names are the same in both languages.
 */
export function limitText(bytes: number): Bilingual {
  const MiB = 1024 * 1024;
  if (bytes >= MiB && bytes % MiB === 0) return same(`${bytes / MiB} MiB`);
  if (bytes >= 1024 && bytes % 1024 === 0) return same(`${bytes / 1024} KiB`);
  return { en: `${grouped(bytes)} bytes`, zh: `${grouped(bytes)} 字节` };
}

const DECIMAL_TEXT = /^(-?)(\d+)(\.\d+)?$/;

/**
 * A number's exact decimal text with its whole part grouped by commas, the same in both
 * languages: "10000" → "10,000", "-1234.50" → "-1,234.50", "0.15" → "0.15". The digits are kept
 * as written (never read through a double: a literal is an exact decimal, "1234.50" keeps its
 * zero). Text that is not a plain decimal (an exponent, a word) is returned as written.
 * The one number formatter of the gloss, the table analysis's sentences and the review report.
 */
export function groupedDecimal(text: string): string {
  const m = DECIMAL_TEXT.exec(text);
  if (!m) return text;
  const whole = (m[2] as string).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${m[1]}${whole}${m[3] ?? ''}`;
}

/**
 * A number read from JSON (a fact, an example value) in grouped form: its shortest round-trip
 * decimal text (the decimal it was written as, I-33), grouped by `groupedDecimal`.
 */
export function groupedNumber(n: number): string {
  // 1e21 and beyond, or below 1e-6, keep JavaScript's exponent form: groupedDecimal leaves it.
  return groupedDecimal(String(n));
}
