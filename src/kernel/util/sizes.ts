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
