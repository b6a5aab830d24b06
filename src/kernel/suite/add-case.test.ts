import { describe, expect, it } from 'vitest';
import { addCaseToSuiteText } from './add-case';
import { filterOutcomes } from './filter';
import { parseSuite } from './parse-suite';
import type { CaseOutcome, SuiteCase } from './types';

const CASE: SuiteCase = {
  name: 'pasted from a log',
  as_of: '2026-01-15T09:00:00Z',
  fact: { tool: { name: 'issue_refund', args: { amount: 8000 } } },
  expect: { decision: 'REQUEST_HUMAN', matched_rules: ['SEC-001-refund-limit'] },
};

describe('addCaseToSuiteText', () => {
  it('appends to the cases and keeps the comments and the cases already written', () => {
    const text = `# my suite\nsuite: s # name\ncases:\n  # the first one\n  - name: a\n    fact: { x: 1 }\n`;
    const r = addCaseToSuiteText(text, CASE);
    if (!r.ok) throw new Error(r.message.en);
    expect(r.text).toContain('# my suite');
    expect(r.text).toContain('# the first one');
    const parsed = parseSuite(r.text);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.suite?.cases.map((c) => c.name)).toEqual(['a', 'pasted from a log']);
    expect(parsed.suite?.cases[1]).toEqual({ ...CASE, range: expect.any(Object) });
  });

  it('starts a suite from an empty text, or adds "cases" to a suite of sequences', () => {
    const empty = addCaseToSuiteText('', CASE);
    expect(empty.ok && parseSuite(empty.text).suite?.cases).toHaveLength(1);
    const seqOnly = addCaseToSuiteText(
      'sequences:\n  - name: s\n    events:\n      - { as_of: "2026-01-01T00:00:00Z", fact: {} }\n',
      CASE,
    );
    if (!seqOnly.ok) throw new Error(seqOnly.message.en);
    const parsed = parseSuite(seqOnly.text).suite;
    expect([parsed?.cases.length, parsed?.sequences.length]).toEqual([1, 1]);
  });

  it('refuses, in both languages, a text it cannot safely edit', () => {
    const broken = addCaseToSuiteText('cases: [\n', CASE);
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message.zh).toContain('YAML 错误');
    const notList = addCaseToSuiteText('cases: 3\n', CASE);
    expect(!notList.ok && notList.message.en).toBe('"cases" is not a list');
    expect(addCaseToSuiteText('- 1\n', CASE).ok).toBe(false);
  });

  it('refuses a repeated key, found in time linear in the keys', () => {
    const yamlErrors = {
      en: 'the suite has YAML errors; fix them before adding a case',
      zh: '测试集存在 YAML 错误；请先修正再添加用例',
    };
    const repeated = addCaseToSuiteText('cases:\n  - name: a\n    name: b\n    fact: {}\n', CASE);
    expect(repeated).toEqual({ ok: false, message: yamlErrors });
    const inFlow = addCaseToSuiteText('cases:\n  - { name: a, fact: { x: 1, x: 2 } }\n', CASE);
    expect(inFlow).toEqual({ ok: false, message: yamlErrors });
    // One Set per mapping: a case whose fact has 40,000 fields (yaml's own check compares each
    // key with every earlier one).
    const fields = Array.from({ length: 40_000 }, (_, i) => `      k${i}: ${i}`).join('\n');
    const wide = `cases:\n  - name: w\n    fact:\n${fields}\n`;
    const added = addCaseToSuiteText(wide, CASE);
    if (!added.ok) throw new Error(added.message.en);
    const parsed = parseSuite(added.text).suite;
    expect(parsed?.cases.map((c) => c.name)).toEqual(['w', 'pasted from a log']);
    expect(Object.keys(parsed?.cases[0]?.fact ?? {})).toHaveLength(40_000);
    expect(addCaseToSuiteText(`${wide}      k39999: again\n`, CASE)).toEqual({
      ok: false,
      message: yamlErrors,
    });
  });
});

describe('filterOutcomes', () => {
  const outcome = (
    name: string,
    status: CaseOutcome['status'],
    decision: CaseOutcome['decision'],
    rules: string[],
  ) => ({ name, status, decision, matched_rules: rules }) as unknown as CaseOutcome;
  const rows = [
    outcome('Big refund', 'fail', 'DENY', ['A']),
    outcome('small refund', 'pass', 'ALLOW', []),
    outcome('big transfer', 'pass', 'DENY', ['A', 'B']),
  ];

  it('keeps the rows that meet every criterion, by index', () => {
    expect(filterOutcomes(rows, {})).toEqual([0, 1, 2]);
    expect(filterOutcomes(rows, { status: 'pass' })).toEqual([1, 2]);
    expect(filterOutcomes(rows, { decision: 'DENY', rule: 'B' })).toEqual([2]);
    expect(filterOutcomes(rows, { text: ' BIG ' })).toEqual([0, 2]);
    expect(filterOutcomes(rows, { text: 'big', status: 'fail' })).toEqual([0]);
  });
});
