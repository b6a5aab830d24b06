import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOC_PATH, terminologyDoc } from '../scripts/generate-terminology-doc';
import { CODES } from '../src/kernel/diagnostics/codes';
import { DECISIONS } from '../src/kernel/vocabulary/decisions';
import { TERMS, type Term } from '../src/kernel/vocabulary/terms';

describe('docs/terminology.md', () => {
  it('is up to date with the vocabulary (run `npm run docs:terminology`)', () => {
    expect(readFileSync(DOC_PATH, 'utf8')).toBe(terminologyDoc());
  });

  it('has one term per concept: no two concepts share a Chinese or an English term', () => {
    const zh = TERMS.map((t) => t.zh);
    const en = TERMS.map((t) => t.en);
    expect(new Set(zh).size).toBe(zh.length);
    expect(new Set(en).size).toBe(en.length);
    expect(new Set(DECISIONS.map((d) => d.zh)).size).toBe(DECISIONS.length);
  });

  it('a Chinese term is never one of the wordings to avoid', () => {
    for (const t of TERMS as readonly Term[])
      for (const a of t.avoid ?? []) expect(t.zh.includes(a), `${t.key}: ${a}`).toBe(false);
  });

  it('no diagnostic says in Chinese a wording the table says to avoid', () => {
    const problems: string[] = [];
    for (const [code, entry] of Object.entries(CODES))
      for (const t of TERMS as readonly Term[])
        for (const a of t.avoid ?? [])
          if (entry.zh.includes(a)) problems.push(`${code}: "${a}" — the term is 「${t.zh}」`);
    expect(problems).toEqual([]);
  });
});
