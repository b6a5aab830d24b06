/**
 * Validation of suite entries from plain data, shared by the `.facts.yaml` parser and the JSON
 * Lines / CSV importers: each caller says where a path is (a YAML node, a line) and collects the
 * problems. Every check names the path and says what is expected, in English and Chinese.
 */
import type { Bilingual, Range } from '../diagnostics/diagnostic';
import { prepareFact } from '../eval/fact';
import { parseTemporalState, type TemporalState } from '../eval/temporal';
import { parseInstant } from '../eval/time';
import type { Value } from '../eval/values';
import { joinZh } from '../gloss/typography';
import { zhJson, zhQuote } from '../util/quote';
import { hint } from '../util/suggest';
import { DECISION_NAMES, isDecision } from '../vocabulary/decisions';
import { pathText } from './problem';
import type { Expectation, SuiteCase, SuiteEvent } from './types';

export type Path = readonly (string | number)[];

export interface FieldReader {
  /** Where `path` is written (the nearest enclosing place when it is missing). */
  at(path: Path): Range;
  report(severity: 'error' | 'warning', code: string, path: Path, message: Bilingual): void;
}

const CASE_KEYS = ['name', 'fact', 'as_of', 'expect'];
const EVENT_KEYS = ['as_of', 'fact', 'expect'];
const EXPECT_KEYS = ['decision', 'matched_rules'];

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reports keys outside `known` (a typo such as `expected:` must not be silently ignored). */
export function checkKeys(
  raw: Record<string, unknown>,
  known: readonly string[],
  path: Path,
  r: FieldReader,
): boolean {
  let ok = true;
  for (const key of Object.keys(raw)) {
    if (known.includes(key)) continue;
    ok = false;
    const h = hint(key, known).hint;
    r.report('error', 'suite-unknown-key', [...path, key], {
      en: `${pathText([...path, key])}: unknown key "${key}"${h.en}; expected one of ${known.join(', ')}`,
      zh: `${pathText([...path, key])}：未知键${zhQuote(key)}${h.zh}；应为 ${known.join('、')} 之一`,
    });
  }
  return ok;
}

