// The `erdl` command contract (README "The erdl command"), tested on the real process: each
// invocation below spawns the checkout's `erdl` (the built command when lib/ is up to date, else
// the sources through tsx: e2e/support/cli.ts) from the repository root. The
// spawns run concurrently once (they are slow); argument-parsing corners are tested in-process
// through run() further down.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { erdlCommand } from '../e2e/support/cli';
import { type CliIo, nodeIo } from '../src/cli/io';
import { run } from '../src/cli/run';
import { compileDocument } from '../src/kernel';
import { UNKNOWN_GREATER_THAN } from './cli-support';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = 'tests/fixtures/cli';
const QUICKSTART = `${FIXTURES}/quickstart.erdl.yaml`;
const BROKEN = `${FIXTURES}/broken.erdl.yaml`;
const TABLE = `${FIXTURES}/table.erdl.yaml`;

interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function erdl(...args: string[]): Promise<Outcome> {
  return new Promise((done) => {
    const [program, ...leading] = erdlCommand();
    execFile(
      program as string,
      [...leading, ...args],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

const INVOCATIONS = {
  checkQuickstart: ['check', QUICKSTART],
  hashQuickstart: ['hash', QUICKSTART],
  treeQuickstart: ['tree', QUICKSTART],
  checkBroken: ['check', BROKEN],
  hashBroken: ['hash', BROKEN],
  hashTable: ['hash', TABLE],
  checkMissing: ['check', `${FIXTURES}/no-such-file.erdl.yaml`],
  noArgs: [],
  unknownVerb: ['frobnicate', QUICKSTART],
  help: ['--help'],
  evalQuickstart: [
    'eval',
    QUICKSTART,
    `${FIXTURES}/fact-8000.yaml`,
    '--as-of',
    '2026-09-03T00:00:00Z',
  ],
} satisfies Record<string, string[]>;

const results = {} as Record<keyof typeof INVOCATIONS, Outcome>;

beforeAll(async () => {
  const names = Object.keys(INVOCATIONS) as (keyof typeof INVOCATIONS)[];
  const outcomes = await Promise.all(names.map((n) => erdl(...INVOCATIONS[n])));
  names.forEach((n, i) => {
    results[n] = outcomes[i] as Outcome;
  });
}, 120_000);

const lines = (s: string) => s.split('\n').filter((l) => l !== '');
const HASH = /^sha256:[0-9a-f]{64}$/;

async function kernelResult(file: string) {
  return compileDocument(new Uint8Array(await readFile(join(ROOT, file))));
}

describe('erdl (spawned)', () => {
  it('check: the §10.1 Quick Start loads with no diagnostics, exit 0', () => {
    const r = results.checkQuickstart;
    expect(r.code).toBe(0);
    expect(lines(r.stdout).filter((l) => / error /.test(l))).toEqual([]);
    expect(r.stdout).toBe('');
  });

  it('hash: one line of JSON with the document hash and the rule hash', async () => {
    const r = results.hashQuickstart;
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith('\n')).toBe(true);
    expect(lines(r.stdout)).toHaveLength(1);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['document', 'rules']);
    expect(Object.keys(out.rules)).toEqual(['SEC-001-refund-limit']);
    expect(out.document).toMatch(HASH);
    const doc = (await kernelResult(QUICKSTART)).document!;
    expect(out).toEqual({
      document: doc.hash,
      rules: { 'SEC-001-refund-limit': doc.rules[0]!.hash },
    });
    // Pinned: the same value as vectors/canonical/0001-quickstart and docs/canonical-form.md.
    expect(out.rules['SEC-001-refund-limit']).toBe(
      'sha256:9f2fa88608200fee2cc16ddf688c2dae8fbb035ce27d964ac8206f98d6ae9a40',
    );
  });

  it('tree: the canonical when tree of each rule', () => {
    const r = results.treeQuickstart;
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toEqual({
      'SEC-001-refund-limit': {
        node: 'and',
        args: [
          {
            node: 'eq',
            args: [
              { node: 'field', path: 'tool.name' },
              { node: 'literal', type: 'string', value: 'issue_refund' },
            ],
          },
          {
            node: 'gt',
            args: [
              { node: 'field', path: 'tool.args.amount' },
              { node: 'literal', type: 'number', value: '5000.00000000000000' },
            ],
          },
        ],
      },
    });
    // Keys are printed in canonical (RFC 8785) order.
    expect(r.stdout.indexOf('"args"')).toBeLessThan(r.stdout.indexOf('"node": "and"'));
  });

  it('check: a broken document exits 1 with FILE:LINE:COL: error CODE message', () => {
    const r = results.checkBroken;
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(`${BROKEN}:19:21: error ERDL-E304 ${UNKNOWN_GREATER_THAN}\n`);
    expect(r.stderr).toBe('');
  });

  it('hash: a broken document prints its diagnostics to stderr, nothing to stdout, exit 1', () => {
    const r = results.hashBroken;
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${BROKEN}:19:21: error ERDL-E304 ${UNKNOWN_GREATER_THAN}\n`);
  });

  it('hash: decision-table rows are named <entry>#<n>, in definition order', async () => {
    const r = results.hashTable;
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out.rules)).toEqual([
      'FIN-001-refund-routing#1',
      'FIN-001-refund-routing#2',
      'FIN-001-refund-routing#3',
      'FIN-002-refund-cap',
    ]);
    const doc = (await kernelResult(TABLE)).document!;
    expect(out.document).toBe(doc.hash);
    for (const rule of doc.rules) expect(out.rules[rule.name]).toBe(rule.hash);
  });

  it('a missing file is exit 2 with a bilingual message on stderr', () => {
    const r = results.checkMissing;
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([
      `erdl: cannot read "${FIXTURES}/no-such-file.erdl.yaml": no such file`,
      `erdl：无法读取“${FIXTURES}/no-such-file.erdl.yaml”：文件不存在`,
    ]);
  });

  it('no arguments and an unknown verb are usage errors (exit 2)', () => {
    expect(results.noArgs.code).toBe(2);
    expect(results.noArgs.stdout).toBe('');
    expect(results.noArgs.stderr).toMatch(/^erdl: no command given/);
    expect(results.unknownVerb.code).toBe(2);
    expect(results.unknownVerb.stdout).toBe('');
    expect(lines(results.unknownVerb.stderr)[0]).toMatch(/^erdl: unknown command "frobnicate"/);
    expect(lines(results.unknownVerb.stderr)[1]).toMatch(/^erdl：未知命令“frobnicate”（/);
  });

  it('--help prints usage to stdout and exits 0', () => {
    expect(results.help.code).toBe(0);
    expect(results.help.stderr).toBe('');
    expect(results.help.stdout).toMatch(/^Usage: erdl <command>/);
    for (const verb of ['check', 'hash', 'tree']) expect(results.help.stdout).toContain(verb);
  });
});

/** In-process io: captured output, real files unless a read failure is injected. */
function captureIo(readFailure?: string): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (l) => void stdout.push(l),
    err: (l) => void stderr.push(l),
    readBytes: async (path) => {
      if (readFailure)
        throw Object.assign(new Error(`${readFailure}: ${path}`), { code: readFailure });
      return new Uint8Array(await readFile(resolve(ROOT, path)));
    },
    listDir: async (path) =>
      (await readdir(resolve(ROOT, path), { withFileTypes: true }))
        .map((e) => ({ name: e.name, directory: e.isDirectory() }))
        .sort((a, b) => (a.name < b.name ? -1 : 1)),
  };
}

describe('erdl eval (spawned)', () => {
  it('the §10.1 Quick Start with amount 8000 asks for a human (one JSON object, exit 0)', () => {
    const r = results.evalQuickstart;
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual([
      'decision',
      'matched_rules',
      'unless_exemptions',
      'primary_instruction',
      'primary_reason',
      'primary_explanation',
      'primary_correction',
      'total_evaluated',
      'total_matched',
      'eval_warnings',
      'ruleset_hash',
      'result_hash',
    ]);
    expect(out.decision).toBe('REQUEST_HUMAN');
    expect(out.matched_rules).toEqual(['SEC-001-refund-limit']);
    expect(out.primary_reason).toBe('Refund amount over 5000, human approval required');
    expect(out.total_evaluated).toBe(1);
    expect(out.total_matched).toBe(1);
    expect(out.ruleset_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(out.result_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

describe('erdl eval and vectors (in-process)', () => {
  const evalJson = async (...argv: string[]) => {
    const io = captureIo();
    const code = await run(['eval', ...argv], io);
    return { code, io, out: code === 0 ? JSON.parse(io.stdout.join('\n')) : null };
  };

  it('amount 100 falls back to ALLOW; a JSON fact works too', async () => {
    const { code, out } = await evalJson(QUICKSTART, `${FIXTURES}/fact-100.json`);
    expect(code).toBe(0);
    expect(out.decision).toBe('ALLOW');
    expect(out.matched_rules).toEqual([]);
    expect(out.primary_reason).toBeNull();
  });

  it('the same input gives the same result hash; a different as_of gives another', async () => {
    const a = await evalJson(QUICKSTART, `${FIXTURES}/fact-8000.yaml`, '--as-of', '2026-01-01');
    const b = await evalJson(QUICKSTART, `${FIXTURES}/fact-8000.yaml`, '--as-of=2026-01-01');
    const c = await evalJson(QUICKSTART, `${FIXTURES}/fact-8000.yaml`, '--as-of', '2026-01-02');
    expect(a.out.result_hash).toBe(b.out.result_hash);
    expect(c.out.result_hash).not.toBe(a.out.result_hash);
  });

  it('rate state is printed and accepted back with --state: the third event in the hour triggers', async () => {
    const rules = `${FIXTURES}/rate.erdl.yaml`;
    const fact = `${FIXTURES}/fact-8000.yaml`;
    const dir = await mkdtemp(join(tmpdir(), 'erdl-state-'));
    let statePath: string | null = null;
    const decisions: string[] = [];
    for (const minute of ['00', '10', '20']) {
      const argv = [rules, fact, '--as-of', `2026-01-01T10:${minute}:00Z`];
      if (statePath) argv.push('--state', statePath);
      const { code, out } = await evalJson(...argv);
      expect(code).toBe(0);
      decisions.push(out.decision);
      statePath = join(dir, `state-${minute}.json`);
      await writeFile(statePath, JSON.stringify(out.temporal_state));
    }
    expect(decisions).toEqual(['ALLOW', 'ALLOW', 'REQUEST_HUMAN']);
  });

  it('--state written before ruling I-35 changed: one window migrated, two windows refused in both languages', async () => {
    const rules = `${FIXTURES}/within-two-windows.erdl.yaml`;
    const fact = `${FIXTURES}/fact-8000.yaml`;
    const condition =
      '{"args":[{"node":"field","path":"tool.name"},{"node":"literal","type":"string","value":"issue_refund"}],"node":"eq"}';
    const dir = await mkdtemp(join(tmpdir(), 'erdl-old-state-'));
    const oneWindow = join(dir, 'one.json');
    await writeFile(
      oneWindow,
      JSON.stringify({
        version: 1,
        windows: { [`within 1h ${condition}`]: ['2026-01-01T10:00:00.000Z'] },
      }),
    );
    const migrated = await evalJson(
      rules,
      fact,
      '--as-of',
      '2026-01-01T10:20:00Z',
      '--state',
      oneWindow,
    );
    expect(migrated.code).toBe(0);
    expect(migrated.out.matched_rules).toEqual(['SEC-004-refund-hour']);
    expect(migrated.out.temporal_state).toEqual({
      version: 1,
      windows: {
        [`within ${condition}`]: ['2026-01-01T10:00:00.000Z', '2026-01-01T10:20:00.000Z'],
      },
    });

    const twoWindows = join(dir, 'two.json');
    await writeFile(
      twoWindows,
      JSON.stringify({
        version: 1,
        windows: {
          [`within 10m ${condition}`]: ['2026-01-01T10:00:00.000Z'],
          [`within 1h ${condition}`]: ['2026-01-01T10:00:00.000Z'],
        },
      }),
    );
    const refused = await evalJson(
      rules,
      fact,
      '--as-of',
      '2026-01-01T10:20:00Z',
      '--state',
      twoWindows,
    );
    expect(refused.code).toBe(2);
    expect(refused.io.stdout).toEqual([]);
    expect(refused.io.stderr.join('\n')).toContain(
      'separate event logs for within 10m and within 1h',
    );
    expect(refused.io.stderr.join('\n')).toContain('within 10m、within 1h 分别记录了事件');
  });

  it('exit 1 for rules that do not load (as in every verb), 2 for an unparsable fact, a bad --as-of or a bad --state', async () => {
    const bad = await mkdtemp(join(tmpdir(), 'erdl-bad-'));
    const badFact = join(bad, 'fact.yaml');
    await writeFile(badFact, 'tool: [1, 2\n');
    const badState = join(bad, 'state.json');
    await writeFile(badState, '{"version": 2, "windows": {}}');
    for (const argv of [
      [BROKEN, `${FIXTURES}/fact-100.json`],
      [QUICKSTART, badFact],
      [QUICKSTART, `${FIXTURES}/fact-100.json`, '--as-of', 'yesterday'],
      [QUICKSTART, `${FIXTURES}/fact-100.json`, '--state', badState],
      [QUICKSTART, `${FIXTURES}/fact-100.json`, '--frobnicate', 'x'],
    ]) {
      const { code, io } = await evalJson(...argv);
      expect(code, argv.join(' ')).toBe(argv[0] === BROKEN ? 1 : 2);
      expect(io.stdout).toEqual([]);
      expect(io.stderr.length, argv.join(' ')).toBeGreaterThan(0);
    }
  });

  it('vectors: runs every vector under a directory and ends with "N passed, N failed"', async () => {
    const io = captureIo();
    const code = await run(['vectors', 'vectors/canonical'], io);
    expect(code).toBe(0);
    expect(io.stdout.at(-1)).toMatch(/^(\d+) passed, 0 failed$/);
    expect(Number(io.stdout.at(-1)?.split(' ')[0])).toBeGreaterThanOrEqual(12);
  });

  it('vectors: a failing vector is reported and exits 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'erdl-vec-'));
    await writeFile(
      join(dir, '0001-wrong.yaml'),
      `description: "wrong on purpose"\nspec: "§10.1"\ndocument: |\n${(await readFile(join(ROOT, QUICKSTART), 'utf8')).replace(/^/gm, '  ')}\nfact: {tool: {name: "issue_refund", args: {amount: 8000}}}\nas_of: "2026-01-01T00:00:00Z"\nexpect:\n  decision: ALLOW\n`,
    );
    const io = captureIo();
    const code = await run(['vectors', dir], io);
    expect(code).toBe(1);
    expect(io.stdout[0]).toContain('FAIL');
    expect(io.stdout[0]).toContain('decision: expected "ALLOW", got "REQUEST_HUMAN"');
    expect(io.stdout.at(-1)).toBe('0 passed, 1 failed');
  });

  it('vectors: a FIFO (or a link to one) among the vectors is named as failed, never opened', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'erdl-vec-'));
    const vector = 'vectors/engine/aggregate/0001-aggregate-normal.yaml';
    await writeFile(join(dir, '0001-good.yaml'), await readFile(join(ROOT, vector)));
    // Nobody writes to it: opening it would block the run for ever.
    execFileSync('mkfifo', [join(dir, '0002-fifo.yaml')]);
    await symlink(join(dir, '0002-fifo.yaml'), join(dir, '0003-link.yaml'));
    const io = captureIo();
    const real = nodeIo();
    io.listDir = real.listDir;
    io.readBytes = real.readBytes;
    expect(await run(['vectors', dir], io)).toBe(1);
    const reason = 'not a file (a FIFO, a socket or a device): not read';
    expect(io.stdout).toEqual([
      `FAIL ${dir}/0002-fifo.yaml: ${reason}`,
      `FAIL ${dir}/0003-link.yaml: ${reason}`,
      '1 passed, 2 failed',
    ]);
    await rm(dir, { recursive: true, force: true });
  });
});

describe('erdl run() (in-process)', () => {
  it('rejects extra arguments, unknown options and a missing RULES with exit 2', async () => {
    for (const argv of [
      ['check'],
      ['hash', QUICKSTART, 'extra'],
      ['tree', '--verbose', QUICKSTART],
      ['--frob'],
      ['help', 'nope'],
    ]) {
      const io = captureIo();
      expect(await run(argv, io), argv.join(' ')).toBe(2);
      expect(io.stdout).toEqual([]);
      expect(io.stderr).toHaveLength(2);
      expect(io.stderr[0]).toMatch(/^erdl: /);
      expect(io.stderr[1]).toMatch(/^erdl：/);
    }
  });

  it('names the nearest command for a misspelt one, in both languages', async () => {
    const io = captureIo();
    expect(await run(['chek', QUICKSTART], io)).toBe(2);
    expect(io.stderr).toEqual([
      'erdl: unknown command "chek" (did you mean "check"?) (run "erdl --help" for usage)',
      'erdl：未知命令“chek”（是否应为“check”？）（运行“erdl --help”查看用法）',
    ]);
    const help = captureIo();
    expect(await run(['help', 'verfy'], help)).toBe(2);
    expect(help.stderr[0]).toContain('(did you mean "verify"?)');
    const far = captureIo();
    expect(await run(['frobnicate'], far)).toBe(2);
    expect(far.stderr[0]).toBe('erdl: unknown command "frobnicate" (run "erdl --help" for usage)');
  });

  it('reports a directory and a permission failure as unreadable (exit 2)', async () => {
    const dir = captureIo();
    expect(await run(['check', FIXTURES], dir)).toBe(2);
    expect(dir.stderr[0]).toBe(`erdl: cannot read "${FIXTURES}": it is a directory, not a file`);
    const denied = captureIo('EACCES');
    expect(await run(['hash', QUICKSTART], denied)).toBe(2);
    expect(denied.stderr[0]).toBe(`erdl: cannot read "${QUICKSTART}": permission denied`);
  });

  it('names a symbolic link loop, a name too long, a socket and an I/O error in both languages', async () => {
    for (const [code, en, zh] of [
      [
        'ELOOP',
        'too many symbolic links (one leads back to itself, or the chain is longer than the system follows)',
        '符号链接过多（有链接指回自身，或链接层数超过系统的上限）',
      ],
      ['ENAMETOOLONG', 'the name is longer than the system allows', '名称超过系统允许的长度'],
      [
        'ENXIO',
        'it is a socket or a device that is not there, not a file',
        '这是套接字或不存在的设备，不是文件',
      ],
      ['EIO', 'input/output error', '输入输出错误'],
    ] as const) {
      const io = captureIo(code);
      expect(await run(['hash', QUICKSTART], io), code).toBe(2);
      // Node's own words (English, the path again) were the Chinese line's too.
      expect(io.stderr).toEqual([
        `erdl: cannot read "${QUICKSTART}": ${en}`,
        `erdl：无法读取“${QUICKSTART}”：${zh}`,
      ]);
    }
    const dir = await mkdtemp(join(tmpdir(), 'erdl-loop-'));
    await symlink(join(dir, 'b'), join(dir, 'a'));
    await symlink(join(dir, 'a'), join(dir, 'b'));
    const loop = captureIo();
    loop.readBytes = nodeIo().readBytes;
    expect(await run(['--lang', 'en', 'check', join(dir, 'a')], loop)).toBe(2);
    expect(loop.stderr[0]).toContain('too many symbolic links');
    await rm(dir, { recursive: true, force: true });
  });

  it('help forms print to stdout with exit 0', async () => {
    for (const argv of [['help'], ['-h'], ['help', 'tree'], ['check', '--help']]) {
      const io = captureIo();
      expect(await run(argv, io), argv.join(' ')).toBe(0);
      expect(io.stderr).toEqual([]);
      expect(io.stdout[0]).toMatch(/^Usage: erdl /);
    }
  });

  it('check prints warnings and exits 0; `--` ends options', async () => {
    const io = captureIo();
    expect(await run(['check', '--', TABLE], io)).toBe(0);
    expect(io.stdout.length).toBeGreaterThan(0);
    for (const l of io.stdout)
      expect(l).toMatch(/^tests\/fixtures\/cli\/table\.erdl\.yaml:\d+:\d+: warning ERDL-W\d{3} \S/);
  });

  it('passes bytes to the kernel: invalid UTF-8 is a positioned diagnostic (exit 1)', async () => {
    const io = captureIo();
    const bytes = new Uint8Array([...new TextEncoder().encode('protocol: "erdl/v2"\n'), 0xff]);
    io.readBytes = async () => bytes;
    expect(await run(['check', 'bad.yaml'], io)).toBe(1);
    expect(io.stdout).toEqual([
      'bad.yaml:2:1: error ERDL-E002 Invalid UTF-8 byte sequence at byte 20',
    ]);
  });

  it('keeps rule names in definition order even when they look like integers', async () => {
    const io = captureIo();
    const quickstart = await readFile(join(ROOT, QUICKSTART), 'utf8');
    const [head, rule] = quickstart.split('rules:\n') as [string, string];
    const text = `${head}rules:\n${rule.replace('"SEC-001-refund-limit"', '"10"')}${rule.replace('"SEC-001-refund-limit"', '"7"')}`;
    io.readBytes = async () => new TextEncoder().encode(text);
    expect(await run(['hash', 'q.yaml'], io)).toBe(0);
    expect(io.stdout).toHaveLength(1);
    expect(io.stdout[0]).toMatch(
      /"rules":\{"10":"sha256:[0-9a-f]{64}","7":"sha256:[0-9a-f]{64}"\}\}$/,
    );
  });
});
