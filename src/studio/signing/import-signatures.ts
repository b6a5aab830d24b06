import type { Bilingual } from '../../kernel';
import { MAX_SIGNATURE_FILE_BYTES } from '../../kernel/file-limits';
import {
  SIGNATURE_SUFFIX,
  type SignatureVerdict,
  signatureTooLargeText,
  verdictChangeLines,
  verdictHeadline,
  verdictReason,
} from '../../signing';
import { format } from '../i18n/i18n';
import { studioStore } from '../store';
import type { Lang } from '../store/types';
import { documentFileName, documentNameFromFile } from '../workspace/files';
import { workspaceDictionary } from './dictionary';
import { requirementsNow } from './required-roles';
import { signing } from './signing-instance';
import { signingStrings } from './strings';
import { joinDetail, reportVerdict } from './verification-summary';

export function isSignatureFile(name: string): boolean {
  return name.toLowerCase().endsWith(SIGNATURE_SUFFIX);
}

interface ImportedRuleFile {
  readonly fileName: string;
  readonly docId: string;
  readonly bytes: Uint8Array;
}

/**
 * Imports files as the workspace does (`importOne` adds a document and returns its id), then
 * verifies each `.dsse.json` against the rule file imported with it — or, when the signature
 * comes alone, against the open document of that file name.
 */
export async function importWithSignatures(
  files: Iterable<File>,
  importOne: (file: File) => Promise<string | null>,
): Promise<void> {
  const list = [...files];
  const signatures = list.filter((f) => isSignatureFile(f.name));
  const imported: ImportedRuleFile[] = [];
  for (const file of list) {
    if (isSignatureFile(file.name)) continue;
    const docId = await importOne(file);
    if (docId !== null && signatures.length > 0)
      imported.push({
        fileName: file.name,
        docId,
        bytes: new Uint8Array(await file.arrayBuffer()),
      });
  }
  for (const signature of signatures)
    await verifySignatureFile(signature, imported, signatures.length);
}

function notify(kind: 'info' | 'warning' | 'error', message: Bilingual) {
  studioStore.getState().notify(kind, message);
}

function both(pick: (s: typeof signingStrings.zh) => string, values: Record<string, string>) {
  return inBoth(pick, () => values);
}

/** A string of the table in both languages, with values that may differ per language. */
function inBoth(
  pick: (s: typeof signingStrings.zh) => string,
  values: (lang: Lang) => Record<string, string>,
): Bilingual {
  return {
    en: format(pick(signingStrings.en), values('en')),
    zh: format(pick(signingStrings.zh), values('zh')),
  };
}

async function verifySignatureFile(
  signature: File,
  imported: readonly ImportedRuleFile[],
  signatureCount: number,
): Promise<void> {
  const ruleFile = signature.name.slice(0, -SIGNATURE_SUFFIX.length);
  // The limit `erdl verify` applies too, checked before the file is read, in the same words.
  if (signature.size > MAX_SIGNATURE_FILE_BYTES) {
    const m = signatureTooLargeText(signature.size);
    notify('error', { en: `${signature.name}: ${m.en}`, zh: `${signature.name}：${m.zh}` });
    return;
  }
  // A browser may rename a second download ("x (1).yaml"): one rule file and one signature pair up.
  const match =
    imported.find((f) => f.fileName === ruleFile) ??
    (imported.length === 1 && signatureCount === 1 ? imported[0] : undefined);
  let docId: string;
  let sourceBytes: Uint8Array;
  if (match) {
    docId = match.docId;
    sourceBytes = match.bytes;
  } else {
    const open = openDocumentFor(ruleFile);
    if (!open) {
      notify(
        'error',
        both((s) => s.verify.noDocument, { file: signature.name, rule: ruleFile }),
      );
      return;
    }
    docId = open.id;
    sourceBytes = new TextEncoder().encode(open.text);
  }
  const text = studioStore.getState().documents[docId]?.text ?? '';
  const envelopeBytes = new Uint8Array(await signature.arrayBuffer());
  const { report } = await signing.verifyDocument(
    docId,
    { signatureFile: signature.name, ruleFile, text, sourceBytes, envelopeBytes },
    workspaceDictionary(),
  );
  // The notice is about the file as read, with the keys trusted at that moment; the Export
  // panel then follows the text and the trusted keys as they change.
  const verdict = reportVerdict(report, requirementsNow());
  const file = match?.fileName ?? ruleFile;
  const headline = verdictHeadline(verdict);
  if (verdict.kind === 'unchanged')
    notify(
      'info',
      inBoth(
        (t) => t.verify.notice.verified,
        (lang) => ({ file, verdict: headline[lang], name: verdict.signerName ?? '' }),
      ),
    );
  else if (verdict.kind === 'untrusted')
    notify(
      'warning',
      inBoth(
        (t) => t.verify.notice.untrusted,
        (lang) => ({ file, verdict: headline[lang], keyId: verdict.keyId }),
      ),
    );
  else {
    const detail = noticeDetail(verdict);
    notify(
      'error',
      inBoth(
        (t) => t.verify.notice.failed,
        (lang) => ({ file, verdict: headline[lang], detail: detail[lang] }),
      ),
    );
  }
  studioStore.getState().setActive(docId);
}

/** What a failed verdict's notice adds: the rules that differ, else the reason (first 3 items). */
function noticeDetail(verdict: SignatureVerdict): Bilingual {
  const items =
    verdict.kind === 'bad-signature'
      ? verdict.detail
      : verdictChangeLines(verdict).length > 0
        ? verdictChangeLines(verdict)
        : [verdictReason(verdict)];
  return joinDetail(items);
}

/** The open document a lone signature file belongs to: by file name, the active one first. */
function openDocumentFor(ruleFile: string) {
  const state = studioStore.getState();
  const name = documentNameFromFile(ruleFile);
  const candidates = state.order
    .map((id) => state.documents[id])
    .filter((d) => d !== undefined)
    .filter((d) => documentFileName(d.name) === ruleFile || d.name === name);
  return candidates.find((d) => d.id === state.activeId) ?? candidates[0] ?? null;
}
