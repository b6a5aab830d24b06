import { fill, listed } from '../../i18n/format';
import { hashBytes } from '../../kernel';
import {
  checkedText,
  deriveVerdict,
  isSignerRole,
  opinionText,
  type Requirements,
  type RoleSignature,
  roleText,
  SIGNATURE_SUFFIX,
  SIGNER_ROLES,
  type SignerRole,
  signatureFacts,
  signatureTooLargeText,
  type TrustedKey,
  uncheckedFile,
  unmetRequirements,
  verdictChangeLines,
  verdictHeadline,
  verdictHolds,
  verdictReason,
  verifyRuleFile,
} from '../../signing';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { inLanguage, printError } from '../messages';
import { readFailure, readRules } from '../reader';
import { quoted } from '../strings';
import { HELP } from '../strings/help';
import { SIGNING_CLI_STRINGS as S } from '../strings/signing';
import { VERIFY_STRINGS as msg } from '../strings/verify';
import { readSignatureBytes, readTrustFiles } from './key-files';
import { optionValues, type Verb } from './verb';

/** A rule file and its signature file, from whichever of the two was named. */
interface Pair {
  readonly rules: string;
  readonly signature: string;
}

function pairOf(path: string): Pair {
  return path.endsWith(SIGNATURE_SUFFIX)
    ? { rules: path.slice(0, -SIGNATURE_SUFFIX.length), signature: path }
    : { rules: path, signature: `${path}${SIGNATURE_SUFFIX}` };
}

export const verify: Verb = {
  name: 'verify',
  stdout: 'text',
  args: ['FILE…'],
  options: [
    { name: '--trust', value: 'PUB.jwk', summary: S.trustOption, repeatable: true },
    {
      name: '--require-roles',
      value: 'author,reviewer',
      summary: msg.requireRolesOption,
    },
    {
      name: '--report',
      value: 'REPORT.html',
      summary: msg.reportOption,
    },
  ],
  summary: msg.summary,
  details: HELP.verify,
  async run(io, paths, options) {
    let trusted: TrustedKey[] | undefined;
    if (options['--trust'] !== undefined) {
      const read = await readTrustFiles(io, optionValues(options['--trust']));
      if (!read.ok) {
        printError(io, read.message);
        return EXIT_USAGE;
      }
      trusted = read.keys;
    }
    let required: SignerRole[] = [];
    const requireOption = options['--require-roles'];
    if (requireOption !== undefined) {
      const names = requireOption.split(',').map((r) => r.trim());
      const wrong = names.find((r) => !isSignerRole(r));
      if (wrong !== undefined) {
        printError(
          io,
          fill(msg.badRequiredRole, { roles: listed(SIGNER_ROLES), ...quoted(wrong) }),
        );
        return EXIT_USAGE;
      }
      required = [...new Set(names as SignerRole[])];
    }
    let reportSha256: string | null = null;
    if (options['--report'] !== undefined) {
      const report = await readRules(io, options['--report']);
      if (!report.ok) {
        printError(io, report.message);
        return EXIT_USAGE;
      }
      reportSha256 = hashBytes(report.bytes);
    }
    const pairs = new Map<string, Pair>();
    for (const path of paths) {
      const pair = pairOf(path);
      if (!pairs.has(pair.signature)) pairs.set(pair.signature, pair);
    }
    // Every named path must be readable (as for the other verbs: exit 2 otherwise); a file's
    // size is looked up, not read (a signature file over the limit is refused unread, below).
    for (const path of paths) {
      const size = io.fileSize
        ? await io.fileSize(path).then(
            (n) => ({ ok: true as const, regular: n !== null }),
            (e: unknown) => ({ ok: false as const, message: readFailure(path, e) }),
          )
        : null;
      const read = size && (!size.ok || size.regular) ? size : await readRules(io, path);
      if (!read.ok) {
        printError(io, read.message);
        return EXIT_USAGE;
      }
    }
    let code: ExitCode = EXIT_OK;
    for (const pair of pairs.values()) {
      if ((await verifyPair(io, pair, trusted, required, reportSha256)) !== EXIT_OK)
        code = EXIT_INVALID;
    }
    return code;
  },
};

