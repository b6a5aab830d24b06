import { describe, expect, it } from 'vitest';
import { generateWideTable } from '../../bench/generate-wide-table';
import { compileDocument, runSteps } from '../kernel';
import loanTable from '../studio/examples/loan-decision-table.erdl.yaml?raw';
import quickStart from '../studio/examples/quick-start.erdl.yaml?raw';
import { KernelService } from './kernel-service';

const service = () => new KernelService(() => 0);
const analyze = (text: string, dictionary = '') =>
  service().analyze({ op: 'analyze', doc: 'd', text, dictionary });

describe('KernelService.analyze', () => {
  it('reports what compileDocument reports, with line/column positions', () => {
    const text = quickStart.replace('then: REQUEST_HUMAN', 'then: REQUEST_HUMANX');
    const analysis = analyze(text);
    const errors = analysis.diagnostics.filter((d) => d.severity === 'error');
    const expected = compileDocument(text).diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.range])).toEqual(expected.map((d) => [d.code, d.range]));
    const line = text.slice(0, text.indexOf('REQUEST_HUMANX')).split('\n').length;
    expect(errors[0]?.start.line).toBe(line);
    expect(analysis.ok).toBe(false);
    expect(analysis.documentHash).toBeNull();
  });

  it('summarizes rules with hashes and the fields they read', () => {
    const analysis = analyze(quickStart);
    const compiled = compileDocument(quickStart).document!;
    expect(analysis.ok).toBe(true);
    expect(analysis.documentHash).toBe(compiled.hash);
    expect(analysis.rules.map((r) => r.hash)).toEqual(compiled.rules.map((r) => r.hash));
    const first = analysis.rules[0]!;
    expect(first.fields).toContain('tool.args.amount');
    expect(analysis.fields).toContain('tool.name');
  });

  it('leaves the document hash to the gloss phase when asked (deferHash), with the same value', () => {
    const svc = service();
    const edited = loanTable.replace('message: "', 'message: "x');
    for (const text of [loanTable, edited]) {
      const analysis = svc.analyze({
        op: 'analyze',
        doc: 'd',
        text,
        dictionary: '',
        deferHash: true,
      });
      expect(analysis.ok).toBe(true);
      expect(analysis.documentHash).toBeNull();
      expect(analysis.documentHashPending).toBe(true);
      // The rules' own hashes are not deferred.
      expect(analysis.rules.map((r) => r.hash)).toEqual(
        compileDocument(text).document!.rules.map((r) => r.hash),
      );
      const glossed = svc.gloss({ op: 'gloss', doc: 'd', text, dictionary: '' });
      expect(glossed.documentHash).toBe(compileDocument(text).document!.hash);
    }
    // A document that does not load has no hash to wait for.
    const broken = svc.analyze({
      op: 'analyze',
      doc: 'd',
      text: quickStart.replace('then: REQUEST_HUMAN', 'then: REQUEST_HUMANX'),
      dictionary: '',
      deferHash: true,
    });
    expect(broken.documentHash).toBeNull();
    expect(broken.documentHashPending).toBeUndefined();
  });
});

const gloss = (text: string, dictionary = '') =>
  service().gloss({ op: 'gloss', doc: 'd', text, dictionary });

