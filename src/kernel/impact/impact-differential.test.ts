/**
 * The lean impact loop (shared rule outcomes, list compare) and the pool's merge against the plain
 * definition: every fact evaluated in full in both versions. Over generated documents with several
 * kinds of change and generated facts (some with wrong types, so errors fold or fail closed), the
 * reports must be equal — and so must the merge of any split of the facts.
 */
import { describe, expect, it } from 'vitest';
import { generateDocument, generateFacts, prng } from '../../../bench/generate';
import { compileDocument } from '../compile';
import type { CompiledDocument } from '../document/compiled';
import { Evaluator } from '../eval/evaluate';
import { toJson, type Value } from '../eval/values';
import { createJsonLinesParser } from '../suite/jsonl-facts';
import { DECISION_NAMES } from '../vocabulary/decisions';
import { analyzeImpact, type ImpactReport, ImpactRun, mergeImpactReports } from './impact';
import { splitFactLines } from './split';

function compile(text: string): CompiledDocument {
  const r = compileDocument(text);
  if (!r.document) throw new Error(r.diagnostics.map((d) => d.message.en).join('\n'));
  return r.document;
}

type Fact = { name: string; fact: Value };

/** The definition, written plainly: both versions evaluated in full, sets compared. */
function reference(a: CompiledDocument, b: CompiledDocument, facts: Fact[], samples = 3) {
  const ea = new Evaluator(a);
  const eb = new Evaluator(b);
  const cells = new Map<string, { from: string; to: string; count: number }>();
  const kept = new Map<string, unknown[]>();
  const causes = new Map<string, { only_old: number; only_new: number }>();
  let changed = 0;
  let rulesChanged = 0;
  facts.forEach((f, index) => {
    const x = ea.evaluate(f.fact, { as_of: '2026-01-01T00:00:00Z' });
    const y = eb.evaluate(f.fact, { as_of: '2026-01-01T00:00:00Z' });
    const key = `${x.decision}>${y.decision}`;
    const cell = cells.get(key) ?? { from: x.decision, to: y.decision, count: 0 };
    cell.count++;
    cells.set(key, cell);
    const sx = new Set(x.matched_rules);
    const sy = new Set(y.matched_rules);
    if (x.decision === y.decision) {
      if (sx.size !== sy.size || [...sx].some((r) => !sy.has(r))) rulesChanged++;
      return;
    }
    changed++;
    const cause = (r: string) => {
      const c = causes.get(r) ?? { only_old: 0, only_new: 0 };
      causes.set(r, c);
      return c;
    };
    for (const r of x.matched_rules) if (!sy.has(r)) cause(r).only_old++;
    for (const r of y.matched_rules) if (!sx.has(r)) cause(r).only_new++;
    const list = kept.get(key) ?? [];
    kept.set(key, list);
    if (list.length < samples)
      list.push({
        name: f.name,
        index,
        fact: toJson(f.fact),
        old: { decision: x.decision, matched_rules: x.matched_rules },
        new: { decision: y.decision, matched_rules: y.matched_rules },
      });
  });
  const rank = (d: string) => (DECISION_NAMES as readonly string[]).indexOf(d);
  const matrix = [...cells.values()].sort(
    (p, q) => rank(p.from) - rank(q.from) || rank(p.to) - rank(q.to),
  );
  return {
    old_hash: a.hash,
    new_hash: b.hash,
    total: facts.length,
    changed,
    rules_changed: rulesChanged,
    matrix,
    transitions: matrix
      .filter((c) => c.from !== c.to)
      .sort((p, q) => q.count - p.count || rank(p.from) - rank(q.from) || rank(p.to) - rank(q.to))
      .map((c) => ({ ...c, samples: kept.get(`${c.from}>${c.to}`) ?? [] })),
    causes: [...causes.entries()]
      .map(([rule, c]) => ({ rule, ...c }))
      .sort(
        (p, q) =>
          q.only_old + q.only_new - (p.only_old + p.only_new) ||
          (p.rule < q.rule ? -1 : p.rule > q.rule ? 1 : 0),
      ),
  };
}

