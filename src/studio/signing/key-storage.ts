import type { Manifest, PublicKeyJwk } from '../../kernel';
import type { DocumentVerification, ReviewedReport } from './signing-state';

/** The studio's own signing key: the private half is a non-extractable CryptoKey, stored as is. */
export interface SigningKeyRecord {
  readonly privateKey: CryptoKey;
  readonly publicKey: PublicKeyJwk;
  readonly keyId: string;
  /** The display name chosen at creation (JWK `name`); absent for keys made before names. */
  readonly name?: string;
  /** Wall-clock time of generation (or of the restore), for the person looking at it. */
  readonly createdAt: string;
  /**
   * The passphrase-encrypted backup this key has: downloaded when it was created, or the file it
   * was restored from. Absent: no backup exists, and none can be made (the key is non-extractable).
   */
  readonly backup?: { readonly file: string; readonly kind: 'created' | 'restored' };
}

/** A public key the user chose to trust, under the name they gave it. */
export interface TrustedKeyRecord {
  readonly keyId: string;
  readonly publicKey: PublicKeyJwk;
  readonly name: string;
  readonly addedAt: string;
}

/** The last signed export of a document: what "compare with the last signed export" diffs against. */
export interface SignedExportRecord {
  readonly docId: string;
  readonly fileName: string;
  readonly signedAt: string;
  readonly manifest: Manifest;
}

/**
 * What is attached to a document (issue #37): the signature file it was opened with (as checked)
 * and the review report last downloaded for it. Kept across reloads, by document id.
 */
export interface AttachmentRecord {
  readonly docId: string;
  readonly verification?: DocumentVerification;
  readonly reviewedReport?: ReviewedReport;
}

/** Where keys live: IndexedDB in the browser (`idb-key-storage.ts`), memory in tests. */
export interface KeyStorage {
  getSigningKey(): Promise<SigningKeyRecord | null>;
  putSigningKey(record: SigningKeyRecord): Promise<void>;
  deleteSigningKey(): Promise<void>;
  listTrusted(): Promise<TrustedKeyRecord[]>;
  putTrusted(record: TrustedKeyRecord): Promise<void>;
  deleteTrusted(keyId: string): Promise<void>;
  getSignedExport(docId: string): Promise<SignedExportRecord | null>;
  putSignedExport(record: SignedExportRecord): Promise<void>;
  listAttachments(): Promise<AttachmentRecord[]>;
  putAttachment(record: AttachmentRecord): Promise<void>;
  deleteAttachment(docId: string): Promise<void>;
}

/** A KeyStorage in memory (unit tests; the fallback when IndexedDB is unavailable). */
export function memoryKeyStorage(): KeyStorage {
  let signing: SigningKeyRecord | null = null;
  const trusted = new Map<string, TrustedKeyRecord>();
  const exports = new Map<string, SignedExportRecord>();
  const attachments = new Map<string, AttachmentRecord>();
  return {
    getSigningKey: async () => signing,
    putSigningKey: async (record) => {
      signing = record;
    },
    deleteSigningKey: async () => {
      signing = null;
    },
    listTrusted: async () => [...trusted.values()],
    putTrusted: async (record) => {
      trusted.set(record.keyId, record);
    },
    deleteTrusted: async (keyId) => {
      trusted.delete(keyId);
    },
    getSignedExport: async (docId) => exports.get(docId) ?? null,
    putSignedExport: async (record) => {
      exports.set(record.docId, record);
    },
    listAttachments: async () => [...attachments.values()],
    putAttachment: async (record) => {
      attachments.set(record.docId, record);
    },
    deleteAttachment: async (docId) => {
      attachments.delete(docId);
    },
  };
}
