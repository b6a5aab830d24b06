import { describe, expect, it } from 'vitest';
import { generateKeyPair, keyFileText } from '../../signing';
import { keyNameFromFile, readTrustFile, trustListText } from './trust-file';

describe('readTrustFile', () => {
  it('reads one public JWK as written by erdl keygen, named after the file', async () => {
    const pair = await generateKeyPair();
    const read = readTrustFile('alice.pub.jwk', keyFileText(pair.publicKey));
    expect(read).toEqual({
      ok: true,
      keys: [{ keyId: pair.keyId, publicKey: pair.publicKey, name: 'alice' }],
    });
  });

  it('keeps only the public part of a private JWK', async () => {
    const pair = await generateKeyPair();
    const read = readTrustFile('me.jwk', keyFileText(pair.privateKey));
    expect(read.ok && read.keys[0]?.publicKey).toEqual(pair.publicKey);
    expect(JSON.stringify(read)).not.toContain(pair.privateKey.d);
  });

  it('reads a JWK Set and an array, numbering the names', async () => {
    const a = await generateKeyPair();
    const b = await generateKeyPair();
    const set = readTrustFile('team.json', JSON.stringify({ keys: [a.publicKey, b.publicKey] }));
    expect(set.ok && set.keys.map((k) => [k.keyId, k.name])).toEqual([
      [a.keyId, 'team 1'],
      [b.keyId, 'team 2'],
    ]);
    const list = readTrustFile('team.json', JSON.stringify([a.publicKey]));
    expect(list.ok && list.keys.map((k) => k.keyId)).toEqual([a.keyId]);
  });

  it('refuses non-JSON, empty sets, other key types and a wrong kid, in both languages', async () => {
    const pair = await generateKeyPair();
    const cases = [
      readTrustFile('x.jwk', 'not json'),
      readTrustFile('x.jwk', '{"keys": []}'),
      readTrustFile('x.jwk', JSON.stringify({ kty: 'RSA', n: 'x', e: 'AQAB' })),
      readTrustFile('x.jwk', JSON.stringify({ ...pair.publicKey, kid: 'sha256:00' })),
      readTrustFile('x.jwk', JSON.stringify({ keys: [pair.publicKey, { kty: 'OKP' }] })),
    ];
    for (const read of cases) {
      expect(read.ok).toBe(false);
      if (read.ok) continue;
      expect(read.message.en).toMatch(/^x\.jwk/);
      expect(read.message.zh).toMatch(/^x\.jwk：/);
    }
    const second = cases[4];
    expect(second && !second.ok && second.message.en).toContain('key 2');
  });

  it('names keys from their file names', () => {
    expect(keyNameFromFile('dir/bob.pub.jwk')).toBe('bob');
    expect(keyNameFromFile('keys.json')).toBe('keys');
    expect(keyNameFromFile('.jwk')).toBe('.jwk');
  });
});

describe('trustListText (issue #37 point 7)', () => {
  it('exports a JWK Set with kid and name that reads back as the same list, names kept', async () => {
    const a = await generateKeyPair();
    const b = await generateKeyPair();
    const list = [
      { keyId: a.keyId, publicKey: a.publicKey, name: '陈爱丽' },
      { keyId: b.keyId, publicKey: b.publicKey, name: 'Bob Li' },
    ];
    const text = trustListText(list);
    const jwks = JSON.parse(text);
    expect(jwks.keys[0]).toEqual({ ...a.publicKey, kid: a.keyId, name: '陈爱丽' });
    expect(readTrustFile('trusted-keys.jwks.json', text)).toEqual({ ok: true, keys: list });
  });

  it('reads a key listed twice once, under its first name', async () => {
    const a = await generateKeyPair();
    const text = JSON.stringify({
      keys: [
        { ...a.publicKey, name: 'Alice' },
        { ...a.publicKey, name: 'Mallory' },
      ],
    });
    const read = readTrustFile('team.jwks', text);
    expect(read.ok && read.keys.map((k) => k.name)).toEqual(['Alice']);
  });

  it('leaves out a name a JWK cannot carry, so the file still imports', async () => {
    const a = await generateKeyPair();
    const text = trustListText([{ keyId: a.keyId, publicKey: a.publicKey, name: ' x\u0007' }]);
    expect(JSON.parse(text).keys[0].name).toBeUndefined();
    expect(readTrustFile('keys.jwks', text).ok).toBe(true);
  });

  it('refuses hostile input naming the file: keys not an array of keys, a bad kid, an RSA key', () => {
    for (const text of [
      '{"keys":{"kty":"OKP"}}',
      '{"keys":[{"kty":"RSA","n":"x","e":"AQAB"}]}',
      '{"keys":[{"kty":"OKP","crv":"Ed25519","x":"AAAA","kid":"sha256:00"}]}',
      '[[[[[[]]]]]]',
    ]) {
      const read = readTrustFile('evil.jwks', text);
      expect(read.ok).toBe(false);
      if (!read.ok) expect(`${read.message.en} ${read.message.zh}`).toContain('evil.jwks');
    }
  });
});
