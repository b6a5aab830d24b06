/**
 * Importing decision tables from other tools (docs/table-import.md): DMN 1.3 through dmn-moddle and
 * GoRules JDM JSON become ERDL tables that reach the same decisions, and the conversion report
 * names everything not converted. The fixtures were written for this project after the Camunda
 * dish example and the GoRules JDM format.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DmnModdle } from 'dmn-moddle';
import { describe, expect, it } from 'vitest';
import { compileDocument, evaluate } from '../src/kernel';
import {
  type DocumentImport,
  feelMatches,
  importDmn,
  importJdm,
  readFeelUnaryTests,
} from '../src/kernel/table-import';

const FIXTURES = path.join(__dirname, 'fixtures', 'import');
const read = (f: string) => readFileSync(path.join(FIXTURES, f), 'utf8');

async function dmn(
  file: string,
): Promise<{ defs: Record<string, unknown>; imported: DocumentImport }> {
  const { rootElement } = await new DmnModdle().fromXML(read(file), 'dmn:Definitions');
  const defs = rootElement as unknown as Record<string, unknown>;
  return { defs, imported: importDmn(defs, file) };
}

const allNotes = (r: DocumentImport) => [...r.notes, ...r.tables.flatMap((t) => t.notes)];

type Fact = Record<string, string | number | boolean>;

/** Every combination of the given values per field. */
function product(values: Record<string, readonly (string | number | boolean)[]>): Fact[] {
  return Object.entries(values).reduce<Fact[]>(
    (facts, [k, vs]) => facts.flatMap((f) => vs.map((v) => ({ ...f, [k]: v }))),
    [{}],
  );
}

/** The original table's decision for a fact, read with the FEEL unary tests (hit policy FIRST). */
function dmnDecision(table: Record<string, unknown>, fact: Fact): string | null {
  const inputs = (table.input as { inputExpression: { text: string } }[]).map(
    (i) => i.inputExpression.text,
  );
  for (const rule of table.rule as {
    inputEntry: { text: string }[];
    outputEntry: { text: string }[];
  }[]) {
    const hit = rule.inputEntry.every((e, k) => {
      const t = readFeelUnaryTests(e.text);
      if (!t.ok) throw new Error(e.text);
      return feelMatches(t.test, fact[inputs[k] as string] ?? null);
    });
    if (hit) return JSON.parse(rule.outputEntry[0]?.text ?? 'null') as string;
  }
  return null;
}

function erdlFact(fact: Fact): unknown {
  const context: Record<string, unknown> = {};
  const tool: Record<string, unknown> = { name: 'x', args: {} };
  for (const [k, v] of Object.entries(fact)) {
    if (k.startsWith('tool.args.')) (tool.args as Record<string, unknown>)[k.slice(10)] = v;
    else context[k] = v;
  }
  return { tool, context };
}

