/**
 * Business outputs (issue 38 §4, ruling I-95): a table whose outputs hold no decision converts as
 * guidance (GUIDE) unless the analyst maps one output's values to decisions; a mapped table decides
 * as the mapping says for every row, a value not mapped never becomes ALLOW, and the outputs left
 * unmapped stay in each row's message in a form the table view reads back as columns. The report's
 * headline counts the tables (§5).
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../src/cli/io';
import { run } from '../src/cli/run';
import { compileDocument, evaluate } from '../src/kernel';
import { readTables } from '../src/kernel/table-edit/read-tables';
import {
  importHeadline,
  importJdm,
  keptOutputsOf,
  keptOutputValues,
  type OutputMapping,
} from '../src/kernel/table-import';
import { DECISIONS } from '../src/kernel/vocabulary/decisions';

const FIXTURES = path.join(__dirname, 'fixtures', 'import');
const graph = (f: string) => JSON.parse(readFileSync(path.join(FIXTURES, f), 'utf8')) as unknown;

const decide = (text: string, context: Record<string, unknown>) => {
  const compiled = compileDocument(text);
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return evaluate(
    compiled.document as never,
    { tool: { name: 'x', args: {} }, context },
    {
      as_of: '2026-12-01T00:00:00Z',
      hash: false,
    },
  ) as { decision: string; message?: string };
};

const STATUS: OutputMapping = {
  table: 'credit_decision',
  output: 'status',
  values: [
    ['Approved', 'ALLOW'],
    ['Declined', 'DENY'],
  ],
};

describe('business outputs mapped to decisions', () => {
  it('offers the outputs and their values, and without a mapping every row is guidance', () => {
    const r = importJdm(graph('credit-status.jdm.json'), 'credit');
    const t = r.tables[0];
    expect(t?.businessOutputs).toEqual([
      { name: 'status', values: ['Approved', 'Review', 'Declined'] },
      { name: 'credit_limit', values: ['50000', '20000', '5000', '0'] },
      { name: 'tier', values: ['gold', 'silver', 'bronze', 'none'] },
    ]);
    const read = readTables(r.text as string);
    if (!read.ok) throw new Error('does not load');
    expect(read.tables[0]?.rows.map((row) => row.then)).toEqual(Array(5).fill('GUIDE'));
    expect(keptOutputsOf(read.tables[0]?.description)).toEqual(['status', 'credit_limit', 'tier']);
  });

  it('decides Approved → ALLOW, Declined → DENY, and leaves Review as GUIDE', () => {
    const r = importJdm(graph('credit-status.jdm.json'), 'credit', [STATUS]);
    const text = r.text as string;
    const at = (score: number, income: number) =>
      decide(text, { applicant: { credit_score: score, annual_income: income } });
    expect(at(800, 200_000)).toMatchObject({ decision: 'ALLOW' });
    expect(at(660, 0)).toMatchObject({ decision: 'GUIDE' });
    expect(at(600, 0)).toMatchObject({
      decision: 'DENY',
      primary_reason: 'status: Declined; credit_limit: 0; tier: none',
    });
    const notes = r.tables[0]?.notes.map((n) => n.message.en) ?? [];
    expect(notes).toContain(
      'output "status" read as decisions: "Approved" → ALLOW, "Declined" → DENY; 1 rule whose value is not mapped decides GUIDE',
    );
    expect(notes.some((n) => n.startsWith('no output holds one of the 13'))).toBe(false);
  });

  it('drops the mapped output from the columns only when every value of it became a decision', () => {
    const full: OutputMapping = { ...STATUS, values: [...STATUS.values, ['Review', 'ESCALATE']] };
    const r = importJdm(graph('credit-status.jdm.json'), 'credit', [full]);
    const read = readTables(r.text as string);
    if (!read.ok) throw new Error('does not load');
    const table = read.tables[0];
    const names = keptOutputsOf(table?.description);
    expect(names).toEqual(['credit_limit', 'tier']);
    expect(table?.rows.map((row) => row.then)).toEqual([
      'ALLOW',
      'ALLOW',
      'ESCALATE',
      'DENY',
      'DENY',
    ]);
    expect(table?.rows.map((row) => keptOutputValues(row.message ?? '', names ?? []))).toEqual([
      ['50000', 'gold'],
      ['20000', 'silver'],
      ['5000', 'bronze'],
      ['0', 'none'],
      ['0', 'none'],
    ]);
  });

  it('names no output columns when a value would read back as another (a crafted `; tier: `)', () => {
    const json = {
      nodes: [
        {
          id: 't',
          type: 'decisionTableNode',
          name: 'crafted',
          content: {
            hitPolicy: 'first',
            inputs: [{ id: 'i', name: 'K', field: 'k' }],
            outputs: [
              { id: 's', name: 'Status', field: 'status' },
              { id: 't', name: 'Tier', field: 'tier' },
            ],
            rules: [{ i: '1', s: '"Declined; tier: gold"', t: '"none"' }],
          },
        },
      ],
    };
    const r = importJdm(json, 'crafted');
    const read = readTables(r.text as string);
    if (!read.ok) throw new Error('does not load');
    // The message keeps every output as written; the table view shows no columns rather than
    // "Declined" and "gold; tier: none".
    expect(read.tables[0]?.rows[0]?.message).toBe('status: Declined; tier: gold; tier: none');
    expect(keptOutputsOf(read.tables[0]?.description)).toBeNull();
  });

  it('a mapped table decides as the mapping says for every row; an unmapped value never allows', () => {
    const words = ['Approved', 'Declined', 'Review', 'ok', 'x; y: z', '是'];
    const NAMES: string[] = DECISIONS.map((d) => d.name);
    const targets = [...NAMES, 'allow', 'MAYBE', ''];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(fc.constantFrom(...words), fc.constantFrom(...targets)), {
          maxLength: 6,
        }),
        (statuses, pairs) => {
          const json = {
            nodes: [
              {
                id: 't',
                type: 'decisionTableNode',
                name: 'biz',
                content: {
                  hitPolicy: 'first',
                  inputs: [{ id: 'i', name: 'K', field: 'k' }],
                  outputs: [
                    { id: 's', name: 'Status', field: 'status' },
                    { id: 'n', name: 'Note', field: 'note' },
                  ],
                  rules: statuses.map((s, i) => ({
                    i: String(i),
                    s: JSON.stringify(s),
                    n: JSON.stringify(`row ${i}`),
                  })),
                },
              },
            ],
          };
          const mapping: OutputMapping = { table: 'biz', output: 'status', values: pairs };
          const r = importJdm(json, 'biz', [mapping]);
          expect(r.text).not.toBeNull();
          // The first pair for a value wins, as the dialog offers one choice per value.
          const want = (s: string) => {
            const d = pairs.find(([v, t]) => v === s && NAMES.includes(t.trim().toUpperCase()));
            return d ? d[1].trim().toUpperCase() : 'GUIDE';
          };
          statuses.forEach((s, i) => {
            const got = decide(r.text as string, { k: i });
            expect({ row: i, decision: got.decision }).toEqual({ row: i, decision: want(s) });
          });
          expect(decide(r.text as string, { k: statuses.length }).decision).toBe('DENY');
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('the report headline counts the tables', () => {
  it('names the table that did not convert, with its reason, in both languages', () => {
    const r = importJdm(graph('credit-review.jdm.json'), 'review');
    expect(importHeadline(r)).toEqual({
      en: '1 of 2 tables converted; "utilization_evaluation": hit policy COLLECT is not converted: an ERDL table decides one decision per fact (FIRST, UNIQUE, PRIORITY and ANY are converted)',
      zh: '2 张决策表中已转换 1 张；“utilization_evaluation”：命中策略 COLLECT 未转换：ERDL 决策表对每个事实只给出一个决策（可转换 FIRST、UNIQUE、PRIORITY 和 ANY）',
    });
    expect(importHeadline(importJdm(graph('credit-status.jdm.json'), 'c'))).toEqual({
      en: 'The table converted',
      zh: '决策表已转换',
    });
    expect(importHeadline(importJdm({ nodes: [] }, 'none')).en).toBe(
      'No table converted: the JDM graph has no decision table',
    );
  });

  it('erdl import prints the headline first on stderr', async () => {
    const stderr: string[] = [];
    const io: CliIo = {
      out: () => {},
      err: (l) => void stderr.push(l),
      readBytes: async (p) => new Uint8Array(await readFile(path.join(__dirname, '..', p))),
      writeBytes: async () => {},
      listDir: async () => [],
    };
    const code = await run(['import', 'tests/fixtures/import/credit-review.jdm.json'], io);
    expect(code).toBe(1);
    expect(stderr[0]).toBe(
      'erdl: 1 of 2 tables converted; "utilization_evaluation": hit policy COLLECT is not converted: an ERDL table decides one decision per fact (FIRST, UNIQUE, PRIORITY and ANY are converted)',
    );
    expect(stderr[1]).toMatch(/^erdl：2 张决策表中已转换 1 张；“utilization_evaluation”/);
  });
});
