import { readdirSync, readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compileDocument } from '../compile';
import { parseData } from '../data/parse-data';
import { readFact } from '../data/read-fact';
import type { CompiledDocument } from '../document/compiled';
import { parseFieldDictionary } from '../gloss/names';
import { Evaluator } from './evaluate';
import {
  type ExplainOptions,
  type Explanation,
  ExplanationCache,
  explainEvaluation,
  explanationText,
} from './explanation';

const AS_OF = '2026-01-15T09:00:00Z';
const EXAMPLES = new URL('../../studio/examples/', import.meta.url);
const SCHEMA = new URL('../../../public/schema/erdl-explanation.schema.json', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, EXAMPLES), 'utf8');

function compiled(text: string): CompiledDocument {
  const result = compileDocument(text);
  if (!result.document)
    throw new Error(result.diagnostics.map((d) => `${d.code} ${d.message.en}`).join('\n'));
  return result.document;
}

const QUICK = read('quick-start.erdl.yaml');
const LOAN = read('loan-decision-table.erdl.yaml');
const quick = compiled(QUICK);
const loan = compiled(LOAN);

/** SEC-901 (Expression: folds to false, runs first) and SEC-900 (Simple, Grade A: fails closed), both on a regex. */
const SHELL = compiled(`protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "shell"
  description: "d"
  category: coding
  decision: ALLOW
rules:
  - name: "SEC-900-shell-wipe"
    description: "d"
    priority: 10
    when:
      logic: AND
      conditions:
        - { field: "tool.args.command", operator: match, value: "rm\\\\s+-rf" }
    then: DENY
    message: "m"
  - name: "SEC-901-shell-curl"
    description: "d"
    priority: 5
    when: { expr: { match: [{ field: "tool.args.command" }, "curl"] } }
    then: REQUEST_HUMAN
    message: "m"
`);

const explain = (doc: CompiledDocument, fact: unknown, options: Partial<ExplainOptions> = {}) =>
  explainEvaluation(doc, fact, { as_of: AS_OF, ...options });
const refund = (amount: unknown) => ({ tool: { name: 'issue_refund', args: { amount } } });
const rule = (e: Explanation, name: string) => {
  const found = e.rules.find((r) => r.rule === name);
  if (!found) throw new Error(`no rule ${name}`);
  return found;
};

