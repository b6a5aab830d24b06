// Issue #19 points 2 and 3: key names, passphrase backups, author and reviewer signatures.
import { describe, expect, it } from 'vitest';
import { hashBytes } from '../src/kernel';
import {
  addRoleSignature,
  BACKUP_ITERATIONS,
  backupKey,
  envelopeText,
  fromBase64,
  generateKeyPair,
  keyFileText,
  missingRoles,
  readEnvelope,
  readPublicJwk,
  reportSignature,
  restoreKeyJwk,
  restoreKeyNonExtractable,
  signerFromCryptoKey,
  signerFromJwk,
  signRuleFile,
  type TrustedKey,
  toBase64,
  verifyRuleFile,
} from '../src/signing';
import { decode, encode, erdl, memoryIo, PAYMENTS } from './signing-support';

const AT = '2026-09-01T00:00:00Z';

async function person(name?: string) {
  const pair = await generateKeyPair();
  const signer = await signerFromJwk(pair.privateKey);
  if (!signer.ok) throw new Error('no signer');
  const trust: TrustedKey = {
    keyId: pair.keyId,
    publicKey: pair.publicKey,
    ...(name ? { name } : {}),
  };
  return { ...pair, signer: signer.signer, trust, name };
}

/** PAYMENTS signed by the author (plain + author role) and co-signed by the reviewer. */
async function makerChecker(text = PAYMENTS) {
  const alice = await person('Alice Chen');
  const bob = await person('李博');
  const signed = await signRuleFile({
    sourceBytes: encode(text),
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
  const reviewed = await addRoleSignature(authored, payload, {
    role: 'reviewer',
    signer: bob.signer,
    name: '李博',
    signedAt: '2026-09-02T00:00:00Z',
  });
  return { alice, bob, signed, authored, reviewed, payload };
}

const verifyText = (
  envelope: Parameters<typeof envelopeText>[0],
  trusted?: TrustedKey[],
  text = PAYMENTS,
) =>
  verifyRuleFile({
    sourceBytes: encode(text),
    envelopeBytes: encode(envelopeText(envelope)),
    ...(trusted ? { trusted } : {}),
  });

describe('key names', () => {
  it('round-trip through the JWK member "name", which does not change the key id', async () => {
    const pair = await generateKeyPair();
    const named = JSON.parse(keyFileText(pair.publicKey, 'Alice Chen'));
    const plain = JSON.parse(keyFileText(pair.publicKey));
    expect(named.name).toBe('Alice Chen');
    expect(plain).not.toHaveProperty('name');
    const read = readPublicJwk(named);
    expect(read.ok && read.name).toBe('Alice Chen');
    expect(read.ok && read.keyId).toBe(pair.keyId);
    expect(named.kid).toBe(plain.kid);
    const zh = readPublicJwk(JSON.parse(keyFileText(pair.privateKey, '华东支付有限公司')));
    expect(zh.ok && zh.name).toBe('华东支付有限公司');
  });

  it('refuses a malformed name in both languages', () => {
    for (const name of ['', ' Alice', 'a\nb', 7, 'x'.repeat(121)]) {
      const read = readPublicJwk({ kty: 'OKP', crv: 'Ed25519', x: 'A'.repeat(43), name });
      expect(read.ok).toBe(false);
      if (!read.ok) expect(read.message.zh).toMatch(/密钥名称/);
    }
  });
});

// PBKDF2 with 600,000 iterations takes about half a second per derivation on an idle machine,
// several seconds on the shared test machine.
const KDF_TIMEOUT = 60_000;

describe('passphrase backups', () => {
  it(
    'a JWK backup restores with the right passphrase, and a wrong one is a clear error',
    async () => {
      const pair = await generateKeyPair();
      const backup = await backupKey(
        pair.privateKey,
        pair.publicKey,
        'correct horse battery',
        'Alice',
      );
      if (!backup.ok) throw new Error('no backup');
      expect(backup.backup.kdf.iterations).toBeGreaterThanOrEqual(600_000);
      expect(backup.backup.kdf.iterations).toBe(BACKUP_ITERATIONS);
      expect(backup.text).not.toContain(pair.privateKey.d);
      const value = JSON.parse(backup.text);
      const restored = await restoreKeyJwk(value, 'correct horse battery');
      expect(restored.ok && restored.privateKey.d).toBe(pair.privateKey.d);
      expect(restored.ok && restored.name).toBe('Alice');
      expect(restored.ok && restored.keyId).toBe(pair.keyId);
      const wrong = await restoreKeyJwk(value, 'correct horse battery!');
      expect(wrong.ok).toBe(false);
      if (!wrong.ok) {
        expect(wrong.message.en).toMatch(/wrong passphrase/);
        expect(wrong.message.zh).toMatch(/口令错误/);
      }
      // The public part is bound: renaming the key in the backup makes it fail too.
      const renamed = { ...value, public_key: { ...value.public_key, name: 'Mallory' } };
      expect((await restoreKeyJwk(renamed, 'correct horse battery')).ok).toBe(false);
      expect((await restoreKeyJwk({ format: 'nope' }, 'x')).ok).toBe(false);
      const weak = { ...value, kdf: { ...value.kdf, iterations: 1000 } };
      const refused = await restoreKeyJwk(weak, 'correct horse battery');
      // The refusal states the accepted range, in both languages.
      expect(!refused.ok && refused.message.en).toMatch(
        /iteration count 1,000 is outside the accepted range 600,000–60,000,000/,
      );
      expect(!refused.ok && refused.message.zh).toMatch(/不在可接受范围 600,000–60,000,000 内/);
    },
    KDF_TIMEOUT,
  );

  it(
    'refuses a short passphrase',
    async () => {
      const pair = await generateKeyPair();
      const backup = await backupKey(pair.privateKey, pair.publicKey, 'short');
      expect(!backup.ok && backup.message.zh).toMatch(/口令至少需要 10 个字符/);
    },
    KDF_TIMEOUT,
  );

  it(
    'an extractable CryptoKey backup restores as a non-extractable key that signs',
    async () => {
      const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
        'sign',
        'verify',
      ])) as CryptoKeyPair;
      const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
      const publicKey = { kty: 'OKP', crv: 'Ed25519', x: jwk.x as string } as const;
      const backup = await backupKey(pair.privateKey, publicKey, 'a long passphrase', '李博');
      if (!backup.ok) throw new Error('no backup');
      const restored = await restoreKeyNonExtractable(JSON.parse(backup.text), 'a long passphrase');
      if (!restored.ok) throw new Error(restored.message.en);
      expect(restored.privateKey.extractable).toBe(false);
      expect(restored.name).toBe('李博');
      const signer = signerFromCryptoKey(restored.privateKey, restored.publicKey);
      const signed = await signRuleFile({
        sourceBytes: encode(PAYMENTS),
        file: 'p.erdl.yaml',
        signedAt: AT,
        signer,
      });
      expect(signed.ok).toBe(true);
      const wrong = await restoreKeyNonExtractable(JSON.parse(backup.text), 'another passphrase');
      expect(!wrong.ok && wrong.message.zh).toMatch(/口令错误/);
    },
    KDF_TIMEOUT,
  );
});

