// Issue #37 points 6 and 7: the reviewer's signed opinion, and trusted keys as a file
// (`erdl verify --trust` repeatable, each a JWK, an array or a JWK Set).
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../src/kernel';
import {
  addRoleSignature,
  checkedText,
  deriveVerdict,
  envelopeText,
  fromBase64,
  generateKeyPair,
  signatureFacts,
  signerFromJwk,
  signRuleFile,
  type TrustedKey,
  toBase64,
  verdictHeadline,
  verifyRuleFile,
} from '../src/signing';
import { decode, encode, erdl, memoryIo, PAYMENTS } from './signing-support';

const AT = '2026-09-01T00:00:00Z';

async function person(name: string) {
  const pair = await generateKeyPair();
  const signer = await signerFromJwk(pair.privateKey);
  if (!signer.ok) throw new Error('no signer');
  return {
    ...pair,
    signer: signer.signer,
    trust: { keyId: pair.keyId, publicKey: pair.publicKey, name },
  };
}

async function reviewed(opinion?: 'approve' | 'return', comment?: string) {
  const alice = await person('Alice Chen');
  const bob = await person('李博');
  const signed = await signRuleFile({
    sourceBytes: encode(PAYMENTS),
    file: 'pay.erdl.yaml',
    signedAt: AT,
    signer: alice.signer,
  });
  if (!signed.ok) throw new Error('not signed');
  const payload = fromBase64(signed.envelope.payload) as Uint8Array;
  const authored = await addRoleSignature(signed.envelope, payload, {
    role: 'author',
    signer: alice.signer,
    name: 'Alice Chen',
    signedAt: AT,
  });
  const envelope = await addRoleSignature(authored, payload, {
    role: 'reviewer',
    signer: bob.signer,
    name: '李博',
    signedAt: '2026-09-02T00:00:00Z',
    ...(opinion ? { opinion } : {}),
    ...(comment ? { comment } : {}),
  });
  return { alice, bob, envelope, payload };
}

async function verdictOf(envelope: Parameters<typeof envelopeText>[0], trusted: TrustedKey[]) {
  const report = await verifyRuleFile({
    sourceBytes: encode(PAYMENTS),
    envelopeBytes: encode(envelopeText(envelope)),
    trusted,
  });
  return {
    report,
    verdict: deriveVerdict(signatureFacts(report), trusted, checkedText(report), {
      roles: ['author', 'reviewer'],
    }),
  };
}

describe("the reviewer's opinion, signed", () => {
  it('is inside the signed statement: read back, and a changed opinion breaks the signature', async () => {
    const { alice, bob, envelope } = await reviewed('return', '金额阈值应为 5,000，请改正');
    const { report, verdict } = await verdictOf(envelope, [alice.trust, bob.trust]);
    expect(report.signature).toBe('valid');
    const reviewer = report.roles.find((r) => r.role === 'reviewer');
    expect(reviewer?.opinion).toBe('return');
    expect(reviewer?.comment).toBe('金额阈值应为 5,000，请改正');
    // A return for changes does not count for the reviewer role.
    expect(verdict.kind).toBe('unmet');
    expect(verdictHeadline(verdict)).toEqual({
      en: 'NOT verified — the reviewer returned it for changes: 金额阈值应为 5,000，请改正',
      zh: '未通过验证——审核人已退回修改：金额阈值应为 5,000，请改正',
    });
    // Rewriting the statement's opinion to approve: the signature no longer verifies.
    const entry = envelope.signatures[2] as { sig: string; statement: string; keyid: string };
    const statement = decode(fromBase64(entry.statement) as Uint8Array).replace(
      '"opinion":"return"',
      '"opinion":"approve"',
    );
    const forged = {
      ...envelope,
      signatures: [
        ...envelope.signatures.slice(0, 2),
        { ...entry, statement: toBase64(encode(statement)) },
      ],
    };
    const after = await verdictOf(forged, [alice.trust, bob.trust]);
    expect(after.report.signature).toBe('invalid');
    expect(after.verdict.kind).toBe('bad-signature');
  });

  it('an approving review, and one without an opinion (files before #37), meet the reviewer role', async () => {
    for (const opinion of ['approve', undefined] as const) {
      const { alice, bob, envelope } = await reviewed(opinion);
      const { verdict, report } = await verdictOf(envelope, [alice.trust, bob.trust]);
      expect(verdict.kind).toBe('unchanged');
      expect(report.roles.find((r) => r.role === 'reviewer')?.opinion ?? null).toBe(
        opinion ?? null,
      );
    }
  });

  it('refuses an opinion on an author statement, an unknown opinion and a comment without one', async () => {
    const { alice, envelope, payload } = await reviewed('approve');
    await expect(
      addRoleSignature(envelope, payload, {
        role: 'author',
        signer: alice.signer,
        signedAt: AT,
        opinion: 'approve',
      }),
    ).rejects.toThrow(/only a reviewer/);
    // A statement (canonical, so only its opinion or comment is wrong).
    const bad = async (patch: (st: Record<string, unknown>) => void) => {
      const entry = envelope.signatures[2] as { sig: string; statement: string; keyid: string };
      const st = JSON.parse(decode(fromBase64(entry.statement) as Uint8Array));
      patch(st);
      const signatures = [
        ...envelope.signatures.slice(0, 2),
        { ...entry, statement: toBase64(encode(canonicalJson(st))) },
      ];
      const report = await verifyRuleFile({
        sourceBytes: encode(PAYMENTS),
        envelopeBytes: encode(envelopeText({ ...envelope, signatures })),
      });
      expect(report.signature).toBe('invalid');
      return report.signatureProblems.map((p) => `${p.en} | ${p.zh}`).join('\n');
    };
    expect(
      await bad((st) => {
        st.opinion = 'maybe';
      }),
    ).toMatch(/is not an opinion.*\|.*不是审核结论/);
    expect(
      await bad((st) => {
        delete st.opinion;
        st.comment = 'ok';
      }),
    ).toMatch(/"comment" needs an "opinion"/);
    expect(
      await bad((st) => {
        st.role = 'author';
      }),
    ).toMatch(/only a reviewer signature carries/);
    expect(
      await bad((st) => {
        st.comment = 'a\u0007b';
      }),
    ).toMatch(/control characters/);
  });
});