async function verifyPair(
  io: CliIo,
  pair: Pair,
  trusted: TrustedKey[] | undefined,
  required: readonly SignerRole[],
  reportSha256: string | null = null,
): Promise<ExitCode> {
  const signature = await readSignatureBytes(io, pair.signature);
  if (!signature.ok && !signature.tooLarge) {
    printError(io, fill(msg.notSigned, { rules: pair.rules, message: signature.message }));
    io.out(`FAILED ${pair.rules}`);
    return EXIT_INVALID;
  }
  const rules = await readRules(io, pair.rules);
  // A signature file over the size limit is refused unread: a bad signature, nothing verified.
  const report = signature.ok
    ? await verifyRuleFile({
        sourceBytes: rules.ok ? rules.bytes : null,
        envelopeBytes: signature.bytes,
        ...(trusted ? { trusted } : {}),
      })
    : uncheckedFile(signatureTooLargeText(signature.size));
  for (const p of report.problems) printError(io, fill(msg.text, { rules: pair.rules, p }));
  // The same verdict, reason and rule lines as the studio's (src/signing/verdict.ts); the
  // required roles and report are part of it: a file lacking them is never "Signed, unchanged".
  const requirements: Requirements = { roles: required, reportSha256 };
  const verdict = deriveVerdict(
    signatureFacts(report),
    trusted ?? null,
    checkedText(report),
    requirements,
  );
  const missing = unmetRequirements(report.roles, requirements).problems;
  for (const p of missing) printError(io, fill(msg.text, { rules: pair.rules, p }));
  const holds = verdictHolds(verdict) && missing.length === 0;
  const sig = {
    valid: S.valid,
    invalid: S.notValid,
    'not-checked': msg.notCheckedUnreadableSignature,
  }[report.signature];
  // A signer is only judged when the signature verifies: a bad signature names no signer.
  const signer =
    verdict.kind === 'bad-signature'
      ? msg.notJudgedSignatureDoes
      : report.trusted === null
        ? msg.unknownNoTrustGiven
        : report.trusted
          ? msg.trusted
          : msg.notTrusted;
  io.out(`${holds ? 'OK' : 'FAILED'} ${pair.rules}`);
  const keyId = report.keyId;
  const sigLine = keyId
    ? fill(S.signatureLine, { sig, keyId })
    : fill(S.signatureLineNoKey, { sig });
  io.out(`  ${inLanguage(io, sigLine)}`);
  io.out(`  ${inLanguage(io, fill(msg.signerLine, { signer }))}`);
  for (const r of report.roles) for (const line of roleLines(io, r)) io.out(line);
  const m = report.manifest;
  if (m && verdict.kind !== 'bad-signature')
    io.out(
      `  ${inLanguage(io, fill(msg.manifestLine, { signedAt: m.signed_at, hash: m.document.hash, n: m.rules.length }))}`,
    );
  if (report.source?.document_matches && report.source.source_matches)
    io.out(`  ${inLanguage(io, msg.ruleFileMatches)}`);
  // Rules are named when the hashes are the reason (a bad signature's manifest is not authentic).
  if (verdict.kind === 'changed' && report.changedRules.length > 0)
    io.out(
      `  ${inLanguage(io, fill(msg.changedRulesLine, { rules: listed(report.changedRules) }))}`,
    );
  io.out(`  verdict: ${verdictHeadline(verdict).en}`);
  if (!verdictHolds(verdict)) io.out(`  reason: ${verdictReason(verdict).en}`);
  // Why a bad signature is bad: each problem of the signature file, as the studio lists them.
  if (verdict.kind === 'bad-signature') for (const p of verdict.detail) io.out(`    ${p.en}`);
  for (const problem of missing) io.out(`  ${inLanguage(io, fill(msg.rolesLine, { problem }))}`);
  for (const line of verdictChangeLines(verdict)) io.out(`    ${line.en}`);
  return holds ? EXIT_OK : EXIT_INVALID;
}

/** One role signature: `  reviewer: Bob Li, key sha256:…, trusted, signed at … / 审核人：…`. */
function roleLines(io: Pick<CliIo, 'lang'>, r: RoleSignature): string[] {
  const role = r.role as SignerRole;
  const name = r.name ?? r.trustedName;
  const trust =
    r.trusted === null ? msg.trustUnknownNoTrust : r.trusted ? msg.trusted : msg.notTrusted;
  const report = r.reportSha256;
  const line = fill(msg.roleLine, {
    role: roleText(role),
    name: name ? fill(msg.roleLineName, { name }) : '',
    keyId: String(r.keyId),
    trust,
    signedAt: String(r.signedAt),
    report: report ? fill(msg.roleLineReport, { report }) : '',
  });
  const lines = [`  ${inLanguage(io, line)}`];
  // The reviewer's signed opinion and comment, each on its own line under the role line.
  if (r.opinion) {
    lines.push(`    ${inLanguage(io, fill(S.opinionLine, { opinion: opinionText(r.opinion) }))}`);
  }
  if (r.comment) {
    // One line: a line break in the comment is shown as ↵.
    const c = fill(S.commentLine, { comment: r.comment.replace(/\r?\n/g, ' ↵ ') });
    lines.push(`    ${inLanguage(io, c)}`);
  }
  return lines;
}
