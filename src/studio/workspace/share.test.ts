import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../kernel';
import { EXAMPLES } from '../examples';
import { decodeShare, encodeShare, shareDataFromHash, shareLink } from './share';
import { MAX_NAME_CHARS } from './workspace-check';

describe('share links', () => {
  it.each(EXAMPLES.map((e) => [e.name, e] as const))(
    '%s round-trips exactly, comments included',
    async (_, example) => {
      const doc = {
        name: example.name,
        text: example.text,
        fact: example.fact,
        asOf: example.asOf,
      };
      const data = await encodeShare(doc);
      expect(data).toMatch(/^[A-Za-z0-9_-]+$/);
      // Compressed: shorter than the text itself.
      expect(data.length).toBeLessThan(example.text.length);
      expect(await decodeShare(data)).toEqual({ ok: true, doc });
    },
  );

  it('keeps non-ASCII text and CRLF line ends', async () => {
    const doc = {
      name: '退款守卫',
      text: '# 中文注释\r\nprotocol: "erdl/v2"\r\n',
      fact: '',
      asOf: '2026-01-01T00:00:00Z',
    };
    expect(await decodeShare(await encodeShare(doc))).toEqual({ ok: true, doc });
  });

  it('builds a link whose fragment reads back', async () => {
    const data = await encodeShare({ name: 'n', text: 't', fact: '', asOf: '' });
    const link = shareLink('http://127.0.0.1:4173/', data);
    expect(link).toBe(`http://127.0.0.1:4173/#doc=${data}`);
    expect(shareDataFromHash(new URL(link).hash)).toBe(data);
    expect(shareDataFromHash('#other=1')).toBeNull();
    expect(shareDataFromHash('')).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['bad characters', 'abc$%^'],
    ['not deflate', 'AAAAAAAAAAAA'],
    ['cut off', 'q1ZKK8rPVbJSSlTSUcpLzE0F8pRyEvOSlEsyUnNTc5XMDLQ0A'],
  ])('rejects a %s link with a bilingual message', async (_, data) => {
    const decoded = await decodeShare(data);
    expect(decoded.ok).toBe(false);
    if (decoded.ok) return;
    expect(decoded.message.en).toMatch(/^This share link is not valid: .+\.$/);
    expect(decoded.message.zh).toMatch(/^此分享链接无效：.+。$/);
  });

  it('rejects a well-formed payload that is not a studio document', async () => {
    const bytes = await new Response(
      new Blob([JSON.stringify({ hello: 'world' })])
        .stream()
        .pipeThrough(new CompressionStream('deflate-raw')),
    ).arrayBuffer();
    const data = Buffer.from(bytes).toString('base64url');
    const decoded = await decodeShare(data);
    expect(decoded).toMatchObject({
      ok: false,
      message: { en: expect.stringContaining('not made by ERDL Studio') },
    });
  });

  it('stops decompressing a bomb instead of filling memory', async () => {
    const huge = JSON.stringify({
      format: 'erdl-share',
      v: 1,
      name: 'x',
      text: 'a'.repeat(MAX_DOCUMENT_BYTES * 4),
      fact: '',
      asOf: '',
    });
    const bytes = await new Response(
      new Blob([huge]).stream().pipeThrough(new CompressionStream('deflate-raw')),
    ).arrayBuffer();
    const decoded = await decodeShare(Buffer.from(bytes).toString('base64url'));
    expect(decoded).toMatchObject({
      ok: false,
      message: { en: expect.stringContaining('too large') },
    });
  });

  /** A payload as a link carries it, fields as given (a hand-made link). */
  async function linkOf(payload: Record<string, unknown>): Promise<string> {
    const bytes = await new Response(
      new Blob([JSON.stringify({ format: 'erdl-share', v: 1, ...payload })])
        .stream()
        .pipeThrough(new CompressionStream('deflate-raw')),
    ).arrayBuffer();
    return Buffer.from(bytes).toString('base64url');
  }
  const base = { text: '# t\n', fact: 'fact: {}\n', asOf: '2026-01-01T00:00:00Z' };

  it('strips bidi controls, invisible and control characters from the document name', async () => {
    const name = '\u202Einvoice\u202C\u200B-\u00ADguard\u001b[2K\u0007\u0085 ';
    const decoded = await decodeShare(await linkOf({ ...base, name }));
    expect(decoded).toEqual({ ok: true, doc: { ...base, name: 'invoice-guard[2K' } });
  });

  it('bounds the document name: a longer one is cut, with “…”', async () => {
    const name = `${'名'.repeat(MAX_NAME_CHARS)}𝒳𝒳`;
    const decoded = await decodeShare(await linkOf({ ...base, name }));
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.doc.name.length).toBe(MAX_NAME_CHARS);
    expect(decoded.doc.name).toBe(`${'名'.repeat(MAX_NAME_CHARS - 1)}…`);
    // A cut never splits a surrogate pair.
    const astral = await decodeShare(await linkOf({ ...base, name: '𝒳'.repeat(MAX_NAME_CHARS) }));
    expect(astral.ok && astral.doc.name).toBe(`${'𝒳'.repeat((MAX_NAME_CHARS - 2) / 2)}…`);
  });

  it('refuses a name with nothing visible in it, in both languages', async () => {
    const decoded = await decodeShare(await linkOf({ ...base, name: '\u200B\u202E \u0007' }));
    expect(decoded).toEqual({
      ok: false,
      message: {
        en: 'This share link is not valid: the name of its document is empty or has only invisible characters.',
        zh: '此分享链接无效：其中文档的名称为空，或只有不可见字符。',
      },
    });
  });

  it('checks the rest as a document of an imported workspace file: sizes and fields', async () => {
    const big = await decodeShare(
      await linkOf({ ...base, name: 'n', fact: 'x'.repeat(MAX_DOCUMENT_BYTES + 1) }),
    );
    expect(big).toMatchObject({
      ok: false,
      message: {
        en: `This share link is not valid: fact: “fact” is ${MAX_DOCUMENT_BYTES + 1} bytes; the limit is ${MAX_DOCUMENT_BYTES} bytes.`,
        zh: expect.stringContaining('“fact”有'),
      },
    });
    const extra = await decodeShare(await linkOf({ ...base, name: 'n', run: 'rm -rf /' }));
    expect(extra).toMatchObject({
      ok: false,
      message: { en: 'This share link is not valid: run: not a field of a document.' },
    });
    const long = await decodeShare(await linkOf({ ...base, name: 'n', asOf: '2'.repeat(65) }));
    expect(long.ok).toBe(false);
  });
});