describe('explainEvaluation: why a rule did not match', () => {
  it('names a string compared with a number by its display name, and the number meant', () => {
    const step = rule(explain(quick, refund('3000')), 'SEC-001-refund-limit');
    expect(step.status).toBe('false');
    expect(step.reason).toMatchObject({
      kind: 'type_mismatch',
      field: 'tool.args.amount',
      value: '3000',
      type: 'string',
      expected: 'number',
      suggestion: 3000,
    });
    expect(step.field_name).toEqual({ en: 'the amount', zh: '金额' });
    expect(step.condition?.text).toEqual({
      en: 'the amount is greater than 5,000',
      zh: '金额超过 5,000',
    });
    expect(step.condition?.line).toEqual({
      en: 'Failed at: the amount is greater than 5,000.',
      zh: '未满足的条件：金额超过 5,000。',
    });
    expect(step.why).toEqual({
      en: 'The amount is the string "3000"; strings never compare with numbers. Did you mean 3000?',
      zh: '金额是字符串“3000”；字符串与数字永远无法比较。是否想写 3000？',
    });
  });

  it('in Chinese, a string value is in “” next to its word, any other value after a space', () => {
    expect(rule(explain(quick, refund(true)), 'SEC-001-refund-limit').why?.zh).toMatch(
      /^金额是布尔值 true；/,
    );
    expect(rule(explain(quick, refund('a "b"')), 'SEC-001-refund-limit').why?.zh).toMatch(
      /^金额是字符串“a "b"”；/,
    );
  });

  it('shows the value read when a condition is simply false', () => {
    expect(rule(explain(quick, refund(10)), 'SEC-001-refund-limit').why).toEqual({
      en: 'The amount is 10.',
      zh: '金额的值为 10。',
    });
  });

  it('names a missing field and a null one', () => {
    const missing = rule(
      explain(quick, { tool: { name: 'issue_refund', args: {} } }),
      'SEC-001-refund-limit',
    );
    expect(missing.why).toEqual({ en: 'The amount is not in the fact.', zh: '事实中没有金额。' });
    const nul = rule(explain(quick, refund(null)), 'SEC-001-refund-limit');
    expect(nul.why?.en).toMatch(/^The amount is null;/);
    expect(nul.why?.zh).toMatch(/^金额为空值（null）；/);
  });

  it('writes out hidden characters in a fact value, so the line reads as the fact runs', () => {
    const why = rule(explain(quick, refund('\u202E0003\u202C')), 'SEC-001-refund-limit').why!;
    expect(why.en).toContain('"⟨U+202E⟩0003⟨U+202C⟩"');
    expect(why.zh).toContain('“⟨U+202E⟩0003⟨U+202C⟩”');
    expect(`${why.en}${why.zh}`).not.toMatch(/[\u202a-\u202e]/);
  });

  it('a table row names its fields by the column labels when given the text', () => {
    const fact = { context: { credit_score: 720, amount: 35000 } };
    const e = explain(loan, fact, { text: LOAN });
    const poor = rule(e, 'FIN-201-loan-decision#poor-score');
    expect(poor.condition?.text).toEqual({
      zh: '信用评分低于 580',
      en: 'credit score is less than 580',
    });
    expect(poor.field_name).toEqual({ zh: '信用评分', en: 'credit score' });
    expect(poor.why).toEqual({ en: 'Credit score is 720.', zh: '信用评分的值为 720。' });
    // Without the text, a row names its fields as any rule does.
    const bare = rule(explain(loan, fact), 'FIN-201-loan-decision#poor-score');
    expect(bare.condition?.text.en).toBe('the credit score is less than 580');
    // Labels given by the caller win, read only for rows.
    const asked: string[] = [];
    const labelled = explain(loan, fact, {
      labels: (entry) => {
        asked.push(entry);
        return new Map([['context.credit_score', { en: 'score', zh: '评分' }]]);
      },
    });
    expect(rule(labelled, 'FIN-201-loan-decision#poor-score').condition?.text.en).toBe(
      'score is less than 580',
    );
    expect(new Set(asked)).toEqual(new Set(['FIN-201-loan-decision']));
  });

  it('uses the field dictionary for names, as the gloss does', () => {
    const dict = parseFieldDictionary({ 'tool.args.amount': { en: 'refund sum', zh: '退款额' } });
    if (!dict.ok) throw new Error('dictionary');
    const step = rule(
      explain(quick, refund(10), { dictionary: dict.dictionary }),
      'SEC-001-refund-limit',
    );
    expect(step.why).toEqual({ en: 'Refund sum is 10.', zh: '退款额的值为 10。' });
  });

  it('a matched rule has no failed condition and no why', () => {
    const step = rule(explain(quick, refund(8000)), 'SEC-001-refund-limit');
    expect(step.status).toBe('matched');
    expect(step.status_text).toEqual({ en: 'matched', zh: '匹配' });
    expect(step.condition).toBeUndefined();
    expect(step.why).toBeUndefined();
  });

  it('says a regex input over the limit was not evaluated, and how E12 ended the rule', () => {
    const e = explain(SHELL, { tool: { args: { command: 'x'.repeat(10_001) } } });
    const [folded, closed] = e.rules;
    expect(folded!.status).toBe('error_folded_false');
    expect(closed!.status).toBe('error_fail_closed');
    expect(closed!.condition?.line.en).toMatch(/^Stopped at: /);
    expect(closed!.why).toEqual({
      en: 'Not evaluated: the match input has 10001 characters, over the limit of 10000. The rule failed closed: its decision DENY applies (E12).',
      zh: '未求值：match 的输入有 10001 个字符，超过上限 10000。规则失败关闭：采用其决策 DENY（E12）。',
    });
    expect(folded!.why?.en).toBe(
      'Not evaluated: the match input has 10001 characters, over the limit of 10000. The condition was folded to false (E12).',
    );
  });
});

