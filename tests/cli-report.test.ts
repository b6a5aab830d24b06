// `erdl report RULES [--lang] [--suite] [--previous] [--date]` and `erdl impact OLD NEW FACTS`
// (src/cli/verbs/report.ts, impact.ts), in-process through run().
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/cli/run';
import { generateKeyPair, type Signer, signerFromJwk, signRuleFile } from '../src/signing';
import { captureIo, ROOT } from './cli-support';

const AML_PATH = 'src/studio/examples/aml-screening.erdl.yaml';
const SUITE = 'src/studio/examples/aml-screening.facts.yaml';
const SIGNED_AT = '2026-11-30T09:15:00.000Z';
let AML = '';
let EDITED = '';
let signature = '';
let signerId = '';

async function newSigner(): Promise<Signer> {
  const pair = await generateKeyPair();
  const made = await signerFromJwk(pair.privateKey);
  if (!made.ok) throw new Error(made.message.en);
  return made.signer;
}

beforeAll(async () => {
  AML = await readFile(resolve(ROOT, AML_PATH), 'utf8');
  EDITED = AML.replace('value: 10000\n', 'value: 5000\n');
  const signer = await newSigner();
  signerId = signer.keyId;
  const signed = await signRuleFile({
    sourceBytes: new TextEncoder().encode(AML),
    file: 'aml-screening.erdl.yaml',
    signedAt: SIGNED_AT,
    signer,
  });
  if (!signed.ok) throw new Error(signed.message.en);
  signature = signed.text;
});

async function erdl(argv: string[], files: Record<string, string> = {}) {
  const io = captureIo(files);
  const code = await run(argv, io);
  return { code, io, text: io.stdout.join('\n') };
}

describe('erdl report', () => {
  it('prints the same HTML twice, with the suite, the rules and the commands', async () => {
    const files = { 'aml-screening (3).erdl.yaml': AML };
    const argv = [
      'report',
      'aml-screening (3).erdl.yaml',
      '--suite',
      SUITE,
      '--date',
      '2026-12-01',
    ];
    const a = await erdl(argv, files);
    const b = await erdl(argv, files);
    expect(a.code).toBe(0);
    expect(a.text).toBe(b.text);
    expect(a.text.startsWith('<!doctype html>')).toBe(true);
    expect(a.text).toContain('data-rule="AML-001-high-risk-large"');
    expect(a.text).toContain('data-section="suite"');
    expect(a.text).toContain('2026-12-01');
    expect(a.text).toContain('npx erdl hash &#39;aml-screening (3).erdl.yaml&#39;');
    expect(a.text).not.toMatch(/<script/i);
  });

  it('takes the signers and the date from the signature beside RULES, and shows the changes', async () => {
    const signed = await erdl(['report', 'aml.erdl.yaml', '--lang', 'en'], {
      'aml.erdl.yaml': AML,
      'aml.erdl.yaml.dsse.json': signature,
    });
    expect(signed.code).toBe(0);
    expect(signed.text).toContain(signerId);
    expect(signed.text).toContain(SIGNED_AT);
    expect(signed.text).toContain('(signature time)');

    // Edited since: the old signature no longer names a signer, and --previous shows the change.
    const edited = await erdl(
      ['report', 'aml.erdl.yaml', '--lang', 'zh', '--previous', 'old.dsse.json'],
      { 'aml.erdl.yaml': EDITED, 'aml.erdl.yaml.dsse.json': signature, 'old.dsse.json': signature },
    );
    expect(edited.code).toBe(0);
    expect(edited.io.stderr.join('\n')).toContain('not shown as signed');
    expect(edited.text).not.toContain(`<span class="hash">${signerId}</span></li>`);
    expect(edited.text).toContain('未指定日期');
    expect(edited.text).toContain('data-changed="AML-001-high-risk-large"');
    expect(edited.text).toContain('自上一签名版本以来的变更');
  });

  it('refuses bad options and bad files with exit 2', async () => {
    expect((await erdl(['report', AML_PATH, '--lang', 'fr'])).code).toBe(2);
    expect((await erdl(['report', AML_PATH, '--date', 'tomorrow'])).code).toBe(2);
    // Shaped like a date, but no day of the calendar: it was printed on the cover as given.
    for (const date of ['2024-02-30', '2024-13-01', '2023-02-29', '2024-01-01T25:00:00Z']) {
      const bad = await erdl(['report', AML_PATH, '--date', date]);
      expect(bad.code, date).toBe(2);
      expect(bad.text, date).toBe('');
      expect(bad.io.stderr[0], date).toContain(`--date must be a date like 2026-12-01`);
    }
    expect((await erdl(['report', AML_PATH, '--date', '2024-02-29'])).code).toBe(0);
    const notSigned = await erdl(['report', AML_PATH, '--previous', 'x.dsse.json'], {
      'x.dsse.json': '{"payload":"","payloadType":"x","signatures":[]}',
    });
    expect(notSigned.code).toBe(2);
    expect(notSigned.io.stderr.join('\n')).toMatch(/not a valid signature file/);
    const broken = await erdl(['report', 'tests/fixtures/cli/broken.erdl.yaml']);
    expect(broken.code).toBe(1); // load errors exit 1 in every verb (src/cli/exit-codes.ts)
    expect(broken.text).toBe('');
    // The positioned diagnostics first, then what could not be done, in both languages.
    expect(broken.io.stderr[0]).toMatch(
      /^tests\/fixtures\/cli\/broken\.erdl\.yaml:\d+:\d+: error ERDL-/,
    );
    expect(broken.io.stderr.slice(-2).join('\n')).toMatch(
      /the rules do not load, so there is nothing to report[\s\S]*规则无法加载，无法生成报告/,
    );
  });
});

