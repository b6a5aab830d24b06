// `erdl eval RULES FACT` fails closed and keeps every digit (issue #35 §1, §3; ruling I-89): empty
// input and any fact that is not a mapping exit 2 with a positioned message in both languages and
// nothing on stdout; `.json` is strict JSON; numbers beyond a double are exact; `1e400` is refused
// as written. In-process, the same `run` bin/erdl.js calls.
import { describe, expect, it } from 'vitest';
import { run } from '../src/cli/run';
import { captureIo } from './cli-support';

const QUICKSTART = 'tests/fixtures/cli/quickstart.erdl.yaml';

/** A document whose one rule denies `amount` over `limit`. */
const limitRules = (limit: string) => `protocol: "erdl/v2"
version: "2.1.0"
metadata: { name: limits, description: d, category: coding, decision: ALLOW }
rules:
  - name: OVER-LIMIT
    description: d
    priority: 10
    when: { logic: AND, conditions: [{ field: amount, operator: gt, value: ${limit} }] }
    then: DENY
    message: over the limit
`;

async function evalFact(files: Record<string, string>, ...argv: string[]) {
  const io = captureIo(files);
  const code = await run(['eval', ...argv], io);
  return {
    code,
    stdout: io.stdout,
    stderr: io.stderr.join('\n'),
    out: code === 0 ? JSON.parse(io.stdout.join('\n')) : null,
  };
}

describe('erdl eval: a fact is a mapping (fails closed)', () => {
  it.each([
    ['-', '', '-:1:1: the fact is empty (0 bytes)', '-:1:1：事实为空（0 字节）'],
    ['empty.json', '', 'empty.json:1:1: the fact is empty (0 bytes)', '事实为空（0 字节）'],
    [
      'blank.yaml',
      ' \n\t\n',
      'blank.yaml:1:1: the fact is empty (only whitespace)',
      '事实为空（只有空白）',
    ],
    [
      'comments.yaml',
      '# TODO\n',
      'comments.yaml:1:1: the fact is empty (only comments)',
      '事实为空（只有注释）',
    ],
    [
      'list.json',
      '[1, 2]',
      'list.json:1:1: the fact is a list, not a mapping of fields',
      '而不是列表',
    ],
    ['n.json', '42', 'n.json:1:1: the fact is the number 42, not a mapping', '而不是数字 42'],
    [
      's.json',
      '"string"',
      's.json:1:1: the fact is the text "string", not a mapping',
      '而不是文本“string”',
    ],
    ['tilde.yaml', '~', 'tilde.yaml:1:1: the fact is null, not a mapping', '而不是 null（空值）'],
    [
      'wrapped.yaml',
      'fact: null',
      'wrapped.yaml:1:7: the fact is null, not a mapping',
      '而不是 null（空值）',
    ],
    [
      'wrapped.json',
      '{"fact": [1]}',
      'wrapped.json:1:2: the fact is a list, not a mapping',
      '而不是列表',
    ],
  ])('%s %j: exit 2, nothing on stdout, never the fallback ALLOW', async (file, text, en, zh) => {
    const r = await evalFact({ [file]: text }, QUICKSTART, file);
    expect(r.code).toBe(2);
    expect(r.stdout).toEqual([]);
    expect(r.stderr).toContain(`erdl: ${en}`);
    expect(r.stderr).toContain(zh);
    expect(r.stderr).not.toContain('ALLOW');
  });

  it('a fact file over the size limit is refused before it is read', async () => {
    const io = captureIo();
    let read = false;
    const readBytes = io.readBytes;
    const sized = Object.assign(io, {
      fileSize: async (path: string) => (path === 'huge.json' ? 200 * 1024 * 1024 : null),
      readBytes: async (path: string) => {
        if (path === 'huge.json') read = true;
        return readBytes(path);
      },
    });
    const code = await run(['eval', QUICKSTART, 'huge.json'], sized);
    expect(code).toBe(2);
    expect(read).toBe(false);
    expect(io.stdout).toEqual([]);
    expect(io.stderr.join('\n')).toContain(
      'erdl: huge.json: the fact file is 209715200 bytes; a fact is at most 33554432 characters',
    );
  });

  it('{} is a fact with no fields: evaluated, the fallback decides', async () => {
    const r = await evalFact({ 'empty.json': '{}' }, QUICKSTART, 'empty.json');
    expect(r.code).toBe(0);
    expect(r.out.decision).toBe('ALLOW');
    expect(r.out.eval_warnings).toEqual([]);
  });
});

