/**
 * Differential test against the real GoRules engine (issue 38 §6): every table of the GoRules
 * corpus (tests/fixtures/gorules/) that converts is run through @gorules/zen-engine — the bench
 * dependency, installed into bench/node_modules by scripts/bench-deps.sh, which the test command
 * runs first — and through the kernel on the same facts, generated around each literal of the
 * table (the literal, ±1 and ±0.5 for numbers, other strings, a missing field). The rule the
 * converted table matches (or none: the fallback) must give exactly the outputs zen-engine gives.
 *
 * zen-engine 0.52.1 never matches a rule with no cell for an input, while the corpus is written for
 * the newer engine where no cell matches anything (gorules/zen#496): the oracle's rules get `""`
 * for every absent cell, as the importer reads them. Each table runs alone (input → table →
 * output, no pass-through), so a chain's other nodes do not enter; the import reports chains.
 *
 * Without zen-engine the test fails under CI=true (it must run there) and is skipped elsewhere,
 * saying how to install it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument, evaluate } from '../src/kernel';
import { importGrid, importJdm } from '../src/kernel/table-import';
import { documentHeader } from '../src/kernel/table-import/convert-table';
import { readZenOutput, readZenUnary, type ZenValue } from '../src/kernel/table-import/zen-unary';

const DIR = path.join(__dirname, 'fixtures', 'gorules');
const BENCH = path.join(__dirname, '..', 'bench', 'package.json');

interface ZenDecision {
  evaluate(input: unknown): Promise<{ result: unknown }>;
}
interface ZenModule {
  ZenEngine: new () => { createDecision(graph: unknown): ZenDecision };
  evaluateUnaryExpressionSync(expression: string, context: unknown): unknown;
}
let zen: ZenModule | null = null;
try {
  zen = createRequire(BENCH)('@gorules/zen-engine') as ZenModule;
} catch {
  zen = null;
}

type Obj = Record<string, unknown>;
const MISSING = Symbol('missing');
type Value = ZenValue | typeof MISSING;

/** A seeded generator (mulberry32): the same facts on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Values around every literal of a cell: the literal, ±1 and ±0.5, other strings. */
function around(cell: string): Value[] {
  const out: Value[] = [];
  for (const m of cell.matchAll(/'([^']*)'|"([^"]*)"|(-?\d[\d_]*(?:\.\d+)?)|\b(true|false)\b/g)) {
    if (m[3] !== undefined) {
      const n = Number(m[3].replace(/_/g, ''));
      out.push(n, n - 1, n + 1, n - 0.5, n + 0.5);
    } else if (m[4] !== undefined) out.push(m[4] === 'true', m[4] !== 'true');
    else {
      const s = (m[1] ?? m[2]) as string;
      out.push(s, `${s}x`, `x${s}`, s.toUpperCase(), [s], [`${s}x`, 'other']);
    }
  }
  return out;
}

function setPath(target: Obj, field: string, value: unknown) {
  const parts = field.split('.');
  let at = target;
  for (const p of parts.slice(0, -1)) {
    if (typeof at[p] !== 'object' || at[p] === null) at[p] = {};
    at = at[p] as Obj;
  }
  at[parts[parts.length - 1] as string] = value;
}

const ENTITY_ROOTS = new Set(['tool', 'agent', 'task', 'workflow', 'human', 'guardian', 'context']);

/** The fact as the kernel reads it: fields outside the §3 entities live under context. */
function erdlFact(fact: Obj): Obj {
  const out: Obj = { tool: { name: 'x', args: {} }, context: {} };
  for (const [k, v] of Object.entries(fact)) {
    if (ENTITY_ROOTS.has(k) && k !== 'context') out[k] = v;
    else (out.context as Obj)[k] = v;
  }
  return out;
}

interface Case {
  readonly file: string;
  readonly table: string;
  readonly content: Obj;
  readonly entry: string;
}

function corpusCases(): Case[] {
  const cases: Case[] = [];
  for (const file of readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const graph = JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as { nodes: Obj[] };
    const imported = importJdm(graph, file);
    const nodes = graph.nodes.filter((n) => n.type === 'decisionTableNode');
    imported.tables.forEach((t, i) => {
      const node = nodes[i] as Obj;
      if (t.entry)
        cases.push({ file, table: t.name, content: node.content as Obj, entry: t.entry });
    });
  }
  return cases;
}

/** The table alone as a graph for zen-engine, every absent cell written `""` (gorules/zen#496). */
function oracleGraph(content: Obj): unknown {
  const inputs = content.inputs as Obj[];
  const outputs = content.outputs as Obj[];
  const rules = (content.rules as Obj[]).map((r) => {
    const filled: Obj = { ...r };
    for (const c of [...inputs, ...outputs])
      if (typeof filled[c.id as string] !== 'string') filled[c.id as string] = '';
    return filled;
  });
  const at = { x: 0, y: 0 };
  return {
    nodes: [
      { id: 'in', type: 'inputNode', name: 'in', position: at },
      {
        id: 't',
        type: 'decisionTableNode',
        name: 't',
        position: at,
        content: {
          ...content,
          rules,
          passThrough: false,
          inputField: null,
          outputPath: null,
          executionMode: 'single',
        },
      },
      { id: 'out', type: 'outputNode', name: 'out', position: at },
    ],
    edges: [
      { id: 'e1', sourceId: 'in', targetId: 't', type: 'edge' },
      { id: 'e2', sourceId: 't', targetId: 'out', type: 'edge' },
    ],
  };
}

