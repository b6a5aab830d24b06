// keygen / sign / verify / verify-evidence end to end through run() and an in-memory file system.
import { describe, expect, it } from 'vitest';
import { buildEvidence, redactEvidence } from '../src/kernel';
import { compiled, decode, encode, erdl, memoryIo, PAYMENTS } from './signing-support';

/** A workspace with a key pair and a signed PAYMENTS file. */
async function signedWorkspace() {
  const io = memoryIo({ 'rules/pay.erdl.yaml': PAYMENTS });
  expect(await erdl(io, 'keygen', '--out', 'keys/me.jwk')).toBe(0);
  expect(
    await erdl(
      io,
      'sign',
      'rules/pay.erdl.yaml',
      '--key',
      'keys/me.jwk',
      '--time',
      '2026-09-01T00:00:00Z',
    ),
  ).toBe(0);
  const printed = [...io.stdout];
  return { io, printed };
}

describe('erdl keygen', () => {
  it('writes the private JWK (owner-only) and the public JWK beside it, printing both paths', async () => {
    const io = memoryIo();
    expect(await erdl(io, 'keygen', '--out', 'k.jwk')).toBe(0);
    expect(io.stdout).toEqual(['k.jwk', 'k.pub.jwk']);
    const priv = JSON.parse(decode(io.files.get('k.jwk')!));
    const pub = JSON.parse(decode(io.files.get('k.pub.jwk')!));
    expect(Object.keys(priv).sort()).toEqual(['crv', 'd', 'kid', 'kty', 'x']);
    expect(pub).toEqual({ kty: 'OKP', crv: 'Ed25519', x: priv.x, kid: priv.kid });
    expect(pub.kid).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(io.modes.get('k.jwk')).toBe(0o600);
  });

  it('never replaces a key, and needs --out (exit 2, both languages)', async () => {
    const io = memoryIo({ 'k.pub.jwk': '{}' });
    expect(await erdl(io, 'keygen', '--out', 'k.jwk')).toBe(2);
    expect(io.files.has('k.jwk')).toBe(false);
    expect(io.stderr.join('\n')).toMatch(/already exists[\s\S]*已存在/);
    expect(await erdl(io, 'keygen')).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/--out/);
  });
});

describe('a key or signature file that is not UTF-8 JSON', () => {
  it('is refused saying where and why, in both languages (not JSON.parse’s English)', async () => {
    const { io } = await signedWorkspace();
    io.files.set('keys/empty.jwk', encode(''));
    io.files.set('keys/cut.jwk', encode('{"kty":"OKP",\n "crv": }'));
    io.files.set('keys/latin1.jwk', new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x7d]));
    const cases: [string, string, string][] = [
      [
        'keys/empty.jwk',
        'keys/empty.jwk: not UTF-8 JSON (line 1, column 1: unexpected end of the file, expected a JSON value)',
        'keys/empty.jwk：不是 UTF-8 JSON（第 1 行第 1 列：意外的文件末尾，应为 JSON 值）',
      ],
      [
        'keys/cut.jwk',
        'keys/cut.jwk: not UTF-8 JSON (line 2, column 9: unexpected "}", expected a JSON value)',
        'keys/cut.jwk：不是 UTF-8 JSON（第 2 行第 9 列：意外的“}”，应为 JSON 值）',
      ],
      [
        'keys/latin1.jwk',
        'keys/latin1.jwk: not UTF-8 JSON (not valid UTF-8 at byte 2)',
        'keys/latin1.jwk：不是 UTF-8 JSON（第 2 字节处不是有效的 UTF-8）',
      ],
    ];
    for (const [key, en, zh] of cases) {
      expect(await erdl(io, 'sign', 'rules/pay.erdl.yaml', '--key', key), key).toBe(2);
      expect(io.stderr, key).toEqual([`erdl: ${en}`, `erdl：${zh}`]);
    }
  });
});

describe('erdl sign', () => {
  it('writes RULES.dsse.json beside RULES, prints that path, leaves RULES unchanged', async () => {
    const { io, printed } = await signedWorkspace();
    expect(printed).toEqual(['rules/pay.erdl.yaml.dsse.json']);
    expect(decode(io.files.get('rules/pay.erdl.yaml')!)).toBe(PAYMENTS);
    const env = JSON.parse(decode(io.files.get('rules/pay.erdl.yaml.dsse.json')!));
    expect(env.payloadType).toBe('application/vnd.erdl.manifest+json');
  });

  it('exit 1 on load errors (diagnostics on stderr); exit 2 for a public key, a bad key file or --time', async () => {
    const { io } = await signedWorkspace();
    io.files.set('bad.erdl.yaml', encode(PAYMENTS.replace('then: DENY', 'then: NOPE')));
    expect(await erdl(io, 'sign', 'bad.erdl.yaml', '--key', 'keys/me.jwk')).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/bad\.erdl\.yaml:\d+:\d+: error ERDL-/);
    expect(io.files.has('bad.erdl.yaml.dsse.json')).toBe(false);
    expect(await erdl(io, 'sign', 'rules/pay.erdl.yaml', '--key', 'keys/me.pub.jwk')).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/private key[\s\S]*私钥/);
    expect(await erdl(io, 'sign', 'rules/pay.erdl.yaml', '--key', 'rules/pay.erdl.yaml')).toBe(2);
    expect(
      await erdl(io, 'sign', 'rules/pay.erdl.yaml', '--key', 'keys/me.jwk', '--time', 'noon'),
    ).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/not an ISO 8601 instant[\s\S]*不是 ISO 8601 时刻/);
    // The quoted value follows the option with no space, as every Chinese message quotes one.
    expect(io.stderr.join('\n')).toContain('--time“noon”不是 ISO 8601 时刻');
    expect(await erdl(io, 'sign', 'rules/pay.erdl.yaml')).toBe(2);
  });
});

