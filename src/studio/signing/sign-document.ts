import type { Bilingual, FieldDictionary, Manifest } from '../../kernel';
import { type SignedRuleFile, signatureFileName } from '../../signing';
import type { SigningKeyRecord } from './key-storage';
import { type KeySignInput, signHere } from './signing-worker';

export interface SignedDocument {
  readonly ruleFile: string;
  readonly signatureFile: string;
  /** The rule file's exact bytes (the document text as written, UTF-8). */
  readonly sourceBytes: Uint8Array;
  /** The signature file's exact text. */
  readonly signatureText: string;
  readonly manifest: Manifest;
}

/**
 * Signs a document's text as `erdl sign` does (the same `signRuleFile`): the manifest is built by
 * the kernel from the exact bytes, signed with the non-extractable key. `signedAt` is the caller's
 * clock reading, so this stays testable.
 */
export async function signDocument(input: {
  readonly text: string;
  readonly ruleFile: string;
  readonly key: SigningKeyRecord;
  readonly signedAt: string;
  readonly dictionary?: FieldDictionary;
  /** Where the signing runs: here by default, the batch worker in the studio (`signInWorker`). */
  readonly sign?: (input: KeySignInput) => Promise<SignedRuleFile>;
}): Promise<{ ok: true; signed: SignedDocument } | { ok: false; message: Bilingual }> {
  const sourceBytes = new TextEncoder().encode(input.text);
  try {
    const signed = await (input.sign ?? signHere)({
      sourceBytes,
      file: input.ruleFile,
      signedAt: input.signedAt,
      privateKey: input.key.privateKey,
      publicKey: input.key.publicKey,
      ...(input.dictionary ? { dictionary: input.dictionary } : {}),
    });
    if (!signed.ok) return { ok: false, message: signed.message };
    return {
      ok: true,
      signed: {
        ruleFile: input.ruleFile,
        signatureFile: signatureFileName(input.ruleFile),
        sourceBytes,
        signatureText: signed.text,
        manifest: signed.manifest,
      },
    };
  } catch (e) {
    // WebCrypto refusing the key (e.g. a key store from another browser profile) is reported, not thrown.
    const detail = e instanceof Error ? e.message : String(e);
    return { ok: false, message: { en: `signing failed: ${detail}`, zh: `签名失败：${detail}` } };
  }
}