function typeName(v: unknown): string {
  if (v === null || v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'a mapping' : `a ${typeof v}`;
}

function typeNameZh(v: unknown): string {
  if (v === null || v === undefined) return '空值';
  if (Array.isArray(v)) return '列表';
  if (typeof v === 'object') return '映射';
  return typeof v === 'string' ? '字符串' : typeof v === 'number' ? '数字' : '布尔值';
}

/** "path must be X, not Y" in both languages. */
export function wrongType(path: Path, en: string, zh: string, v: unknown): Bilingual {
  return {
    en: `${pathText(path)} must be ${en}, not ${typeName(v)}`,
    zh: `${pathText(path)} 应为${zh}，而不是${typeNameZh(v)}`,
  };
}

/**
 * Whether `raw` is a mapping; if not, reports "path must be <en>, not …" (suite-type) so the
 * caller returns null.
 */
export function isMappingOr(
  raw: unknown,
  path: Path,
  r: FieldReader,
  en: string,
  zh: string,
): raw is Record<string, unknown> {
  if (isPlainObject(raw)) return true;
  r.report('error', 'suite-type', path, wrongType(path, en, zh, raw));
  return false;
}

export function missing(path: Path, key: string, en: string, zh: string): Bilingual {
  return {
    en: `${pathText(path)}: "${key}" is missing (${en})`,
    zh: `${pathText(path)}：缺少${zhQuote(key)}（${zh}）`,
  };
}

/**
 * A key that must be present: reported as missing (null) when absent, else read with `read`
 * (null when the value is wrong — `read` reports it).
 */
export function required<T>(
  raw: Record<string, unknown>,
  key: string,
  path: Path,
  r: FieldReader,
  what: { readonly en: string; readonly zh: string },
  read: (value: unknown, at: Path, r: FieldReader) => T | null,
): T | null {
  if (raw[key] === undefined) {
    r.report('error', 'suite-missing', path, missing(path, key, what.en, what.zh));
    return null;
  }
  return read(raw[key], [...path, key], r);
}

const THE_FACT = { en: 'the fact to evaluate', zh: '要求值的事实' };

export function readName(raw: unknown, path: Path, r: FieldReader): string | null {
  if (typeof raw === 'string' && raw.trim() !== '') return raw;
  r.report('error', 'suite-type', path, wrongType(path, 'a non-empty text', '非空文本', raw));
  return null;
}

/** An ISO 8601 instant, as the evaluator reads it (E9: time is always given, never "now"). */
export function readInstant(raw: unknown, path: Path, r: FieldReader): string | null {
  if (typeof raw === 'string' && parseInstant(raw) !== null) return raw;
  r.report(
    'error',
    'suite-instant',
    path,
    typeof raw === 'string'
      ? {
          en: `${pathText(path)}: ${JSON.stringify(raw)} is not an ISO 8601 instant (e.g. 2026-01-15T09:00:00Z)`,
          zh: `${pathText(path)}：${zhQuote(raw)}不是 ISO 8601 时刻（例如 2026-01-15T09:00:00Z）`,
        }
      : wrongType(path, 'an ISO 8601 instant (text)', ' ISO 8601 时刻（文本）', raw),
  );
  return null;
}

/** The fact: a mapping of JSON data (E10, §7.0.1), NFC-normalized once here. */
export function readFact(raw: unknown, path: Path, r: FieldReader): Value | null {
  if (!isMappingOr(raw, path, r, 'a mapping (the fact)', '映射（事实）')) return null;
  const prepared = prepareFact(raw);
  if (prepared.ok) return prepared.fact;
  const where = prepared.path ? `${pathText(path)}.${prepared.path}` : pathText(path);
  r.report('error', 'suite-fact', path, {
    en: `${where}: ${prepared.problem}`,
    zh: `${where}：事实无效：${prepared.problem}`,
  });
  return null;
}

/** `undefined`: no expectation written; `null`: written but invalid (already reported). */
export function readExpectation(
  raw: unknown,
  path: Path,
  r: FieldReader,
): Expectation | undefined | null {
  if (raw === undefined) return undefined;
  if (
    !isMappingOr(
      raw,
      path,
      r,
      'a mapping {decision, matched_rules?}',
      '映射 {decision, matched_rules?}',
    )
  )
    return null;
  let ok = checkKeys(raw, EXPECT_KEYS, path, r);
  const d = raw.decision;
  if (d === undefined) {
    r.report(
      'error',
      'suite-missing',
      path,
      missing(path, 'decision', 'the expected decision', '预期的决策'),
    );
    ok = false;
  } else if (!isDecision(d)) {
    const at = [...path, 'decision'];
    const suggestion = typeof d === 'string' ? hint(d, DECISION_NAMES).hint : { en: '', zh: '' };
    r.report('error', 'suite-decision', at, {
      en: `${pathText(at)}: ${JSON.stringify(d)} is not a decision${suggestion.en}; one of ${DECISION_NAMES.join(', ')}`,
      zh: joinZh(
        `${pathText(at)}：`,
        zhJson(d),
        `不是决策类型${suggestion.zh}；应为 ${DECISION_NAMES.join('、')} 之一`,
      ),
    });
    ok = false;
  }
  let matched: string[] | undefined;
  if (raw.matched_rules !== undefined) {
    const at = [...path, 'matched_rules'];
    const list = raw.matched_rules;
    if (!Array.isArray(list) || !list.every((x) => typeof x === 'string' && x !== '')) {
      r.report(
        'error',
        'suite-type',
        at,
        wrongType(at, 'a list of rule names', '规则名称列表', list),
      );
      ok = false;
    } else {
      const seen = new Set<string>();
      for (const name of list) {
        if (seen.has(name)) {
          r.report('warning', 'suite-duplicate', at, {
            en: `${pathText(at)}: "${name}" is listed twice (the list is compared as a set)`,
            zh: `${pathText(at)}：${zhQuote(name)}重复列出（按集合比较）`,
          });
        }
        seen.add(name);
      }
      matched = [...seen];
    }
  }
  if (!ok || !isDecision(d)) return null;
  return matched ? { decision: d, matched_rules: matched } : { decision: d };
}

/** One case; `defaultName` names rows of an imported fact set that carry no name. */
export function readCase(
  raw: unknown,
  path: Path,
  r: FieldReader,
  defaultName?: string,
): SuiteCase | null {
  if (
    !isMappingOr(
      raw,
      path,
      r,
      'a mapping {name, fact, as_of?, expect?}',
      '映射 {name, fact, as_of?, expect?}',
    )
  )
    return null;
  let ok = checkKeys(raw, CASE_KEYS, path, r);
  let name: string | null = defaultName ?? null;
  if (raw.name !== undefined || defaultName === undefined) {
    if (raw.name === undefined) {
      r.report(
        'error',
        'suite-missing',
        path,
        missing(path, 'name', 'what the case checks', '用例说明'),
      );
      ok = false;
    } else name = readName(raw.name, [...path, 'name'], r);
  }
  const fact = required(raw, 'fact', path, r, THE_FACT, readFact);
  const asOf = raw.as_of === undefined ? undefined : readInstant(raw.as_of, [...path, 'as_of'], r);
  const expect = readExpectation(raw.expect, [...path, 'expect'], r);
  if (!ok || name === null || fact === null || asOf === null || expect === null) return null;
  return {
    name,
    fact,
    ...(asOf === undefined ? {} : { as_of: asOf }),
    ...(expect === undefined ? {} : { expect }),
    range: r.at(path),
  };
}

export function readEvent(raw: unknown, path: Path, r: FieldReader): SuiteEvent | null {
  if (!isMappingOr(raw, path, r, 'a mapping {as_of, fact, expect?}', '映射 {as_of, fact, expect?}'))
    return null;
  const ok = checkKeys(raw, EVENT_KEYS, path, r);
  const asOf = required(
    raw,
    'as_of',
    path,
    r,
    { en: 'when the event happens', zh: '事件发生的时刻' },
    readInstant,
  );
  const fact = required(raw, 'fact', path, r, THE_FACT, readFact);
  const expect = readExpectation(raw.expect, [...path, 'expect'], r);
  if (!ok || asOf === null || fact === null || expect === null) return null;
  return { as_of: asOf, fact, ...(expect === undefined ? {} : { expect }), range: r.at(path) };
}

export function readTemporalState(raw: unknown, path: Path, r: FieldReader): TemporalState | null {
  const parsed = parseTemporalState(raw);
  if (parsed.ok) return parsed.state;
  r.report('error', 'suite-state', path, {
    en: `${pathText(path)}: ${parsed.message.en}`,
    zh: `${pathText(path)}：${parsed.message.zh}`,
  });
  return null;
}
