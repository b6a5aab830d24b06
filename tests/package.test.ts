/**
 * The package as others get it: the tarball of `npm run pack` (scripts/pack.mjs: builds lib/,
 * packs a manifest without scripts), built once and installed offline into an empty project, then
 * - used from plain Node: the bundled command and kernel (no runtime dependencies), the documented
 *   example of docs/kernel-api.md, the `erdl` bin and `erdl eval --facts` on worker threads (also
 *   with Node started with a V8 option, which the workers inherit);
 * - its declarations type-check a TypeScript consumer under moduleResolution node16, nodenext and
 *   bundler with skipLibCheck false (relative imports with extensions, the bundled dependencies'
 *   types shipped), and a deliberate type error in the same consumer fails (the types are real,
 *   not `any`); a CommonJS consumer (.cts) type-checks against the "require" types (issue #40);
 * - `require('erdl-studio/kernel')` works on this Node (a CommonJS build: Node 20 has no
 *   require() of ES modules by default) and gives what `import` gives;
 * - the published manifest has no install scripts, so npm installs it without a warning;
 * - `erdl lsp`, the language server (docs/editors.md), starts and answers an LSP client.
 * One file, one build: two files building lib/ at once would race on the same folder. The build is
 * `npm ci`'s own (`prepare`) when lib/ is newer than everything `npm run build:lib` reads (CI's
 * fresh clone): the test packs it without building again, and no spawned `erdl` of another test
 * file runs while lib/ is being rewritten.
 */
import { execFile, spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newestUnder } from '../e2e/support/cli';
import { LspClient } from '../src/lsp/test-support';

const exec = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const QUICKSTART = path.join(ROOT, 'tests/fixtures/cli/quickstart.erdl.yaml');
const BROKEN = path.join(ROOT, 'tests/fixtures/cli/broken.erdl.yaml');
let base: string;
let app: string;
let installLog: string;
let tarball: string;

async function sh(cmd: string, args: string[], cwd: string) {
  return exec(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** tsc's exit and its error codes (TSxxxx), for a consumer project in `dir`. */
async function typecheck(dir: string): Promise<{ ok: boolean; codes: string[]; output: string }> {
  try {
    await sh(process.execPath, [TSC, '-p', dir], dir);
    return { ok: true, codes: [], output: '' };
  } catch (e) {
    const output = String((e as { stdout?: string }).stdout ?? e);
    return {
      ok: false,
      codes: [...output.matchAll(/error (TS\d+)/g)].map((m) => m[1] as string),
      output,
    };
  }
}

const GOOD = `import { compileDocument, Evaluator, prepareFact, type CompileResult } from 'erdl-studio/kernel';

export function decide(text: string): string | null {
  const compiled: CompileResult = compileDocument(text);
  if (!compiled.document) return null;
  const evaluator = new Evaluator(compiled.document);
  const fact = prepareFact({ amount: 1 });
  if (!fact.ok) return null;
  return evaluator.evaluate(fact.fact, { as_of: '2026-01-01T00:00:00Z' }).decision;
}
`;

/** A boolean where a string belongs: TS2322 when the types resolve, silence if they were `any`. */
const BAD = `import { compileDocument } from 'erdl-studio/kernel';

export const wrong: string = compileDocument('').ok;
`;

const CJS_CONSUMER = `import { compileDocument } from 'erdl-studio/kernel';

export const ok: boolean = compileDocument('').ok;
`;

function consumer(
  name: string,
  compilerOptions: Record<string, unknown>,
  files: Record<string, string>,
) {
  const dir = path.join(app, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022'],
        types: [],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        ...compilerOptions,
      },
      include: ['*.ts', '*.cts'],
    }),
  );
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

