import { type DBSchema, openDB } from 'idb';
import type {
  AttachmentRecord,
  KeyStorage,
  SignedExportRecord,
  SigningKeyRecord,
  TrustedKeyRecord,
} from './key-storage';

// A database of its own: keys must not travel with workspace exports, backups or merges.
const DB_NAME = 'erdl-studio-signing';
const SIGNING_KEY = 'signing';

interface SigningDb extends DBSchema {
  /** One entry, key `signing`: the CryptoKey is stored by structured clone, still non-extractable. */
  keys: { key: string; value: SigningKeyRecord };
  trusted: { key: string; value: TrustedKeyRecord };
  /** The last signed export per document id. */
  exports: { key: string; value: SignedExportRecord };
  /** Per document id: its signature file as checked, its last review report (version 2). */
  attachments: { key: string; value: AttachmentRecord };
}

/**
 * IndexedDB `erdl-studio-signing`: stores `keys`, `trusted` (by key id), `exports` and
 * `attachments` (by doc id).
 */
export async function openIdbKeyStorage(): Promise<KeyStorage> {
  if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
  const db = await openDB<SigningDb>(DB_NAME, 2, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('keys');
        database.createObjectStore('trusted', { keyPath: 'keyId' });
        database.createObjectStore('exports', { keyPath: 'docId' });
      }
      if (oldVersion < 2) database.createObjectStore('attachments', { keyPath: 'docId' });
    },
  });
  return {
    getSigningKey: async () => (await db.get('keys', SIGNING_KEY)) ?? null,
    putSigningKey: async (record) => {
      await db.put('keys', record, SIGNING_KEY);
    },
    deleteSigningKey: () => db.delete('keys', SIGNING_KEY),
    listTrusted: () => db.getAll('trusted'),
    putTrusted: async (record) => {
      await db.put('trusted', record);
    },
    deleteTrusted: (keyId) => db.delete('trusted', keyId),
    getSignedExport: async (docId) => (await db.get('exports', docId)) ?? null,
    putSignedExport: async (record) => {
      await db.put('exports', record);
    },
    listAttachments: () => db.getAll('attachments'),
    putAttachment: async (record) => {
      await db.put('attachments', record);
    },
    deleteAttachment: (docId) => db.delete('attachments', docId),
  };
}
