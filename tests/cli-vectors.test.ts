// `erdl vectors` in the CLI's language (#37 point 4), in-process through run(): failing vectors of
// each suite — engine, gloss, proj and a canonical case — print their reasons in Chinese under
// --lang zh or a zh locale, with no English sentence, and in English, byte for byte as before,
// without either. A DIR that cannot be read is named in both languages (it printed Node's English
// error in the Chinese line).
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { localeLang } from '../src/cli/io';
import { run } from '../src/cli/run';
import { type Captured, captureIo, captureNodeIo } from './cli-support';
import { englishSentences } from './english-sentences';

const QUICKSTART = new URL('fixtures/cli/quickstart.erdl.yaml', import.meta.url);
const PROJ = new URL('../vectors/proj/expr/0001-quickstart-to-expr.yaml', import.meta.url);

let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'erdl-vectors-zh-'));
  const document = (await readFile(QUICKSTART, 'utf8')).replace(/^/gm, '  ');
  const files: Record<string, string> = {
    'engine/0001-wrong.yaml': `document: |\n${document}\nfact: {tool: {name: "issue_refund", args: {amount: 8000}}}\nas_of: "2026-01-01T00:00:00Z"\nexpect:\n  decision: ALLOW\n  decison: 1\n`,
    'engine/0002-error.yaml': `document: |\n${document}\nexpect_error: ERDL-E212\n`,
    'gloss/0001-tree.yaml':
      'tree: {node: gt, args: [{node: field, path: amount}]}\nexpect: {en: x}\n',
    'gloss/0002-rule.yaml': `document: |\n${document}\nexpect:\n  SEC-001-refund-limit: {en: "x", zh: "y"}\n`,
    'proj/0001-output.yaml': (await readFile(PROJ, 'utf8')).replace('5000]', '5001]'),
    'proj/0002-malformed.yaml': 'to: json\n',
    'canonical/c1/input.erdl.yaml': await readFile(QUICKSTART, 'utf8'),
    'canonical/c1/expected.json':
      '{"rules": {"SEC-001-refund-limit": {"canonical": "x", "hash": "y"}}, "document": "z"}',
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), text);
  }
});

/** Output captured, in a language (none: as without --lang and a zh locale). */
const capture = (lang?: 'zh'): Captured => ({ ...captureIo(), ...(lang ? { lang } : {}) });

/** A printed line without its vector's path. */
const reason = (line: string) => line.slice(line.indexOf(dir) + dir.length);

describe('erdl vectors in the CLI’s language', () => {
  it('--lang zh: every failing vector’s reasons in Chinese, no English sentence', async () => {
    const io = capture('zh');
    expect(await run(['--lang', 'zh', 'vectors', dir], io)).toBe(1);
    expect(io.stderr).toEqual([]);
    const failures = io.stdout.slice(0, -1);
    expect(failures.length).toBeGreaterThanOrEqual(12);
    expect(failures.every((l) => l.startsWith('未通过 '))).toBe(true);
    expect(failures.flatMap((l) => englishSentences(reason(l)))).toEqual([]);
    expect(io.stdout.map(reason)).toEqual(
      expect.arrayContaining([
        '/engine/0001-wrong.yaml：decision：预期“ALLOW”，实际“REQUEST_HUMAN”',
        '/engine/0001-wrong.yaml：expect 含有未知字段“decison”',
        '/engine/0002-error.yaml：预期加载错误 ERDL-E212，实际没有错误',
        '/gloss/0001-tree.yaml：tree：gt 接受 2–2 个操作数',
        '/proj/0002-malformed.yaml：`to` 必须是 simple、expr 或 table',
      ]),
    );
    expect(io.stdout.at(-1)).toBe('通过 0 个，未通过 7 个');
  });

  it('a zh locale does the same; English without either, as before', async () => {
    const zh = capture(localeLang({ LANG: 'zh_CN.UTF-8' }));
    await run(['vectors', dir], zh);
    const io = capture();
    expect(await run(['vectors', dir], io)).toBe(1);
    expect(zh.stdout).toHaveLength(io.stdout.length);
    expect(zh.stdout.flatMap((l) => englishSentences(reason(l)))).toEqual([]);
    expect(io.stdout.map(reason)).toEqual(
      expect.arrayContaining([
        '/engine/0001-wrong.yaml: decision: expected "ALLOW", got "REQUEST_HUMAN"',
        '/engine/0001-wrong.yaml: unknown expect field "decison"',
        '/engine/0002-error.yaml: expected load error ERDL-E212, got no errors',
        '/gloss/0001-tree.yaml: tree: gt takes 2–2 operands',
        '/proj/0002-malformed.yaml: `document` (the rule document text) is required',
        '/proj/0002-malformed.yaml: `to` must be simple, expr or table',
      ]),
    );
    expect(io.stdout.every((l) => l.startsWith('FAIL ') || l === '0 passed, 7 failed')).toBe(true);
  });

  it('a DIR that is no directory, or missing, is named in both languages, no English in the Chinese', async () => {
    const file = join(dir, 'engine', '0001-wrong.yaml');
    const notDir = captureNodeIo();
    expect(await run(['vectors', file], notDir)).toBe(2);
    expect(notDir.stderr[0]).toContain(
      'it is not a directory (vectors reads a directory of vectors)',
    );
    expect(notDir.stderr[1]).toContain('这不是目录（vectors 读取存放向量的目录）');
    const missing = captureNodeIo();
    expect(await run(['vectors', join(dir, 'no-such')], missing)).toBe(2);
    for (const io of [notDir, missing]) {
      expect(io.stdout).toEqual([]);
      expect(io.stderr).toHaveLength(2);
      expect(englishSentences(io.stderr[1] as string)).toEqual([]);
    }
  });
});
