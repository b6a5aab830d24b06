// The derived signature verdict: verification record + the analysis of the text now + the keys
// trusted now → one verdict, one reason (bad signature / signer not trusted / hashes differ).
import { beforeAll, describe, expect, it } from 'vitest';
import { compareWithManifest, compileDocument } from '../../kernel';
import {
  type SignatureVerdict,
  type TrustedSigner,
  verdictChangeLines,
  verdictHeadline,
  verdictReason,
} from '../../signing';
import type { Analysis, AnalysisEntry } from '../store/types';
import { memoryKeyStorage } from './key-storage';
import {
  currentTextOf,
  studioVerdict,
  type TextComparison,
  textSha,
  trustedNow,
} from './signature-verdict';
import { createSigningStore, type DocumentVerification } from './signing-state';
import { RULES, RULES_LIMIT_CHANGED, RULES_REFORMATTED, signWithOwnKey } from './test-support';

const AT = '2026-09-01T00:00:00.000Z';
const encode = (text: string) => new TextEncoder().encode(text);

/** The store's analysis of a text: only what the verdict reads is real (the document hash). */
function analysed(text: string): AnalysisEntry {
  const analysis = {
    ok: true,
    diagnostics: [],
    documentHash: compileDocument(text).document?.hash ?? null,
    rulesetName: null,
    fallbackDecision: null,
    rules: [],
    fields: [],
    unnamedFields: [],
    missingNames: [],
    dictionaryProblems: [],
    elapsedMs: 0,
  } satisfies Analysis;
  return { analysis, text };
}

let record: DocumentVerification;
let own: TrustedSigner[];
const stranger: TrustedSigner[] = [{ keyId: `sha256:${'0'.repeat(64)}`, name: 'someone else' }];

beforeAll(async () => {
  const signing = createSigningStore(
    async () => memoryKeyStorage(),
    memoryKeyStorage,
    () => new Date(AT),
  );
  await signing.generateKey();
  const signed = await signWithOwnKey(signing, RULES, AT);
  record = await signing.verifyDocument('doc', {
    signatureFile: signed.signatureFile,
    ruleFile: 'refund.erdl.yaml',
    text: RULES,
    sourceBytes: signed.sourceBytes,
    envelopeBytes: encode(signed.signatureText),
  });
  own = trustedNow(signing.store.getState(), 'en');
});

/** The worker's comparison of a text, as the Export panel receives it. */
function compared(text: string): TextComparison {
  const manifest = record.report.manifest;
  if (!manifest) throw new Error('no manifest');
  return { text, comparison: compareWithManifest(manifest, encode(text), compileDocument(text)) };
}

function verdict(
  text: string,
  options: {
    trusted?: readonly TrustedSigner[];
    entry?: AnalysisEntry | undefined;
    compared?: TextComparison | undefined;
    of?: DocumentVerification;
  } = {},
): SignatureVerdict {
  const entry = 'entry' in options ? options.entry : analysed(text);
  const current = currentTextOf(options.of ?? record, text, entry, textSha, options.compared);
  return studioVerdict(options.of ?? record, options.trusted ?? own, current);
}

/** The record of the same signature file with one signature byte flipped. */
function flipped(): DocumentVerification {
  return {
    ...record,
    report: {
      ...record.report,
      signature: 'invalid',
      signatureProblems: [{ en: 'signature is NOT valid for key x', zh: '签名无效（密钥 x）' }],
    },
  };
}

