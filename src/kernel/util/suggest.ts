import type { Bilingual } from '../diagnostics/diagnostic';

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

/** The closest known name (case-insensitive edit distance ≤ 2, or a case-only difference). */
export function closest(word: string, known: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestD = 3;
  for (const k of known) {
    const d = distance(w, k.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best;
}

/** " (did you mean "x"?)" in both languages, or empty strings. */
export function hint(word: string, known: readonly string[]): { hint: Bilingual } {
  const c = closest(word, known);
  return c
    ? { hint: { en: ` (did you mean "${c}"?)`, zh: `（是否想写 "${c}"？）` } }
    : { hint: { en: '', zh: '' } };
}
