import { describe, expect, it } from 'vitest';
import { hashBytes } from '../../kernel';
import { attachTarget, signedSourceHash } from './attach-signature';
import { signing } from './signing-instance';
import { RULES, RULES_LIMIT_CHANGED, signWithOwnKey } from './test-support';

const sha = (text: string) => hashBytes(new TextEncoder().encode(text));
const SIGNED = sha(RULES);

describe('a signature file attaches by the bytes it signs (issue #37)', () => {
  const edited = { id: 'original', text: RULES_LIMIT_CHANGED };
  const copy = { id: 'copy', text: RULES };
  const named = (id: string) => id === 'original';

  it('to the byte-identical copy, not the edited document of the name it names', () => {
    expect(attachTarget(SIGNED, [edited, copy], 'copy', sha, named)).toEqual({
      kind: 'content',
      docId: 'copy',
    });
    // Even when the edited one is active: the copy has the bytes.
    expect(attachTarget(SIGNED, [edited, copy], 'original', sha, named)).toEqual({
      kind: 'content',
      docId: 'copy',
    });
  });

  it('prefers the active document when several have the bytes, else the first in order', () => {
    const twin = { id: 'twin', text: RULES };
    expect(attachTarget(SIGNED, [copy, twin], 'twin', sha, named).kind).toBe('content');
    expect(attachTarget(SIGNED, [copy, twin], 'twin', sha, named)).toMatchObject({
      docId: 'twin',
    });
    expect(attachTarget(SIGNED, [copy, twin], null, sha, named)).toMatchObject({ docId: 'copy' });
  });

  it('offers (never picks as a match) the document of that name when none has the bytes', () => {
    expect(attachTarget(SIGNED, [edited], 'original', sha, named)).toEqual({
      kind: 'named',
      docId: 'original',
    });
  });

  it('none: no document has the bytes or the name; an unreadable signature matches no bytes', () => {
    expect(attachTarget(SIGNED, [{ id: 'x', text: 'other' }], null, sha, named)).toEqual({
      kind: 'none',
    });
    expect(attachTarget(null, [copy], 'copy', sha, () => false)).toEqual({ kind: 'none' });
  });

  it('reads the signed source hash from a signature file, null from a file that is not one', async () => {
    expect(await signing.generateKey()).toBe(true);
    const signed = await signWithOwnKey(signing);
    expect(signedSourceHash(new TextEncoder().encode(signed.signatureText))).toBe(SIGNED);
    expect(signedSourceHash(new TextEncoder().encode('{"payload": 1}'))).toBeNull();
    expect(signedSourceHash(new Uint8Array([0xff]))).toBeNull();
  });
});
