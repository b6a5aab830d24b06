import { describe, expect, it } from 'vitest';
import { checkEvidence, compileDocument, ruleSnapshots } from '../../kernel';
import { compareTexts, compareWithSigned } from './compare';
import { escapeHtml } from './escape-html';
import { recordEvidence } from './evidence';
import { type ReportInput, reportHtml } from './report-html';
import { REFUND_FACT, RULES, RULES_LIMIT_CHANGED, RULES_REFORMATTED } from './test-support';

const INPUTS = {
  name: 'refund',
  text: RULES,
  fact: REFUND_FACT,
  asOf: '2026-01-15T09:00:00Z',
  temporalState: '',
};

function built(inputs = INPUTS) {
  const evidence = recordEvidence(inputs, 'trace-1');
  if (!evidence.ok) throw new Error(evidence.message.en);
  return evidence;
}

function report(overrides: Partial<ReportInput> = {}, inputs = INPUTS): string {
  const b = built(inputs);
  const gloss = new Map((ruleSnapshots(b.compiled) ?? []).map((r) => [r.name, r.gloss]));
  return reportHtml({
    lang: 'en',
    ruleFile: 'refund.erdl.yaml',
    evidenceFile: 'refund.evidence.json',
    rulesetName: 'refund-guard',
    sourceSha256: 'sha256:abc',
    evidence: b.evidence,
    traced: b.traced,
    gloss,
    signer: null,
    redactFact: false,
    diff: null,
    ...overrides,
  });
}

describe('evidence from the Evaluate panel inputs', () => {
  it('records the evaluation so that the kernel check recomputes it', () => {
    const b = built();
    expect(b.evidence.result.decision).toBe('REQUEST_HUMAN');
    expect(b.evidence.result.matched_rules).toEqual(['SEC-001-refund-limit']);
    expect(b.evidence.as_of).toBe('2026-01-15T09:00:00.000Z');
    expect(b.evidence.provenance).toEqual({
      source: 'refund',
      trace_id: 'trace-1',
      policy_id: b.evidence.ruleset_hash,
    });
    expect(b.traced.result_hash).toBe(b.evidence.result_hash);
    expect(b.traced.eval_trace.length).toBeGreaterThan(0);
    const check = checkEvidence(b.document, JSON.parse(JSON.stringify(b.evidence)));
    expect(check.ok).toBe(true);
  });

  it('refuses bad inputs with a bilingual message, never a guess', () => {
    for (const bad of [
      { ...INPUTS, text: 'rules: [' },
      { ...INPUTS, fact: 'fact: [unclosed' },
      { ...INPUTS, asOf: 'yesterday' },
      { ...INPUTS, temporalState: '{"version": 7}' },
    ]) {
      const outcome = recordEvidence(bad, 't');
      expect(outcome.ok).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.message.en.length).toBeGreaterThan(0);
      expect(outcome.message.zh.length).toBeGreaterThan(0);
    }
  });
});

