// `erdl eval RULES FACT --explain` (issue #40 point 1): the kernel's explanation, as text in the
// language asked for or as JSON valid against public/schema/erdl-explanation.schema.json — run
// through the real command line (npm run erdl), the fact from a file and from standard input.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';

const RULES = 'src/studio/examples/quick-start.erdl.yaml';
const FACT = 'tool:\n  name: issue_refund\n  args:\n    amount: "3000"\n';

/** `npm run --silent erdl -- ARGS`, with `stdin` written to its standard input. */
function erdl(
  args: string[],
  stdin = '',
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'erdl', '--', ...args], {
      env: { ...process.env, LANG: 'C', LC_ALL: '', LC_MESSAGES: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('erdl eval --explain', () => {
  it('prints why each rule did not match, in English and in Chinese (the fact on stdin)', async () => {
    const en = await erdl(['--lang', 'en', 'eval', RULES, '-', '--explain'], FACT);
    expect(en.stderr).toBe('');
    expect(en.code).toBe(0);
    const lines = en.stdout.split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'Decision: ALLOW',
      'No rule matched; the document default ALLOW applies.',
    ]);
    expect(lines).toContain('  SEC-001-refund-limit: did not match');
    expect(lines).toContain('    Failed at: the amount is greater than 5,000.');
    expect(lines).toContain(
      '    The amount is the string "3000"; strings never compare with numbers. Did you mean 3000?',
    );
    const zh = await erdl(['--lang', 'zh', 'eval', RULES, '-', '--explain'], FACT);
    expect(zh.code).toBe(0);
    expect(zh.stdout.split('\n')).toContain(
      '    金额是字符串“3000”；字符串与数字永远无法比较。是否想写 3000？',
    );
    expect(zh.stdout).toContain('决策：ALLOW');
    expect(zh.stdout).not.toMatch(/did not match|Failed at|Decision:/);
  }, 120_000);

  it('--format json prints the explanation data, valid against its schema', async () => {
    const r = await erdl(
      ['eval', RULES, '-', '--explain', '--format', 'json', '--as-of', '2026-01-15T09:00:00Z'],
      FACT,
    );
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout);
    const schema = JSON.parse(readFileSync('public/schema/erdl-explanation.schema.json', 'utf8'));
    const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(data.as_of).toBe('2026-01-15T09:00:00Z');
    expect(data.result.decision).toBe('ALLOW');
    const step = data.rules.find((s: { rule: string }) => s.rule === 'SEC-001-refund-limit');
    expect(step.reason).toMatchObject({ kind: 'type_mismatch', suggestion: 3000 });
    expect(step.why.zh).toBe('金额是字符串“3000”；字符串与数字永远无法比较。是否想写 3000？');
  }, 120_000);

  it('refuses --explain with --facts and a format it does not print (exit 2)', async () => {
    const facts = await erdl(['eval', RULES, '--facts', '-', '--explain'], '{}\n');
    expect(facts.code).toBe(2);
    expect(facts.stderr).toContain('--explain explains one FACT, not --facts');
    const csv = await erdl(
      ['--lang', 'zh', 'eval', RULES, '-', '--explain', '--format', 'csv'],
      FACT,
    );
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain('--format“csv”：配合 --explain 时须为 text 或 json');
    expect(csv.stdout).toBe('');
  }, 120_000);
});
