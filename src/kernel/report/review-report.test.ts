import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { buildManifest } from '../manifest/manifest';
import { parseSuite } from '../suite/parse-suite';
import { runSuite } from '../suite/run-suite';
import { reviewReportHtml } from './review-report';

const example = (name: string) =>
  readFileSync(new URL(`../../studio/examples/${name}`, import.meta.url), 'utf8');
const bytes = (text: string) => new TextEncoder().encode(text);

const AML = example('aml-screening.erdl.yaml');
const LOAN = example('loan-decision-table.erdl.yaml');

function html(input: Partial<Parameters<typeof reviewReportHtml>[0]> = {}): string {
  const r = reviewReportHtml({
    lang: 'en',
    file: 'aml-screening.erdl.yaml',
    sourceBytes: bytes(AML),
    signers: [],
    date: { value: '2026-12-01', source: 'given' },
    ...input,
  });
  if (!r.ok) throw new Error(r.message.en);
  return r.html;
}

describe('reviewReportHtml', () => {
  it('gives the same bytes for the same inputs', () => {
    const suiteText = example('aml-screening.facts.yaml');
    const suite = parseSuite(suiteText).suite;
    if (!suite) throw new Error('suite');
    const doc = compileDocument(AML).document;
    if (!doc) throw new Error('doc');
    const make = () =>
      html({ lang: 'both', suite: { file: 'aml.facts.yaml', result: runSuite(doc, suite) } });
    const a = make();
    expect(make()).toBe(a);
    expect(a).toContain('data-section="suite"');
    // Only the given inputs show up: another date gives another report.
    expect(html({ date: { value: '2027-01-01', source: 'given' } })).not.toBe(html());
  });

  it('shows every rule with its gloss in both languages, its decision and hash', () => {
    const doc = compileDocument(AML).document;
    if (!doc) throw new Error('doc');
    for (const lang of ['en', 'zh', 'both'] as const) {
      const out = html({ lang });
      for (const r of doc.rules) {
        expect(out).toContain(`data-rule="${r.name}"`);
        expect(out).toContain(r.hash);
      }
      expect(out).toContain(doc.hash);
      expect(out).toMatch(/若[^<]*，则/); // the Chinese gloss is there in every language
    }
    expect(html({ lang: 'zh' })).toContain('规则集审核报告');
    expect(html({ lang: 'en' })).not.toContain('规则集审核报告');
    expect(html({ lang: 'both' })).toContain('Rule-set review report');
  });

  it('draws decision tables as tables', () => {
    const out = html({ file: 'loan.erdl.yaml', sourceBytes: bytes(LOAN) });
    expect(out).toContain('data-section="tables"');
    expect(out).toMatch(/<table data-table="[^"]+">/);
    expect(out).toContain('data-section="findings"');
  });

  it('keeps HTML and script in names and messages as text', () => {
    const evil = AML.replace(
      'name: "aml-screening"',
      'name: "<script>alert(1)</script><img src=x onerror=alert(2)>"',
    ).replace(
      'description: "Large transactions involving a high-risk country are blocked"',
      'description: "</td><script>alert(3)</script>"',
    );
    const out = html({
      sourceBytes: bytes(evil),
      file: '<b>x</b> "q" (2).erdl.yaml',
      signers: [{ keyId: 'sha256:<i>k</i>', name: '<svg onload=alert(4)>', role: '&role' }],
    });
    expect(out).not.toMatch(/<script|<img|<svg|<b>|<i>/i);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('&lt;svg onload=alert(4)&gt;');
    expect(out).toContain('&amp;role');
    expect(out).toContain('hash &#39;&lt;b&gt;x&lt;/b&gt; &quot;q&quot; (2).erdl.yaml&#39;');
    // Nothing is fetched: no element has a src or href attribute.
    expect(out).not.toMatch(/<[a-z][^>]*\s(src|href)=/i);
  });

  it('names each signer with the role in the report language', () => {
    const signers = [
      { keyId: 'sha256:aa', name: '陈爱丽', role: 'author' },
      { keyId: 'sha256:bb', name: 'Bob Li', role: 'reviewer' },
    ];
    const zh = html({ lang: 'zh', signers });
    expect(zh).toContain(
      '<li data-role="author">陈爱丽（作者），<span class="hash">sha256:aa</span>',
    );
    expect(zh).toContain('<li data-role="reviewer">Bob Li（审核人），');
    const en = html({ lang: 'en', signers });
    expect(en).toContain(
      '<li data-role="author">陈爱丽 (author) — <span class="hash">sha256:aa</span>',
    );
    expect(en).toContain('Bob Li (reviewer) — ');
  });

  it('prints shell-quoted commands for a browser-renamed file', () => {
    const out = html({ file: 'aml-screening (3).erdl.yaml' });
    expect(out).toContain(`npx erdl hash &#39;aml-screening (3).erdl.yaml&#39;`);
  });

  it('shows the changed rule before and after against a previous signed manifest', () => {
    const old = compileDocument(AML);
    const built = buildManifest(old, {
      sourceBytes: bytes(AML),
      file: 'aml-screening.erdl.yaml',
      signedAt: '2026-11-30T10:00:00Z',
      signer: { key_id: 'sha256:abc', public_key: { kty: 'OKP', crv: 'Ed25519', x: 'AAAA' } },
    });
    if (!built.ok) throw new Error(built.message.en);
    const edited = AML.replace('value: 10000\n', 'value: 5000\n');
    expect(edited).not.toBe(AML);
    const out = html({
      sourceBytes: bytes(edited),
      previous: { file: 'aml-screening.erdl.yaml.dsse.json', manifest: built.manifest },
    });
    expect(out).toContain('data-changed="AML-001-high-risk-large"');
    const row = out.slice(out.indexOf('data-changed="AML-001-high-risk-large"'));
    expect(row).toMatch(/<del>[\s\S]*10,?000[\s\S]*<\/del>[\s\S]*<ins>[\s\S]*5,?000/);
  });

  it('refuses a document that does not load', () => {
    const r = reviewReportHtml({
      lang: 'en',
      file: 'x.yaml',
      sourceBytes: bytes('rules: ['),
      signers: [],
      date: null,
    });
    expect(r.ok).toBe(false);
  });
});
