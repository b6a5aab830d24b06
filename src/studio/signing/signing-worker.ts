import { bilingual } from '../../i18n/format';
import type { Bilingual, SourceComparison } from '../../kernel';
import type { RuleFileVerification, SignedRuleFile, VerifyRuleFileInput } from '../../signing';
import type { Outcome } from '../../worker/kernel-client';
import type { SignRequest } from '../../worker/kernel-protocol';
import { getBatchKernel } from '../kernel/kernel-instance';
import { signingMessageStrings } from './strings';

/**
 * `signRuleFile` and `verifyRuleFile` in the batch worker: both compile the whole document, most of
 * a second at 1,000 rules, which on the main thread froze the page. Each call has a channel of its
 * own, so one never supersedes another. The signing key goes as a CryptoKey handle. Where there
 * are no workers (unit tests under Node) they run here, loading the signing code then: the page
 * itself never loads it for these (tests/entry-chunk.test.ts).
 */
const hasWorkers = typeof Worker !== 'undefined';

let calls = 0;

/** Why a worker call gave no value, in both languages. */
function notDone(outcome: Exclude<Outcome<unknown>, { status: 'done' }>): Bilingual {
  return outcome.status === 'stale'
    ? bilingual(signingMessageStrings, (t) => t.superseded)
    : outcome.message;
}

/** What signing a rule file with a stored key takes (the worker builds the signer from it). */
export type KeySignInput = Omit<SignRequest, 'op'>;

export async function signInWorker(input: KeySignInput): Promise<SignedRuleFile> {
  if (!hasWorkers) return signHere(input);
  const outcome = await getBatchKernel().request(`sign:${++calls}`, { op: 'sign', ...input });
  if (outcome.status === 'done') return outcome.value;
  return { ok: false, message: notDone(outcome), diagnostics: [] };
}

export async function verifyInWorker(input: VerifyRuleFileInput): Promise<RuleFileVerification> {
  if (!hasWorkers) return verifyHere(input);
  const { backend: _mainThreadOnly, ...rest } = input;
  const outcome = await getBatchKernel().request(`verify:${++calls}`, { op: 'verify', ...rest });
  if (outcome.status === 'done') return outcome.value;
  const { uncheckedFile } = await import('../../signing/signed-file');
  return uncheckedFile(notDone(outcome));
}

/** `signRuleFile` with a stored key, on this thread. */
export async function signHere(input: KeySignInput): Promise<SignedRuleFile> {
  const { signerFromCryptoKey, signRuleFile } = await import('../../signing');
  const { privateKey, publicKey, ...rest } = input;
  return signRuleFile({ ...rest, signer: signerFromCryptoKey(privateKey, publicKey) });
}

/** `verifyRuleFile` on this thread. */
async function verifyHere(input: VerifyRuleFileInput): Promise<RuleFileVerification> {
  const { verifyRuleFile } = await import('../../signing/signed-file');
  return verifyRuleFile(input);
}

/**
 * The text now against a document's signed manifest, rule by rule (`verifyRuleFile`'s comparison
 * of the text's bytes), in the batch worker on a channel per document, so typing supersedes older
 * requests. Null when superseded, failed, or the signature file has no readable manifest.
 */
export async function compareInWorker(
  docId: string,
  text: string,
  envelopeBytes: Uint8Array,
): Promise<SourceComparison | null> {
  const input = { sourceBytes: new TextEncoder().encode(text), envelopeBytes };
  if (!hasWorkers) return (await verifyHere(input)).source;
  const outcome = await getBatchKernel().request(`signed-compare:${docId}`, {
    op: 'verify',
    ...input,
  });
  return outcome.status === 'done' ? outcome.value.source : null;
}