describe('the signature verdict, derived from the text and trusted keys now', () => {
  it('unchanged: the text opened with the signature, signed by a trusted key', () => {
    const v = verdict(RULES);
    expect(v).toMatchObject({
      kind: 'unchanged',
      signerName: 'your signing key',
      trustJudged: true,
    });
    expect(verdictHeadline(v)).toEqual({ en: 'Signed, unchanged', zh: '已签名，未改动' });
    expect(verdictReason(v).en).toContain('document hash and bytes equal the signed manifest’s');
  });

  it('one rule edited: changed since signed, naming that rule only, once its rules are compared', () => {
    const pending = verdict(RULES_LIMIT_CHANGED);
    expect(pending).toMatchObject({ kind: 'changed', changes: null });
    expect(verdictHeadline(pending).en).toBe('Changed since signed — checking which rules…');
    // A comparison of another (older) text is never used for this one.
    expect(
      verdict(RULES_LIMIT_CHANGED, { compared: compared(`${RULES_LIMIT_CHANGED}\n`) }),
    ).toMatchObject({ kind: 'changed', changes: null });
    const v = verdict(RULES_LIMIT_CHANGED, { compared: compared(RULES_LIMIT_CHANGED) });
    expect(verdictHeadline(v)).toEqual({
      en: 'Changed since signed — 1 rule differs',
      zh: '签名后已改动——1 条规则不同',
    });
    expect(verdictChangeLines(v)).toEqual([
      {
        en: 'rule "SEC-001-refund-limit" changed since signing (its condition)',
        zh: '规则“SEC-001-refund-limit”自签名后已改动（条件）',
      },
    ]);
    expect(JSON.stringify(v)).not.toContain('SEC-002');
    // Undoing the edit: signed, unchanged again (nothing was remembered).
    expect(verdict(RULES).kind).toBe('unchanged');
  });

  it('a rule added and a rule removed are named as such', () => {
    const added = RULES.replace(
      '  - name: "SEC-002-block-delete"',
      `  - name: "SEC-003-new"
    description: "Wiping is never allowed"
    priority: 15
    when:
      logic: AND
      conditions:
        - { field: "tool.name", operator: eq, value: "wipe" }
    then: DENY
    message: "Wiping is blocked"
  - name: "SEC-002-block-delete"`,
    );
    const v = verdict(added, { compared: compared(added) });
    expect(verdictHeadline(v).en).toBe('Changed since signed — 1 rule differs');
    expect(verdictChangeLines(v).map((l) => l.en)).toEqual([
      'rule "SEC-003-new" was added since signing',
    ]);
    const removed = RULES.slice(0, RULES.indexOf('  - name: "SEC-002-block-delete"'));
    const r = verdict(removed, { compared: compared(removed) });
    expect(verdictChangeLines(r).map((l) => l.en)).toEqual([
      'rule "SEC-002-block-delete" was removed since signing',
    ]);
    expect(verdictChangeLines(r).map((l) => l.zh)).toEqual([
      '规则“SEC-002-block-delete”在签名后被删除',
    ]);
  });

  it('a comment-only edit keeps the document hash but is not the signed file: no rule named', () => {
    const v = verdict(RULES_REFORMATTED);
    expect(v).toMatchObject({ kind: 'changed', changes: { bytesOnly: true, changed: [] } });
    expect(verdictHeadline(v).en).toBe('Changed since signed');
    expect(verdictReason(v).en).toContain('no rule differs');
  });

  it('analysis pending (none yet, or of an older text): checking, never the old verdict', () => {
    expect(verdict(RULES, { entry: undefined }).kind).toBe('checking');
    const v = verdict(RULES_LIMIT_CHANGED, { entry: analysed(RULES) });
    expect(v.kind).toBe('checking');
    expect(verdictHeadline(v)).toEqual({
      en: 'Signed — checking the current text…',
      zh: '已签名——正在核对当前文本…',
    });
  });

  it('document hash still being computed for the text now: checking, not "changed" nor "unchanged"', () => {
    for (const text of [RULES, RULES_LIMIT_CHANGED]) {
      const entry = analysed(text);
      const pending: AnalysisEntry = {
        text,
        analysis: { ...entry.analysis, documentHash: null, documentHashPending: true },
      };
      expect(verdict(text, { entry: pending }).kind).toBe('checking');
    }
    // Once known, the verdicts they lead to differ: the pending state hid a real difference.
    expect(verdict(RULES).kind).not.toBe(verdict(RULES_LIMIT_CHANGED).kind);
  });

  it('bad signature: one reason, no signer, whatever the text and trust', () => {
    for (const text of [RULES, RULES_LIMIT_CHANGED]) {
      const v = verdict(text, { of: flipped(), compared: compared(text) });
      expect(v.kind).toBe('bad-signature');
      expect(verdictHeadline(v).en).toBe('NOT verified — bad signature');
      expect(verdictReason(v).en).not.toMatch(/trusted \(/);
      expect(verdictChangeLines(v)).toEqual([]);
    }
    expect(verdict(RULES, { of: flipped(), entry: undefined }).kind).toBe('bad-signature');
  });

  it('untrusted signer, then trusted: the verdict follows the trust list at once', () => {
    const untrusted = verdict(RULES, { trusted: stranger });
    expect(untrusted.kind).toBe('untrusted');
    expect(verdictHeadline(untrusted)).toEqual({
      en: 'NOT verified — signer not trusted',
      zh: '未通过验证——签名者不受信任',
    });
    expect(verdict(RULES, { trusted: [...stranger, ...own] }).kind).toBe('unchanged');
  });

  it('hashes differ and the signer is untrusted: the signer is the reason; trusting it shows the rules', () => {
    const text = RULES_LIMIT_CHANGED;
    const v = verdict(text, { trusted: stranger, compared: compared(text) });
    expect(v.kind).toBe('untrusted');
    expect(verdictChangeLines(v)).toEqual([]);
    const trusted = verdict(text, { trusted: [...stranger, ...own], compared: compared(text) });
    expect(trusted.kind).toBe('changed');
    expect(verdictReason(trusted).en).toMatch(/^Hashes differ/);
    expect(
      verdictChangeLines(trusted)
        .map((l) => l.en)
        .join(),
    ).toContain('SEC-001-refund-limit');
  });

  it('a text that no longer loads is changed since signed, saying so', () => {
    const broken = `${RULES}  - name: [`;
    const v = verdict(broken, { compared: compared(broken) });
    expect(v).toMatchObject({ kind: 'changed' });
    expect(verdictReason(v).en).toMatch(/^Hashes differ: the text no longer loads/);
    expect(verdictReason(v).zh).toMatch(/^哈希不一致：文本已无法加载/);
  });
});

describe('required roles (the studio’s erdl verify --require-roles)', () => {
  it('a file without the required role is never "Signed, unchanged": the verdict names the role', () => {
    const current = currentTextOf(record, RULES, analysed(RULES), textSha, undefined);
    expect(studioVerdict(record, own, current, null).kind).toBe('unchanged');
    const v = studioVerdict(record, own, current, { roles: ['reviewer'] });
    expect(v).toMatchObject({ kind: 'unmet', missingRoles: ['reviewer'] });
    expect(verdictHeadline(v)).toEqual({
      en: 'NOT verified — required role missing: reviewer',
      zh: '未通过验证——缺少必需的签名身份：审核人',
    });
    expect(verdictReason(v).en).toContain(
      'required role reviewer: no valid signature in this role',
    );
    expect(verdictReason(v).zh).toContain('必需签名身份“审核人”：没有该签名身份的有效签名');
    const both = studioVerdict(record, own, current, { roles: ['author', 'reviewer'] });
    expect(verdictHeadline(both).en).toBe(
      'NOT verified — required roles missing: author, reviewer',
    );
    expect(verdictHeadline(both).zh).toBe('未通过验证——缺少必需的签名身份：作者、审核人');
    // A bad signature stays the one reason, whatever is required.
    expect(studioVerdict(flipped(), own, current, { roles: ['reviewer'] }).kind).toBe(
      'bad-signature',
    );
  });
});
