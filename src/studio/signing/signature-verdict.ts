import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { hashBytes, type SourceComparison } from '../../kernel';
import {
  type CurrentText,
  deriveVerdict,
  type Requirements,
  type SignatureVerdict,
  signatureFacts,
  type TrustedSigner,
} from '../../signing';
import { studioStore, useStudio } from '../store';
import { emptyRecord, withEntry } from '../store/ids';
import type { AnalysisEntry, Lang } from '../store/types';
import { requirementsNow, requirementsOf, useRequiredRoles } from './required-roles';
import { signing, useSigning } from './signing-instance';
import { type DocumentVerification, type SigningState, trustList } from './signing-state';
import { compareInWorker } from './signing-worker';
import { signingStrings } from './strings';

/**
 * A document's signature verdict in the studio, derived on every render from the verification
 * record (what the signature file is), the trusted keys NOW and the document text NOW (its
 * analysis, its bytes, and — when its document hash is not the signed one — its rules against
 * the manifest, computed in the batch worker). Nothing here remembers a verdict.
 */

/** A comparison of one exact text with a document's signed manifest (from the batch worker). */
export interface TextComparison {
  readonly text: string;
  readonly comparison: SourceComparison;
}

/**
 * The text now, as far as its hashes are known: `entry` is the store's analysis of the document
 * (of this text or an older one), `sha` the bytes' hash of this text when computed, `compared`
 * the worker's comparison (of this text or an older one).
 */
export function currentTextOf(
  record: DocumentVerification,
  text: string,
  entry: AnalysisEntry | undefined,
  sha: (text: string) => string,
  compared: TextComparison | undefined,
): CurrentText {
  // Not yet analysed, or its document hash not yet computed (left to the gloss phase).
  if (!entry || entry.text !== text || entry.analysis.documentHashPending)
    return { state: 'pending' };
  const documentHash = entry.analysis.documentHash;
  const manifest = record.report.manifest;
  // The text opened with the signature is the signed bytes decoded: its checked comparison holds.
  const opened = text === record.text ? record.report.source : null;
  if (manifest && documentHash === manifest.document.hash)
    return {
      state: 'analysed',
      documentHash,
      sourceSha256: opened ? opened.source_sha256 : sha(text),
      comparison: opened,
    };
  return {
    state: 'analysed',
    documentHash,
    sourceSha256: null,
    comparison: opened ?? (compared?.text === text ? compared.comparison : null),
  };
}

/** The keys trusted now, with the studio's own key named in the UI language. */
export function trustedNow(
  state: Pick<SigningState, 'signingKey' | 'trusted'>,
  lang: Lang,
): TrustedSigner[] {
  return trustList(state, signingStrings[lang].trusted.own);
}

export function studioVerdict(
  record: DocumentVerification,
  trusted: readonly TrustedSigner[],
  current: CurrentText,
  /** The roles the user requires (required-roles.ts). */
  requirements: Requirements | null = null,
): SignatureVerdict {
  return deriveVerdict(signatureFacts(record.report), trusted, current, requirements);
}

let lastSha: { text: string; sha: string } | null = null;

/** `sha256:` of the text's UTF-8 bytes (the last one kept: a render asks again for the same text). */
export function textSha(text: string): string {
  if (lastSha?.text !== text) lastSha = { text, sha: hashBytes(new TextEncoder().encode(text)) };
  return lastSha.sha;
}

/** The worker's latest comparison per document, each of the exact text it was made for. */
// Keyed by document id, which an imported workspace chooses (`__proto__`, `constructor`): a record
// without a prototype, replaced whole (zustand's merge would assign `__proto__`).
const comparisons = createStore<Readonly<Record<string, TextComparison>>>()(() =>
  emptyRecord<TextComparison>(),
);
const requested = new Map<string, string>();

function requestComparison(docId: string, record: DocumentVerification, text: string) {
  if (requested.get(docId) === text || comparisons.getState()[docId]?.text === text) return;
  requested.set(docId, text);
  void compareInWorker(docId, text, record.envelopeBytes).then((comparison) => {
    if (requested.get(docId) === text) requested.delete(docId);
    if (comparison) comparisons.setState((s) => withEntry(s, docId, { text, comparison }), true);
  });
}

/**
 * The verdict on a document opened with a signature file; null for one opened unsigned. With
 * `rules`, a text whose document hash is not the signed one is compared rule by rule in the
 * batch worker (the Export panel); without, the verdict says "changed" without naming rules.
 */
export function useSignatureVerdict(docId: string, rules: boolean): SignatureVerdict | null {
  const record = useSigning((s) => s.verifications[docId]);
  const signingKey = useSigning((s) => s.signingKey);
  const trusted = useSigning((s) => s.trusted);
  const lang = useStudio((s) => s.lang);
  const required = useRequiredRoles();
  // The text only for a document opened with a signature: every other badge would re-render
  // with every keystroke for nothing.
  const text = useStudio((s) => (record ? s.documents[docId]?.text : undefined));
  const entry = useStudio((s) => s.analyses[docId]);
  const compared = useStore(comparisons, (s) => s[docId]);
  const current =
    record && text !== undefined
      ? currentTextOf(record, text, entry, textSha, compared)
      : ({ state: 'pending' } as const);
  const needsRules =
    rules &&
    record !== undefined &&
    text !== undefined &&
    current.state === 'analysed' &&
    current.sourceSha256 === null &&
    current.comparison === null;
  useEffect(() => {
    if (needsRules && record && text !== undefined) requestComparison(docId, record, text);
  }, [needsRules, docId, record, text]);
  if (!record || text === undefined) return null;
  return studioVerdict(
    record,
    trustedNow({ signingKey, trusted }, lang),
    current,
    requirementsOf(required),
  );
}

/** The verdict now, outside React (a click handler); rules are not compared here. */
export function verdictNow(docId: string): SignatureVerdict | null {
  const state = signing.store.getState();
  const record = state.verifications[docId];
  const studio = studioStore.getState();
  const text = studio.documents[docId]?.text;
  if (!record || text === undefined) return null;
  const current = currentTextOf(
    record,
    text,
    studio.analyses[docId],
    textSha,
    comparisons.getState()[docId],
  );
  return studioVerdict(record, trustedNow(state, studio.lang), current, requirementsNow());
}
