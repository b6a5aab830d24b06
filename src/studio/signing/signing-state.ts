/**
 * The studio's signing state: its own key (non-extractable, IndexedDB), the trusted public keys,
 * the last signed export per document and the verification of each document opened with a
 * signature file. A small store of its own, so the workspace snapshot never carries keys.
 */
import { createStore } from 'zustand/vanilla';
import type { FieldDictionary } from '../../kernel';
import type { RuleFileVerification, TrustedKey, verifyRuleFile } from '../../signing';
import type {
  KeyStorage,
  SignedExportRecord,
  SigningKeyRecord,
  TrustedKeyRecord,
} from './key-storage';
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
}

export type SigningStore = ReturnType<typeof createSigningStore>;

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
) {
  const store = createStore<SigningState>()(() => ({
    status: 'idle',
    storageError: null,
    supported: null,
    signingKey: null,
    trusted: [],
    signedExports: {},
    verifications: {},
    comparing: {},
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
      const [signingKey, trusted] = await Promise.all([
        opened.getSigningKey(),
        opened.listTrusted(),
      ]);
      store.setState({ status: 'ready', signingKey, trusted: sortTrusted(trusted) });
      return opened;
    })();
    return storage;
  }

  async function reverifyAll(dictionary?: FieldDictionary): Promise<void> {
    const current = store.getState().verifications;
    const next: Record<string, DocumentVerification> = {};
    for (const [docId, v] of Object.entries(current))
      next[docId] = {
        ...v,
        report: await verify(v.sourceBytes, v.envelopeBytes, dictionary),
      };
    store.setState({ verifications: next });
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
      store.setState({ trusted: sortTrusted([...existing.values()]) });
      if (added.length > 0) await reverifyAll(dictionary);
      return { added, already };
    },
    async renameTrusted(keyId: string, name: string): Promise<void> {
      const storage = await ensureLoaded();
      const key = store.getState().trusted.find((k) => k.keyId === keyId);
      const trimmed = name.trim();
      if (!key || trimmed === '' || trimmed === key.name) return;
      const record = { ...key, name: trimmed };
      await storage.putTrusted(record);
      store.setState({
        trusted: sortTrusted(store.getState().trusted.map((k) => (k.keyId === keyId ? record : k))),
      });
    },
    async removeTrusted(keyId: string, dictionary?: FieldDictionary): Promise<void> {
      const storage = await ensureLoaded();
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
      store.setState({ verifications: { ...store.getState().verifications, [docId]: record } });
      return record;
    },
    /** Chooses what Compare versions compares the document with ('' for nothing). */
    compareWith(docId: string, against: string) {
      store.setState({ comparing: { ...store.getState().comparing, [docId]: against } });
    },
    forgetDocument(docId: string) {
      const { [docId]: _gone, ...rest } = store.getState().verifications;
      store.setState({ verifications: rest });
    },
    async loadSignedExport(docId: string): Promise<SignedExportRecord | null> {
      const storage = await ensureLoaded();
      const record = await storage.getSignedExport(docId);
      if (record)
        store.setState({ signedExports: { ...store.getState().signedExports, [docId]: record } });
      return record;
    },
    async recordSignedExport(record: SignedExportRecord): Promise<void> {
      const storage = await ensureLoaded();
      await storage.putSignedExport(record);
      store.setState({
        signedExports: { ...store.getState().signedExports, [record.docId]: record },
      });
    },
  };
}

function sortTrusted(list: readonly TrustedKeyRecord[]): TrustedKeyRecord[] {
  return [...list].sort((a, b) => a.name.localeCompare(b.name) || a.keyId.localeCompare(b.keyId));
}