describe('DMN import', () => {
  it('converts the dish table and reaches the same decision on every generated fact', async () => {
    const { defs, imported } = await dmn('dish-guard.dmn');
    expect(imported.text).not.toBeNull();
    const compiled = compileDocument(imported.text as string);
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(compiled.document).not.toBeNull();
    const table = (defs.drgElement as { decisionLogic: Record<string, unknown> }[])[0]
      ?.decisionLogic as Record<string, unknown>;
    const facts = product({
      season: ['Fall', 'Winter', 'Spring', 'Summer'],
      guestCount: [0, 4, 5, 8, 9, 12],
      'tool.args.amount': [50, 99, 100, 150, 200, 201, 5000, 5001],
      vip: [true, false],
    });
    let compared = 0;
    for (const fact of facts) {
      const expected = dmnDecision(table, fact);
      const got = evaluate(compiled.document as never, erdlFact(fact), {
        as_of: '2026-12-01T00:00:00Z',
        hash: false,
      });
      expect({ fact, decision: got.decision }).toEqual({ fact, decision: expected ?? 'DENY' });
      compared++;
    }
    expect(compared).toBe(384);
    // Nothing was left out: every note is informational.
    expect(allNotes(imported).filter((n) => n.level !== 'info')).toEqual([]);
  });

  it('reports every table, column, cell and feature it does not convert, in both languages', async () => {
    const { imported } = await dmn('dish-unique.dmn');
    const notes = allNotes(imported);
    const en = notes.map((n) => `${n.level}: ${n.message.en}`);
    expect(en).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^error: hit policy COLLECT is not converted/),
        expect.stringMatching(
          /^warning: decision "Greeting" is not converted: its logic is LiteralExpression/,
        ),
        expect.stringMatching(/^warning: output "dish" is not converted/),
        expect.stringMatching(
          /^error: input 1 "Guests": the expression "guestCount \+ 1" is not a field path/,
        ),
        expect.stringMatching(
          /^error: rule 1, input "Amount": "\(1..5\]" is not converted: an open or half-open range/,
        ),
        expect.stringMatching(
          /^warning: hit policy UNIQUE broken in the original: Row 2 \(DENY\) overlaps row 1 \(ALLOW\)/,
        ),
      ]),
    );
    for (const n of notes) expect(n.message.zh).toMatch(/[\u4e00-\u9fff]/);
    // Only the UNIQUE table converts; the others are named, not dropped.
    expect(imported.tables.map((t) => t.entry !== null)).toEqual([false, true, false]);
    expect(compileDocument(imported.text as string).ok).toBe(true);
  });

  it('refuses a file that is not a DMN model', () => {
    const r = importDmn({ $type: 'dmn:Other' }, 'x');
    expect(r.text).toBeNull();
    expect(r.notes[0]?.level).toBe('error');
  });
});

describe('GoRules JDM import', () => {
  it('converts the decision table, names the nodes and outputs it leaves out', () => {
    const imported = importJdm(JSON.parse(read('loan-guard.jdm.json')), 'loan');
    const compiled = compileDocument(imported.text as string);
    expect(compiled.ok).toBe(true);
    const facts = product({
      'tool.args.amount': [100, 5000, 7000, 10000, 10001],
      country: ['KP', 'IR', 'FR'],
    });
    const decide = (f: Fact) => {
      const amount = f['tool.args.amount'] as number;
      if (amount > 10000 && (f.country === 'KP' || f.country === 'IR')) return 'DENY';
      if (amount >= 5000 && amount <= 10000) return 'REQUEST_HUMAN';
      return 'ALLOW';
    };
    for (const fact of facts)
      expect(
        evaluate(compiled.document as never, erdlFact(fact), {
          as_of: '2026-12-01T00:00:00Z',
          hash: false,
        }).decision,
      ).toBe(decide(fact));
    const en = allNotes(imported).map((n) => `${n.level}: ${n.message.en}`);
    expect(en).toEqual(
      expect.arrayContaining([
        'warning: node "Scoring" (functionNode) is not converted (only decision tables are)',
        'warning: output "score" is not converted: an ERDL row gives a decision and a message only',
      ]),
    );
  });

  it('refuses JSON that is not a JDM graph', () => {
    const r = importJdm({ rules: [] }, 'x');
    expect(r.text).toBeNull();
    expect(r.notes.map((n) => n.level)).toEqual(['error']);
  });
});

describe('FEEL unary tests', () => {
  it.each([
    ['-', 'x', true],
    ['< 5', 4, true],
    ['< 5', 5, false],
    ['[1..5]', 5, true],
    ['(1..5)', 5, false],
    ['"a","b"', 'b', true],
    ['not("a","b")', 'c', true],
    ['not([1..3])', 2, false],
    ['date("2026-01-01")', '2026-01-01', true],
    ['true', true, true],
  ] as const)('%s on %s is %s', (text, value, expected) => {
    const t = readFeelUnaryTests(text);
    expect(t.ok).toBe(true);
    if (t.ok) expect(feelMatches(t.test, value)).toBe(expected);
  });

  it.each(['x + 1', '< foo', '"open', '[1..]'])('refuses %s with a reason', (text) => {
    const t = readFeelUnaryTests(text);
    expect(t.ok).toBe(false);
  });
});