describe('erdl impact', () => {
  const FACTS = [
    { context: { amount: 10000, country: 'MM', channel: 'wire' } },
    { context: { amount: 6000, country: 'IR', channel: 'wire' } },
    { context: { amount: 20, country: 'FR', channel: 'wire' } },
  ]
    .map((f) => JSON.stringify(f))
    .join('\n');
  const CSV = 'context.amount,context.country,context.channel\n10000,MM,wire\n20,FR,wire\n';

  it('prints the transition matrix, samples and causes', async () => {
    const r = await erdl(['impact', 'old.erdl.yaml', 'new.erdl.yaml', 'facts.jsonl'], {
      'old.erdl.yaml': AML,
      'new.erdl.yaml': EDITED,
      'facts.jsonl': FACTS,
    });
    expect(r.code).toBe(0);
    expect(r.text).toContain('3 facts, 2 change decision');
    expect(r.text).toMatch(/REQUEST_HUMAN → DENY\s+2\n/);
    expect(r.text).toMatch(/ALLOW\s+→ ALLOW\s+1\s+unchanged/);
    expect(r.text).toContain('REQUEST_HUMAN → DENY: 2 fact(s); first 2:');
    expect(r.text).toMatch(/AML-001-high-risk-large\s+0\s+2/);
  });

  it('gives the same counts as JSON, from JSON Lines, CSV and a suite', async () => {
    const files = { 'old.erdl.yaml': AML, 'new.erdl.yaml': EDITED, 'f.jsonl': FACTS, 'f.csv': CSV };
    const json = await erdl(
      ['impact', 'old.erdl.yaml', 'new.erdl.yaml', 'f.jsonl', '--format', 'json'],
      files,
    );
    const report = JSON.parse(json.text);
    expect(report.total).toBe(3);
    expect(report.changed).toBe(2);
    expect(report.transitions[0]).toMatchObject({ from: 'REQUEST_HUMAN', to: 'DENY', count: 2 });
    const csv = JSON.parse(
      (await erdl(['impact', 'old.erdl.yaml', 'new.erdl.yaml', 'f.csv', '--format', 'json'], files))
        .text,
    );
    expect(csv.total).toBe(2);
    expect(csv.changed).toBe(1);
    const suite = await erdl(['impact', 'old.erdl.yaml', 'new.erdl.yaml', SUITE], files);
    expect(suite.code).toBe(0);
    expect(suite.text).toMatch(/REQUEST_HUMAN → DENY\s+1\n/);
  });

  it('names the sequences it leaves out, in the language asked for', async () => {
    const RATE = 'tests/fixtures/cli/rate.erdl.yaml';
    const RATE_SUITE = 'tests/fixtures/cli/rate.facts.yaml';
    const both = await erdl(['impact', RATE, RATE, RATE_SUITE]);
    expect(both.code).toBe(0);
    expect(both.io.stderr).toEqual([
      `${RATE_SUITE}: 1 sequence(s) left out: impact compares single facts / ${RATE_SUITE} 中的 1 个序列已略去：影响分析只比较单个事实`,
    ]);
    const zh = await erdl(['--lang', 'zh', 'impact', RATE, RATE, RATE_SUITE]);
    expect(zh.io.stderr).toEqual([`${RATE_SUITE} 中的 1 个序列已略去：影响分析只比较单个事实`]);
    const en = await erdl(['--lang', 'en', 'impact', RATE, RATE, RATE_SUITE]);
    expect(en.io.stderr).toEqual([
      `${RATE_SUITE}: 1 sequence(s) left out: impact compares single facts`,
    ]);
  });

  it('refuses a document that does not load and a bad format', async () => {
    const broken = await erdl(['impact', 'tests/fixtures/cli/broken.erdl.yaml', AML_PATH, SUITE]);
    expect(broken.code).toBe(1); // load errors exit 1 in every verb (src/cli/exit-codes.ts)
    expect(broken.text).toBe('');
    expect(broken.io.stderr.slice(-2).join('\n')).toMatch(
      /the rules do not load, so the impact cannot be computed[\s\S]*规则无法加载，无法计算影响/,
    );
    expect((await erdl(['impact', AML_PATH, AML_PATH, SUITE, '--format', 'xml'])).code).toBe(2);
  });
});
