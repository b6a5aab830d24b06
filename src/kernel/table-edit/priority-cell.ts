import type { Bilingual } from '../diagnostics/diagnostic';
import { zhQuote } from '../util/quote';

/**
 * A row's priority typed or pasted into the grid: a whole number (`10`, `-5`; full-width digits and
 * minus, `１０`, read as ASCII), or empty for none. Anything else is refused, saying what is
 * accepted — never taken as the nearest number.
 */
export type PriorityCellReading =
  | { readonly ok: true; readonly value: number | null; readonly description: Bilingual }
  | { readonly ok: false; readonly message: Bilingual };

export function readPriorityCell(text: string): PriorityCellReading {
  const t = text.normalize('NFKC').trim();
  if (t === '')
    return { ok: true, value: null, description: { en: 'no priority', zh: '无优先级' } };
  const value = /^-?\d+$/.test(t) ? Number(t) : Number.NaN;
  if (Number.isSafeInteger(value)) {
    const whole = value === 0 ? 0 : value; // never -0
    return {
      ok: true,
      value: whole,
      description: { en: `priority ${whole}`, zh: `优先级 ${whole}` },
    };
  }
  return {
    ok: false,
    message: {
      en: `priority ${JSON.stringify(text)} is not a whole number; write a whole number (10, -5), or leave it empty for no priority`,
      zh: `优先级${zhQuote(text)}不是整数；请写整数（10、-5），或留空表示无优先级`,
    },
  };
}
