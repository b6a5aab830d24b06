import { fill } from '../../i18n/format';
import { type Bilingual, checkEvidence } from '../../kernel';
import { checkSignedEvidence, isEnvelopeJson, type TrustedKey } from '../../signing';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import { loadDocument } from '../load-document';
import { inLanguage, printError } from '../messages';
import { HELP } from '../strings/help';
import { SIGNING_CLI_STRINGS as S } from '../strings/signing';
import { VERIFY_EVIDENCE_STRINGS as msg } from '../strings/verify-evidence';
import { readJsonFile, readTrustFile } from './key-files';
import type { Verb } from './verb';

export const verifyEvidence: Verb = {
  name: 'verify-evidence',
  stdout: 'text',
  args: ['RULES', 'EVIDENCE.json'],
  options: [
    {
      name: '--trust',
      value: 'PUB.jwk',
      summary: msg.trustOption,
    },
  ],
  summary: msg.summary,
  details: HELP['verify-evidence'],
  async run(io, [rulesFile, evidenceFile], options) {
    let trusted: TrustedKey[] | undefined;
    if (options['--trust'] !== undefined) {
      const read = await readTrustFile(io, options['--trust']);
      if (!read.ok) {
        printError(io, read.message);
        return EXIT_USAGE;
      }
      trusted = read.keys;
    }
    const evidencePath = evidenceFile as string;
    // A signed record is a signature file: read only within the limit `erdl verify` applies.
    const read = await readJsonFile(io, evidencePath, true);
    if (!read.ok) {
      printError(io, read.message);
      return read.tooLarge ? EXIT_INVALID : EXIT_USAGE;
    }
    const loaded = await loadDocument(io, rulesFile as string);
    if (!loaded.ok) return loaded.code;
    const fail = (m: Bilingual) => printError(io, fill(msg.text, { evidencePath, m }));
    let record = read.value;
    let signatureOk = true;
    if (isEnvelopeJson(read.value)) {
      const check = await checkSignedEvidence(read.bytes, trusted);
      for (const p of check.problems) fail(p);
      if (check.trusted === false && check.signature === 'valid')
        fail(fill(msg.signerNotTrustedKey, { keyId: String(check.keyId) }));
      signatureOk = check.signature === 'valid' && check.trusted !== false;
      const sig = check.signature === 'valid' ? S.valid : S.notValid;
      const keyId = check.keyId;
      io.out(
        inLanguage(
          io,
          keyId ? fill(S.signatureLine, { sig, keyId }) : fill(S.signatureLineNoKey, { sig }),
        ),
      );
      record = check.payload;
    }
    const result = checkEvidence(loaded.document, record);
    for (const f of result.findings) {
      if (f.ok) io.out(`ok  ${inLanguage(io, f.message)}`);
      else fail(f.message);
    }
    const ok = result.ok && signatureOk;
    io.out(inLanguage(io, ok ? msg.confirmed : msg.notConfirmed));
    return ok ? EXIT_OK : EXIT_INVALID;
  },
};
