import type { Bilingual } from '../diagnostics/diagnostic';
import { zhQuote } from '../util/quote';
import { DECISION_MISTAKES, DECISIONS, type Decision } from '../vocabulary/decisions';

/**
 * A decision cell's text, typed or pasted into the grid (docs/table-cells.md, "The decision
 * column"): one of the 13 decisions, by its code in any case (`deny`; `request-human` and
 * `request human` for REQUEST_HUMAN: a `-` or a space between the code's own parts) or by the word
 * the grid shows for it, in either language (`Block`, `拦截`, `Request human adjudication`,
 * `请求人工裁决`). Full-width letters and spaces read as their ASCII forms. Anything else is refused
 * with what is accepted; a word people write for a decision that is not one of the 13 (`review`,
 * `reject`: DECISION_MISTAKES) names the decision it may mean, and is never taken for it.
 */
export type DecisionCellReading =
  | { readonly ok: true; readonly decision: Decision }
  | { readonly ok: false; readonly message: Bilingual };

const normal = (text: string) => text.normalize('NFKC').trim().replace(/\s+/g, ' ');

const BY_CODE = new Map<string, Decision>(DECISIONS.map((d) => [d.name, d.name]));
const BY_WORD = new Map<string, Decision>(
  DECISIONS.flatMap((d) => [
    [d.en.toLowerCase(), d.name],
    [d.zh, d.name],
  ]),
);

/**
 * What a refusal says is accepted: the 13 by their codes, each with its word where the code does
 * not say it (every Chinese word; `DENY (block)`), short enough to read under a grid cell.
 */
const ACCEPTED: Bilingual = {
  en: `write a decision's code or word (English or Chinese): ${DECISIONS.map((d) =>
    d.en.toUpperCase().replace(/ /g, '_') === d.name ? d.name : `${d.name} (${d.en})`,
  ).join(', ')}`,
  zh: `请写决策的代码或名称（中文或英文）：${DECISIONS.map((d) => `${d.name}（${d.zh}）`).join('、')}`,
};

export function readDecisionCell(text: string): DecisionCellReading {
  const t = normal(text);
  if (t === '')
    return {
      ok: false,
      message: { en: `a decision is needed; ${ACCEPTED.en}`, zh: `需要填写决策；${ACCEPTED.zh}` },
    };
  const code = BY_CODE.get(t.toUpperCase().replace(/[- ]/g, '_'));
  if (code) return { ok: true, decision: code };
  const word = BY_WORD.get(t.toLowerCase());
  if (word) return { ok: true, decision: word };
  const meant = DECISION_MISTAKES[t.toUpperCase()];
  const info = meant ? DECISIONS.find((d) => d.name === meant) : undefined;
  if (info)
    return {
      ok: false,
      message: {
        en: `${JSON.stringify(text)} is not one of the 13 decisions — did you mean ${info.name} (${info.en})? ${cap(ACCEPTED.en)}`,
        zh: `${zhQuote(text)}不是 13 种决策之一——是否想写 ${info.name}（${info.zh}）？${ACCEPTED.zh}`,
      },
    };
  return {
    ok: false,
    message: {
      en: `${JSON.stringify(text)} is not one of the 13 decisions; ${ACCEPTED.en}`,
      zh: `${zhQuote(text)}不是 13 种决策之一；${ACCEPTED.zh}`,
    },
  };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
