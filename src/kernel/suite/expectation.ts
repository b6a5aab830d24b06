import type { Bilingual } from '../diagnostics/diagnostic';
import type { EvaluationResult } from '../eval/evaluate';
import type { Expectation } from './types';

const list = (names: readonly string[]) => (names.length ? names.join(', ') : '—');

/**
 * Why a result does not meet its expectation; empty when it does. `matched_rules` compares as a
 * set: evaluation order is the evaluator's business, which rules matched is the test's.
 */
export function mismatches(
  expect: Expectation,
  result: Pick<EvaluationResult, 'decision' | 'matched_rules'>,
  ruleNames: { has(name: string): boolean },
): Bilingual[] {
  const out: Bilingual[] = [];
  if (result.decision !== expect.decision)
    out.push({
      en: `decision: expected ${expect.decision}, got ${result.decision}`,
      zh: `决策：预期 ${expect.decision}，实际 ${result.decision}`,
    });
  if (expect.matched_rules) {
    const actual = new Set(result.matched_rules);
    const wanted = new Set(expect.matched_rules);
    const notMatched = expect.matched_rules.filter((r) => !actual.has(r));
    const unexpected = result.matched_rules.filter((r) => !wanted.has(r));
    const unknown = notMatched.filter((r) => !ruleNames.has(r));
    const known = notMatched.filter((r) => ruleNames.has(r));
    if (known.length)
      out.push({
        en: `matched_rules: expected but not matched: ${list(known)}`,
        zh: `matched_rules：预期匹配但未匹配：${list(known)}`,
      });
    if (unknown.length)
      out.push({
        en: `matched_rules: not a rule of this document: ${list(unknown)}`,
        zh: `matched_rules：文档中没有这些规则：${list(unknown)}`,
      });
    if (unexpected.length)
      out.push({
        en: `matched_rules: matched but not expected: ${list(unexpected)}`,
        zh: `matched_rules：匹配但不在预期中：${list(unexpected)}`,
      });
  }
  return out;
}