describe('erdl eval: .json is strict JSON', () => {
  it('refuses a trailing comma and a comment in a .json fact with their position', async () => {
    const comma = await evalFact({ 'f.json': '{"amount": 1,\n}' }, QUICKSTART, 'f.json');
    expect(comma.code).toBe(2);
    expect(comma.stdout).toEqual([]);
    expect(comma.stderr).toContain(
      'erdl: f.json:2:1: JSON: unexpected "}", expected a key in double quotes',
    );
    expect(comma.stderr).toContain('erdl：f.json:2:1：JSON 语法错误：意外的“}”，应为带双引号的键');
    const comment = await evalFact({ 'f.json': '{"amount": 1} # ok' }, QUICKSTART, 'f.json');
    expect(comment.code).toBe(2);
    expect(comment.stderr).toContain('f.json:1:15: JSON: ');
    // The same text in a YAML file is YAML (a flow mapping may end in a comma).
    const yaml = await evalFact({ 'f.yaml': '{"amount": 1,\n}' }, QUICKSTART, 'f.yaml');
    expect(yaml.code).toBe(0);
  });
});

describe('erdl eval: fact numbers keep every digit', () => {
  it('9007199254740993 gt 9007199254740992 fires (a double would read …992)', async () => {
    const files = {
      'rules.yaml': limitRules('9007199254740992'),
      'over.json': '{"amount": 9007199254740993}',
      'at.json': '{"amount": 9007199254740992}',
      'over.yaml': 'amount: 9007199254740993',
    };
    const over = await evalFact(files, 'rules.yaml', 'over.json');
    expect(over.out).toMatchObject({ decision: 'DENY', matched_rules: ['OVER-LIMIT'] });
    expect((await evalFact(files, 'rules.yaml', 'over.yaml')).out.decision).toBe('DENY');
    const at = await evalFact(files, 'rules.yaml', 'at.json');
    expect(at.out.decision).toBe('ALLOW');
  });

  it('5000.00000000000001 gt 5000 fires on the quick start (a double would read 5000)', async () => {
    const fact = '{"tool": {"name": "issue_refund", "args": {"amount": 5000.00000000000001}}}';
    const r = await evalFact({ 'f.json': fact }, QUICKSTART, 'f.json');
    expect(r.out).toMatchObject({
      decision: 'REQUEST_HUMAN',
      matched_rules: ['SEC-001-refund-limit'],
    });
    const five = await evalFact(
      { 'f.json': fact.replace('5000.00000000000001', '5000') },
      QUICKSTART,
      'f.json',
    );
    expect(five.out.decision).toBe('ALLOW');
  });

  it('the result hash tells …993 from …992, and one value written two ways hashes once', async () => {
    const files = {
      'rules.yaml': limitRules('0'),
      'a.json': '{"amount": 9007199254740993}',
      'b.json': '{"amount": 9007199254740992}',
      'c.yaml': 'amount: 9.007199254740993e15',
      'd.json': '{"amount": 9007199254740992.000}',
    };
    const hash = async (f: string) => (await evalFact(files, 'rules.yaml', f)).out.result_hash;
    expect(await hash('a.json')).not.toBe(await hash('b.json'));
    expect(await hash('a.json')).toBe(await hash('c.yaml'));
    expect(await hash('b.json')).toBe(await hash('d.json'));
  });

  it('1e400 is refused quoting what was written, with its line and column, never as Infinity', async () => {
    for (const [file, text, where] of [
      ['f.json', '{\n  "amount":\n    1e400}', 'f.json:3:5'],
      ['f.yaml', 'tool:\n  args: {amount: -1e400}', 'f.yaml:2:18'],
    ] as const) {
      const r = await evalFact({ [file]: text }, QUICKSTART, file);
      expect(r.code).toBe(2);
      expect(r.stdout).toEqual([]);
      expect(r.stderr).toMatch(
        new RegExp(`erdl: ${where.replace('.', '\\.')}: -?1e400 is out of range`),
      );
      expect(r.stderr).toMatch(/erdl：.*数字“-?1e400”超出范围/);
      expect(r.stderr).not.toContain('Infinity');
    }
  });
});

describe('erdl eval --facts: rows keep every digit too', () => {
  it('JSON Lines and CSV rows (through the worker threads) compare exactly', async () => {
    const files = {
      'rules.yaml': limitRules('9007199254740992'),
      'rows.jsonl':
        '{"amount": 9007199254740993}\n{"amount": 9007199254740992}\n{"amount": 1e400}\n',
      'rows.csv': 'amount\n9007199254740993\n9007199254740992\n',
    };
    const jsonl = captureIo(files);
    const code = await run(
      ['eval', 'rules.yaml', '--facts', 'rows.jsonl', '--fields', 'decision', '--workers', '1'],
      jsonl,
    );
    expect(code).toBe(2); // the third row is refused
    expect(jsonl.stdout.slice(0, 2).map((l) => JSON.parse(l).decision)).toEqual(['DENY', 'ALLOW']);
    expect(jsonl.stderr.join('\n')).toContain(
      'rows.jsonl:3:12: error factset-number 1e400 is out of range',
    );
    const csv = captureIo(files);
    expect(
      await run(
        ['eval', 'rules.yaml', '--facts', 'rows.csv', '--fields', 'decision', '--workers', '1'],
        csv,
      ),
    ).toBe(0);
    expect(csv.stdout.map((l) => JSON.parse(l).decision)).toEqual(['DENY', 'ALLOW']);
  }, 60_000);
});