describe('erdl verify', () => {
  it('takes exactly the printed paths (and RULES with them): exit 0, trusted with --trust', async () => {
    const { io, printed } = await signedWorkspace();
    expect(await erdl(io, 'verify', 'rules/pay.erdl.yaml', ...printed)).toBe(0);
    expect(io.stdout[0]).toBe('OK rules/pay.erdl.yaml');
    expect(io.stdout.join('\n')).toMatch(/signature: valid/);
    expect(io.stdout.join('\n')).toMatch(/unknown \(no --trust given\)/);
    expect(io.stderr).toEqual([]);
    expect(await erdl(io, 'verify', ...printed, '--trust', 'keys/me.pub.jwk')).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/signer: trusted \/ 签名者：受信任/);
    expect(await erdl(io, 'verify', 'rules/pay.erdl.yaml')).toBe(0);
  });

  it('report lines in the language asked for: --lang en, --lang zh, or both when none was', async () => {
    const { io, printed } = await signedWorkspace();
    const args = ['verify', ...printed, '--trust', 'keys/me.pub.jwk'];
    expect(await erdl(io, ...args)).toBe(0);
    const both = io.stdout.join('\n');
    expect(both).toContain('signer: trusted / 签名者：受信任');
    expect(await erdl(io, '--lang', 'zh', ...args)).toBe(0);
    const zh = io.stdout.join('\n');
    expect(zh).toContain('签名者：受信任');
    expect(zh).not.toMatch(/signer: trusted|signature: valid/);
    expect(await erdl(io, '--lang', 'en', ...args)).toBe(0);
    const en = io.stdout.join('\n');
    expect(en).toContain('signer: trusted');
    expect(en).not.toMatch(/[\u4e00-\u9fff]/);
    // The machine-read lines stay as they are in every language.
    for (const out of [both, zh, en]) {
      expect(out.split('\n')[0]).toBe('OK rules/pay.erdl.yaml');
      expect(out).toContain('  verdict: ');
    }
  });

  it('an edited rule: exit 1, the rule named in English and Chinese', async () => {
    const { io, printed } = await signedWorkspace();
    io.files.set('rules/pay.erdl.yaml', encode(PAYMENTS.replace('value: 5000', 'value: 6000')));
    expect(await erdl(io, 'verify', ...printed)).toBe(1);
    expect(io.stdout[0]).toBe('FAILED rules/pay.erdl.yaml');
    const err = io.stderr.join('\n');
    expect(err).toContain(
      'erdl: rules/pay.erdl.yaml: rule "PAY-001-large-refund" changed since signing',
    );
    expect(err).toContain('erdl：rules/pay.erdl.yaml：规则“PAY-001-large-refund”自签名后已改动');
    expect(err).not.toContain('PAY-002');
  });

  it('a flipped signature byte, another trusted key, or a missing signature: exit 1', async () => {
    const { io, printed } = await signedWorkspace();
    const sigPath = printed[0]!;
    const original = io.files.get(sigPath)!;
    const flipped = new Uint8Array(original);
    flipped[original.length - 10] = (flipped[original.length - 10] as number) ^ 1;
    io.files.set(sigPath, flipped);
    expect(await erdl(io, 'verify', sigPath)).toBe(1);
    io.files.set(sigPath, original);
    expect(await erdl(io, 'keygen', '--out', 'other.jwk')).toBe(0);
    expect(await erdl(io, 'verify', sigPath, '--trust', 'other.pub.jwk')).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/not a trusted key[\s\S]*不是受信任的密钥/);
    io.files.set('unsigned.erdl.yaml', encode(PAYMENTS));
    expect(await erdl(io, 'verify', 'unsigned.erdl.yaml')).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/not signed[\s\S]*未签名/);
  });

  it('one reason per file, in the studio’s words: bad signature, then signer, then hashes', async () => {
    const { io, printed } = await signedWorkspace();
    const sigPath = printed[0]!;
    expect(await erdl(io, 'verify', sigPath)).toBe(0);
    expect(io.stdout).toContain('  verdict: Signed, unchanged');
    expect(io.stdout.join('\n')).not.toMatch(/reason:/);
    // Hashes differ, untrusted signer: the signer is the one reason.
    io.files.set('rules/pay.erdl.yaml', encode(PAYMENTS.replace('value: 5000', 'value: 6000')));
    expect(await erdl(io, 'keygen', '--out', 'other.jwk')).toBe(0);
    io.stdout.length = 0;
    expect(await erdl(io, 'verify', sigPath, '--trust', 'other.pub.jwk')).toBe(1);
    expect(io.stdout).toContain('  verdict: NOT verified — signer not trusted');
    expect(io.stdout.join('\n')).toMatch(/reason: Signer not trusted: key sha256:/);
    expect(io.stdout.join('\n')).not.toMatch(/reason: Hashes differ/);
    // Trusted: the hashes are the reason, naming the rule.
    io.stdout.length = 0;
    expect(await erdl(io, 'verify', sigPath, '--trust', 'keys/me.pub.jwk')).toBe(1);
    expect(io.stdout).toContain('  verdict: Changed since signed — 1 rule differs');
    expect(io.stdout.join('\n')).toMatch(
      /reason: Hashes differ: the current text is not what was signed/,
    );
    expect(io.stdout).toContain(
      '    rule "PAY-001-large-refund" changed since signing (its condition)',
    );
    // A bad signature outranks both, and names no signer.
    const original = io.files.get(sigPath)!;
    const flipped = new Uint8Array(original);
    flipped[original.length - 10] = (flipped[original.length - 10] as number) ^ 1;
    io.files.set(sigPath, flipped);
    io.stdout.length = 0;
    expect(await erdl(io, 'verify', sigPath, '--trust', 'keys/me.pub.jwk')).toBe(1);
    expect(io.stdout).toContain('  verdict: NOT verified — bad signature');
    expect(io.stdout.join('\n')).toMatch(/reason: Bad signature/);
    expect(io.stdout.join('\n')).toMatch(/signer: not judged \(the signature does not verify\)/);
    expect(io.stdout.join('\n')).not.toMatch(/PAY-001/);
  });

  it('usage errors: no FILE, an unreadable FILE, a bad --trust file (exit 2)', async () => {
    const { io, printed } = await signedWorkspace();
    expect(await erdl(io, 'verify')).toBe(2);
    expect(await erdl(io, 'verify', 'nope.dsse.json')).toBe(2);
    io.files.set('junk.jwk', encode('{"kty":"RSA"}'));
    expect(await erdl(io, 'verify', ...printed, '--trust', 'junk.jwk')).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/not an Ed25519 key[\s\S]*不是 Ed25519 密钥/);
  });
});

