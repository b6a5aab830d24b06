// Runs every V-PROJ vector (vectors/proj/<group>/NNNN-slug.yaml, vectors/README.md "proj/")
// through the kernel's runProjectionVector, and checks the set itself: well-formed files, every
// Simple operator round-tripped, every refusal code exercised, and every `document` loading
// without errors or warnings (so a failure is about the projection, not the input).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  compileDocument,
  convertDocument,
  REFUSAL_CODES,
  runProjectionVector,
  SIMPLE_OPERATORS,
} from '../src/kernel';

const root = fileURLToPath(new URL('./proj/', import.meta.url));
const GROUPS = ['simple', 'expr', 'table', 'refused'];

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : name.endsWith('.yaml') ? [path] : [];
    });
}

const all = files(root).map((path) => ({
  path,
  name: relative(root, path),
  data: parse(readFileSync(path, 'utf8')) as Record<string, unknown>,
}));

describe('V-PROJ vectors', () => {
  it('are well formed: <group>/NNNN-slug.yaml with description, spec, document and to', () => {
    expect(all.length).toBeGreaterThanOrEqual(50);
    for (const v of all) {
      const [group, file] = v.name.split('/');
      expect(GROUPS, v.name).toContain(group);
      expect(file, v.name).toMatch(/^\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*\.yaml$/);
      expect(typeof v.data.description, v.name).toBe('string');
      expect(typeof v.data.spec, v.name).toBe('string');
      expect(typeof v.data.document, v.name).toBe('string');
      expect(['simple', 'expr', 'table'], v.name).toContain(v.data.to);
      if (group === 'refused') expect(v.data.expect_refusals, v.name).toBeDefined();
      else expect(v.data.expect_output, v.name).toBeDefined();
    }
  });

  it('inputs load with no errors and no warnings', () => {
    // Table analysis (docs/table-analysis.md) describes a table's design, not its validity: the
    // table vectors overlap rows on purpose to exercise first-match order. Those findings are
    // checked exactly below; every other warning still fails this test.
    const analysis = new Set(['ERDL-W509', 'ERDL-W510', 'ERDL-W511', 'ERDL-W512', 'ERDL-W514']);
    const analysed: Record<string, string[]> = {};
    for (const v of all) {
      const r = compileDocument(String(v.data.document));
      const warnings = r.diagnostics.filter((d) => d.severity !== 'info');
      const shown = warnings
        .filter((d) => !analysis.has(d.code))
        .map((d) => `${d.code} ${d.message.en}`);
      expect(shown, v.name).toEqual([]);
      const findings = warnings.filter((d) => analysis.has(d.code)).map((d) => d.code);
      if (findings.length > 0) analysed[v.name] = findings;
    }
    // The same refund table in three vectors: rows 1 and 3 both take a big refund without a ticket.
    expect(analysed).toEqual({
      'table/0002-table-to-rules.yaml': ['ERDL-W510'],
      'table/0004-table-to-expr.yaml': ['ERDL-W510'],
      'table/0005-table-kept.yaml': ['ERDL-W510'],
    });
  });

  it('round-trip every Simple operator: Simple → Expression → Simple', () => {
    const covered = new Set<string>();
    for (const v of all.filter((x) => x.name.startsWith('simple/'))) {
      expect(v.data.to, v.name).toBe('expr');
      expect(v.data.round_trip, v.name).toBe('simple');
      const doc = String(v.data.document);
      for (const m of doc.matchAll(/operator: (\w+)/g)) covered.add(m[1] as string);
      for (const m of doc.matchAll(/^\s+(within|rate): /gm)) covered.add(m[1] as string);
    }
    expect([...covered].sort()).toEqual(SIMPLE_OPERATORS.map((o) => o.name).sort());
  });

  it('exercise every refusal code', () => {
    const codes = new Set(
      all.flatMap((v) =>
        ((v.data.expect_refusals as { code: string }[] | undefined) ?? []).map((r) => r.code),
      ),
    );
    expect([...codes].sort()).toEqual([...REFUSAL_CODES].sort());
  });

  for (const v of all) {
    it(v.name, () => {
      const outcome = runProjectionVector(v.data);
      expect(outcome.failures).toEqual([]);
      expect(outcome.passed).toBe(true);
    });
  }
});

