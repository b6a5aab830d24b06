// `erdl test RULES SUITE [--format table|json]` (src/cli/verbs/test.ts, docs/fact-suites.md):
// in-process through run() — the example suites, failures, sequences, JSON Lines and CSV, bad
// input — plus one spawn of the real command for the exit code contract.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { erdlCommand } from '../e2e/support/cli';
import { run } from '../src/cli/run';
import { compileDocument, Evaluator, formatSuite, parseSuite } from '../src/kernel';
import { captureIo, ROOT } from './cli-support';

const QUICKSTART = 'tests/fixtures/cli/quickstart.erdl.yaml';
const RATE = 'tests/fixtures/cli/rate.erdl.yaml';
const RATE_SUITE = 'tests/fixtures/cli/rate.facts.yaml';
const EXAMPLES = 'src/studio/examples';

async function erdlTest(argv: string[], files: Record<string, string> = {}) {
  const io = captureIo(files);
  const code = await run(['test', ...argv], io);
  return { code, io, text: io.stdout.join('\n') };
}

const FAILING = `suite: "refunds"
cases:
  - name: "over the limit"
    fact: { tool: { name: "issue_refund", args: { amount: 8000 } } }
    expect: { decision: REQUEST_HUMAN, matched_rules: ["SEC-001-refund-limit"] }
  - name: "wrong on purpose"
    fact: { tool: { name: "issue_refund", args: { amount: 9000 } } }
    expect: { decision: ALLOW }
  - name: "no expectation"
    fact: { tool: { name: "read_file" } }
`;