describe('erdl verify-evidence', () => {
  const doc = compiled(PAYMENTS).document!;
  const built = buildEvidence(
    doc,
    { tool: { name: 'issue_refund', args: { amount: 8000 } } },
    {
      as_of: '2026-09-03T00:00:00Z',
      source: 'pay.erdl.yaml',
      trace_id: 't-1',
    },
  );
  if (!built.ok) throw new Error(built.message.en);
  const full = JSON.stringify(built.evidence, null, 2);

  it('recomputes a full record: exit 0', async () => {
    const io = memoryIo({ 'pay.erdl.yaml': PAYMENTS, 'ev.json': full });
    expect(await erdl(io, 'verify-evidence', 'pay.erdl.yaml', 'ev.json')).toBe(0);
    expect(io.stdout.at(-1)).toMatch(/^OK: the decision was recomputed/);
    expect(io.stdout.join('\n')).toMatch(/result_hash recomputed/);
    expect(io.stderr).toEqual([]);
  });

  it('a tampered record, other rules or a redacted record: exit 1 naming what failed', async () => {
    const tampered = full.replace('"decision": "REQUEST_HUMAN"', '"decision": "ALLOW"');
    const io = memoryIo({
      'pay.erdl.yaml': PAYMENTS,
      'other.erdl.yaml': PAYMENTS.replace('value: 5000', 'value: 1'),
      'ev.json': tampered,
      'good.json': full,
      'red.json': JSON.stringify(redactEvidence(built.evidence)),
    });
    expect(await erdl(io, 'verify-evidence', 'pay.erdl.yaml', 'ev.json')).toBe(1);
    expect(io.stderr.join('\n')).toMatch(
      /result\.decision: recorded "ALLOW", recomputed "REQUEST_HUMAN"/,
    );
    expect(io.stderr.join('\n')).toMatch(/记录为“ALLOW”，重新计算为“REQUEST_HUMAN”/);
    expect(await erdl(io, 'verify-evidence', 'other.erdl.yaml', 'good.json')).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/ruleset_hash/);
    expect(await erdl(io, 'verify-evidence', 'pay.erdl.yaml', 'red.json')).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/redacted record[\s\S]*已脱敏记录/);
    expect(io.stdout.join('\n')).toMatch(/hashes confirmed/);
  });

  it('exit 2 for an unreadable or non-JSON evidence file', async () => {
    const io = memoryIo({ 'pay.erdl.yaml': PAYMENTS, 'x.json': 'not json' });
    expect(await erdl(io, 'verify-evidence', 'pay.erdl.yaml', 'x.json')).toBe(2);
    expect(await erdl(io, 'verify-evidence', 'pay.erdl.yaml', 'missing.json')).toBe(2);
  });
});
