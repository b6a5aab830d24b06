// One term per concept (docs/terminology.md): no Chinese string anywhere in the product — studio
// string tables, kernel messages, the CLI, the review report, the examples — uses a wording the
// terminology table lists as not used. Masked first: code in `…`, placeholders, and the longer
// words a term allows because they name another concept (命中策略, DMN's hit policy).
import { describe, expect, it } from 'vitest';
import { DECISIONS } from '../src/kernel/vocabulary/decisions';
import { TERMS, type Term } from '../src/kernel/vocabulary/terms';
import { zhStrings } from './zh-strings';

const terms = TERMS as readonly Term[];

/** Every occurrence of an avoided wording, after masking what may contain it. */
function avoidedIn(text: string): { wording: string; term: Term }[] {
  const found: { wording: string; term: Term }[] = [];
  const plain = text.replace(/`[^`]*`|\{\w+\}/g, '0');
  for (const t of terms) {
    let masked = plain;
    for (const a of t.allow ?? []) masked = masked.split(a).join('□');
    // other concepts' own terms and the decisions' names (纠正偏差 is the decision CORRECT)
    for (const other of [
      ...terms.map((o) => o.zh),
      ...DECISIONS.flatMap((d) => [d.zh, d.phrase.zh]),
    ])
      if (other !== t.zh && (t.avoid ?? []).some((a) => other.includes(a)))
        masked = masked.split(other).join('□');
    for (const a of t.avoid ?? []) if (masked.includes(a)) found.push({ wording: a, term: t });
    for (const a of t.avoidAlone ?? []) if (plain.trim() === a) found.push({ wording: a, term: t });
  }
  return found;
}

describe('terminology: one Chinese term per concept, everywhere', () => {
  const strings = zhStrings();

  it('finds the Chinese strings of studio, kernel, CLI, report and examples', () => {
    const files = new Set(strings.map((s) => s.where.replace(/:\d+$/, '')));
    for (const f of [
      'src/kernel/diagnostics/codes.ts',
      'src/kernel/report/strings.ts',
      'src/studio/panels/strings.ts',
      'src/kernel/gloss/phrases.ts',
      'src/kernel/table-import/convert-table.ts',
    ])
      expect(files.has(f), f).toBe(true);
    expect(
      [...files].some((f) => f.startsWith('src/cli/')),
      'the CLI',
    ).toBe(true);
    expect(
      [...files].some((f) => f.startsWith('src/studio/examples/')),
      'the examples',
    ).toBe(true);
    expect(strings.length).toBeGreaterThan(2500);
  });

  it('masks what a term allows and other concepts’ terms', () => {
    expect(avoidedIn('命中策略 FIRST')).toEqual([]);
    expect(avoidedIn('需纠正偏差')).toEqual([]);
    expect(avoidedIn('第 {ring} 执行环')).toEqual([]);
    expect(avoidedIn('环').map((f) => f.term.key)).toEqual(['ring']);
    expect(avoidedIn('无规则命中时').map((f) => f.term.key)).toEqual(['matched']);
    expect(avoidedIn('出错：失败即关闭').map((f) => f.term.key)).toEqual(['failClosed']);
  });

  it('no Chinese string uses a wording the terminology table says not to use', () => {
    const problems = strings.flatMap((s) =>
      avoidedIn(s.text).map(
        ({ wording, term }) =>
          `${s.where} ${s.key}: "${wording}" — the term is 「${term.zh}」 (${term.key}): ${s.text}`,
      ),
    );
    expect(problems).toEqual([]);
  });
});
