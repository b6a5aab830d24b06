/**
 * The studio's signing state: its own key (non-extractable, IndexedDB), the trusted public keys,
 * the last signed export per document and the verification of each document opened with a
 * signature file. A small store of its own, so the workspace snapshot never carries keys.
 */
import { createStore } from 'zustand/vanilla';
import { bilingual } from '../../i18n/format';
import type { Bilingual, FieldDictionary } from '../../kernel';
import type { RuleFileVerification, TrustedKey, verifyRuleFile } from '../../signing';
import { emptyRecord, hasEntry, withEntry, withoutEntry } from '../store/ids';
import type {
  KeyStorage,
  SignedExportRecord,
  SigningKeyRecord,
  TrustedKeyRecord,
} from './key-storage';
import { signingMessageStrings } from './strings';
import type { ReadTrustedKey } from './trust-file';

/** What a document's signature check found, with the bytes it checked (re-checked when trust changes). */
export interface DocumentVerification {
  readonly signatureFile: string;
  readonly ruleFile: string;
  readonly report: RuleFileVerification;
  /** The document text the signature was checked against; an edit after that voids "verified". */
  readonly text: string;
  readonly sourceBytes: Uint8Array;
  readonly envelopeBytes: Uint8Array;
}

export interface SigningState {
  readonly status: 'idle' | 'loading' | 'ready';
  /** Why the key store is unavailable (keys then live in memory for this page only). */
  readonly storageError: string | null;
  /** False when WebCrypto has no Ed25519 (no non-extractable key possible); null until known. */
  readonly supported: boolean | null;
  readonly signingKey: SigningKeyRecord | null;
  readonly trusted: readonly TrustedKeyRecord[];
  readonly signedExports: Readonly<Record<string, SignedExportRecord>>;
  readonly verifications: Readonly<Record<string, DocumentVerification>>;
  /** What each document's Compare versions section compares it with (its select's value). */
  readonly comparing: Readonly<Record<string, string>>;
  /** The review report last downloaded per document, recorded with a role signature of that text. */
  readonly reviewedReports: Readonly<Record<string, ReviewedReport>>;
}

/** A review report as downloaded: its SHA-256 and the SHA-256 of the rule text it was made from. */
export interface ReviewedReport {
  readonly file: string;
  readonly sha256: string;
  readonly sourceSha256: string;
}

export type SigningStore = ReturnType<typeof createSigningStore>;

/**
 * Names given to trusted keys that may not have reached the key store yet. A rename is written
 * here synchronously, before the IndexedDB write starts: a reload or a closed tab right after the
 * edit aborts an IndexedDB transaction still in flight, and the name typed would be lost. The next
 * load applies what is left here and clears it. localStorage in the studio, memory in tests.
 */
export interface NameJournal {
  read(): Record<string, string>;
  put(keyId: string, name: string): void;
  /** Forgets `keyId`'s entry; with `name`, only while that is still the pending name. */
  done(keyId: string, name?: string): void;
}

export function memoryNameJournal(): NameJournal {
  const entries = new Map<string, string>();
  return {
    read: () => Object.fromEntries(entries),
    put: (keyId, name) => void entries.set(keyId, name),
    done: (keyId, name) => {
      if (name === undefined || entries.get(keyId) === name) entries.delete(keyId);
    },
  };
}

/** The trust list a verification uses: the user's trusted keys and the studio's own key. */
export function trustList(
  state: Pick<SigningState, 'signingKey' | 'trusted'>,
  ownName: string,
): TrustedKey[] {
  const list: TrustedKey[] = state.trusted.map((k) => ({
    keyId: k.keyId,
    publicKey: k.publicKey,
    name: k.name,
  }));
  const own = state.signingKey;
  if (own && !list.some((k) => k.keyId === own.keyId))
    list.push({
      keyId: own.keyId,
      publicKey: own.publicKey,
      name: own.name ? `${own.name} (${ownName})` : ownName,
    });
  return list;
}

/**
 * A signing store over a key storage. `now` is the wall clock (creation and trust times are for
 * people; a signing time is passed in by the caller when signing). `verifyFile` is where
 * verification runs: here by default, the batch worker in the studio (it compiles the document).
 */