describe('the evaluation report', () => {
  it('has the decision, the matched rule with its gloss, hashes and the CLI steps', () => {
    const html = report();
    expect(html).toContain('REQUEST_HUMAN');
    expect(html).toContain('SEC-001-refund-limit');
    const b = built();
    const gloss = ruleSnapshots(b.compiled)?.[0]?.gloss.en ?? '';
    expect(gloss.length).toBeGreaterThan(0);
    expect(html).toContain(escapeHtml(gloss));
    expect(html).toContain(b.evidence.result_hash);
    expect(html).toContain(b.evidence.fact_hash);
    expect(html).toContain(
      'npm run --silent erdl -- verify-evidence refund.erdl.yaml refund.evidence.json',
    );
    expect(html).toContain('"issue_refund"'.replace(/"/g, '&quot;'));
    expect(html).toContain('Content-Security-Policy" content="default-src \'none\'');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('@media print');
  });

  it('is written in Chinese from the zh template', () => {
    const html = report({ lang: 'zh' });
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('ERDL 求值报告');
    expect(html).toContain('需人工裁决');
  });

  it('leaves the fact out when redacted', () => {
    const fact = '&quot;amount&quot;: 8000';
    expect(report()).toContain(fact);
    const html = report({ redactFact: true });
    expect(html).not.toContain(fact);
    expect(html).toContain('redacted');
  });

  it('escapes everything that comes from the document and the fact', () => {
    const hostile = RULES.replace(
      'Refunds over 5000 require human approval',
      '</p><script>alert(1)</script>',
    ).replace('name: "refund-guard"', 'name: "<img src=x onerror=alert(1)>"');
    const html = report(
      { rulesetName: '<img src=x onerror=alert(1)>', ruleFile: '<b>x</b>.erdl.yaml' },
      {
        ...INPUTS,
        text: hostile,
        fact: 'fact:\n  tool:\n    name: "issue_refund"\n    args: { amount: 8000, note: "<script>alert(2)</script>" }\n',
      },
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>x</b>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('writes out bidi controls and invisible characters (the page reads as the rules run)', () => {
    const html = report(
      { rulesetName: 'refund\u202Eguard\u202C', ruleFile: 'refund\u200B.erdl.yaml' },
      {
        ...INPUTS,
        fact: 'fact:\n  tool:\n    name: "issue_refund"\n    args: { amount: 8000, note: "\u202Etnuocca_eteled\u202C\u00AD" }\n',
      },
    );
    expect(html).toContain('refund⟨U+202E⟩guard⟨U+202C⟩');
    expect(html).toContain('refund⟨U+200B⟩.erdl.yaml');
    expect(html).toContain('⟨U+202E⟩tnuocca_eteled⟨U+202C⟩⟨U+00AD⟩');
    expect(html).not.toMatch(/[\u202E\u202C\u200B\u00AD]/);
  });

  it('names the signer when signed, and shows changes since the last signed export', () => {
    const diff = compareTexts(RULES, RULES_LIMIT_CHANGED);
    const html = report({
      signer: { keyId: 'sha256:feed', signedAt: '2026-09-01T00:00:00.000Z', trustedName: 'Alice' },
      diff,
    });
    // no zone given: UTC, and the report says so
    expect(html).toContain(
      'sha256:feed, signed at 1 Sep 2026, 00:00 (UTC+00:00), trusted as “Alice”',
    );
    expect(html).toContain('Times are shown in UTC (UTC+00:00).');
    expect(html).toContain('npm run --silent erdl -- verify refund.erdl.yaml.dsse.json');
    expect(html).toContain('Changes since the last signed export');
  });

  it('shows the signing time in the zone it is given, in Chinese, and records that zone', () => {
    const signer = {
      keyId: 'sha256:feed',
      signedAt: '2026-12-06T10:30:00.000Z',
      trustedName: null,
    };
    const zh = report({ lang: 'zh', signer, timeZone: 'Asia/Shanghai' });
    expect(zh).toContain('签名时间 2026年12月6日 18:30（UTC+08:00）');
    expect(zh).toContain('时间按 Asia/Shanghai 时区显示（UTC+08:00）。');
    expect(zh).not.toContain('2026-12-06T10:30');
    // the same inputs, the same page; another zone, another page
    expect(report({ lang: 'zh', signer, timeZone: 'Asia/Shanghai' })).toBe(zh);
    expect(report({ lang: 'zh', signer, timeZone: 'Europe/Berlin' })).toContain(
      '11:30（UTC+01:00）',
    );
  });
});

describe('semantic comparison', () => {
  it('formatting and comments are no change; a value edit names the rule with gloss before and after', () => {
    expect(compareTexts(RULES, RULES_REFORMATTED)?.same).toBe(true);
    const diff = compareTexts(RULES, RULES_LIMIT_CHANGED);
    expect(diff?.same).toBe(false);
    expect(diff?.changed.map((c) => [c.name, c.condition_changed])).toEqual([
      ['SEC-001-refund-limit', true],
    ]);
    const changed = diff?.changed[0];
    // The gloss groups thousands (docs/gloss.md, I-94).
    expect(changed?.before.gloss.en).toContain('5,000');
    expect(changed?.after.gloss.en).toContain('9,000');
    expect(changed?.after.gloss.zh).toContain('9,000');
    expect(compareTexts('rules: [', RULES)).toBeNull();
  });

  it('compares against a signed manifest the same way', async () => {
    const { buildManifest } = await import('../../kernel');
    const built = buildManifest(compileDocument(RULES), {
      sourceBytes: new TextEncoder().encode(RULES),
      file: 'refund.erdl.yaml',
      signedAt: '2026-09-01T00:00:00Z',
      signer: { key_id: 'sha256:00', public_key: { kty: 'OKP', crv: 'Ed25519', x: 'AA' } },
    });
    if (!built.ok) throw new Error(built.message.en);
    expect(compareWithSigned(built.manifest, RULES_REFORMATTED)?.same).toBe(true);
    expect(
      compareWithSigned(built.manifest, RULES_LIMIT_CHANGED)?.changed.map((c) => c.name),
    ).toEqual(['SEC-001-refund-limit']);
  });
});