describe('erdl test (in-process)', () => {
  it('every example document passes its own suite, and every rule is covered', async () => {
    const names = (await readdir(resolve(ROOT, EXAMPLES))).filter((n) => n.endsWith('.erdl.yaml'));
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const name of names) {
      const suite = `${EXAMPLES}/${name.replace('.erdl.yaml', '.facts.yaml')}`;
      const r = await erdlTest([`${EXAMPLES}/${name}`, suite, '--format', 'json']);
      expect(r.io.stderr, suite).toEqual([]);
      expect(r.code, suite).toBe(0);
      const out = JSON.parse(r.text);
      expect(out.totals.failed, suite).toBe(0);
      expect(out.totals.passed, suite).toBeGreaterThanOrEqual(4);
      expect(out.uncovered, suite).toEqual([]);
    }
  });

  it('a failing expectation: exit 1, the table says which case and why', async () => {
    const r = await erdlTest([QUICKSTART, 'suite.facts.yaml'], { 'suite.facts.yaml': FAILING });
    expect(r.code).toBe(1);
    expect(r.io.stderr).toEqual([]);
    const lines = r.io.stdout;
    expect(lines[0]).toMatch(/^suite "refunds" — ruleset sha256:[0-9a-f]{64}$/);
    expect(lines).toContain('  PASS  over the limit    REQUEST_HUMAN  SEC-001-refund-limit');
    expect(lines).toContain('  FAIL  wrong on purpose  REQUEST_HUMAN  SEC-001-refund-limit');
    expect(lines).toContain(
      '        decision: expected ALLOW, got REQUEST_HUMAN  (suite.facts.yaml:6)',
    );
    expect(lines).toContain('  ----  no expectation    ALLOW          —');
    expect(lines).toContain('coverage: 1/1 enabled rules matched');
    expect(lines).toContain('decisions: ALLOW 1, REQUEST_HUMAN 2');
    expect(lines.at(-1)).toBe('1 passed, 1 failed, 1 unchecked');
  });

  it('--format json is the kernel result plus each case’s line', async () => {
    const r = await erdlTest([QUICKSTART, 's.facts.yaml', '--format', 'json'], {
      's.facts.yaml': FAILING,
    });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.text);
    expect(out.totals).toEqual({ evaluations: 3, passed: 1, failed: 1, unchecked: 1 });
    expect(out.cases.map((c: { line: number }) => c.line)).toEqual([3, 6, 9]);
    expect(out.cases[1]).toMatchObject({
      name: 'wrong on purpose',
      status: 'fail',
      decision: 'REQUEST_HUMAN',
      expect: { decision: 'ALLOW' },
      mismatches: [
        {
          en: 'decision: expected ALLOW, got REQUEST_HUMAN',
          zh: '决策：预期 ALLOW，实际 REQUEST_HUMAN',
        },
      ],
    });
    expect(out.rules).toEqual([
      {
        rule: 'SEC-001-refund-limit',
        enabled: true,
        then: 'REQUEST_HUMAN',
        matched: 2,
        decided: 2,
        exempted: 0,
      },
    ]);
    // The same decisions the evaluator gives (what `erdl eval` prints and the studio shows).
    const doc = compileDocument(await readFile(resolve(ROOT, QUICKSTART), 'utf8')).document;
    const suite = parseSuite(FAILING).suite;
    if (!doc || !suite) throw new Error('fixtures do not load');
    const evaluator = new Evaluator(doc);
    expect(out.cases.map((c: { decision: string }) => c.decision)).toEqual(
      suite.cases.map(
        (c) => evaluator.evaluate(c.fact, { as_of: '1970-01-01T00:00:00Z' }).decision,
      ),
    );
  });

  it('a rate sequence: window counts per event, the third refund in the hour is stopped', async () => {
    const r = await erdlTest([RATE, RATE_SUITE]);
    expect(r.code).toBe(0);
    expect(r.io.stdout).toContain('sequence "refunds in one hour": PASS');
    const i = r.io.stdout.findIndex((l) => l.includes('#4 2026-01-15T09:45:00Z'));
    expect(r.io.stdout[i]).toContain('REQUEST_HUMAN  SEC-002-refund-rate');
    expect(r.io.stdout[i + 1]).toBe('        rate 2/1h (SEC-002-refund-rate): 2/2 at limit');
    expect(r.io.stdout[i - 1]).toBe('        rate 2/1h (SEC-002-refund-rate): 2/2, counted');
    const json = JSON.parse((await erdlTest([RATE, RATE_SUITE, '--format', 'json'])).text);
    const events = json.sequences[0].events;
    expect(events.map((e: { decision: string }) => e.decision)).toEqual([
      'ALLOW',
      'ALLOW',
      'ALLOW',
      'REQUEST_HUMAN',
      'ALLOW',
    ]);
    expect(events[3].windows[0]).toMatchObject({
      kind: 'rate',
      limit: 2,
      window: '1h',
      count: 2,
      at_limit: true,
    });
  });

  it('runs JSON Lines and CSV fact sets', async () => {
    const jsonl = [
      '{"name":"big","fact":{"tool":{"name":"issue_refund","args":{"amount":8000}}},"expect":{"decision":"REQUEST_HUMAN"}}',
      '{"tool":{"name":"issue_refund","args":{"amount":10}}}',
    ].join('\n');
    const a = await erdlTest([QUICKSTART, 'facts.jsonl'], { 'facts.jsonl': jsonl });
    expect(a.code).toBe(0);
    expect(a.io.stdout.at(-1)).toBe('1 passed, 0 failed, 1 unchecked');
    expect(a.io.stdout).toContain('  ----  line 2      ALLOW          —');
    const csv = 'name,tool.name,tool.args.amount,expect.decision\nbig,issue_refund,8000,DENY\n';
    const b = await erdlTest([QUICKSTART, 'facts.csv'], { 'facts.csv': csv });
    expect(b.code).toBe(1);
    expect(b.io.stdout.at(-1)).toBe('0 passed, 1 failed, 0 unchecked');
  });

  it('a fact set with no rows is refused; a suite written as JSON runs like its YAML', async () => {
    const empty = await erdlTest([QUICKSTART, 'e.csv'], { 'e.csv': 'tool.name\n' });
    expect(empty.code).toBe(2);
    expect(empty.io.stderr).toEqual(['erdl: e.csv: no facts', 'erdl：e.csv：没有事实']);
    const suite = parseSuite(FAILING).suite;
    if (!suite) throw new Error('FAILING does not parse');
    const yaml = await erdlTest([QUICKSTART, 's.facts.yaml', '--format', 'json'], {
      's.facts.yaml': FAILING,
    });
    const json = await erdlTest([QUICKSTART, 's.facts.json', '--format', 'json'], {
      's.facts.json': formatSuite(suite, 'json'),
    });
    expect(json.code).toBe(1);
    const strip = (text: string) =>
      JSON.parse(text, (k, v) => (k === 'range' || k === 'line' ? undefined : v));
    expect(strip(json.text)).toEqual(strip(yaml.text));
  });

  it('suite errors: positioned lines on stderr in the check format, bilingual summary, exit 2', async () => {
    const bad = FAILING.replace('expect: { decision: ALLOW }', 'expect: { decision: ALOW }');
    const r = await erdlTest([QUICKSTART, 'bad.facts.yaml'], { 'bad.facts.yaml': bad });
    expect(r.code).toBe(2);
    expect(r.io.stdout).toEqual([]);
    expect(r.io.stderr[0]).toMatch(
      /^bad\.facts\.yaml:8:15: error suite-decision cases\[1\]\.expect\.decision: "ALOW" is not a decision \(did you mean "ALLOW"\?\)/,
    );
    expect(r.io.stderr).toContain('erdl: bad.facts.yaml: 1 error(s) in the suite; nothing was run');
    expect(r.io.stderr).toContain('erdl：bad.facts.yaml：测试集有 1 个错误；未运行');
    const rows = await erdlTest([QUICKSTART, 'f.jsonl'], { 'f.jsonl': '{"a":1}\n{oops}\n' });
    expect(rows.code).toBe(2);
    expect(rows.io.stderr[0]).toBe(
      'f.jsonl:2:2: error factset-json JSON: unexpected "o", expected a key in double quotes',
    );
  });

  it('unreadable input exits 2: missing files, bad UTF-8, a bad --format; rules that do not load exit 1', async () => {
    const missing = await erdlTest([QUICKSTART, 'nope.facts.yaml']);
    expect(missing.code).toBe(2);
    expect(missing.io.stderr[0]).toContain('cannot read "nope.facts.yaml": no such file');
    const broken = await erdlTest(['tests/fixtures/cli/broken.erdl.yaml', RATE_SUITE]);
    expect(broken.code).toBe(1);
    expect(broken.io.stderr.at(-1)).toContain('规则无法加载');
    const io = captureIo();
    io.readBytes = async (p) =>
      p === 'latin1.facts.yaml'
        ? new Uint8Array([0x63, 0x3a, 0xff])
        : new Uint8Array(await readFile(resolve(ROOT, p)));
    expect(await run(['test', QUICKSTART, 'latin1.facts.yaml'], io)).toBe(2);
    expect(io.stderr[0]).toBe('erdl: latin1.facts.yaml: not valid UTF-8');
    const format = await erdlTest([QUICKSTART, RATE_SUITE, '--format', 'xml']);
    expect(format.code).toBe(2);
    expect(format.io.stderr[0]).toContain('--format must be table or json');
  });

  it('the example in docs/fact-suites.md is a valid suite', async () => {
    const doc = await readFile(resolve(ROOT, 'docs/fact-suites.md'), 'utf8');
    const block = /```yaml\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block).toBeDefined();
    const parsed = parseSuite(block as string);
    expect(parsed.diagnostics).toEqual([]);
    expect([parsed.suite?.cases.length, parsed.suite?.sequences[0]?.events.length]).toEqual([2, 3]);
    // Its sequence is the rate fixture's: the third refund in the hour waits for a person.
    const r = await erdlTest([RATE, 'doc.facts.yaml', '--format', 'json'], {
      'doc.facts.yaml': `sequences:${(block as string).split('\nsequences:')[1]}`,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.text).sequences[0].status).toBe('pass');
  });

  it('is listed in erdl --help with both languages', async () => {
    const io = captureIo();
    await run(['--help'], io);
    // The synopsis on its line, the summary in each language on the next (80 columns).
    const at = io.stdout.indexOf('  test RULES SUITE [--format table|json|junit|tap]');
    expect(at).toBeGreaterThan(0);
    expect(io.stdout[at + 2]).toContain('运行事实测试集');
  });
});

describe('erdl test (spawned)', () => {
  it('exit codes on the real process: 0 all pass, 1 a failure', async () => {
    const spawn = (args: string[]) =>
      new Promise<number>((done) => {
        const [program, ...leading] = erdlCommand();
        execFile(
          program as string,
          [...leading, 'test', ...args],
          { cwd: ROOT, timeout: 60_000 },
          (e) => done(e ? (typeof e.code === 'number' ? e.code : -1) : 0),
        );
      });
    const [pass, fail] = await Promise.all([
      spawn([`${EXAMPLES}/quick-start.erdl.yaml`, `${EXAMPLES}/quick-start.facts.yaml`]),
      spawn([RATE, `${EXAMPLES}/quick-start.facts.yaml`]),
    ]);
    expect(pass).toBe(0);
    expect(fail).toBe(1);
  }, 120_000);
});
