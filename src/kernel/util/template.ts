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
}

const PLACEHOLDER = /\{(\w+)(?::([^|{}]*)\|([^|{}]*))?\}/g;

/** English plural category "one": the number 1 (as Intl.PluralRules('en') selects it). */
const isOne = (value: string | number): boolean => Number(value) === 1;

export function fillTemplate(
  template: string,
  values: Readonly<Record<string, string | number | undefined>>,
  options: FillOptions = {},
): string {
  const { missing = 'keep', show } = options;
  return template.replace(PLACEHOLDER, (all, key: string, one?: string, other?: string) => {
    const value = values[key];
    if (value === undefined) return missing === 'keep' ? all : '';
    if (one !== undefined) return isOne(value) ? one : (other as string);
    return show ? show(String(value)) : String(value);
  });
}