/** Generated facts, every fifth one damaged (a field missing, a string for a number, a null). */
function facts(count: number, seed: number): Fact[] {
  const rnd = prng(seed);
  return generateFacts(count, seed).map((fact, i) => {
    const f = fact as { tool: { args: Record<string, unknown> }; context: Record<string, unknown> };
    const damage = Math.floor(rnd() * 10);
    if (damage === 0) delete f.tool.args.amount;
    if (damage === 1) f.tool.args.price = 'cheap';
    if (damage === 2) f.context.country = null;
    if (damage === 3) f.context.cost = f.tool.args.price; // division by zero in the expressions
    return { name: `line ${i + 1}`, fact: f as Value };
  });
}

const BASE = generateDocument(60, 3);
const CHANGES: Record<string, string> = {
  thresholds: BASE.replace(/value: (\d+)\b/g, (_m, v: string) => `value: ${Number(v) * 2}`),
  decisions: BASE.replace(/then: (DENY|NOTIFY)\n {4}message: "Generated rule (\d*[05])/g, (m) =>
    m.replace(/then: \w+/, 'then: REQUEST_HUMAN'),
  ),
  priorities: BASE.replace(/priority: (\d+)/g, (_m, v: string) => `priority: ${120 - Number(v)}`),
  removed: BASE.replace(/ {2}- name: "GEN-01\d-rule"[\s\S]*?(?= {2}- name: "GEN-020)/, ''),
  tables: BASE.replace(/\["gte", (\d+)\]/g, (_m, v: string) => `["gte", ${Number(v) / 2}]`),
  // Every DENY rule switched off.
  disabled: BASE.split('\n  - name:')
    .map((rule) =>
      rule.includes('then: DENY')
        ? rule.replace(/\n {4}priority: \d+/, '$&\n    enabled: false')
        : rule,
    )
    .join('\n  - name:'),
};

describe('impact: the lean loop against the definition', () => {
  const before = compile(BASE);
  const sample = facts(800, 11);
  for (const [kind, text] of Object.entries(CHANGES)) {
    it(`gives the definition's report (${kind})`, () => {
      expect(text).not.toBe(BASE);
      const after = compile(text);
      const lean = analyzeImpact(before, after, sample);
      expect(lean).toEqual(reference(before, after, sample));
      expect(lean.total).toBe(800);
      expect(lean.changed + lean.rules_changed).toBeGreaterThan(0);
      // And in the other direction (the old version is the changed one).
      expect(analyzeImpact(after, before, sample)).toEqual(reference(after, before, sample));
    });
  }

  it('shares the outcomes of the unchanged rules only', () => {
    const after = compile(CHANGES.thresholds as string);
    const shared = Evaluator.shareOutcomes(new Evaluator(before), new Evaluator(after));
    const unchanged = before.rules.filter((r) =>
      after.rules.some((s) => s.name === r.name && s.hash === r.hash),
    ).length;
    expect(unchanged).toBeGreaterThan(0);
    expect(unchanged).toBeLessThan(before.rules.length);
    expect(shared?.slots).toBe(unchanged);
  });

  it("selects each fact's candidates once for both versions, with each version's own results", () => {
    for (const text of Object.values(CHANGES)) {
      const after = compile(text);
      const [a, b] = [new Evaluator(before), new Evaluator(after)];
      const shared = Evaluator.shareOutcomes(a, b);
      expect(shared?.index).toBeTruthy();
      const [plainA, plainB] = [new Evaluator(before), new Evaluator(after)];
      const as_of = '2026-01-01T00:00:00Z';
      const seen = (r: ReturnType<Evaluator['evaluate']>) =>
        [
          r.decision,
          r.matched_rules,
          r.unless_exemptions,
          r.total_evaluated,
          r.deciding_rule,
        ] as const;
      for (const f of sample.slice(0, 300)) {
        shared?.clear();
        const x = a.evaluate(f.fact, {
          as_of,
          hash: false,
          ...(shared ? { outcomes: shared } : {}),
        });
        const y = b.evaluate(f.fact, {
          as_of,
          hash: false,
          ...(shared ? { outcomes: shared } : {}),
        });
        expect(seen(x)).toEqual(seen(plainA.evaluate(f.fact, { as_of, hash: false })));
        expect(seen(y)).toEqual(seen(plainB.evaluate(f.fact, { as_of, hash: false })));
      }
    }
  });

  it('counts decision changes in the generated change (the comparison is not vacuous)', () => {
    const r = analyzeImpact(before, compile(CHANGES.thresholds as string), sample);
    expect(r.changed).toBeGreaterThan(10);
    expect(r.transitions.length).toBeGreaterThan(1);
    expect(r.causes.length).toBeGreaterThan(0);
  });

  it('takes the plain path for documents with within/rate state, with the same report', () => {
    const windowed = `${BASE}  - name: "WIN-001-rate"
    description: "too many refunds"
    priority: 0
    when:
      logic: AND
      conditions:
        - { field: "tool.name", operator: eq, value: "issue_refund", rate: "2/1h" }
    then: DENY
    message: "rate"
`;
    const a = compile(windowed);
    const b = compile(CHANGES.thresholds as string);
    const few = sample.slice(0, 200);
    expect(analyzeImpact(a, b, few)).toEqual(reference(a, b, few));
  });
});

describe('mergeImpactReports', () => {
  const before = compile(BASE);
  const after = compile(CHANGES.thresholds as string);
  // One fact a line: a record the parser names by its line carries that line (in the whole text).
  const all = facts(900, 5).map((f, i) => ({ ...f, record: { line: i + 1, lastLine: i + 1 } }));
  const text = all.map((f) => JSON.stringify(f.fact)).join('\n');

  /** Each part of the text read by its own parser and run, as one worker of the pool does. */
  function partReports(parts: number, samples?: number): ImpactReport[] {
    return splitFactLines(text, parts).map((part) => {
      const parser = createJsonLinesParser({ offset: part.offset, line: part.line });
      const run = new ImpactRun(before, after, samples === undefined ? {} : { samples });
      for (const c of [...parser.push(part.text).cases, ...parser.end().cases]) run.add(c);
      return run.report();
    });
  }

  it('gives the same report bytes however the facts are split', () => {
    const whole = JSON.stringify(analyzeImpact(before, after, all));
    expect(JSON.parse(whole).changed).toBeGreaterThan(3);
    for (const parts of [1, 2, 3, 4, 7, 16])
      expect(JSON.stringify(mergeImpactReports(partReports(parts)))).toBe(whole);
  });

  it('keeps the first samples in input order with a small limit', () => {
    const whole = analyzeImpact(before, after, all, { samples: 1 });
    expect(mergeImpactReports(partReports(5, 1), { samples: 1 })).toEqual(whole);
  });

  it('refuses parts that compare different versions', () => {
    const other = analyzeImpact(after, before, all.slice(0, 3));
    expect(() => mergeImpactReports([...partReports(2), other])).toThrow(/different versions/);
  });
});

describe('splitFactLines', () => {
  it('cuts at line breaks into parts that rebuild the text, with their first line numbers', () => {
    const rnd = prng(9);
    for (let trial = 0; trial < 200; trial++) {
      const lines = Array.from({ length: Math.floor(rnd() * 30) }, () =>
        'x'.repeat(Math.floor(rnd() * 5)),
      );
      const text = lines.join(rnd() < 0.5 ? '\n' : '\r\n') + (rnd() < 0.5 ? '\n' : '');
      const parts = splitFactLines(text, 1 + Math.floor(rnd() * 6));
      expect(parts.map((p) => p.text).join('')).toBe(text);
      expect(parts.length).toBeGreaterThan(0);
      for (const p of parts) {
        expect(text.slice(0, p.offset).split('\n').length).toBe(p.line);
        if (p.offset > 0) expect(text[p.offset - 1]).toBe('\n');
        if (text.length > 0) expect(p.text.length).toBeGreaterThan(0);
      }
    }
  });
});
