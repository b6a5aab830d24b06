// `erdl gloss RULES [--lang zh|en] [--fields FIELDS.yaml]` (src/cli/verbs/gloss.ts, docs/gloss.md):
// in-process through run(), plus one spawn of the real command.
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { erdlCommand } from '../e2e/support/cli';
import { run } from '../src/cli/run';
import { captureIo, ROOT } from './cli-support';

const QUICKSTART = 'tests/fixtures/cli/quickstart.erdl.yaml';
const TABLE = 'tests/fixtures/cli/table.erdl.yaml';
const BROKEN = 'tests/fixtures/cli/broken.erdl.yaml';
const MARGIN = 'tests/fixtures/gloss/margin.erdl.yaml';
const UNNAMED = 'tests/fixtures/gloss/unnamed.erdl.yaml';
const FIELDS = 'tests/fixtures/gloss/fields.yaml';

async function gloss(argv: string[], files: Record<string, string> = {}) {
  const io = captureIo(files);
  const code = await run(['gloss', ...argv], io);
  const text = io.stdout.join('\n');
  return { code, io, text, out: code === 0 ? (JSON.parse(text) as Record<string, string>) : null };
}

describe('erdl gloss (in-process)', () => {
  it('the §10.1 Quick Start in English by default, one JSON object, exit 0, nothing on stderr', async () => {
    const r = await gloss([QUICKSTART]);
    expect(r.code).toBe(0);
    expect(r.io.stderr).toEqual([]);
    expect(r.out).toEqual({
      'SEC-001-refund-limit':
        'When the tool name is "issue_refund" and the amount is greater than 5,000, human approval is required',
    });
    // Pretty-printed with 2-space indentation, like `erdl tree`.
    expect(r.text).toBe(
      `{\n  "SEC-001-refund-limit": ${JSON.stringify(r.out?.['SEC-001-refund-limit'])}\n}`,
    );
  });

  it('--lang zh (also written --lang=zh)', async () => {
    for (const argv of [
      [QUICKSTART, '--lang', 'zh'],
      [`--lang=zh`, QUICKSTART],
    ]) {
      const r = await gloss(argv);
      expect(r.code).toBe(0);
      expect(r.out).toEqual({
        'SEC-001-refund-limit': '若工具名称为“issue_refund”且金额超过 5,000，则需人工裁决',
      });
    }
  });

  it('decision-table rows are <entry>#<n>, in definition order, read with the column label', async () => {
    const r = await gloss([TABLE]);
    expect(r.code).toBe(0);
    expect(Object.keys(r.out ?? {})).toEqual([
      'FIN-001-refund-routing#1',
      'FIN-001-refund-routing#2',
      'FIN-001-refund-routing#3',
      'FIN-002-refund-cap',
    ]);
    expect(r.out?.['FIN-001-refund-routing#2']).toBe(
      'When application amount is greater than or equal to 5,000, the matter is escalated',
    );
    expect(r.out?.['FIN-001-refund-routing#3']).toBe('Otherwise, the operation is allowed');
    const zh = await gloss([TABLE, '--lang', 'zh']);
    expect(zh.out?.['FIN-002-refund-cap']).toBe('若金额超过 100,000，则拦截');
  });

  it('--fields: the §5.5 example sentence, in both languages', async () => {
    const en = await gloss([MARGIN, '--fields', FIELDS]);
    expect(en.code).toBe(0);
    expect(en.out).toEqual({
      'CMP-001-low-margin':
        'When (sale price minus cost) divided by sale price is less than 15%, human approval is required',
    });
    const zh = await gloss([MARGIN, '--fields', FIELDS, '--lang', 'zh']);
    expect(zh.out).toEqual({
      'CMP-001-low-margin': '若（售价－成本）÷售价低于 15%，则需人工裁决',
    });
    // Without the dictionary the built-in wildcards name the fields, less naturally.
    const plain = await gloss([MARGIN]);
    expect(plain.out?.['CMP-001-low-margin']).toBe(
      'When (the price argument minus the cost) divided by the price argument is less than 15%, human approval is required',
    );
  });

  it('G3 and G2 warnings go to stderr as FILE:LINE:COL lines; the result still prints (exit 0)', async () => {
    const r = await gloss([UNNAMED]);
    expect(r.code).toBe(0);
    expect(r.out).toEqual({
      'SEC-001-low-trust-refund':
        'When the tool name is "issue_refund" and the agent\'s trust level is less than 3, the operation is blocked',
    });
    expect(r.io.stderr).toEqual([
      `${UNNAMED}:16:18: warning ERDL-W901 Field "agent.trust_level" has no English display name (§5.5 G3): the gloss reads it as "the agent's trust level"; add it to the field dictionary`,
      `${UNNAMED}:21:12: warning ERDL-W902 The stored gloss is not render(tree) (§5.5 G2); it should read: When the tool name is "issue_refund" and the agent's trust level is less than 3, the operation is blocked`,
    ]);
    // A dictionary entry for the field silences W901 for that language.
    const named = await gloss([UNNAMED, '--fields', 'f.yaml'], {
      'f.yaml': '"agent.trust_level": { en: "the trust level" }\n',
    });
    expect(named.io.stderr.map((l) => l.split(' ')[2])).toEqual(['ERDL-W902']);
    expect(named.out?.['SEC-001-low-trust-refund']).toContain('the trust level is less than 3');
  });

  it('load errors: diagnostics on stderr, nothing on stdout, exit 1', async () => {
    const r = await gloss([BROKEN]);
    expect(r.code).toBe(1);
    expect(r.io.stdout).toEqual([]);
    expect(r.io.stderr.length).toBeGreaterThan(0);
    for (const l of r.io.stderr)
      expect(l).toMatch(/^tests\/fixtures\/cli\/broken\.erdl\.yaml:\d+:\d+: error ERDL-E\d{3} /);
  });

  it('exit 2: unreadable RULES or FIELDS, a bad --lang, a malformed or invalid FIELDS file', async () => {
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['no-such.erdl.yaml'], {}, /^erdl: cannot read "no-such\.erdl\.yaml": no such file$/],
      [
        [QUICKSTART, '--lang', 'fr'],
        {},
        /^erdl: --lang must be zh or en, not "fr" \(run "erdl --help" for usage\)$/,
      ],
      [
        [QUICKSTART, '--fields', 'missing.yaml'],
        {},
        /^erdl: cannot read "missing\.yaml": no such file$/,
      ],
      [
        [QUICKSTART, '--fields', 'bad.yaml'],
        { 'bad.yaml': 'a: [1, 2\n' },
        /^erdl: bad\.yaml:\d+:\d+: /,
      ],
      [
        [QUICKSTART, '--fields', 'list.yaml'],
        { 'list.yaml': '- a\n' },
        /^erdl: list\.yaml: a field dictionary is a mapping/,
      ],
      [
        [QUICKSTART, '--fields', 'wrong.yaml'],
        { 'wrong.yaml': '"tool name": "x"\n"tool.args.a": { fr: "x" }\n' },
        /^erdl: wrong\.yaml: "tool name" is not a field path/,
      ],
      [[QUICKSTART, '--frob', 'x'], {}, /^erdl: unknown option "--frob" for "gloss"/],
      [[QUICKSTART, '--lang'], {}, /^erdl: option --lang needs a value/],
    ];
    for (const [argv, files, first] of cases) {
      const r = await gloss(argv, files);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.io.stdout, argv.join(' ')).toEqual([]);
      expect(r.io.stderr[0], argv.join(' ')).toMatch(first);
      expect(r.io.stderr[1], argv.join(' ')).toMatch(/^erdl：/);
    }
    // Every problem of an invalid FIELDS file is listed (English and Chinese line each).
    const r = await gloss([QUICKSTART, '--fields', 'wrong.yaml'], {
      'wrong.yaml': '"tool name": "x"\n"tool.args.a": { fr: "x" }\n',
    });
    expect(r.io.stderr).toHaveLength(4);
    expect(r.io.stderr[2]).toBe(
      'erdl: wrong.yaml: "tool.args.a": unknown key "fr" (only zh, en and values)',
    );
  });

  it('is listed by --help and has its own help', async () => {
    const io = captureIo();
    expect(await run(['--help'], io)).toBe(0);
    expect(
      io.stdout.some((l) => l.includes('gloss RULES [--lang zh|en] [--fields FIELDS.yaml]')),
    ).toBe(true);
    const own = captureIo();
    expect(await run(['help', 'gloss'], own)).toBe(0);
    expect(own.stdout[0]).toBe('Usage: erdl gloss RULES [--lang zh|en] [--fields FIELDS.yaml]');
  });
});

describe('erdl gloss (spawned)', () => {
  it('prints parseable JSON on stdout from the real process', async () => {
    const r = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      const [program, ...leading] = erdlCommand();
      execFile(
        program as string,
        [...leading, 'gloss', MARGIN, '--lang', 'zh', '--fields', FIELDS],
        { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
        (error, stdout, stderr) =>
          done({
            code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
            stdout,
            stderr,
          }),
      );
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      'CMP-001-low-margin': '若（售价－成本）÷售价低于 15%，则需人工裁决',
    });
  }, 60_000);
});
