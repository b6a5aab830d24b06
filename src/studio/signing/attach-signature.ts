/**
 * Which document a signature file belongs to (issue #37): the one whose bytes it signs, by the
 * signed source hash — never a different text because it has the name the signature names.
 * Pure: the caller passes the documents, the active one and how a text is hashed.
 */
import { readEnvelope } from '../../signing';

/** The `document.source_sha256` an envelope's payload states (unverified: it only picks a text). */
export function signedSourceHash(envelopeBytes: Uint8Array): string | null {
  const read = readEnvelope(envelopeBytes);
  if (!read.ok) return null;
  try {
    const manifest = JSON.parse(new TextDecoder().decode(read.opened.payload)) as unknown;
    const hash = (manifest as { document?: { source_sha256?: unknown } } | null)?.document
      ?.source_sha256;
    return typeof hash === 'string' && /^sha256:[0-9a-f]{64}$/.test(hash) ? hash : null;
  } catch {
    return null;
  }
}

export interface OpenText {
  readonly id: string;
  readonly text: string;
}

/**
 * `content`: an open document has exactly the signed bytes (the active one first, else the first
 * in list order). `named`: none has them, but one has the name the signature names (offered, never
 * attached silently). `none`: neither.
 */
export type AttachTarget =
  | { readonly kind: 'content'; readonly docId: string }
  | { readonly kind: 'named'; readonly docId: string }
  | { readonly kind: 'none' };

export function attachTarget(
  signedSha: string | null,
  docs: readonly OpenText[],
  activeId: string | null,
  sha: (text: string) => string,
  named: (docId: string) => boolean,
): AttachTarget {
  const first = (list: readonly OpenText[]) =>
    list.find((d) => d.id === activeId) ?? list[0] ?? null;
  if (signedSha !== null) {
    const same = first(docs.filter((d) => sha(d.text) === signedSha));
    if (same) return { kind: 'content', docId: same.id };
  }
  const byName = first(docs.filter((d) => named(d.id)));
  return byName ? { kind: 'named', docId: byName.id } : { kind: 'none' };
}
