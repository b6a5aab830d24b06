import { fill, listed } from '../../i18n/format';
import {
  compileDocument,
  type FieldDictionary,
  hashBytes,
  normalizeInstant,
  parseFieldDictionary,
} from '../../kernel';
import { zhQuote } from '../../kernel/util/quote';
import {
  addRoleSignature,
  checkedText,
  deriveVerdict,
  envelopeText,
  fromBase64,
  isReviewOpinion,
  isSignerRole,
  type ReviewOpinion,
  readEnvelope,
  readPrivateJwk,
  reviewCommentProblem,
  roleText,
  SIGNER_ROLES,
  signatureFacts,
  signatureFileName,
  signerFromJwk,
  signRuleFile,
  verdictChangeLines,
  verdictReason,
  verifyRuleFile,
  withoutRoleSignature,
} from '../../signing';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { printError, usageError } from '../messages';
import { diagnosticLines } from '../printer';
import { readData } from '../read-data';
import { readRules } from '../reader';
import { quoted } from '../strings';
import { HELP } from '../strings/help';
import { SIGN_STRINGS as msg } from '../strings/sign';
import { SIGNING_CLI_STRINGS as S } from '../strings/signing';
import { baseName, readJsonFile, readSignatureBytes, writeFileBytes } from './key-files';
import type { Verb } from './verb';

export const sign: Verb = {
  name: 'sign',
  stdout: 'text',
  args: ['RULES'],
  options: [
    {
      name: '--key',
      value: 'KEY.jwk',
      summary: msg.keyOption,
    },
    {
      name: '--time',
      value: 'ISO8601',
      summary: msg.timeOption,
    },
    {
      name: '--fields',
      value: 'FIELDS',
      summary: msg.fieldsOption,
    },
    {
      name: '--role',
      value: 'author|reviewer',
      summary: msg.roleOption,
    },
    {
      name: '--report',
      value: 'REPORT.html',
      summary: msg.reportOption,
    },
    { name: '--opinion', value: 'approve|return', summary: S.opinionOption },
    { name: '--comment', value: 'TEXT', summary: S.commentOption },
  ],
  summary: msg.summary,
  details: HELP.sign,
  async run(io, [fileArg], options) {
    const file = fileArg as string;
    const keyPath = options['--key'];
    if (keyPath === undefined) {
      printError(io, usageError(msg.signNeedsKeyKey));
      return EXIT_USAGE;
    }
    const keyFile = await readJsonFile(io, keyPath);
    if (!keyFile.ok) {
      printError(io, keyFile.message);
      return EXIT_USAGE;
    }
    const key = readPrivateJwk(keyFile.value);
    if (!key.ok) {
      printError(io, fill(msg.text, { keyPath, message: key.message }));
      return EXIT_USAGE;
    }
    const signer = await signerFromJwk(key.key);
    if (!signer.ok) {
      printError(io, fill(msg.text2, { keyPath, message: signer.message }));
      return EXIT_USAGE;
    }
    let dictionary: FieldDictionary | undefined;
    const fieldsFile = options['--fields'];
    if (fieldsFile !== undefined) {
      const data = await readData(io, fieldsFile);
      const parsed = data.ok ? parseFieldDictionary(data.value) : null;
      if (!data.ok || !parsed?.ok) {
        if (!data.ok) printError(io, data.message);
        else
          for (const p of parsed?.ok === false ? parsed.problems : [])
            printError(io, fill(msg.text3, { fieldsFile, p }));
        return EXIT_USAGE;
      }
      dictionary = parsed.dictionary;
    }
    const read = await readRules(io, file);
    if (!read.ok) {
      printError(io, read.message);
      return EXIT_USAGE;
    }
    const compiled = compileDocument(read.bytes);
    if (!compiled.document) {
      for (const line of diagnosticLines(file, compiled)) io.err(line);
      return EXIT_INVALID;
    }
    const role = options['--role'];
    if (role !== undefined && !isSignerRole(role)) {
      printError(
        io,
        usageError(fill(msg.badRole, { roles: listed(SIGNER_ROLES), ...quoted(role) })),
      );
      return EXIT_USAGE;
    }
    let reportSha256: string | undefined;
    const reportPath = options['--report'];
    if (reportPath !== undefined) {
      if (role === undefined) {
        printError(io, usageError(msg.reportNeedsRoleReport));
        return EXIT_USAGE;
      }
      const report = await readRules(io, reportPath);
      if (!report.ok) {
        printError(io, report.message);
        return EXIT_USAGE;
      }
      reportSha256 = hashBytes(report.bytes);
    }
    const opinionOption = options['--opinion'];
    const commentOption = options['--comment'];
    let opinion: ReviewOpinion | undefined;
    if (opinionOption !== undefined) {
      if (role !== 'reviewer') {
        printError(io, usageError(S.opinionNeedsReviewer));
        return EXIT_USAGE;
      }
      if (!isReviewOpinion(opinionOption)) {
        printError(
          io,
          usageError({
            en: fill(S.badOpinion, { value: JSON.stringify(opinionOption) }).en,
            zh: fill(S.badOpinion, { value: zhQuote(opinionOption) }).zh,
          }),
        );
        return EXIT_USAGE;
      }
      opinion = opinionOption;
    }
    let comment: string | undefined;
    if (commentOption !== undefined) {
      if (opinion === undefined) {
        printError(io, usageError(S.commentNeedsOpinion));
        return EXIT_USAGE;
      }
      comment = commentOption.normalize('NFC');
      const problem = reviewCommentProblem(comment);
      if (problem) {
        printError(
          io,
          usageError({
            en: fill(S.badComment, { reason: problem.en }).en,
            zh: fill(S.badComment, { reason: problem.zh }).zh,
          }),
        );
        return EXIT_USAGE;
      }
    }
    // The CLI is not the kernel: without --time it may read the clock (docs/signed-files.md).
    const signedAt = options['--time'] ?? new Date().toISOString();
    if (normalizeInstant(signedAt) === null) {
      printError(
        io,
        usageError(
          fill(msg.timeNotIso8601, {
            signedAt: { en: JSON.stringify(signedAt), zh: zhQuote(signedAt) },
          }),
        ),
      );
      return EXIT_USAGE;
    }
    const out = signatureFileName(file);
    if (role !== undefined) {
      // The existing signature file is read only within the limit `erdl verify` applies.
      const existing = await readSignatureBytes(io, out);
      if (!existing.ok && existing.tooLarge) {
        printError(io, existing.message);
        return EXIT_INVALID;
      }
      if (existing.ok) {
        const added = await addToExisting(io, file, read.bytes, existing.bytes, {
          role,
          signer: signer.signer,
          signedAt,
          ...(key.name !== undefined ? { name: key.name } : {}),
          ...(reportSha256 !== undefined ? { reportSha256 } : {}),
          ...(opinion !== undefined ? { opinion } : {}),
          ...(comment !== undefined ? { comment } : {}),
        });
        if (added.code !== EXIT_OK) return added.code;
        return writeSignature(io, out, added.text);
      }
    }
    const signed = await signRuleFile({
      sourceBytes: read.bytes,
      file: baseName(file),
      signedAt,
      signer: signer.signer,
      ...(dictionary ? { dictionary } : {}),
    });
    if (!signed.ok) {
      printError(io, signed.message);
      return EXIT_USAGE;
    }
    let text = signed.text;
    if (role !== undefined)
      text = envelopeText(
        await addRoleSignature(
          signed.envelope,
          fromBase64(signed.envelope.payload) ?? new Uint8Array(0),
          {
            role,
            signer: signer.signer,
            signedAt,
            ...(key.name !== undefined ? { name: key.name } : {}),
            ...(reportSha256 !== undefined ? { reportSha256 } : {}),
            ...(opinion !== undefined ? { opinion } : {}),
            ...(comment !== undefined ? { comment } : {}),
          },
        ),
      );
    return writeSignature(io, out, text);
  },
};