/** Whether every file `npm run build:lib` writes is newer than every file it reads. */
function libIsFresh(): boolean {
  const time = (file: string) => statSync(path.join(ROOT, file)).mtimeMs;
  try {
    const read = Math.max(
      newestUnder(path.join(ROOT, 'src')),
      ...[
        'package.json',
        'package-lock.json',
        'vite.lib.config.ts',
        'vite.lib.cjs.config.ts',
        'tsconfig.lib.json',
        'scripts/lib-types.mjs',
      ].map(time),
    );
    const written = Math.min(
      ...[
        'lib/erdl.js',
        'lib/eval-worker.js',
        'lib/kernel.js',
        'lib/kernel.cjs',
        'lib/types/kernel/index.d.ts',
        'lib/types/kernel/index.d.cts',
      ].map(time),
    );
    return written >= read;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'erdl-consumers-'));
  const build = libIsFresh() ? ['--no-build'] : [];
  const packed = await sh(
    process.execPath,
    [path.join(ROOT, 'scripts/pack.mjs'), ...build, base],
    ROOT,
  );
  tarball = packed.stdout.trim().split('\n').at(-1) as string;
  app = path.join(base, 'app');
  mkdirSync(app);
  writeFileSync(path.join(app, 'package.json'), '{"name":"app","private":true,"type":"module"}\n');
  const installed = await sh(
    'npm',
    ['install', '--offline', '--no-audit', '--no-fund', '--loglevel', 'warn', tarball],
    app,
  );
  installLog = installed.stdout + installed.stderr;
}, 300_000);

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('the packed erdl-studio for its consumers', () => {
  it('publishes no install scripts, so npm installs it without a warning', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(app, 'node_modules/erdl-studio/package.json'), 'utf8'),
    );
    expect(manifest.scripts ?? {}).toEqual({});
    expect(installLog).not.toMatch(/install-scripts|prepare/);
  });

  for (const [mode, options] of [
    ['node16', { module: 'node16', moduleResolution: 'node16' }],
    ['nodenext', { module: 'nodenext', moduleResolution: 'nodenext' }],
    ['bundler', { module: 'esnext', moduleResolution: 'bundler' }],
  ] as const) {
    it(`type-checks under moduleResolution ${mode} with skipLibCheck false; a type error fails`, async () => {
      // One program: the good consumer (and, for Node's modes, a CommonJS one) must check clean,
      // the deliberate error in bad.ts must be the only error.
      const cjs: Record<string, string> = mode === 'bundler' ? {} : { 'cjs.cts': CJS_CONSUMER };
      const result = await typecheck(
        consumer(mode, options, { 'good.ts': GOOD, 'bad.ts': BAD, ...cjs }),
      );
      expect(result.ok).toBe(false);
      expect(result.output).toMatch(/^bad\.ts\(3,14\): error TS2322: /);
      expect(result.codes, result.output).toEqual(['TS2322']);
    });
  }

  it("require('erdl-studio/kernel') works from CommonJS and agrees with import", async () => {
    const rules = JSON.stringify(readFileSync(QUICKSTART, 'utf8'));
    const body = (k: string) =>
      `const c = ${k}.compileDocument(${rules});
const e = new ${k}.Evaluator(c.document);
const f = ${k}.prepareFact({ tool: { name: 'issue_refund', args: { amount: 8000 } } });
console.log(JSON.stringify(e.evaluate(f.fact, { as_of: '2026-09-03T00:00:00Z' })));`;
    writeFileSync(
      path.join(app, 'use.cjs'),
      `const k = require('erdl-studio/kernel');\n${body('k')}\n`,
    );
    writeFileSync(
      path.join(app, 'use.mjs'),
      `import * as k from 'erdl-studio/kernel';\n${body('k')}\n`,
    );
    const fromRequire = JSON.parse((await sh(process.execPath, ['use.cjs'], app)).stdout);
    const fromImport = JSON.parse((await sh(process.execPath, ['use.mjs'], app)).stdout);
    expect(fromRequire.decision).toBe('REQUEST_HUMAN');
    expect(fromRequire).toEqual(fromImport);
  });
});