describe('erdl sign --opinion / --comment, erdl verify', () => {
  async function workspace() {
    const io = memoryIo({ 'pay.erdl.yaml': PAYMENTS });
    expect(await erdl(io, 'keygen', '--out', 'alice.jwk', '--name', 'Alice Chen')).toBe(0);
    expect(await erdl(io, 'keygen', '--out', 'bob.jwk', '--name', '李博')).toBe(0);
    expect(
      await erdl(
        io,
        'sign',
        'pay.erdl.yaml',
        '--key',
        'alice.jwk',
        '--role',
        'author',
        '--time',
        AT,
      ),
    ).toBe(0);
    return io;
  }
  const verifyBoth = (io: ReturnType<typeof memoryIo>) =>
    erdl(
      io,
      'verify',
      'pay.erdl.yaml',
      '--trust',
      'alice.pub.jwk',
      '--trust',
      'bob.pub.jwk',
      '--require-roles',
      'author,reviewer',
    );

  it('a return for changes fails --require-roles reviewer with the comment; a new approval replaces it', async () => {
    const io = await workspace();
    const review = (...extra: string[]) =>
      erdl(io, 'sign', 'pay.erdl.yaml', '--key', 'bob.jwk', '--role', 'reviewer', ...extra);
    expect(await review('--opinion', 'return', '--comment', '阈值应为 5,000')).toBe(0);
    expect(await verifyBoth(io)).toBe(1);
    const out = io.stdout.join('\n');
    expect(out).toContain('    opinion: return for changes / 审核结论：退回修改');
    expect(out).toContain('    comment: 阈值应为 5,000 / 审核意见：阈值应为 5,000');
    expect(out).toContain(
      '  verdict: NOT verified — the reviewer returned it for changes: 阈值应为 5,000',
    );
    expect(io.stderr.join('\n')).toContain('审核人“李博”已退回修改：阈值应为 5,000');
    // The same key approves: its earlier review is replaced (a key signs a role once).
    expect(await review('--opinion', 'approve')).toBe(0);
    const file = JSON.parse(decode(io.files.get('pay.erdl.yaml.dsse.json')!));
    expect(file.signatures).toHaveLength(3);
    expect(await verifyBoth(io)).toBe(0);
    expect(io.stdout.join('\n')).toContain('    opinion: approve / 审核结论：批准');
  });

  it('usage errors: --opinion without --role reviewer, a bad opinion, --comment alone, an empty comment', async () => {
    const io = await workspace();
    const sign = (...extra: string[]) =>
      erdl(io, 'sign', 'pay.erdl.yaml', '--key', 'bob.jwk', ...extra);
    expect(await sign('--role', 'author', '--opinion', 'approve')).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/--opinion needs --role reviewer/);
    expect(await sign('--role', 'reviewer', '--opinion', 'ok')).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/--opinion must be approve or return/);
    expect(await sign('--role', 'reviewer', '--comment', 'x')).toBe(2);
    expect(await sign('--role', 'reviewer', '--opinion', 'return', '--comment', '  ')).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/审核意见不能为空/);
  });
});

describe('erdl verify --trust, repeatable', () => {
  it('trusts the union of a JWK, an array and a JWK Set, a key given twice once; a bad file names itself', async () => {
    const io = memoryIo({ 'pay.erdl.yaml': PAYMENTS });
    expect(await erdl(io, 'keygen', '--out', 'alice.jwk', '--name', 'Alice Chen')).toBe(0);
    expect(await erdl(io, 'keygen', '--out', 'bob.jwk', '--name', '李博')).toBe(0);
    const alice = JSON.parse(decode(io.files.get('alice.pub.jwk')!));
    const bob = JSON.parse(decode(io.files.get('bob.pub.jwk')!));
    io.files.set('team.jwks', encode(JSON.stringify({ keys: [alice, bob] })));
    io.files.set('list.json', encode(JSON.stringify([bob])));
    io.files.set('empty.jwks', encode('{"keys":[]}'));
    io.files.set('bad.jwks', encode('{"keys":[{"kty":"RSA"}]}'));
    const sign = (key: string, role: string) =>
      erdl(io, 'sign', 'pay.erdl.yaml', '--key', key, '--role', role, '--time', AT);
    expect(await sign('alice.jwk', 'author')).toBe(0);
    expect(await sign('bob.jwk', 'reviewer')).toBe(0);
    const verify = (...trust: string[]) =>
      erdl(
        io,
        'verify',
        'pay.erdl.yaml',
        ...trust.flatMap((t) => ['--trust', t]),
        '--require-roles',
        'author,reviewer',
      );
    expect(await verify('alice.pub.jwk')).toBe(1);
    expect(await verify('alice.pub.jwk', 'list.json')).toBe(0);
    expect(await verify('team.jwks', 'alice.pub.jwk', 'list.json')).toBe(0);
    expect(await verify('alice.pub.jwk', 'bad.jwks')).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/bad\.jwks: key 1:/);
    expect(await verify('empty.jwks')).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/empty\.jwks: holds no key/);
  });
});