describe('every document of vectors/engine and vectors/canonical', () => {
  const docs = [
    ...files(fileURLToPath(new URL('./engine/', import.meta.url))).map(
      (path) => (parse(readFileSync(path, 'utf8')) as { document?: unknown }).document,
    ),
    ...readdirSync(fileURLToPath(new URL('./canonical/', import.meta.url)))
      .map((name) => join(fileURLToPath(new URL('./canonical/', import.meta.url)), name))
      .filter((dir) => statSync(dir).isDirectory())
      .flatMap((dir) =>
        readdirSync(dir)
          .filter((f) => f.startsWith('input.erdl.'))
          .map((f) => readFileSync(join(dir, f), 'utf8')),
      ),
  ].filter((d): d is string => typeof d === 'string');

  it('converts to every form or is refused — never an internal error — and converting again is stable', () => {
    expect(docs.length).toBeGreaterThan(250);
    const outcomes = new Map<string, number>();
    for (const text of docs) {
      for (const to of ['simple', 'expr', 'table'] as const) {
        const r = convertDocument(text, { to });
        const key = `${to} ${r.ok ? 'ok' : r.kind}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        if (!r.ok) {
          expect(r.kind, `${to}: ${JSON.stringify(r).slice(0, 400)}`).not.toBe('internal');
          continue;
        }
        const again = convertDocument(r.output, { to });
        expect(again.ok, `${to} again`).toBe(true);
        if (again.ok && to !== 'table') expect(again.output).toBe(r.output);
      }
    }
    // Every Expression conversion of a loadable document succeeds (section 3 of projections.md).
    expect(outcomes.get('expr refused') ?? 0).toBe(0);
    expect(outcomes.get('simple ok')).toBeGreaterThan(100);
    expect(outcomes.get('table ok')).toBeGreaterThan(50);
  }, 60_000);
});

describe('runProjectionVector', () => {
  const base = all.find((v) => v.name === 'expr/0001-quickstart-to-expr.yaml')?.data ?? {};

  it('fails on a wrong expected output, a wrong refusal or a malformed vector, never throws', () => {
    const wrong = runProjectionVector({
      ...base,
      expect_output: String(base.expect_output).replace('5000]', '5001]'),
    });
    expect(wrong.passed).toBe(false);
    expect(wrong.failures[0]?.en).toMatch(
      /^output differs from expect_output:\n {2}line 14: expected/,
    );
    expect(wrong.failures[0]?.zh).toMatch(/^输出与 expect_output 不同：\n {2}第 14 行：预期“/);
    const notRefused = runProjectionVector({
      ...base,
      expect_output: undefined,
      round_trip: undefined,
      expect_refusals: [{ rule: 'SEC-001-refund-limit', code: 'simple/value' }],
    });
    expect(notRefused.failures[0]?.en).toMatch(/^expected the conversion to be refused/);
    expect(notRefused.failures[0]?.zh).toBe(
      '预期转换被拒绝（SEC-001-refund-limit simple/value），实际得到转换后的文档',
    );
    for (const bad of [
      null,
      [],
      { document: 1, to: 'expr' },
      { ...base, to: 'json' },
      { ...base, extra: 1 },
    ]) {
      const r = runProjectionVector(bad);
      expect(r.passed, JSON.stringify(bad)).toBe(false);
      expect(r.failures.length).toBeGreaterThan(0);
    }
  });

  it('a round trip that does not give the document back fails', () => {
    const r = runProjectionVector({
      ...base,
      document: String(base.document).replace('value: 5000', 'value: 5000.0'),
      expect_output: undefined,
    });
    expect(r.passed).toBe(false);
    expect(r.failures.map((f) => f.en).join('\n')).toContain(
      'round trip to simple does not give the document back',
    );
    expect(r.failures.map((f) => f.zh).join('\n')).toContain('再转换为 simple 后得到的不是原文档');
  });
});