describe('KernelService.gloss', () => {
  it('glosses every rule in both languages and lints the gloss', () => {
    const outcome = gloss(quickStart);
    const names = compileDocument(quickStart).document!.rules.map((r) => r.name);
    expect(Object.keys(outcome.rules)).toEqual(names);
    const first = outcome.rules[names[0]!]!;
    expect(first.zh).toMatch(/[\u4e00-\u9fff]/);
    expect(first.en).toMatch(/refund|amount|tool/i);
    for (const d of outcome.diagnostics) {
      expect(['ERDL-W901', 'ERDL-W902', 'ERDL-I903']).toContain(d.code);
      expect(d.start.line).toBeGreaterThan(0);
    }
  });

  it('shifts ranges past a byte order mark so they index the editor text', () => {
    const text = `\uFEFF${quickStart.replace('then: REQUEST_HUMAN', 'then: REQUEST_HUMANX')}`;
    const error = analyze(text).diagnostics.find((d) => d.severity === 'error')!;
    expect(text.slice(error.range.start, error.range.end)).toContain('REQUEST_HUMANX');
  });

  it('uses the field dictionary for gloss and reports a broken dictionary in both languages', () => {
    const named = gloss(quickStart, 'tool.args.amount: {zh: 退款金额, en: refund amount}\n');
    expect(Object.values(named.rules)[0]!.zh).toContain('退款金额');
    expect(named.unnamedFields).not.toContain('tool.args.amount');
    const broken = analyze(quickStart, '- not a mapping\n');
    expect(broken.dictionaryProblems.length).toBeGreaterThan(0);
    expect(broken.dictionaryProblems[0]!.zh).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('KernelService.evaluate', () => {
  const request = (fact: string, asOf = '2026-01-01T00:00:00Z') => ({
    op: 'evaluate' as const,
    doc: 'd',
    text: quickStart,
    fact,
    asOf,
    temporalState: '',
    trace: true,
  });

  it('evaluates a YAML fact and returns the full result with a trace', () => {
    const outcome = service().evaluate(
      request('tool:\n  name: issue_refund\n  args:\n    amount: 8000\n'),
    );
    expect(outcome.kind).toBe('result');
    if (outcome.kind !== 'result') return;
    expect(outcome.result.decision).toBe('REQUEST_HUMAN');
    expect(outcome.result.eval_trace.length).toBeGreaterThan(0);
    expect(outcome.result.result_hash).toMatch(/^sha256:/);
  });

  it('reports an unreadable fact, a bad as_of and a broken state as input errors', () => {
    const s = service();
    const fact = s.evaluate(request('tool: [unclosed'));
    expect(fact).toMatchObject({ kind: 'input-error', input: 'fact' });
    const asOf = s.evaluate(request('{}', 'yesterday'));
    expect(asOf).toMatchObject({ kind: 'input-error', input: 'as_of' });
    const state = s.evaluate({ ...request('{}'), temporalState: 'version: 7' });
    expect(state).toMatchObject({ kind: 'input-error', input: 'temporal_state' });
  });

  it('refuses to evaluate a document that does not load', () => {
    const outcome = service().evaluate({ ...request('{}'), text: 'rules: [' });
    expect(outcome.kind).toBe('document-invalid');
  });
});

describe('KernelService.tree', () => {
  it('returns the canonical bytes whose hash is the rule hash', () => {
    const analysis = analyze(quickStart);
    const name = analysis.rules[0]!.name;
    const tree = service().tree({ op: 'tree', doc: 'd', text: quickStart, rule: name })!;
    expect(tree.hash).toBe(analysis.rules[0]!.hash);
    expect(JSON.parse(tree.canonical)).toEqual(tree.when);
    expect(service().tree({ op: 'tree', doc: 'd', text: quickStart, rule: 'nope' })).toBeNull();
  });
});

type Explained = Extract<ReturnType<KernelService['evaluate']>, { kind: 'result' }>;
/** The explanation's failed condition (in gloss) of one rule, both languages. */
const conditionOf = (o: Explained, rule: string) =>
  o.explanation.rules.find((r) => r.rule === rule)?.condition?.text;
const fieldOf = (o: Explained, rule: string) =>
  o.explanation.rules.find((r) => r.rule === rule)?.field_name;
const conditions = (o: Explained) => o.explanation.rules.map((r) => r.condition?.text);

describe('KernelService.evaluate: the trace names fields as the gloss does', () => {
  it('a failed table row reads its fields through the column labels, in both languages', () => {
    const outcome = service().evaluate({
      op: 'evaluate',
      doc: 'loan',
      text: loanTable,
      fact: 'fact: {context: {credit_score: 720, amount: 35000}}',
      asOf: '2026-01-15T09:00:00Z',
      temporalState: '',
      trace: true,
    } as Parameters<KernelService['evaluate']>[0]);
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    expect(conditionOf(outcome, 'FIN-201-loan-decision#poor-score')).toEqual({
      zh: '信用评分低于 580',
      en: 'credit score is less than 580',
    });
    expect(conditionOf(outcome, 'FIN-201-loan-decision#good-small-loan')).toEqual({
      zh: '贷款金额不超过 20,000',
      en: 'loan amount is less than or equal to 20,000',
    });
    // The reason names its field by the column label too, never by its path.
    expect(fieldOf(outcome, 'FIN-201-loan-decision#poor-score')).toEqual({
      zh: '信用评分',
      en: 'credit score',
    });
  });
});

describe('KernelService.evaluate: column labels on the keystroke path', () => {
  const evaluate = (s: KernelService, text: string, fact: string) => {
    const outcome = s.evaluate({
      op: 'evaluate',
      doc: 'loan',
      text,
      fact,
      asOf: '2026-01-15T09:00:00Z',
      temporalState: '',
      trace: true,
    } as Parameters<KernelService['evaluate']>[0]);
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    return outcome;
  };
  const fact = (score: number) => `fact: {context: {credit_score: ${score}, amount: 35000}}`;

  it('a fact edit reads the labels the text has now; a label edit is seen at once', () => {
    const s = service();
    const first = evaluate(s, loanTable, fact(720));
    // Another fact, the same text: the same labels (read once for this text).
    const again = evaluate(s, loanTable, fact(721));
    expect(conditionOf(again, 'FIN-201-loan-decision#poor-score')).toEqual(
      conditionOf(first, 'FIN-201-loan-decision#poor-score'),
    );
    const relabelled = loanTable.replace(
      'label: { zh: "信用评分", en: "credit score" }',
      'label: { zh: "信用分", en: "credit rating" }',
    );
    expect(relabelled).not.toBe(loanTable);
    const edited = evaluate(s, relabelled, fact(721));
    expect(conditionOf(edited, 'FIN-201-loan-decision#poor-score')).toEqual({
      zh: '信用分低于 580',
      en: 'credit rating is less than 580',
    });
    // Back to the first text: its own labels again, never the edited ones remembered.
    expect(conditions(evaluate(s, loanTable, fact(720)))).toEqual(conditions(first));
  });

  it('a warm service (other documents compiled before) explains as a fresh one does', () => {
    const warm = service();
    evaluate(warm, quickStart, '{}');
    const fromItems = evaluate(warm, loanTable, fact(700));
    const fresh = evaluate(service(), loanTable, fact(700));
    expect(conditions(fromItems)).toEqual(conditions(fresh));
    expect(fromItems.explanation.rules.map((r) => r.field_name)).toEqual(
      fresh.explanation.rules.map((r) => r.field_name),
    );
  });
});

describe('KernelService.primeSteps', () => {
  const table = generateWideTable(150, 4, { defaultRow: true });
  const request = { op: 'prime', doc: 'd', dictionary: '', analysisChannel: 'analyze:d' } as const;
  const editOf = (text: string) => text.replace(/\[gte, \d+\]/, '[gte, 1]');

  it('rehearses an edit of a long table without changing any later answer', () => {
    const primedService = service();
    const plain = service();
    const a0 = primedService.analyze({ op: 'analyze', doc: 'd', text: table, dictionary: '' });
    expect(plain.analyze({ op: 'analyze', doc: 'd', text: table, dictionary: '' })).toEqual(a0);
    const outcome = runSteps(primedService.primeSteps(request));
    expect(outcome.primed).toBe(true);
    // The rehearsal's text means the same: one more line break at the end of the table's item.
    expect(outcome.analysis?.diagnostics.map((d) => d.code)).toEqual(
      a0.diagnostics.map((d) => d.code),
    );
    const edited = editOf(table);
    expect(edited).not.toBe(table);
    for (const text of [edited, table]) {
      const fresh = plain.analyze({ op: 'analyze', doc: 'd', text, dictionary: '' });
      const after = primedService.analyze({ op: 'analyze', doc: 'd', text, dictionary: '' });
      expect({ ...after, elapsedMs: 0 }).toEqual({ ...fresh, elapsedMs: 0 });
      expect(primedService.gloss({ op: 'gloss', doc: 'd', text, dictionary: '' })).toEqual(
        plain.gloss({ op: 'gloss', doc: 'd', text, dictionary: '' }),
      );
    }
  });

  it('does nothing for short tables, unknown documents, or a text the document has moved on from', () => {
    const svc = service();
    expect(runSteps(svc.primeSteps(request)).primed).toBe(false);
    svc.analyze({ op: 'analyze', doc: 'd', text: loanTable, dictionary: '' });
    expect(runSteps(svc.primeSteps(request)).primed).toBe(false);
    svc.analyze({ op: 'analyze', doc: 'd', text: table, dictionary: '' });
    const steps = svc.primeSteps(request);
    steps.next();
    // An edit is analyzed between the first step and the rest: the rehearsal is dropped.
    svc.analyze({ op: 'analyze', doc: 'd', text: editOf(table), dictionary: '' });
    const last = steps.next();
    expect(last.done && last.value.primed).toBe(false);
  });
});
