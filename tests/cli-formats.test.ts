// issue #40 point 2: the command's CI formats and edges — `check --format json|sarif` (SARIF
// validated against its published schema), `test --format junit|tap`, `--version`, `eval RULES -`,
// help at 80 columns, and messages in Chinese alone with `--lang zh` or a zh locale.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Ajv from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import { erdlCommand } from '../e2e/support/cli';
import { localeLang } from '../src/cli/io';
import { run } from '../src/cli/run';
import { VERBS } from '../src/cli/verbs';
import { displayWidth } from '../src/cli/wrap';
import { captureIo, ROOT } from './cli-support';

const exec = promisify(execFile);
const FIXTURES = 'tests/fixtures/cli';
const BROKEN = `${FIXTURES}/broken.erdl.yaml`;
const QUICKSTART = `${FIXTURES}/quickstart.erdl.yaml`;
const RATE = `${FIXTURES}/rate.erdl.yaml`;
const RATE_SUITE = `${FIXTURES}/rate.facts.yaml`;
const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

async function erdl(args: string[], files: Record<string, string> = {}, lang?: 'en' | 'zh') {
  const io = captureIo(files);
  if (lang) io.lang = lang;
  const code = await run(args, io);
  return { code, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n'), lines: io.stdout };
}

describe('erdl check --format', () => {
  it('json: one object with each diagnostic, positions 1-based as in the editor', async () => {
    const r = await erdl(['check', BROKEN, '--format', 'json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.file).toBe(BROKEN);
    expect(out.ok).toBe(false);
    expect(out.diagnostics).toHaveLength(1);
    expect(out.diagnostics[0]).toMatchObject({
      code: 'ERDL-E304',
      severity: 'error',
      line: 19,
      column: 21,
      end_line: 19,
      end_column: 33,
    });
    expect(out.diagnostics[0].message.zh).toContain('greater_than');
    const clean = await erdl(['check', QUICKSTART, '--format=json']);
    expect(clean.code).toBe(0);
    expect(JSON.parse(clean.stdout)).toEqual({ file: QUICKSTART, ok: true, diagnostics: [] });
  });

  it('sarif: a SARIF 2.1.0 log valid against the published schema, regions as in the editor', async () => {
    const schema = JSON.parse(
      readFileSync(path.join(ROOT, 'tests/fixtures/sarif/sarif-2.1.0-rtm.5.json'), 'utf8'),
    );
    // The schema's language pattern is not valid with the u flag: ajv compiles patterns without it.
    const validate = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }).compile(
      schema,
    );
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: {} } }] })).toBe(false);
    for (const file of [BROKEN, QUICKSTART, `${FIXTURES}/table.erdl.yaml`]) {
      const r = await erdl(['check', file, '--format', 'sarif']);
      const log = JSON.parse(r.stdout);
      expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
      expect(log.version).toBe('2.1.0');
      expect(log.runs[0].tool.driver).toMatchObject({ name: 'erdl', version });
    }
    const log = JSON.parse((await erdl(['check', BROKEN, '--format', 'sarif'])).stdout);
    const [result] = log.runs[0].results;
    expect(result).toMatchObject({ ruleId: 'ERDL-E304', level: 'error' });
    expect(result.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: BROKEN },
      region: { startLine: 19, startColumn: 21, endLine: 19, endColumn: 33 },
    });
    expect(log.runs[0].columnKind).toBe('utf16CodeUnits');
  });

  it('refuses another format, and keeps the text lines by default', async () => {
    const bad = await erdl(['check', QUICKSTART, '--format', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('--format must be text|json|sarif, not "xml"');
    const text = await erdl(['check', BROKEN]);
    expect(text.lines).toEqual([
      expect.stringMatching(/^tests\/fixtures\/cli\/broken\.erdl\.yaml:19:21: error ERDL-E304 /),
    ]);
  });
});

