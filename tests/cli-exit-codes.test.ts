// issue #40 point 2: ONE exit-code table for every verb (src/cli/exit-codes.ts, printed by
// `erdl --help`, README): rules with load errors exit 1 whichever verb is given them; a file that
// cannot be read or a usage error exits 2.
import { describe, expect, it } from 'vitest';
import { EXIT_CODES, EXIT_INVALID, EXIT_USAGE } from '../src/cli/exit-codes';
import { run } from '../src/cli/run';
import { VERBS } from '../src/cli/verbs';
import { captureIo } from './cli-support';

const BROKEN = 'tests/fixtures/cli/broken.erdl.yaml';
const QUICKSTART = 'tests/fixtures/cli/quickstart.erdl.yaml';
const FILES = {
  'fact.yaml': 'tool: { name: issue_refund }\n',
  'suite.facts.yaml': 'cases:\n  - name: one\n    fact: { a: 1 }\n',
  'facts.jsonl': '{"a":1}\n',
};

/** Every verb that reads RULES, with the other arguments it needs to get that far. */
const WITH_RULES: Record<string, (rules: string) => string[]> = {
  check: (r) => ['check', r],
  hash: (r) => ['hash', r],
  tree: (r) => ['tree', r],
  eval: (r) => ['eval', r, 'fact.yaml'],
  convert: (r) => ['convert', r, '--to', 'expr'],
  gloss: (r) => ['gloss', r],
  test: (r) => ['test', r, 'suite.facts.yaml'],
  report: (r) => ['report', r],
  'impact (old)': (r) => ['impact', r, QUICKSTART, 'facts.jsonl'],
  'impact (new)': (r) => ['impact', QUICKSTART, r, 'facts.jsonl'],
};

async function exitCode(args: string[]) {
  const io = captureIo(FILES);
  return { code: await run(args, io), stdout: io.stdout, stderr: io.stderr.join('\n') };
}

describe('one exit-code table for every verb', () => {
  for (const [verb, args] of Object.entries(WITH_RULES)) {
    it(`${verb}: rules with load errors exit 1, with the diagnostic on stderr`, async () => {
      const r = await exitCode(args(BROKEN));
      expect(r.code).toBe(EXIT_INVALID);
      expect(r.stderr + r.stdout.join('\n')).toContain('ERDL-E304');
    });
    it(`${verb}: rules that cannot be read exit 2`, async () => {
      const r = await exitCode(args('no-such-file.erdl.yaml'));
      expect(r.code).toBe(EXIT_USAGE);
      expect(r.stderr).toContain('no such file');
    });
  }

  it('every verb refuses an unknown option with 2', async () => {
    for (const v of VERBS) {
      const r = await exitCode([v.name, '--no-such-option']);
      expect(r.code, v.name).toBe(EXIT_USAGE);
    }
  });

  it('help prints the one table', async () => {
    const io = captureIo();
    await run(['--help'], io);
    for (const [code, meaning] of EXIT_CODES)
      expect(io.stdout.join('\n').replace(/\n\s+/g, ' ')).toContain(`${code}  ${meaning.en}`);
  });
});
