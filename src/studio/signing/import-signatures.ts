import type { Bilingual } from '../../kernel';
import { hashBytes } from '../../kernel';
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
import { signatureNoticeState, signatureSubjectKey } from '../shell/notice-subject';
import { studioStore } from '../store';
import type { Lang, StudioDocument } from '../store/types';
import { documentFileName, documentNameFromFile } from '../workspace/files';
import { attachTarget, signedSourceHash } from './attach-signature';
import { workspaceDictionary } from './dictionary';
import { requirementsNow } from './required-roles';
import { textSha } from './signature-verdict';
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
 * comes alone, against the open document whose bytes it signs (attach-signature.ts).
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
  const envelopeBytes = new Uint8Array(await signature.arrayBuffer());
  const signedSha = signedSourceHash(envelopeBytes);
  // A rule file opened with it: the one with the signed bytes, else the one of its name; a browser
  // may rename a second download ("x (1).yaml"): one rule file and one signature pair up.
  const match =
    (signedSha !== null ? imported.find((f) => hashBytes(f.bytes) === signedSha) : undefined) ??
    imported.find((f) => f.fileName === ruleFile) ??
    (imported.length === 1 && signatureCount === 1 ? imported[0] : undefined);
  if (match) {
    await attach(match.docId, signature.name, ruleFile, envelopeBytes, match.bytes, match.fileName);
    return;
  }
  // Alone: the open document whose bytes it signs (issue #37), never another text by its name.
  const state = studioStore.getState();
  const docs = state.order
    .map((id) => state.documents[id])
    .filter((d): d is StudioDocument => d !== undefined);
  const name = documentNameFromFile(ruleFile);
  const target = attachTarget(signedSha, docs, state.activeId, textSha, (id) => {
    const d = state.documents[id];
    return d !== undefined && (documentFileName(d.name) === ruleFile || d.name === name);
  });
  if (target.kind === 'content') {
    const text = state.documents[target.docId]?.text ?? '';
    await attach(target.docId, signature.name, ruleFile, envelopeBytes, encode(text), ruleFile);
    return;
  }
  if (target.kind === 'none') {
    notify(
      'error',
      both((s) => s.verify.noDocument, { file: signature.name, rule: ruleFile }),
    );
    return;
  }
  // A document of that name with another text: said, and offered — attached only if asked.
  const docId = target.docId;
  const docName = state.documents[docId]?.name ?? name;
  const text = state.documents[docId]?.text ?? '';
  state.notify(
    'error',
    both((s) => s.verify.otherText, { file: signature.name, name: docName, rule: ruleFile }),
    {
      subject: { key: signatureSubjectKey(docId), docId, text },
      action: {
        label: both((s) => s.verify.attachAnyway, { name: docName }),
        run: () => {
          const now = studioStore.getState().documents[docId]?.text;
          if (now === undefined) return;
          void attach(docId, signature.name, ruleFile, envelopeBytes, encode(now), ruleFile);
        },
      },
    },
  );
}

const encode = (text: string) => new TextEncoder().encode(text);

/** Verifies `envelopeBytes` against `sourceBytes`, records it on the document and says so. */
async function attach(
  docId: string,
  signatureFile: string,
  ruleFile: string,
  envelopeBytes: Uint8Array,
  sourceBytes: Uint8Array,
  file: string,
): Promise<void> {
  const text = studioStore.getState().documents[docId]?.text ?? '';
  const { report } = await signing.verifyDocument(
    docId,
    { signatureFile, ruleFile, text, sourceBytes, envelopeBytes },
    workspaceDictionary(),
  );
  // The notice is about the file as read, with the keys trusted at that moment, and is bound to
  // that text and verdict: it goes the moment either changes (the Export panel then follows).
  const verdict = reportVerdict(report, requirementsNow());
  const headline = verdictHeadline(verdict);
  const about = {
    subject: {
      key: signatureSubjectKey(docId),
      docId,
      text,
      state: signatureNoticeState(verdict.kind, {
        file: signatureFile,
        roles: report.roles.length,
      }),
    },
  };
  const state = studioStore.getState();
  if (verdict.kind === 'unchanged')
    state.notify(
      'info',
      inBoth(
        (t) => t.verify.notice.verified,
        (lang) => ({ file, verdict: headline[lang], name: verdict.signerName ?? '' }),
      ),
      about,
    );
  else if (verdict.kind === 'untrusted')
    state.notify(
      'warning',
      inBoth(
        (t) => t.verify.notice.untrusted,
        (lang) => ({ file, verdict: headline[lang], keyId: verdict.keyId }),
      ),
      about,
    );
  else {
    const detail = noticeDetail(verdict);
    state.notify(
      'error',
      inBoth(
        (t) => t.verify.notice.failed,
        (lang) => ({ file, verdict: headline[lang], detail: detail[lang] }),
      ),
      about,
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