describe('explainEvaluation: the headline and the matched rules', () => {
  it('names the deciding rule only when it matched', () => {
    const e = explain(quick, refund(8000));
    expect(e.headline).toEqual({
      kind: 'decided',
      rule: 'SEC-001-refund-limit',
      text: { en: 'Decided by SEC-001-refund-limit', zh: '由 SEC-001-refund-limit 决定' },
    });
    expect(e.matched_rules).toEqual([
      {
        rule: 'SEC-001-refund-limit',
        failed_closed: false,
        text: { en: 'SEC-001-refund-limit', zh: 'SEC-001-refund-limit' },
      },
    ]);
  });

  it('says the document default applies when no rule decided', () => {
    expect(explain(quick, refund('3000')).headline).toEqual({
      kind: 'default',
      text: {
        en: 'No rule matched; the document default ALLOW applies.',
        zh: '没有规则匹配：采用文档的兜底决策 ALLOW。',
      },
    });
  });

  it('says a rule failed closed, and why, rather than that it decided', () => {
    const e = explain(SHELL, { tool: { args: { command: 'x'.repeat(10_001) } } });
    expect(e.result.deciding_rule).toBe('SEC-900-shell-wipe');
    expect(e.headline.kind).toBe('failed_closed');
    expect(e.headline.text).toEqual({
      en: 'SEC-900-shell-wipe failed closed: the match input has 10001 characters, over the limit of 10000. Its decision DENY applies (E12).',
      zh: 'SEC-900-shell-wipe 失败关闭：match 的输入有 10001 个字符，超过上限 10000。采用其决策 DENY（E12）。',
    });
    expect(e.matched_rules).toEqual([
      {
        rule: 'SEC-900-shell-wipe',
        failed_closed: true,
        text: {
          en: 'SEC-900-shell-wipe (failed closed, its condition not evaluated)',
          zh: 'SEC-900-shell-wipe（失败关闭，条件未求值）',
        },
      },
    ]);
  });
});

describe('explainEvaluation: the data', () => {
  it('carries the evaluation as Evaluator gives it: the result fields and the trace', () => {
    const fact = refund('3000');
    const e = explain(quick, fact);
    const direct = new Evaluator(quick).evaluate(fact, { as_of: AS_OF, trace: true });
    const { eval_trace, ...result } = direct;
    expect(e.result).toEqual(result);
    expect(
      e.rules.map(({ rule, status, when, unless, reason, note }) => ({
        rule,
        status,
        when,
        unless,
        reason,
        note,
      })),
    ).toEqual(
      eval_trace.map(({ rule, status, when, unless, reason, note }) => ({
        rule,
        status,
        when,
        unless,
        reason,
        note,
      })),
    );
    expect(e.as_of).toBe(AS_OF);
    expect(e.explanation_version).toBe(1);
  });

  it('is plain JSON: it survives a round trip unchanged', () => {
    // A number no double holds: the trace and the reason keep every digit in `exact`.
    const fact = readFact('context: { credit_score: 9007199254740993, amount: "1" }');
    if (!fact.ok) throw new Error('fact');
    const e = explain(loan, fact.fact, { text: LOAN });
    expect(rule(e, 'FIN-201-loan-decision#poor-score').reason?.exact).toBe('9007199254740993');
    expect(JSON.parse(JSON.stringify(e))).toEqual(e);
  });

  it('a cache renders each failed condition once across evaluations', () => {
    const cache = new ExplanationCache();
    explain(quick, refund(10), { cache });
    const first = cache.rendered;
    expect(first).toBeGreaterThan(0);
    explain(quick, refund(11), { cache });
    expect(cache.rendered).toBe(first);
  });

  it('reuses a given evaluator', () => {
    const evaluator = new Evaluator(quick);
    const e = explain(quick, refund(10), { evaluator });
    expect(e.result.decision).toBe(explain(quick, refund(10)).result.decision);
  });
});

