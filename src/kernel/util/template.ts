/**
 * The one template filler of the project: the kernel's diagnostic catalogue, the studio's and the
 * CLI's string tables all fill `{name}` placeholders with it. `{n:one|other}` chooses an English
 * plural form by the number `n` ("1 row", "2 rows"); Chinese templates never use it.
 * Pure, data-only.
 */

export interface FillOptions {
  /** A placeholder with no value: kept as written (a table's default), or dropped (`''`). */
  readonly missing?: 'keep' | 'drop';
  /** Each value as it is to be shown (the kernel reveals hidden characters, I-88). */
  readonly show?: (value: string) => string;
  /**
   * Whether a space goes between the text and a value at a seam (Chinese typography's rule,
   * kernel/gloss/typography.ts `zhSeamSpace`: a value of unknown kind — a quoted name or a number
   * — sits beside Chinese text as `joinZh` would place it). Without it, values are placed as is.
   */
  readonly seam?: (left: string, right: string) => boolean;
}

const PLACEHOLDER = /\{(\w+)(?::([^|{}]*)\|([^|{}]*))?\}/g;

/** English plural category "one": the number 1 (as Intl.PluralRules('en') selects it). */
const isOne = (value: string | number): boolean => Number(value) === 1;

export function fillTemplate(
  template: string,
  values: Readonly<Record<string, string | number | undefined>>,
  options: FillOptions = {},
): string {
  const { missing = 'keep', show, seam } = options;
  const filled = (all: string, key: string, one?: string, other?: string): string => {
    const value = values[key];
    if (value === undefined) return missing === 'keep' ? all : '';
    if (one !== undefined) return isOne(value) ? one : (other as string);
    return show ? show(String(value)) : String(value);
  };
  if (!seam) return template.replace(PLACEHOLDER, filled);
  // The pieces — text, value, text, … — joined as `joinZh` joins them (an empty piece is skipped).
  let out = '';
  const join = (piece: string) => {
    if (piece !== '') out = seam(out, piece) ? `${out} ${piece}` : out + piece;
  };
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    join(template.slice(last, m.index));
    join(filled(m[0], m[1] as string, m[2], m[3]));
    last = m.index + m[0].length;
  }
  join(template.slice(last));
  return out;
}
