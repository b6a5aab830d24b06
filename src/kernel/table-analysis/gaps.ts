import { type AnalysisState, beyondUpTo, factOf, report, search } from './analysis-state';
import { and, isEmpty } from './bits';
import { describeFact, describeFactValues, example, firstMatch } from './example-fact';
import { uncoveredRegions } from './gap-regions';
import { BUDGET_REASON, reasonOf } from './unknowns';

/**
 * Gaps (W511): inputs of the columns' kinds that no row matches (only without a default row), with
 * an example fact and the uncovered regions; I513 when the search cannot decide.
 */
export function gaps(s: AnalysisState): void {
  const box = s.domains.map((d) => and(d.typed, d.live));
  const sure = search(s, box, s.fires);
  if (sure.kind === 'found') {
    const found = factOf(s, sure.point);
    if (firstMatch(s.runnable, found) !== null) return;
    const uncovered = uncoveredRegions({
      domains: s.domains,
      box,
      fires: s.fires,
      under: s.under,
      unmatched: (f) => firstMatch(s.runnable, f) === null,
    });
    // The example the band shows first (a value a person writes, region-example.ts), else the
    // search's own point.
    const shown = uncovered.regions[0]?.fact;
    const fact = shown ?? found;
    const described = shown
      ? describeFactValues(shown, s.domains)
      : describeFact(sure.point, s.domains);
    report(
      s,
      'ERDL-W511',
      s.table.range,
      { example: described },
      example(
        fact,
        {
          en: `No row of the table matches this fact, so the document's other rules or, when none matches, its fallback decision decide it (${described.en}).`,
          zh: `该表没有任何行匹配该事实，因此由文档的其他规则决策；若都不匹配，则由兜底决策决定（${described.zh}）。`,
        },
        null,
      ),
      uncovered,
    );
    return;
  }
  const possible =
    sure.kind === 'budget'
      ? sure
      : search(
          s,
          box,
          s.under.filter((b) => !b.some(isEmpty)),
        );
  if (possible.kind === 'covered') return;
  report(s, 'ERDL-I513', s.table.range, {
    question: { en: 'some input matches no row', zh: '是否存在不匹配任何行的输入' },
    reason:
      possible.kind === 'budget' ? BUDGET_REASON : reasonOf(beyondUpTo(s, s.regions.length - 1)),
  });
}