describe('the explanation schema', () => {
  const schema = JSON.parse(readFileSync(SCHEMA, 'utf8'));
  const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
  const check = (e: Explanation) => {
    const ok = validate(JSON.parse(JSON.stringify(e)));
    if (!ok) throw new Error(JSON.stringify(validate.errors, null, 2));
  };

  it('validates the explanation of every example suite fact, and of failures of every kind', () => {
    const dictionaryData = parseData('fields', read('fields.yaml'));
    const dict = dictionaryData.ok ? parseFieldDictionary(dictionaryData.value ?? {}) : null;
    const dictionary = dict?.ok ? dict.dictionary : undefined;
    let checked = 0;
    const kinds = new Set<string>();
    for (const file of readdirSync(EXAMPLES).filter((f) => f.endsWith('.erdl.yaml'))) {
      const text = read(file);
      const doc = compiled(text);
      const suite = parse(read(file.replace('.erdl.yaml', '.facts.yaml')));
      const facts: unknown[] = suite.cases.map((c: { fact: unknown }) => c.fact);
      facts.push({}, refund('3000'), refund(null), { context: { credit_score: '1', amount: [1] } });
      for (const fact of facts) {
        const e = explain(doc, fact, { as_of: suite.as_of ?? AS_OF, dictionary, text });
        check(e);
        for (const r of e.rules) if (r.reason) kinds.add(r.reason.kind);
        checked++;
      }
    }
    const shell = explain(SHELL, { tool: { args: { command: 'x'.repeat(10_001) } } });
    check(shell);
    for (const r of shell.rules) if (r.reason) kinds.add(r.reason.kind);
    expect(checked).toBeGreaterThan(20);
    expect([...kinds].sort()).toEqual(['error', 'false', 'missing', 'null', 'type_mismatch']);
  });

  it('refuses an explanation with a field it does not describe', () => {
    const e = explain(quick, refund(10));
    expect(validate({ ...e, extra: 1 })).toBe(false);
    expect(validate({ ...e, rules: [{ ...e.rules[0], status: 'maybe' }] })).toBe(false);
  });
});

describe('explanationText', () => {
  it('prints the decision, the headline and each rule with why, in either language', () => {
    const e = explain(quick, refund('3000'));
    const en = explanationText(e, 'en');
    expect(en.slice(0, 2)).toEqual([
      'Decision: ALLOW',
      'No rule matched; the document default ALLOW applies.',
    ]);
    expect(en).toContain('Matched rules: none');
    expect(en).toContain('  SEC-001-refund-limit: did not match');
    expect(en).toContain('    Failed at: the amount is greater than 5,000.');
    expect(en).toContain(
      '    The amount is the string "3000"; strings never compare with numbers. Did you mean 3000?',
    );
    const zh = explanationText(e, 'zh');
    expect(zh[0]).toBe('决策：ALLOW');
    expect(zh).toContain('  SEC-001-refund-limit：未匹配');
    expect(zh).toContain('    金额是字符串“3000”；字符串与数字永远无法比较。是否想写 3000？');
    expect(zh.join('\n')).not.toMatch(/did not match|Failed at|Decision/);
  });

  it('shows hidden characters in a fact value as ⟨U+…⟩, never raw', () => {
    const lines = explanationText(explain(quick, refund('\u202E0003')), 'en').join('\n');
    expect(lines).toContain('"⟨U+202E⟩0003"');
    expect(lines).not.toMatch(/\u202E/);
  });
});
