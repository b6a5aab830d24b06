/**
 * Share links: the document (name, text, sample fact, as_of) compressed into the URL fragment
 * (`#doc=<base64url of deflate-raw JSON>`). The fragment never reaches a server.
 */

import { format } from '../../i18n/format';
import type { Bilingual } from '../../kernel';
import { MAX_DOCUMENT_BYTES } from '../../kernel/file-limits';
import { shareStrings } from './strings';
import { checkSharedDocument, utf8Length, visibleName } from './workspace-check';

export interface SharedDocument {
  readonly name: string;
  readonly text: string;
  readonly fact: string;
  readonly asOf: string;
}

export type DecodedShare =
  | { readonly ok: true; readonly doc: SharedDocument }
  | { readonly ok: false; readonly message: Bilingual };

const FRAGMENT_KEY = 'doc';
const FORMAT = 'erdl-share';
/** A decompressed payload may hold the text (≤ MAX_DOCUMENT_BYTES) plus JSON escaping and the fact. */
const MAX_PAYLOAD_BYTES = MAX_DOCUMENT_BYTES * 3;

export async function encodeShare(doc: SharedDocument): Promise<string> {
  const json = JSON.stringify({ format: FORMAT, v: 1, ...doc });
  const compressed = await pump(
    new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw')),
    Number.POSITIVE_INFINITY,
  );
  return toBase64Url(compressed ?? new Uint8Array());
}

/** The share link for `base` (the studio's address without a fragment). */
export function shareLink(base: string, data: string): string {
  const url = new URL(base);
  url.hash = `${FRAGMENT_KEY}=${data}`;
  return url.toString();
}

/** The encoded document in a location fragment (`#doc=…`), or null when there is none. */
export function shareDataFromHash(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  const prefix = `${FRAGMENT_KEY}=`;
  return fragment.startsWith(prefix) ? fragment.slice(prefix.length) : null;
}

type ShareProblem = keyof typeof shareStrings.en.problem;

const invalid = (problem: ShareProblem): DecodedShare => ({
  ok: false,
  message: {
    en: format(shareStrings.en.invalid, { reason: shareStrings.en.problem[problem] }),
    zh: format(shareStrings.zh.invalid, { reason: shareStrings.zh.problem[problem] }),
  },
});

export async function decodeShare(data: string): Promise<DecodedShare> {
  if (data === '' || !/^[A-Za-z0-9_-]+$/.test(data)) {
    return invalid('characters');
  }
  const bytes = fromBase64Url(data);
  if (bytes === null) return invalid('altered');
  let json: Uint8Array | null;
  try {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    json = await pump(stream, MAX_PAYLOAD_BYTES);
  } catch {
    return invalid('altered');
  }
  if (json === null) return invalid('tooLarge');
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch {
    return invalid('noDocument');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalid('noDocument');
  }
  const { format: shareFormat, v, ...fields } = value as Record<string, unknown>;
  const { name, text, fact, asOf } = fields;
  if (
    shareFormat !== FORMAT ||
    v !== 1 ||
    typeof name !== 'string' ||
    typeof text !== 'string' ||
    typeof fact !== 'string' ||
    typeof asOf !== 'string'
  ) {
    return invalid('notOurs');
  }
  if (utf8Length(text) > MAX_DOCUMENT_BYTES) {
    return invalid('tooLarge');
  }
  // The name is shown in the list and becomes a file name on export: only what can be seen, and
  // bounded. The rest is checked as a document of an imported workspace file is.
  const shownName = visibleName(name);
  if (shownName === '') return invalid('noName');
  const checked = checkSharedDocument({ ...fields, name: shownName });
  if (!checked.ok) {
    return {
      ok: false,
      message: {
        en: format(shareStrings.en.invalid, { reason: checked.message.en }),
        zh: format(shareStrings.zh.invalid, { reason: checked.message.zh }),
      },
    };
  }
  return { ok: true, doc: { name: shownName, text, fact, asOf } };
}

/** Reads a stream to the end; null when it would exceed `limit` bytes (a decompression bomb). */
async function pump(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(data: string): Uint8Array<ArrayBuffer> | null {
  if (data.length % 4 === 1) return null;
  try {
    const binary = atob(data.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}