/** What GoRules gives when rule `k` (0-based) matches: its outputs at their paths. */
function ruleOutputs(content: Obj, k: number): Obj {
  const out: Obj = {};
  const rule = (content.rules as Obj[])[k] as Obj;
  for (const o of content.outputs as Obj[]) {
    const v = readZenOutput(
      typeof rule[o.id as string] === 'string' ? (rule[o.id as string] as string) : '',
    );
    if (!v.ok)
      throw new Error(`output ${String(o.field)} of rule ${k + 1} should have been refused`);
    if (!v.empty) setPath(out, o.field as string, v.value);
  }
  return out;
}

/** Facts around the table's literals: rule by rule, at random, and one field at a time. */
function factsFor(content: Obj, seed: number): Obj[] {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const rules = content.rules as Obj[];
  const cellOf = (r: Obj, id: string) => (typeof r[id] === 'string' ? (r[id] as string) : '');
  // The fields the table reads: an input's field, or the field paths a field-less input's
  // expressions test (`status == 'x' and years >= 2`), each with the cells that mention it.
  const inputs: { id: string; field: string }[] = [];
  for (const i of content.inputs as Obj[]) {
    if (typeof i.field === 'string') inputs.push({ id: i.id as string, field: i.field });
    else {
      const fields = new Set<string>();
      for (const r of rules)
        for (const m of cellOf(r, i.id as string).matchAll(
          /(?:contains\(\s*)?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*(?:==|!=|<=|>=|<|>|\bin\b|,)/g,
        ))
          if (!['and', 'or', 'true', 'false', 'null'].includes(m[1] as string))
            fields.add(m[1] as string);
      for (const field of fields) inputs.push({ id: i.id as string, field });
    }
  }
  const columns = inputs.map((i) => {
    const vals: Value[] = [MISSING, 'other'];
    for (const r of rules) vals.push(...around(cellOf(r, i.id)));
    return [
      ...new Map(
        vals.map((v) => [typeof v === 'symbol' ? 'missing' : JSON.stringify(v), v]),
      ).values(),
    ];
  });
  const build = (choice: readonly Value[]): Obj => {
    const fact: Obj = {};
    inputs.forEach((i, c) => {
      const v = choice[c];
      if (v !== MISSING && v !== undefined) setPath(fact, i.field, v);
    });
    return fact;
  };
  const choices: Value[][] = [];
  for (const r of rules)
    for (let n = 0; n < 3; n++)
      choices.push(
        inputs.map((i, c) => {
          const own = around(cellOf(r, i.id));
          return own.length > 0 && rnd() < 0.85 ? pick(own) : pick(columns[c] as Value[]);
        }),
      );
  for (let n = 0; n < 40; n++) choices.push(inputs.map((_, c) => pick(columns[c] as Value[])));
  const bases = choices.slice();
  inputs.forEach((_, c) => {
    for (const v of columns[c] as Value[]) {
      const base = [...pick(bases)];
      base[c] = v;
      choices.push(base);
    }
  });
  const seen = new Set<string>();
  return choices
    .map(build)
    .filter((f) => {
      const key = JSON.stringify(f);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, 1_500);
}

const AS_OF = { as_of: '2026-12-01T00:00:00Z', hash: false } as const;

describe('GoRules corpus against @gorules/zen-engine', () => {
  if (!zen) {
    it('needs @gorules/zen-engine (bench/node_modules)', () => {
      const how = 'run `sh scripts/bench-deps.sh` (the test command runs it first)';
      if (process.env.CI === 'true')
        throw new Error(`@gorules/zen-engine is not installed: ${how}`);
      console.warn(`gorules-differential: @gorules/zen-engine is not installed, not run: ${how}`);
    });
    return;
  }
  const engine = new zen.ZenEngine();

  it('every converted table decides every generated fact as zen-engine does', async () => {
    const cases = corpusCases();
    expect(cases.length).toBeGreaterThan(0);
    const disagreements: string[] = [];
    let facts = 0;
    let matched = 0;
    for (const [n, c] of cases.entries()) {
      const compiled = compileDocument(documentHeader(c.table, 'differential') + c.entry);
      expect(compiled.ok, `${c.file} ${c.table}`).toBe(true);
      const decision = engine.createDecision(oracleGraph(c.content));
      for (const fact of factsFor(c.content, n + 1)) {
        facts++;
        const expected = (await decision.evaluate(fact)).result ?? {};
        if (Object.keys(expected as Obj).length > 0) matched++;
        const got = evaluate(compiled.document as never, erdlFact(fact) as never, AS_OF);
        const hit = got.matched_rules[0];
        const row = hit === undefined ? null : Number(hit.slice(hit.lastIndexOf('#') + 1)) - 1;
        const ours = row === null ? {} : ruleOutputs(c.content, row);
        if (
          JSON.stringify(sorted(ours)) !== JSON.stringify(sorted(expected as Obj)) &&
          disagreements.length < 20
        )
          disagreements.push(
            `${c.file}, table ${JSON.stringify(c.table)}, fact ${JSON.stringify(fact)}: zen-engine ${JSON.stringify(expected)}, ERDL ${row === null ? 'no row (fallback)' : `row ${row + 1}`} ${JSON.stringify(ours)} (${got.decision})`,
          );
      }
    }
    console.log(
      `gorules-differential: ${cases.length} converted tables, ${facts} facts (${matched} matched a rule in zen-engine), ${disagreements.length} disagreements`,
    );
    expect(disagreements).toEqual([]);
    // The facts reach the rules, not only the fallback.
    expect(matched / facts).toBeGreaterThan(0.3);
  }, 120_000);
});

// Without zen-engine the corpus test above fails (CI) or says why; this suite is not declared.
const zenModule = zen;
if (zenModule)
  describe('GoRules cells against zen-engine, generated', () => {
    const z = zenModule;
    // Cells of GoRules' grammar over small numbers and a few words, joined by `,` `or` `and`.
    const num = fc.integer({ min: -3, max: 12 }).map(String);
    const word = fc.constantFrom('gold', 'silver', 'a b', 'x');
    const q = fc.constantFrom("'", '"');
    const str = fc.tuple(q, word).map(([c, w]) => `${c}${w}${c}`);
    const atom = fc.oneof(
      num,
      str,
      fc.tuple(fc.constantFrom('>', '>=', '<', '<=', '=='), num).map(([o, n]) => `${o} ${n}`),
      fc
        .tuple(fc.constantFrom('[', '(', ']'), num, num, fc.constantFrom(']', ')', '['))
        .map(([a, l, h, b]) => `${a}${l}..${h}${b}`),
      fc.array(str, { minLength: 1, maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`),
      fc
        .tuple(fc.constantFrom('contains', 'startsWith', 'endsWith'), q, word)
        .map(([f, c, w]) => `${f}($, ${c}${w.slice(0, 2)}${c})`),
    );
    const cell = fc
      .tuple(
        atom,
        fc.array(fc.tuple(fc.constantFrom(', ', ' or ', ' and '), atom), { maxLength: 2 }),
      )
      .map(([first, rest]) => first + rest.map(([j, a]) => j + a).join(''));
    const value = fc.oneof(
      fc.integer({ min: -4, max: 13 }),
      fc.integer({ min: -8, max: 26 }).map((n) => n / 2),
      fc.constantFrom<ZenValue>(
        'gold',
        'silver',
        'a b',
        'x',
        'golden',
        'sil',
        'xgo',
        '',
        null,
        true,
        ['gold'],
        ['si', 'x'],
        [],
      ),
    );

    it('every cell the reader converts matches exactly the values zen-engine matches', () => {
      let converted = 0;
      fc.assert(
        fc.property(cell, fc.array(value, { minLength: 6, maxLength: 6 }), (text, values) => {
          const read = readZenUnary(text);
          if (!read.ok) return;
          converted++;
          const grid = importGrid(
            [
              [...read.cells.map(() => 'context.x'), 'then', 'message'],
              [...read.cells, 'DENY', 'matched'],
              [...read.cells.map(() => ''), 'ALLOW', ''],
            ],
            'IMP-001-cell',
            'a generated GoRules cell',
          );
          // A cell whose column type the cells cannot tell (a word and a number) is refused whole.
          if (grid.text === null) return;
          const doc = compileDocument(grid.text);
          for (const v of values) {
            let zenSays = false;
            try {
              zenSays = z.evaluateUnaryExpressionSync(text, { $: v }) === true;
            } catch {
              zenSays = false; // a decision table reads a failed cell as not matching
            }
            const context = v === null ? {} : { x: v };
            const ours = evaluate(
              doc.document as never,
              { tool: { name: 'x', args: {} }, context } as never,
              AS_OF,
            );
            expect(
              ours.decision === 'DENY',
              `${text} on ${JSON.stringify(v)} → ${JSON.stringify(read.cells)}`,
            ).toBe(zenSays);
          }
        }),
        { numRuns: 800, seed: 38 },
      );
      expect(converted).toBeGreaterThan(200);
    }, 60_000);
  });

/** A value with its object keys in order (zen-engine and the expected outputs insert differently). */
function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(
    Object.keys(v as Obj)
      .sort()
      .map((k) => [k, sorted((v as Obj)[k])]),
  );
}
