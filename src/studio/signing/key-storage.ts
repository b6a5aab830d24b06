import type { Manifest, PublicKeyJwk } from '../../kernel';

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
}

/** A KeyStorage in memory (unit tests; the fallback when IndexedDB is unavailable). */
export function memoryKeyStorage(): KeyStorage {
  let signing: SigningKeyRecord | null = null;
  const trusted = new Map<string, TrustedKeyRecord>();
  const exports = new Map<string, SignedExportRecord>();
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
  };
}