describe('erdl test --format junit|tap', () => {
  const FAILING = `suite: mixed
cases:
  - name: small <refund> & "quoted"
    fact: { tool: { name: issue_refund, args: { amount: 10 } } }
    expect: { decision: ALLOW }
  - name: 'wrong # expectation'
    fact: { tool: { name: issue_refund, args: { amount: 9000 } } }
    expect: { decision: DENY }
  - name: no expectation
    fact: { tool: { name: issue_refund, args: { amount: 1 } } }
`;

  it('junit: one testcase per case and event, failures and skipped counted, XML escaped', async () => {
    const r = await erdl(['test', QUICKSTART, 'mixed.facts.yaml', '--format', 'junit'], {
      'mixed.facts.yaml': FAILING,
    });
    expect(r.code).toBe(1);
    expect(r.lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(r.stdout).toContain(
      '<testsuites name="erdl test" tests="3" failures="1" errors="0" skipped="1">',
    );
    expect(r.stdout).toContain('name="small &lt;refund&gt; &amp; &quot;quoted&quot;"');
    expect(r.stdout).toMatch(
      /<testcase name="wrong # expectation"[^>]*>\s*<failure message="[^"]*DENY[^"]*" type="mismatch">/,
    );
    expect(r.stdout).toMatch(/<testcase name="no expectation"[^>]*>\s*<skipped /);
    // Well-formed: every element opened is closed, in order.
    const stack: string[] = [];
    for (const m of r.stdout.matchAll(/<(\/?)([a-z]+)[^>]*?(\/?)>/g)) {
      if (m[3]) continue;
      if (m[1]) expect(stack.pop()).toBe(m[2]);
      else stack.push(m[2] as string);
    }
    expect(stack).toEqual([]);
    const seq = await erdl(['test', RATE, RATE_SUITE, '--format', 'junit']);
    expect(seq.code).toBe(0);
    expect(seq.stdout).toContain('tests="6" failures="0" errors="0" skipped="0"');
  });

  it('tap: TAP version 14 with a plan, not ok with a YAML block, SKIP for unchecked', async () => {
    const r = await erdl(['test', QUICKSTART, 'mixed.facts.yaml', '--format=tap'], {
      'mixed.facts.yaml': FAILING,
    });
    expect(r.code).toBe(1);
    expect(r.lines.slice(0, 3)).toEqual([
      'TAP version 14',
      '1..3',
      'ok 1 - small <refund> & "quoted"',
    ]);
    expect(r.lines[3]).toBe('not ok 2 - wrong \\# expectation');
    expect(r.lines[4]).toBe('  ---');
    expect(r.lines.slice(5).join('\n')).toMatch(/^ {2}message: ".*DENY.*"$/m);
    expect(r.lines).toContain('ok 3 - no expectation # SKIP no expectation');
    expect(r.lines.at(-1)).toBe('ok 3 - no expectation # SKIP no expectation');
    const seq = await erdl(['test', RATE, RATE_SUITE, '--format', 'tap']);
    expect(seq.lines[1]).toBe('1..6');
    expect(seq.lines.filter((l) => l.startsWith('ok '))).toHaveLength(6);
  });

  it('still refuses an unknown format, naming every one', async () => {
    const r = await erdl(['test', QUICKSTART, RATE_SUITE, '--format', 'xunit']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('table or json or junit or tap');
  });
});

describe('erdl edges', () => {
  it('--version prints the package version', async () => {
    const r = await erdl(['--version']);
    expect(r.code).toBe(0);
    expect(r.lines).toEqual([`erdl ${version}`]);
  });

  it('eval RULES - reads the one fact from standard input', async () => {
    const { stdout } = await exec(
      'sh',
      [
        '-c',
        `printf 'tool:\\n  name: issue_refund\\n  args: { amount: 8000 }\\n' | ${erdlCommand().join(' ')} eval ${QUICKSTART} - --as-of 2026-09-03T00:00:00Z`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(JSON.parse(stdout).decision).toBe('REQUEST_HUMAN');
  }, 30_000);

  it('a fact YAML cannot read is named in both languages, without the parser’s raw text', async () => {
    for (const [fact, en, zh] of [
      [
        'tool: [1, 2\n',
        'f.yaml:1:7: The "[" opened here is never closed',
        'f.yaml:1:7：此处的“[”没有闭合',
      ],
      [
        'a: 1\na: 2\n',
        'f.yaml:2:1: a key appears twice in one mapping (each field may be given once)',
        'f.yaml:2:1：同一映射中的键出现了两次（每个字段只能给出一次）',
      ],
    ]) {
      const r = await erdl(['eval', QUICKSTART, 'f.yaml'], { 'f.yaml': fact as string });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`erdl: ${en}\nerdl：${zh}`);
      expect(r.stderr).not.toMatch(/:$|column \d+:/m);
    }
  });

  it('help, every command’s help and the Chinese help fit in 80 columns', async () => {
    const runs = [
      ['--help'],
      ['--lang', 'zh', '--help'],
      ...VERBS.map((v) => ['help', v.name]),
      ...VERBS.map((v) => ['--lang', 'zh', v.name, '--help']),
    ];
    for (const args of runs) {
      const r = await erdl(args);
      expect(r.code, args.join(' ')).toBe(0);
      const wide = r.lines.filter((l) => displayWidth(l) > 80);
      expect(wide, args.join(' ')).toEqual([]);
    }
    const help = (await erdl(['--help'])).lines;
    expect(help[0]).toBe('Usage: erdl <command> [arguments]');
    expect(help).toContain('  --version');
  });

  it('every command’s English help runs in whole paragraphs: no line breaks early in a sentence', async () => {
    // A line that ends inside a sentence (not after . ! or ?) is followed by its sentence's next
    // word, which would not have fitted on it: what the source's hard-wrapped lines, each wrapped
    // again at 80, broke (`only key is` / `"fact" is unwrapped…`).
    for (const v of VERBS) {
      const all = (await erdl(['--lang', 'en', 'help', v.name])).lines;
      // The paragraphs: the block before the exit codes' heading.
      const end = all.findIndex((l) => l.startsWith('Exit codes')) - 1;
      const lines = all.slice(all.lastIndexOf('', end - 1) + 1, end);
      expect(lines.length, v.name).toBeGreaterThan(0);
      const early = lines.flatMap((line, i) => {
        const next = lines[i + 1]?.trimStart() ?? '';
        if (line.trim() === '' || next === '' || /[.!?:]["'`)\]]*$/.test(line)) return [];
        // A line at the margin introducing an indented item (`erdl key backup …` / `  encrypts …`).
        if (!line.startsWith(' ') && (lines[i + 1] as string).startsWith(' ')) return [];
        if (/^(?:[A-Z]|--|-h|\d+ )/.test(next)) return [];
        const word = next.split(' ')[0] as string;
        return displayWidth(line) + 1 + displayWidth(word) <= 80 ? [`${line} ⏎ ${next}`] : [];
      });
      expect(early, v.name).toEqual([]);
    }
  });

  it('--lang zh (or a zh locale) prints messages in Chinese only, names whole', async () => {
    const unknown = await erdl(['--lang', 'zh', 'bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('erdl：未知命令“bogus”（运行“erdl --help”查看用法）');
    const locale = await erdl(['bogus'], {}, 'zh');
    expect(locale.stderr).toBe(unknown.stderr);
    const english = await erdl(['--lang=en', 'bogus']);
    expect(english.stderr).toBe('erdl: unknown command "bogus" (run "erdl --help" for usage)');
    const check = await erdl(['--lang', 'zh', 'check', BROKEN]);
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(
      /^tests\/fixtures\/cli\/broken\.erdl\.yaml:19:21: 错误 ERDL-E304 未知的运算符“greater_than”/,
    );
    const bad = await erdl(['--lang', 'fr', 'check', BROKEN]);
    expect(bad.code).toBe(2);
    expect(localeLang({ LANG: 'zh_CN.UTF-8' })).toBe('zh');
    expect(localeLang({ LC_ALL: 'zh_TW', LANG: 'en_US.UTF-8' })).toBe('zh');
    expect(localeLang({ LC_ALL: 'C', LANG: 'zh_CN.UTF-8' })).toBeUndefined();
    expect(localeLang({ LANG: 'en_US.UTF-8' })).toBeUndefined();
  });
});
