import type { Bilingual, Fix, Range } from '../diagnostics/diagnostic';

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j] as number;
      prev[j] = Math.min(
        (prev[j] as number) + 1,
        (prev[j - 1] as number) + 1,
        diag + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      diag = tmp;
    }
  }
  return prev[b.length] as number;
}

/**
 * The closest known name: a known mistake (`greater_than` → `gt`, from the vocabulary), else the
 * nearest by case-insensitive edit distance ≤ 2 (≤ 1 for names of 3 characters or fewer, so that
 * "gx" does not suggest "in").
 */
export function closest(
  word: string,
  known: readonly string[],
  mistakes: Readonly<Record<string, string>> = {},
): string | undefined {
  const w = word.toLowerCase();
  const mistaken = mistakes[word] ?? mistakes[w];
  if (mistaken !== undefined && known.includes(mistaken)) return mistaken;
  let best: string | undefined;
  let bestD = 3;
  for (const k of known) {
    const limit = Math.min(k.length, w.length) <= 3 ? 1 : 2;
    // The distance is at least the difference in length: a value of a million characters written
    // where an operator goes cost a million-cell row per known name (1.5 s in a 2 MiB document).
    if (Math.abs(w.length - k.length) > limit) continue;
    const d = distance(w, k.toLowerCase());
    if (d <= limit && d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best;
}

/** " (did you mean "x"?)" in both languages, or empty strings. */
export function hint(
  word: string,
  known: readonly string[],
  mistakes: Readonly<Record<string, string>> = {},
): { hint: Bilingual } {
  const c = closest(word, known, mistakes);
  return c
    ? { hint: { en: ` (did you mean "${c}"?)`, zh: `（是否应为“${c}”？）` } }
    : { hint: { en: '', zh: '' } };
}

/** What an unknown name gets: the "did you mean" hint, the valid names, and the fix when there is one. */
export interface Suggestion {
  /** `hint` and `allowed`, the message's placeholders. */
  readonly params: { readonly hint: Bilingual; readonly allowed: Bilingual };
  readonly fix?: Fix;
}

/**
 * "Did you mean …" for a name written at `range` (a value, or a key): the hint, the list of valid
 * names, and a fix that writes the suggestion in place of what was written. A `taken` name (a key
 * the mapping already has) is still named but gets no fix: the fix would write a duplicate key.
 */
export function suggest(
  word: string,
  known: readonly string[],
  range: Range,
  mistakes: Readonly<Record<string, string>> = {},
  taken: readonly string[] = [],
): Suggestion {
  const best = closest(word, known, mistakes);
  return {
    params: {
      ...hint(word, known, mistakes),
      allowed: { en: known.join(', '), zh: known.join('、') },
    },
    ...(best === undefined || taken.includes(best) ? {} : { fix: replaceWith(range, best) }),
  };
}

/** A fix that writes `name` over `range`. */
export function replaceWith(range: Range, name: string): Fix {
  return {
    title: { en: `Write ${name}`, zh: `改为 ${name}` },
    edits: [{ range, newText: name }],
  };
}

/** The keys a mapping already has (names a suggestion must not repeat). */
export function keysOf(map: { readonly items: readonly { readonly key: string }[] }): string[] {
  return map.items.map((p) => p.key);
}