async function writeSignature(io: CliIo, out: string, text: string): Promise<ExitCode> {
  const wrote = await writeFileBytes(io, out, new TextEncoder().encode(text));
  if (!wrote.ok) {
    printError(io, wrote.message);
    return EXIT_USAGE;
  }
  io.out(out);
  return EXIT_OK;
}

/**
 * Adds a role signature to an existing signature file: only when that file verifies (whoever its
 * signers are: trust is the verifier's question) and RULES is exactly the text it signed.
 */
async function addToExisting(
  io: CliIo,
  file: string,
  sourceBytes: Uint8Array,
  envelopeBytes: Uint8Array,
  input: Parameters<typeof addRoleSignature>[2],
): Promise<{ code: ExitCode; text: string }> {
  const report = await verifyRuleFile({ sourceBytes, envelopeBytes });
  const verdict = deriveVerdict(signatureFacts(report), null, checkedText(report));
  const opened = readEnvelope(envelopeBytes);
  if (report.signature !== 'valid' || !opened.ok) {
    const reason = verdictReason(verdict);
    printError(io, fill(msg.cannotAddRole, { file, role: roleText(input.role), reason }));
    for (const p of report.signatureProblems) printError(io, p);
    return { code: EXIT_INVALID, text: '' };
  }
  if (verdict.kind !== 'unchanged') {
    printError(io, fill(msg.refusedThisTextNot, { file, verdictReason: verdictReason(verdict) }));
    for (const line of verdictChangeLines(verdict)) printError(io, line);
    return { code: EXIT_INVALID, text: '' };
  }
  const env = opened.opened.envelope;
  // A reviewer's new opinion replaces that key's earlier review (a key signs a role once).
  const replaces = input.role === 'reviewer' && input.opinion !== undefined;
  if (
    !replaces &&
    report.roles.some((r) => r.role === input.role && r.keyId === input.signer.keyId)
  ) {
    const keyId = input.signer.keyId;
    printError(io, fill(msg.alreadySigned, { file, keyId, role: roleText(input.role) }));
    return { code: EXIT_INVALID, text: '' };
  }
  const base = replaces ? withoutRoleSignature(env, input.role, input.signer.keyId) : env;
  return {
    code: EXIT_OK,
    text: envelopeText(await addRoleSignature(base, opened.opened.payload, input)),
  };
}
