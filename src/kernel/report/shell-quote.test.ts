import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shellQuote } from './shell-quote';

/** What bash makes of `printf '%s\0' WORD`: the words it sees, NUL-separated. */
function bashWords(script: string): string[] {
  const out = execFileSync('bash', ['--norc', '--noprofile', '-c', script], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

describe('shellQuote', () => {
  it('quotes the names users really have', () => {
    expect(shellQuote('aml-screening.erdl.yaml')).toBe('aml-screening.erdl.yaml');
    expect(shellQuote('aml-screening (3).erdl.yaml')).toBe(`'aml-screening (3).erdl.yaml'`);
    expect(shellQuote("it's.yaml")).toBe(`'it'\\''s.yaml'`);
    expect(shellQuote('')).toBe(`''`);
    expect(shellQuote('-rf')).toBe(`'-rf'`);
  });

  it('bash reads every quoted word back as exactly the original, one word each', () => {
    // Any text without NUL (a shell word cannot hold it), including $, `, \, !, *, quotes, spaces,
    // newlines and non-ASCII.
    const word = fc.string({ unit: 'grapheme', maxLength: 24 }).filter((s) => !s.includes('\0'));
    const special = fc
      .array(fc.constantFrom(...` '"$\`\\!*?[]{}()<>|&;#~=%\n\t规则-.`), { maxLength: 12 })
      .map((a) => a.join(''));
    fc.assert(
      fc.property(fc.array(fc.oneof(word, special), { minLength: 1, maxLength: 6 }), (words) => {
        const script = `printf '%s\\0' ${words.map(shellQuote).join(' ')}`;
        expect(bashWords(script)).toEqual(words);
      }),
      { numRuns: 60 },
    );
  });
});