describe('author and reviewer signatures', () => {
  it('verify together: each role named, signed and trusted', async () => {
    const { alice, bob, reviewed } = await makerChecker();
    const report = await verifyText(reviewed, [alice.trust, bob.trust]);
    expect(report.ok).toBe(true);
    expect(report.roles.map((r) => [r.role, r.name, r.keyId, r.trusted])).toEqual([
      ['author', 'Alice Chen', alice.keyId, true],
      ['reviewer', '李博', bob.keyId, true],
    ]);
    expect(missingRoles(report.roles, ['author', 'reviewer'])).toEqual([]);
    // Only the author trusted: the reviewer role is named as not trusted.
    const half = await verifyText(reviewed, [alice.trust]);
    expect(missingRoles(half.roles, ['author', 'reviewer']).map((p) => p.en)).toEqual([
      'required role reviewer: signed, but not by a trusted key',
    ]);
  });

  it('a single-signature file still verifies and has no roles', async () => {
    const { signed, alice } = await makerChecker();
    const report = await verifyText(signed.envelope, [alice.trust]);
    expect(report.ok).toBe(true);
    expect(report.roles).toEqual([]);
    expect(missingRoles(report.roles, ['reviewer'])[0]?.en).toMatch(/no valid signature/);
  });

  it('a swapped role (reviewer → author) breaks that signature and the file', async () => {
    const { reviewed, alice, bob } = await makerChecker();
    const entry = reviewed.signatures[2]!;
    const statement = JSON.parse(decode(fromBase64(entry.statement!)!));
    statement.role = 'author';
    const forged = {
      ...reviewed,
      signatures: [
        ...reviewed.signatures.slice(0, 2),
        { ...entry, statement: toBase64(encode(JSON.stringify(statement))) },
      ],
    };
    const report = await verifyText(forged, [alice.trust, bob.trust]);
    expect(report.ok).toBe(false);
    expect(report.signature).toBe('invalid');
    expect(report.trusted).toBe(false);
    expect(report.problems.map((p) => p.en).join('\n')).toMatch(/role signature 3: NOT valid/);
  });

  it('a stripped reviewer signature leaves a file lacking the reviewer', async () => {
    const { reviewed, alice, bob } = await makerChecker();
    const stripped = { ...reviewed, signatures: reviewed.signatures.slice(0, 2) };
    const report = await verifyText(stripped, [alice.trust, bob.trust]);
    expect(report.ok).toBe(true);
    expect(missingRoles(report.roles, ['author', 'reviewer']).map((p) => p.en)).toEqual([
      'required role reviewer: no valid signature in this role',
    ]);
    // The reviewer's entry without its statement is not a signature over the manifest.
    const bare = {
      ...reviewed,
      signatures: [{ keyid: reviewed.signatures[2]!.keyid!, sig: reviewed.signatures[2]!.sig }],
    };
    const plain = await verifyText({ ...bare, signatures: [...bare.signatures] }, [bob.trust]);
    expect(plain.signature).toBe('invalid');
  });

  it('a reviewer signature moved to another document does not verify there', async () => {
    const { reviewed, alice, bob } = await makerChecker();
    const other = PAYMENTS.replace('value: 5000', 'value: 9000');
    const otherSigned = await signRuleFile({
      sourceBytes: encode(other),
      file: 'pay.erdl.yaml',
      signedAt: AT,
      signer: alice.signer,
    });
    if (!otherSigned.ok) throw new Error('not signed');
    const moved = {
      ...otherSigned.envelope,
      signatures: [...otherSigned.envelope.signatures, reviewed.signatures[2]!],
    };
    const report = await verifyText(moved, [alice.trust, bob.trust], other);
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.en).join('\n')).toMatch(/signed for another document/);
    expect(report.problems.map((p) => p.zh).join('\n')).toMatch(/是为另一份文档所签/);
  });

  it('the same key as author and reviewer does not satisfy maker–checker', async () => {
    const { signed, alice, payload } = await makerChecker();
    let env = await addRoleSignature(signed.envelope, payload, {
      role: 'author',
      signer: alice.signer,
      signedAt: AT,
    });
    env = await addRoleSignature(env, payload, {
      role: 'reviewer',
      signer: alice.signer,
      signedAt: AT,
    });
    const report = await verifyText(env, [alice.trust]);
    expect(report.ok).toBe(true);
    expect(missingRoles(report.roles, ['author', 'reviewer'])[0]?.en).toMatch(/same key/);
  });

  it('the envelope stays strict: a role statement in the first entry is refused', async () => {
    const { reviewed, alice, bob } = await makerChecker();
    const reordered = { ...reviewed, signatures: [...reviewed.signatures].reverse() };
    const report = await verifyText(reordered, [alice.trust, bob.trust]);
    expect(report.signature).toBe('invalid');
    const read = readEnvelope(encode(envelopeText(reviewed)));
    expect(read.ok && read.opened.signatures.map((s) => s.statement !== null)).toEqual([
      false,
      true,
      true,
    ]);
  });
});