export function createSigningStore(
  openStorage: () => Promise<KeyStorage>,
  fallback: () => KeyStorage,
  now: () => Date = () => new Date(),
  verifyFile: typeof verifyRuleFile = async (input) =>
    (await import('../../signing/signed-file')).verifyRuleFile(input),
  journal: NameJournal = memoryNameJournal(),
) {
  const store = createStore<SigningState>()(() => ({
    status: 'idle',
    storageError: null,
    supported: null,
    signingKey: null,
    trusted: [],
    // Keyed by document id, which an imported workspace chooses (`__proto__`, `constructor`):
    // records without a prototype, built with store/ids.ts.
    signedExports: emptyRecord(),
    verifications: emptyRecord(),
    comparing: emptyRecord(),
    reviewedReports: emptyRecord(),
  }));
  let storage: Promise<KeyStorage> | null = null;
  let ownName = 'own key';

  /** Opens the key store once and loads the key and trust list. */
  function ensureLoaded(): Promise<KeyStorage> {
    storage ??= (async () => {
      store.setState({ status: 'loading' });
      let opened: KeyStorage;
      try {
        opened = await openStorage();
      } catch (e) {
        store.setState({ storageError: e instanceof Error ? e.message : String(e) });
        opened = fallback();
      }
      const [signingKey, listed] = await Promise.all([
        opened.getSigningKey(),
        opened.listTrusted(),
      ]);
      const trusted = await applyJournal(opened, listed);
      // What was attached to documents before the reload (issue #37); anything attached while
      // loading is newer and stays.
      const attached = await opened.listAttachments().catch(() => []);
      const now = store.getState();
      let verifications = now.verifications;
      let reviewedReports = now.reviewedReports;
      for (const a of attached) {
        if (a.verification && !hasEntry(verifications, a.docId))
          verifications = withEntry(verifications, a.docId, a.verification);
        if (a.reviewedReport && !hasEntry(reviewedReports, a.docId))
          reviewedReports = withEntry(reviewedReports, a.docId, a.reviewedReport);
      }
      store.setState({
        status: 'ready',
        signingKey,
        trusted: sortTrusted(trusted),
        verifications,
        reviewedReports,
      });
      return opened;
    })();
    return storage;
  }

  /** Stores what is attached to `docId` now (its signature check, its review report), or forgets it. */
  async function persist(docId: string): Promise<void> {
    const opened = await ensureLoaded();
    const state = store.getState();
    const verification = state.verifications[docId];
    const reviewedReport = state.reviewedReports[docId];
    try {
      if (!verification && !reviewedReport) await opened.deleteAttachment(docId);
      else
        await opened.putAttachment({
          docId,
          ...(verification ? { verification } : {}),
          ...(reviewedReport ? { reviewedReport } : {}),
        });
    } catch {
      // A full or blocked store: the attachment holds for this page; the next reload lacks it.
    }
  }

  /** Renames the previous page did not get to store (see NameJournal), stored now. */
  async function applyJournal(
    opened: KeyStorage,
    listed: readonly TrustedKeyRecord[],
  ): Promise<TrustedKeyRecord[]> {
    const pending = journal.read();
    const trusted: TrustedKeyRecord[] = [];
    for (const key of listed) {
      const name = pending[key.keyId];
      if (name === undefined || name === key.name) {
        trusted.push(key);
        continue;
      }
      const record = { ...key, name };
      await opened.putTrusted(record);
      trusted.push(record);
    }
    for (const [keyId, name] of Object.entries(pending)) journal.done(keyId, name);
    return trusted;
  }

  async function reverifyAll(dictionary?: FieldDictionary): Promise<void> {
    const current = store.getState().verifications;
    const next = emptyRecord<DocumentVerification>();
    for (const [docId, v] of Object.entries(current))
      next[docId] = {
        ...v,
        report: await verify(v.sourceBytes, v.envelopeBytes, dictionary),
      };
    store.setState({ verifications: next });
    for (const docId of Object.keys(next)) await persist(docId);
  }

  async function verify(
    sourceBytes: Uint8Array | null,
    envelopeBytes: Uint8Array,
    dictionary?: FieldDictionary,
  ): Promise<RuleFileVerification> {
    await ensureLoaded();
    return verifyFile({
      sourceBytes,
      envelopeBytes,
      trusted: trustList(store.getState(), ownName),
      ...(dictionary ? { dictionary } : {}),
    });
  }

  return {
    store,
    ensureLoaded,
    /** The name the studio's own key has in a verification ("your signing key"). */
    setOwnKeyName(name: string) {
      ownName = name;
    },
    /** A new non-extractable key pair, replacing none: false when WebCrypto cannot. */
    async generateKey(name?: string): Promise<boolean> {
      const storage = await ensureLoaded();
      // Key generation (and its fallback library) loads when a key is first made.
      const { generateNonExtractableKeyPair } = await import('../../signing/ed25519');
      const pair = await generateNonExtractableKeyPair();
      if (!pair) {
        store.setState({ supported: false });
        return false;
      }
      const record: SigningKeyRecord = {
        ...pair,
        ...(name !== undefined ? { name } : {}),
        createdAt: now().toISOString(),
      };
      await storage.putSigningKey(record);
      store.setState({ supported: true, signingKey: record });
      return true;
    },
    /**
     * A new key and its passphrase-encrypted backup (the only moment a backup can be made: the
     * key stored is non-extractable). Resolves to the backup's file name and text to download, or
     * why not; null when WebCrypto cannot.
     */
    async generateKeyWithBackup(
      passphrase: string,
      name?: string,
    ): Promise<
      | { readonly ok: true; readonly file: string; readonly text: string }
      | { readonly ok: false; readonly message: Bilingual }
      | null
    > {
      const storage = await ensureLoaded();
      // Key generation and backup (and their fallback library) load when first used.
      const { generateKeyWithBackup } = await import('../../signing/key-backup');
      const made = await generateKeyWithBackup(passphrase, name);
      if (made === null) {
        store.setState({ supported: false });
        return null;
      }
      if (!made.ok) return made;
      const file = backupFileName(made.keyId);
      const record: SigningKeyRecord = {
        privateKey: made.privateKey,
        publicKey: made.publicKey,
        keyId: made.keyId,
        ...(name !== undefined ? { name } : {}),
        createdAt: now().toISOString(),
        backup: { file, kind: 'created' },
      };
      await storage.putSigningKey(record);
      store.setState({ supported: true, signingKey: record });
      return { ok: true, file, text: made.text };
    },
    /**
     * Restores the signing key from a backup file's text (`erdl key backup` or the studio's own),
     * stored non-extractable. Refused while a signing key exists (delete it first).
     */
    async restoreKey(
      file: string,
      text: string,
      passphrase: string,
    ): Promise<
      | { readonly ok: true; readonly keyId: string }
      | { readonly ok: false; readonly message: Bilingual }
    > {
      const storage = await ensureLoaded();
      if (store.getState().signingKey)
        return { ok: false, message: bilingual(signingMessageStrings, (s) => s.keyExists) };
      const { parseBackupText, restoreKeyNonExtractable } = await import(
        '../../signing/key-backup'
      );
      const parsed = parseBackupText(text);
      if (!parsed.ok) return parsed;
      const restored = await restoreKeyNonExtractable(parsed.value, passphrase);
      if (!restored.ok) return restored;
      const record: SigningKeyRecord = {
        privateKey: restored.privateKey,
        publicKey: restored.publicKey,
        keyId: restored.keyId,
        ...(restored.name !== undefined ? { name: restored.name } : {}),
        createdAt: now().toISOString(),
        backup: { file, kind: 'restored' },
      };
      await storage.putSigningKey(record);
      store.setState({ supported: true, signingKey: record });
      return { ok: true, keyId: restored.keyId };
    },
    async deleteKey(): Promise<void> {
      const storage = await ensureLoaded();
      await storage.deleteSigningKey();
      store.setState({ signingKey: null });
    },
    /** Adds keys to the trust list; returns the names of keys already trusted. */
    async addTrusted(keys: readonly ReadTrustedKey[], dictionary?: FieldDictionary) {
      const storage = await ensureLoaded();
      const existing = new Map(store.getState().trusted.map((k) => [k.keyId, k]));
      const added: TrustedKeyRecord[] = [];
      const already: TrustedKeyRecord[] = [];
      for (const key of keys) {
        const known = existing.get(key.keyId);
        if (known) {
          already.push(known);
          continue;
        }
        const record: TrustedKeyRecord = {
          keyId: key.keyId,
          publicKey: key.publicKey,
          name: key.name,
          addedAt: now().toISOString(),
        };
        await storage.putTrusted(record);
        existing.set(record.keyId, record);
        added.push(record);
      }
      // Merged into the list as it is now: a rename made while the keys were being stored stays.
      const current = store
        .getState()
        .trusted.filter((k) => !added.some((a) => a.keyId === k.keyId));
      store.setState({ trusted: sortTrusted([...current, ...added]) });
      if (added.length > 0) await reverifyAll(dictionary);
      return { added, already };
    },
    /**
     * Renames a trusted key. The new name is shown and journaled before this returns (no await
     * comes first), so a reload right after the edit cannot lose it; then it is stored.
     * An empty name is refused: the key keeps its name (returns false).
     */
    renameTrusted(keyId: string, name: string): Promise<boolean> {
      const key = store.getState().trusted.find((k) => k.keyId === keyId);
      const trimmed = name.trim();
      if (!key || trimmed === '') return Promise.resolve(false);
      if (trimmed === key.name) return Promise.resolve(true);
      const record = { ...key, name: trimmed };
      journal.put(keyId, trimmed);
      store.setState({
        trusted: sortTrusted(store.getState().trusted.map((k) => (k.keyId === keyId ? record : k))),
      });
      return (async () => {
        const storage = await ensureLoaded();
        await storage.putTrusted(record);
        journal.done(keyId, trimmed);
        return true;
      })();
    },
    async removeTrusted(keyId: string, dictionary?: FieldDictionary): Promise<void> {
      const storage = await ensureLoaded();
      journal.done(keyId);
      await storage.deleteTrusted(keyId);
      store.setState({ trusted: store.getState().trusted.filter((k) => k.keyId !== keyId) });
      await reverifyAll(dictionary);
    },
    verify,
    /** Verifies and records the result on the document. */
    async verifyDocument(
      docId: string,
      input: Omit<DocumentVerification, 'report'>,
      dictionary?: FieldDictionary,
    ): Promise<DocumentVerification> {
      const report = await verify(input.sourceBytes, input.envelopeBytes, dictionary);
      const record: DocumentVerification = { ...input, report };
      store.setState({ verifications: withEntry(store.getState().verifications, docId, record) });
      await persist(docId);
      return record;
    },
    /** Chooses what Compare versions compares the document with ('' for nothing). */
    compareWith(docId: string, against: string) {
      store.setState({ comparing: withEntry(store.getState().comparing, docId, against) });
    },
    /** Remembers the review report just downloaded for `docId` (kept across reloads). */
    recordReviewedReport(docId: string, report: ReviewedReport): Promise<void> {
      store.setState({
        reviewedReports: withEntry(store.getState().reviewedReports, docId, report),
      });
      return persist(docId);
    },
    /** Forgets what is attached to a closed document (its signature check, its review report). */
    forgetDocument(docId: string): Promise<void> {
      const state = store.getState();
      if (!hasEntry(state.verifications, docId) && !hasEntry(state.reviewedReports, docId))
        return Promise.resolve();
      store.setState({
        verifications: withoutEntry(state.verifications, docId),
        reviewedReports: withoutEntry(state.reviewedReports, docId),
      });
      return persist(docId);
    },
    async loadSignedExport(docId: string): Promise<SignedExportRecord | null> {
      const storage = await ensureLoaded();
      const record = await storage.getSignedExport(docId);
      if (record)
        store.setState({ signedExports: withEntry(store.getState().signedExports, docId, record) });
      return record;
    },
    async recordSignedExport(record: SignedExportRecord): Promise<void> {
      const storage = await ensureLoaded();
      await storage.putSignedExport(record);
      store.setState({
        signedExports: withEntry(store.getState().signedExports, record.docId, record),
      });
    },
  };
}

/** `erdl-<first 12 hex digits of the key id>.backup.json`, beside the `.pub.jwk` of the same key. */
export function backupFileName(keyId: string): string {
  return `erdl-${keyId.slice('sha256:'.length, 'sha256:'.length + 12)}.backup.json`;
}

function sortTrusted(list: readonly TrustedKeyRecord[]): TrustedKeyRecord[] {
  return [...list].sort((a, b) => a.name.localeCompare(b.name) || a.keyId.localeCompare(b.keyId));
}
