// Evidence records (§7.0.3, §9.1): build, recompute, tamper, redact, sign.
import { describe, expect, it } from 'vitest';
import {
  buildEvidence,
  checkEvidence,
  type EvidenceRecord,
  factHash,
  redactEvidence,
} from '../src/kernel';
import { checkSignedEvidence, generateKeyPair, signEvidence, signerFromJwk } from '../src/signing';
import { compiled, encode, PAYMENTS } from './signing-support';

const QUICKSTART_FACT = { tool: { name: 'issue_refund', args: { amount: 8000 } } };
const doc = compiled(PAYMENTS).document!;

function evidence(fact: unknown = QUICKSTART_FACT): EvidenceRecord {
  const built = buildEvidence(doc, fact, {
    as_of: '2026-09-03T00:00:00Z',
    source: 'payments.erdl.yaml',
    trace_id: 'trace-42',
  });
  if (!built.ok) throw new Error(built.message.en);
  return built.evidence;
}

const failed = (check: ReturnType<typeof checkEvidence>) =>
  check.findings.filter((f) => !f.ok).map((f) => f.subject);

describe('evidence record', () => {
  it('holds the hashes, fact, states, result, matched trees, versions and provenance', () => {
    const e = evidence();
    expect(e).toMatchObject({
      format: 'erdl-evidence/1',
      redacted: false,
      ruleset_hash: doc.hash,
      as_of: '2026-09-03T00:00:00.000Z',
      fact: QUICKSTART_FACT,
      temporal_state_in: { version: 1, windows: {} },
      result: { decision: 'REQUEST_HUMAN', matched_rules: ['PAY-001-large-refund'] },
      kernel_version: '0.1.0',
      spec: { version: 'v2.1', protocol: 'erdl/v2', format_version: '2.1.0' },
      provenance: { source: 'payments.erdl.yaml', trace_id: 'trace-42', policy_id: doc.hash },
    });
    expect(e.fact_hash).toBe((factHash(QUICKSTART_FACT) as { hash: string }).hash);
    expect(e.matched).toHaveLength(1);
    expect(e.matched[0]).toMatchObject({ name: 'PAY-001-large-refund', hash: doc.rules[0]!.hash });
    expect(e.matched[0]!.when).toEqual(doc.rules[0]!.when);
  });

  it('the result hash is the documented §11 result hash (Quick Start example)', () => {
    const quick = compiled(
      PAYMENTS.slice(0, PAYMENTS.indexOf('  - name: "PAY-002'))
        .replace('payments', 'refund-guard')
        .replace('PAY-001-large-refund', 'SEC-001-refund-limit')
        .replace(
          'Refund over 5000 needs approval',
          'Refund amount over 5000, human approval required',
        ),
    ).document!;
    expect(quick.hash).toBe(
      'sha256:6dd87098b91d3205ba2643d2df896d8b4391a4700a649976a6dac03fcb25b5fd',
    );
    const built = buildEvidence(quick, QUICKSTART_FACT, {
      as_of: '2026-09-03T00:00:00Z',
      source: 'q',
      trace_id: 't',
    });
    expect(built.ok && built.evidence.result_hash).toBe(
      'sha256:a945bea8733cf075485fe6f9f7845763b50f87984080f430b1cbc286ec8a4bf1',
    );
  });

  it('recompute: a full record is confirmed from the rules and the fact', () => {
    const check = checkEvidence(doc, JSON.parse(JSON.stringify(evidence())));
    expect(failed(check)).toEqual([]);
    expect(check).toMatchObject({ ok: true, recomputed: true, redacted: false });
    expect(check.findings.map((f) => f.subject)).toEqual(
      expect.arrayContaining([
        'ruleset_hash',
        'result_hash',
        'result.decision',
        'matched PAY-001-large-refund',
      ]),
    );
  });

  it('tampering with the fact, the decision, the result hash or the rules is caught and named', () => {
    const e = evidence();
    const altered = structuredClone(e) as unknown as {
      fact: { tool: { args: { amount: number } } };
    };
    altered.fact.tool.args.amount = 10;
    expect(failed(checkEvidence(doc, altered))).toEqual(
      expect.arrayContaining(['fact_hash', 'result.decision', 'result_hash']),
    );
    expect(
      failed(checkEvidence(doc, { ...e, result: { ...e.result, decision: 'ALLOW' } })),
    ).toEqual(['result.decision']);
    expect(failed(checkEvidence(doc, { ...e, result_hash: `sha256:${'0'.repeat(64)}` }))).toEqual([
      'result_hash',
    ]);
    const otherRules = compiled(PAYMENTS.replace('value: 5000', 'value: 7000')).document!;
    const check = checkEvidence(otherRules, e);
    expect(check.ok).toBe(false);
    expect(failed(check)).toEqual(
      expect.arrayContaining(['ruleset_hash', 'matched PAY-001-large-refund']),
    );
    expect(check.findings.find((f) => f.subject === 'ruleset_hash')?.message.zh).toMatch(/不一致/);
  });

  it('bad input is refused with a message, never a throw', () => {
    expect(
      buildEvidence(doc, { x: Number.NaN }, { as_of: '2026-01-01', source: '', trace_id: '' }).ok,
    ).toBe(false);
    expect(buildEvidence(doc, {}, { as_of: 'soon', source: '', trace_id: '' }).ok).toBe(false);
    expect(
      buildEvidence(doc, {}, { as_of: '2026-01-01', temporal_state: 5, source: '', trace_id: '' })
        .ok,
    ).toBe(false);
    for (const junk of [null, 7, [], { format: 'erdl-evidence/1' }]) {
      const check = checkEvidence(doc, junk);
      expect(check.ok).toBe(false);
      expect(check.findings.length).toBeGreaterThan(0);
      expect(check.findings[0]!.message.zh).toMatch(/证据/);
    }
    // A constant member that is missing is said to be missing, not "found undefined".
    const missing = checkEvidence(doc, {}).findings.map((f) => f.message);
    const format = missing.find((m) => / format: /.test(m.en));
    expect(format?.en).toMatch(/ format: must be "erdl-evidence\/1", but it is missing$/);
    expect(format?.zh).toMatch(/ format：必须是“erdl-evidence\/1”，但缺少此项$/);
    expect(missing.map((m) => m.en).join('\n')).not.toMatch(/undefined/);
    const wrong = checkEvidence(doc, { format: 'erdl-evidence/9' }).findings.map((f) => f.message);
    expect(wrong.find((m) => / format: /.test(m.en))?.en).toMatch(
      /must be "erdl-evidence\/1", found "erdl-evidence\/9"$/,
    );
  });
});