describe('the packed erdl-studio', () => {
  it('holds the built command and kernel, not the sources', async () => {
    const list = await sh('tar', ['-tzf', tarball], app);
    const files = list.stdout.split('\n').filter(Boolean);
    expect(files).toContain('package/bin/erdl.js');
    expect(files).toContain('package/lib/erdl.js');
    expect(files).toContain('package/lib/kernel.js');
    expect(files).toContain('package/lib/types/kernel/index.d.ts');
    expect(files.some((f) => f.startsWith('package/src/'))).toBe(false);
    const manifest = JSON.parse(
      readFileSync(path.join(app, 'node_modules/erdl-studio/package.json'), 'utf8'),
    );
    expect(manifest.dependencies ?? {}).toEqual({});
  });

  it("runs docs/kernel-api.md's example from plain Node", async () => {
    const doc = readFileSync(path.join(ROOT, 'docs/kernel-api.md'), 'utf8');
    const example = /```js\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(example, 'docs/kernel-api.md has a ```js example').toBeTruthy();
    writeFileSync(path.join(app, 'example.mjs'), example as string);
    writeFileSync(path.join(app, 'refund-guard.erdl.yaml'), readFileSync(QUICKSTART));
    const { stdout } = await sh(process.execPath, ['example.mjs'], app);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('REQUEST_HUMAN SEC-001-refund-limit');
    expect(lines[1]).toBe('ALLOW');
  });

  it('types the kernel for TypeScript users', () => {
    const types = readFileSync(
      path.join(app, 'node_modules/erdl-studio/lib/types/kernel/index.d.ts'),
      'utf8',
    );
    expect(types).toContain('compileDocument');
    expect(types).toContain('Evaluator');
  });

  it('explains an evaluation (erdl eval --explain) in the shape of the schema it ships', async () => {
    const erdl = path.join(app, 'node_modules/.bin/erdl');
    const fact = JSON.stringify({ tool: { name: 'issue_refund', args: { amount: '8000' } } });
    writeFileSync(path.join(app, 'explain-fact.json'), fact);
    const { stdout } = await sh(
      erdl,
      ['eval', QUICKSTART, 'explain-fact.json', '--explain', '--format', 'json'],
      app,
    );
    const schema = JSON.parse(
      readFileSync(
        createRequire(path.join(app, 'index.js')).resolve('erdl-studio/schema/explanation.json'),
        'utf8',
      ),
    );
    const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
    const explanation = JSON.parse(stdout);
    expect(validate(explanation), JSON.stringify(validate.errors)).toBe(true);
    // "8000" is a string: the refund rule does not match, and the explanation says why.
    expect(JSON.stringify(explanation)).toContain('type_mismatch');
  });

  it('serves the language server: erdl lsp answers initialize and publishes diagnostics', async () => {
    const client = LspClient.start([path.join(app, 'node_modules/.bin/erdl'), 'lsp'], app);
    try {
      const result = await client.initialize();
      expect(result.serverInfo?.name).toBe('erdl');
      expect(result.capabilities.textDocumentSync).toBe(2);
      const uri = 'file:///app/refund.erdl.yaml';
      await client.open(uri, readFileSync(QUICKSTART, 'utf8').replace('ALLOW', 'ALLOWW'));
      const published = await client.diagnostics(uri, 1);
      expect(published.diagnostics.map((d) => d.code)).toContain('ERDL-E207');
    } finally {
      expect(await client.stop(), client.stderr).toBe(0);
    }
  }, 60_000);

  it("the installed command's CI formats and edges: --version, check --format sarif, test --format junit|tap, eval RULES -", async () => {
    const erdl = path.join(app, 'node_modules/.bin/erdl');
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect((await sh(erdl, ['--version'], app)).stdout.trim()).toContain(version);
    // A broken document: exit 1, and the SARIF log names the rule and the editor's position.
    const broken = await sh(erdl, ['check', BROKEN, '--format', 'sarif'], app).then(
      () => null,
      (e: { code: number; stdout: string }) => e,
    );
    expect(broken?.code).toBe(1);
    const sarif = JSON.parse(broken?.stdout ?? '{}');
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results[0]).toMatchObject({
      ruleId: 'ERDL-E304',
      locations: [{ physicalLocation: { region: { startLine: 19, startColumn: 21 } } }],
    });
    writeFileSync(
      path.join(app, 'refund.facts.yaml'),
      'cases:\n  - name: small\n    fact: { tool: { name: issue_refund, args: { amount: 10 } } }\n    expect: { decision: ALLOW }\n',
    );
    const junit = await sh(
      erdl,
      ['test', QUICKSTART, 'refund.facts.yaml', '--format', 'junit'],
      app,
    );
    expect(junit.stdout).toContain('<testcase');
    expect(junit.stdout).toContain('failures="0"');
    const tap = await sh(erdl, ['test', QUICKSTART, 'refund.facts.yaml', '--format', 'tap'], app);
    expect(tap.stdout.split('\n')).toContain('ok 1 - small');
    // One fact on standard input.
    const one = spawnSync(erdl, ['eval', QUICKSTART, '-'], {
      cwd: app,
      encoding: 'utf8',
      input: '{"tool": {"name": "issue_refund", "args": {"amount": 8000}}}',
    });
    expect(one.status, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout).decision).toBe('REQUEST_HUMAN');
  });

  it('installs the erdl command: help, check, and eval --facts on two workers', async () => {
    const erdl = path.join(app, 'node_modules/.bin/erdl');
    expect((await sh(erdl, ['--help'], app)).stdout).toContain('Usage: erdl <command>');
    expect((await sh(erdl, ['check', QUICKSTART], app)).stdout).toBe('');
    const facts = Array.from({ length: 1000 }, (_, i) =>
      JSON.stringify({ tool: { name: 'issue_refund', args: { amount: i * 10 } } }),
    );
    writeFileSync(path.join(app, 'facts.jsonl'), `${facts.join('\n')}\n`);
    const { stdout } = await sh(
      erdl,
      ['eval', QUICKSTART, '--facts', 'facts.jsonl', '--fields', 'name,decision', '--workers', '2'],
      app,
    );
    const rows = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(1000);
    rows.forEach((row, i) => {
      expect(row).toEqual({
        name: `line ${i + 1}`,
        decision: i * 10 > 5000 ? 'REQUEST_HUMAN' : 'ALLOW',
      });
    });
    // Node started with a V8 option: the workers inherit it (passed to them explicitly, it made
    // `new Worker` throw ERR_WORKER_INVALID_EXEC_ARGV and the command crash).
    const withV8Option = await sh(
      process.execPath,
      [
        '--stack-size=2000',
        realpathSync(erdl),
        'eval',
        QUICKSTART,
        '--facts',
        'facts.jsonl',
        '--fields',
        'name,decision',
        '--workers',
        '2',
      ],
      app,
    );
    expect(withV8Option.stdout).toBe(stdout);
  });
});