describe('erdl keygen --name, sign --role, verify --require-roles, key backup/restore', () => {
  async function workspace() {
    const io = memoryIo({ 'pay.erdl.yaml': PAYMENTS, 'pass.txt': 'correct horse battery\n' });
    expect(await erdl(io, 'keygen', '--out', 'alice.jwk', '--name', 'Alice Chen')).toBe(0);
    expect(io.stdout).toEqual(['alice.jwk', 'alice.pub.jwk']);
    expect(await erdl(io, 'keygen', '--out', 'bob.jwk', '--name', '李博')).toBe(0);
    const trust = [
      JSON.parse(decode(io.files.get('alice.pub.jwk')!)),
      JSON.parse(decode(io.files.get('bob.pub.jwk')!)),
    ];
    io.files.set('team.jwks', encode(JSON.stringify({ keys: trust })));
    return io;
  }

  it('keygen writes the name in both files; a bad name is a usage error', async () => {
    const io = await workspace();
    expect(JSON.parse(decode(io.files.get('alice.jwk')!)).name).toBe('Alice Chen');
    expect(JSON.parse(decode(io.files.get('bob.pub.jwk')!)).name).toBe('李博');
    expect(await erdl(io, 'keygen', '--out', 'x.jwk', '--name', ' ')).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/密钥名称不能为空/);
    expect(io.files.has('x.jwk')).toBe(false);
  });

  it('author signs, reviewer co-signs; --require-roles passes only with both', async () => {
    const io = await workspace();
    const sign = (key: string, role: string, time: string) =>
      erdl(io, 'sign', 'pay.erdl.yaml', '--key', key, '--role', role, '--time', time);
    expect(await sign('alice.jwk', 'author', '2026-09-01T00:00:00Z')).toBe(0);
    expect(io.stdout).toEqual(['pay.erdl.yaml.dsse.json']);
    const authored = decode(io.files.get('pay.erdl.yaml.dsse.json')!);
    const verifyRoles = () =>
      erdl(
        io,
        'verify',
        'pay.erdl.yaml',
        '--trust',
        'team.jwks',
        '--require-roles',
        'author,reviewer',
      );
    expect(await verifyRoles()).toBe(1);
    expect(io.stdout[0]).toBe('FAILED pay.erdl.yaml');
    expect(io.stderr.join('\n')).toContain(
      'required role reviewer: no valid signature in this role',
    );
    expect(io.stderr.join('\n')).toContain('必需签名身份“审核人”：没有该签名身份的有效签名');
    expect(await sign('bob.jwk', 'reviewer', '2026-09-02T00:00:00Z')).toBe(0);
    const reviewed = decode(io.files.get('pay.erdl.yaml.dsse.json')!);
    // The author's entries are kept byte for byte.
    const before = JSON.parse(authored).signatures;
    expect(JSON.parse(reviewed).signatures.slice(0, 2)).toEqual(before);
    expect(await verifyRoles()).toBe(0);
    const out = io.stdout.join('\n');
    expect(out).toContain('  author: Alice Chen, key sha256:');
    expect(out).toMatch(
      / {2}reviewer: 李博, key sha256:[0-9a-f]+, trusted, signed at 2026-09-02T00:00:00Z \/ 审核人：李博，/,
    );
    // Without a trust list the roles cannot be trusted.
    expect(await erdl(io, 'verify', 'pay.erdl.yaml', '--require-roles', 'author,reviewer')).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/signed, but not by a trusted key/);
    expect(await erdl(io, 'verify', 'pay.erdl.yaml', '--require-roles', 'boss')).toBe(2);
    // The same key in the same role twice is refused.
    expect(await sign('bob.jwk', 'reviewer', '2026-09-03T00:00:00Z')).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/already signed as reviewer[\s\S]*已以审核人身份签名/);
  });

  it('the reviewer records the review report read; verify --report checks it', async () => {
    const io = await workspace();
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
    // The report the reviewer reads (what `erdl report` writes; any bytes are hashed as they are).
    expect(await erdl(io, 'report', 'pay.erdl.yaml', '--lang', 'both')).toBe(0);
    const html = io.stdout.join('\n');
    expect(html).toMatch(/^<!doctype html>/i);
    io.files.set('review.html', encode(html));
    io.files.set('other.html', encode(`${html}<!-- edited -->`));
    expect(
      await erdl(io, 'sign', 'pay.erdl.yaml', '--key', 'bob.jwk', '--report', 'review.html'),
    ).toBe(2);
    expect(io.stderr.join('\n')).toContain('--report needs --role');
    const cosign = [
      'sign',
      'pay.erdl.yaml',
      '--key',
      'bob.jwk',
      '--role',
      'reviewer',
      '--report',
      'review.html',
    ];
    expect(await erdl(io, ...cosign)).toBe(0);
    const digest = hashBytes(io.files.get('review.html')!);
    const verify = (report: string) =>
      erdl(io, 'verify', 'pay.erdl.yaml', '--trust', 'team.jwks', '--report', report);
    expect(await verify('review.html')).toBe(0);
    expect(io.stdout.join('\n')).toMatch(
      new RegExp(
        `reviewer: 李博, key sha256:[0-9a-f]+, trusted, signed at .*, report ${digest} / 审核人：李博，.*，报告 ${digest}`,
      ),
    );
    expect(await verify('other.html')).toBe(1);
    const other = hashBytes(io.files.get('other.html')!);
    expect(io.stderr.join('\n')).toContain(
      `report ${other}: not the report that was signed (recorded: reviewer ${digest})`,
    );
    expect(io.stderr.join('\n')).toContain(
      `报告 ${other}：不是签名时所记录的报告（已记录：审核人 ${digest}）`,
    );
    // The recorded hash is inside what the reviewer signed: changing it breaks that signature.
    const envelope = JSON.parse(decode(io.files.get('pay.erdl.yaml.dsse.json')!));
    const entry = envelope.signatures[2];
    const statement = JSON.parse(decode(fromBase64(entry.statement)!));
    expect(statement.report_sha256).toBe(digest);
    entry.statement = toBase64(
      encode(JSON.stringify({ ...statement, report_sha256: other }).replace(/\s/g, '')),
    );
    io.files.set('pay.erdl.yaml.dsse.json', encode(`${JSON.stringify(envelope)}\n`));
    expect(await verify('other.html')).toBe(1);
    expect(io.stderr.join('\n')).toMatch(
      /role signature 3: (NOT valid|the statement is not canonical)/,
    );
  });

  it('co-signing a different text is refused, naming the rules that differ', async () => {
    const io = await workspace();
    expect(await erdl(io, 'sign', 'pay.erdl.yaml', '--key', 'alice.jwk', '--role', 'author')).toBe(
      0,
    );
    const signed = io.files.get('pay.erdl.yaml.dsse.json')!;
    io.files.set('pay.erdl.yaml', encode(PAYMENTS.replace('value: 5000', 'value: 6000')));
    expect(await erdl(io, 'sign', 'pay.erdl.yaml', '--key', 'bob.jwk', '--role', 'reviewer')).toBe(
      1,
    );
    const err = io.stderr.join('\n');
    expect(err).toMatch(/refused: this text is not the one already signed/);
    expect(err).toMatch(/已拒绝：此文本不是已签名的文本/);
    expect(err).toContain('PAY-001-large-refund');
    expect(err).not.toContain('PAY-002');
    expect(io.files.get('pay.erdl.yaml.dsse.json')).toEqual(signed);
    expect(await erdl(io, 'sign', 'pay.erdl.yaml', '--key', 'bob.jwk', '--role', 'chief')).toBe(2);
  });

  it('sign without --role keeps its output: one plain signature', async () => {
    const io = await workspace();
    expect(await erdl(io, 'sign', 'pay.erdl.yaml', '--key', 'alice.jwk', '--time', AT)).toBe(0);
    expect(io.stdout).toEqual(['pay.erdl.yaml.dsse.json']);
    const env = JSON.parse(decode(io.files.get('pay.erdl.yaml.dsse.json')!));
    expect(env.signatures).toHaveLength(1);
    expect(Object.keys(env.signatures[0]).sort()).toEqual(['keyid', 'sig']);
    // A reviewer may co-sign a file that was signed without a role.
    expect(await erdl(io, 'sign', 'pay.erdl.yaml', '--key', 'bob.jwk', '--role', 'reviewer')).toBe(
      0,
    );
    expect(await erdl(io, 'verify', 'pay.erdl.yaml', '--trust', 'team.jwks')).toBe(0);
  });

  it(
    'key backup and restore; a wrong passphrase exits 1 with a bilingual message',
    async () => {
      const io = await workspace();
      /** `erdl key VERB … --passphrase-file FILE` in this workspace. */
      const key = (args: string[], passphraseFile = 'pass.txt') =>
        erdl(io, 'key', ...args, '--passphrase-file', passphraseFile);
      expect(await key(['backup', 'alice.jwk', '--out', 'alice.backup.json'])).toBe(0);
      expect(io.stdout).toEqual(['alice.backup.json']);
      expect(io.modes.get('alice.backup.json')).toBe(0o600);
      expect(await key(['restore', 'alice.backup.json', '--out', 'restored/alice.jwk'])).toBe(0);
      expect(io.stdout).toEqual(['restored/alice.jwk', 'restored/alice.pub.jwk']);
      expect(JSON.parse(decode(io.files.get('restored/alice.jwk')!))).toEqual(
        JSON.parse(decode(io.files.get('alice.jwk')!)),
      );
      io.files.set('wrong.txt', encode('not the passphrase\n'));
      expect(await key(['restore', 'alice.backup.json', '--out', 'w.jwk'], 'wrong.txt')).toBe(1);
      expect(io.stderr.join('\n')).toMatch(/wrong passphrase[\s\S]*口令错误/);
      expect(io.files.has('w.jwk')).toBe(false);
      expect(await erdl(io, 'key', 'backup', 'alice.jwk', '--out', 'b2.json')).toBe(2);
      expect(await key(['export', 'alice.jwk', '--out', 'b2.json'])).toBe(2);
      expect(await key(['backup', 'alice.jwk', '--out', 'alice.backup.json'])).toBe(2);
    },
    KDF_TIMEOUT,
  );
});

describe('the review report names the signers of a co-signed file', () => {
  it('by name and role, the plain signer folded into its author signature; a bad role signature names nobody', async () => {
    const { alice, bob, reviewed } = await makerChecker();
    const sig = await reportSignature(encode(envelopeText(reviewed)), encode(PAYMENTS));
    expect(sig.problems).toEqual([]);
    expect(sig.signers).toEqual([
      { keyId: alice.keyId, name: 'Alice Chen', role: 'author' },
      { keyId: bob.keyId, name: '李博', role: 'reviewer' },
    ]);
    const broken = JSON.parse(envelopeText(reviewed));
    const s2: string = broken.signatures[2].sig;
    broken.signatures[2].sig = `${s2[0] === 'A' ? 'B' : 'A'}${s2.slice(1)}`;
    // Written as ERDL writes it (one line and "\n"), so the reason is the signature itself.
    const bad = await reportSignature(encode(`${JSON.stringify(broken)}\n`), encode(PAYMENTS));
    expect(bad.signers).toEqual([]);
    expect(bad.problems.map((p) => p.en).join('\n')).toMatch(/role signature 3: NOT valid/);
  });
});