describe('redacted evidence', () => {
  const full = evidence();
  const redacted = redactEvidence(full);

  it('keeps the decision, rule names and hashes; drops the fact, states, texts and trees', () => {
    const text = JSON.stringify(redacted);
    expect(redacted.redacted).toBe(true);
    expect(text).not.toContain('issue_refund');
    expect(text).not.toContain('8000');
    expect(text).not.toContain('"when"');
    expect(text).not.toContain('Refund over');
    expect(redacted.result).toEqual({
      decision: 'REQUEST_HUMAN',
      matched_rules: ['PAY-001-large-refund'],
      deciding_rule: 'PAY-001-large-refund',
    });
  });

  it("its hashes are the full record's hashes, and consistent with the rules, but it cannot be recomputed", () => {
    for (const key of [
      'ruleset_hash',
      'fact_hash',
      'result_hash',
      'temporal_state_in_hash',
    ] as const)
      expect(redacted[key]).toBe(full[key]);
    const check = checkEvidence(doc, JSON.parse(JSON.stringify(redacted)));
    expect(check).toMatchObject({ ok: false, recomputed: false, redacted: true });
    expect(failed(check)).toEqual(['redacted']);
    expect(check.findings.find((f) => f.subject === 'redacted')?.message.en).toMatch(
      /cannot be recomputed/,
    );
    const wrongHash = {
      ...redacted,
      matched: [{ ...redacted.matched[0]!, hash: `sha256:${'1'.repeat(64)}` }],
    };
    expect(failed(checkEvidence(doc, wrongHash))).toEqual([
      'matched PAY-001-large-refund',
      'redacted',
    ]);
  });
});

describe('signed evidence', () => {
  it('signs like a manifest; the signature verifies and the payload recomputes; a flip fails', async () => {
    const pair = await generateKeyPair();
    const signer = await signerFromJwk(pair.privateKey);
    if (!signer.ok) throw new Error(signer.message.en);
    const signed = await signEvidence(evidence(), signer.signer, '2026-09-03T01:00:00Z');
    if (!signed.ok) throw new Error(signed.message.en);
    const check = await checkSignedEvidence(encode(signed.text));
    expect(check.signature).toBe('valid');
    expect(checkEvidence(doc, check.payload).ok).toBe(true);
    const bytes = encode(signed.text);
    bytes[40] = (bytes[40] as number) ^ 4;
    expect((await checkSignedEvidence(bytes)).signature).not.toBe('valid');
    expect((await signEvidence(evidence(), signer.signer, 'later')).ok).toBe(false);
  });
});
