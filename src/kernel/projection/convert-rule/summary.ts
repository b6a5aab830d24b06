import type { Bilingual } from '../../diagnostics/diagnostic';
import type { ProjectionTarget, RuleMapping } from '../convert';

/** What a conversion says it does (its title) and what changes (above the diff). */

const FORM_NAMES: Record<ProjectionTarget, Bilingual> = {
  // The terminology table's terms (docs/terminology.md): 简单形式, 表达式形式, 决策表.
  simple: { en: 'Simple conditions', zh: '简单形式' },
  expr: { en: 'an Expression', zh: '表达式形式' },
  table: { en: 'a decision table', zh: '决策表' },
};

/** The title of a conversion: what it does to which rules. */
export function titleOf(names: readonly string[], to: ProjectionTarget, count: number): Bilingual {
  const form = FORM_NAMES[to];
  if (to === 'table' && names.length > 1)
    return {
      en: `Merge ${names.join(', ')} into ${form.en}`,
      zh: `将 ${names.join('、')} 合并为${form.zh}`,
    };
  const name = names[0] ?? '';
  if (count > 1)
    return {
      en: `Split ${name} into ${count} rules written as ${form.en}`,
      zh: `将 ${name} 拆分为 ${count} 条规则，写成${form.zh}`,
    };
  return { en: `Show ${name} as ${form.en}`, zh: `将 ${name} 转换为${form.zh}` };
}

/** What changes, in the user's words: decisions never; names and the document hash maybe. */
export function summaryOf(renames: readonly RuleMapping[], notes: readonly Bilingual[]): Bilingual {
  const extra = {
    en: notes.map((n) => ` ${n.en}`).join(''),
    zh: notes.map((n) => n.zh).join(''),
  };
  if (renames.length === 0)
    return {
      en: `Same decisions, same hash: only the way the rule is written changes.${extra.en}`,
      zh: `决策不变，哈希不变：只改变规则的写法。${extra.zh}`,
    };
  const one = renames.length === 1 ? renames[0] : undefined;
  const en = one
    ? `results will call the rule ${one.to} instead of ${one.from}`
    : `results will call the rules ${renames.map((m) => `${m.to} (was ${m.from})`).join(', ')}`;
  const zh = one
    ? `结果中该规则将称为 ${one.to}（原为 ${one.from}）`
    : `结果中这些规则将称为 ${renames.map((m) => `${m.to}（原为 ${m.from}）`).join('、')}`;
  return {
    en: `Same decisions, same rule hashes; ${en}, so the document hash changes until you convert back.${extra.en}`,
    zh: `决策不变，规则哈希不变；${zh}，因此文档哈希会改变，转换回来即可恢复。${extra.zh}`,
  };
}
