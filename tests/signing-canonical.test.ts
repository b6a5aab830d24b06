// Issue #35 point 7: a signed file is exactly one byte sequence (ruling I-43). Every re-encoding —
// base64 padding, alphabet, whitespace, trailing bits; a BOM; JSON whitespace, member order,
// duplicate and unknown members — is refused naming the reason, in both languages; role entries
// are capped and never repeated (refused before any signature is verified); statement fields have
// their documented shape; the verdict names a missing required role.
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeIo } from '../src/cli/io';
import { run } from '../src/cli/run';
import { canonicalJson } from '../src/kernel';
import { MAX_SIGNATURE_FILE_BYTES } from '../src/kernel/file-limits';
import {
  checkedText,
  deriveVerdict,
  envelopeText,
  fromBase64,
  isRfc3339Instant,
  MAX_SIGNATURE_ENTRIES,
  pae,
  ROLE_STATEMENT_TYPE,
  type RuleFileVerification,
  signatureFacts,
  signEnvelope,
  toBase64,
  verdictHeadline,
  verifyRuleFile,
} from '../src/signing';
import {
  decode,
  encode,
  erdl,
  FIXED_NAMES,
  fixedSigner,
  makerCheckerFixture,
  memoryIo,
  PAYMENTS,
} from './signing-support';

/** Whether a raw bidi override or ESC reached a message (they must be shown revealed). */
const hasRaw = (text: string) => text.includes('\u202E') || text.includes('\u001b');

type Fixture = Awaited<ReturnType<typeof makerCheckerFixture>>;
let fx: Fixture;

beforeAll(async () => {
  fx = await makerCheckerFixture();
});

const verifyBytes = (envelopeBytes: Uint8Array, source = PAYMENTS) =>
  verifyRuleFile({ sourceBytes: encode(source), envelopeBytes });
const verifyText = (text: string, source = PAYMENTS) => verifyBytes(encode(text), source);

/** The file was refused: not ok, never a valid signature, never "Signed, unchanged". */
function refused(report: RuleFileVerification) {
  expect(report.ok).toBe(false);
  expect(report.signature).not.toBe('valid');
  expect(report.roles).toEqual([]);
  const verdict = deriveVerdict(signatureFacts(report), null, checkedText(report));
  expect(verdict.kind).toBe('bad-signature');
  expect(verdictHeadline(verdict).en).not.toMatch(/Signed, unchanged/);
  expect(verdictHeadline(verdict).zh).not.toMatch(/已签名，未改动/);
  return {
    en: report.problems.map((p) => p.en).join('\n'),
    zh: report.problems.map((p) => p.zh).join('\n'),
  };
}

/** The envelope as JSON (each member in its canonical order). */
const parsed = (): {
  payload: string;
  payloadType: string;
  signatures: { keyid: string; sig: string; statement?: string }[];
} => JSON.parse(fx.text);

const fileOf = (env: unknown) => `${JSON.stringify(env)}\n`;

/** The envelope with the first signature's base64 padding removed. */
const unpadded = (env: ReturnType<typeof parsed>) => ({
  ...env,
  signatures: env.signatures.map((s, i) => (i === 0 ? { ...s, sig: s.sig.replace(/=+$/, '') } : s)),
});

describe('the canonical file verifies', () => {
  it('as written: signed, unchanged, both roles valid; 3 signatures verified', async () => {
    const report = await verifyText(fx.text);
    expect(report.ok).toBe(true);
    expect(report.problems).toEqual([]);
    expect(report.roles.map((r) => [r.role, r.name])).toEqual([
      ['author', FIXED_NAMES.author],
      ['reviewer', FIXED_NAMES.reviewer],
    ]);
    expect(report.signaturesVerified).toBe(3);
    expect(fileOf(parsed())).toBe(fx.text);
  });
});

describe('base64 spellings are refused, naming the reason', () => {
  it('padding removed', async () => {
    // An Ed25519 signature is 64 bytes, so its base64 always ends in "==" (the payload's padding
    // depends on the manifest's length, which the gloss wording changes).
    const env = parsed();
    expect(env.signatures[0]?.sig).toMatch(/==$/);
    const r = refused(await verifyText(fileOf(unpadded(env))));
    expect(r.en).toMatch(
      /signature file: not byte for byte what ERDL writes: signatures\[0\]\.sig \(line 1, column \d+\): base64 without padding; ERDL pads it with "=" to a multiple of 4 characters/,
    );
    expect(r.zh).toMatch(
      /签名文件：与 ERDL 写出的字节不一致：signatures\[0\]\.sig（第 1 行第 \d+ 列）：base64 缺少填充/,
    );
  });

  it('the URL-safe alphabet', async () => {
    const env = parsed();
    const i = env.signatures.findIndex((s) => /[+/]/.test(s.sig));
    expect(i).toBeGreaterThanOrEqual(0);
    const entry = env.signatures[i] as { sig: string };
    entry.sig = entry.sig.replaceAll('+', '-').replaceAll('/', '_');
    const r = refused(await verifyText(fileOf(env)));
    expect(r.en).toMatch(
      new RegExp(
        `signatures\\[${i}\\]\\.sig \\(line 1, column \\d+\\): base64 in the URL-safe alphabet \\("[-_]" at character \\d+\\); ERDL writes the standard alphabet`,
      ),
    );
    expect(r.zh).toMatch(/base64 使用了 URL 安全字母表/);
  });

  it('a line break or a space inside', async () => {
    const env = parsed();
    const p = env.payload;
    for (const [insert, kind] of [
      ['\n', 'line break'],
      [' ', 'space'],
      ['\r\n', 'line break'],
    ] as const) {
      const r = refused(
        await verifyText(fileOf({ ...env, payload: `${p.slice(0, 76)}${insert}${p.slice(76)}` })),
      );
      expect(r.en, kind).toContain(
        'payload (line 1, column 12): base64 with whitespace or a line break inside (character 77)',
      );
      expect(r.zh).toContain('base64 内含空白或换行（第 77 个字符）');
    }
  });

  it('non-zero trailing bits (a second spelling of the same bytes)', async () => {
    const env = parsed();
    const sig = (env.signatures[0] as { sig: string }).sig; // 64 bytes: "…x==", 4 spare bits
    expect(sig).toMatch(/==$/);
    const last = sig.at(-3) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const bumped = alphabet[alphabet.indexOf(last) + 1] as string;
    (env.signatures[0] as { sig: string }).sig = `${sig.slice(0, -3)}${bumped}==`;
    const r = refused(await verifyText(fileOf(env)));
    expect(r.en).toContain('signatures[0].sig (line 1, column ');
    expect(r.en).toContain('base64 whose last character has non-zero unused low bits');
    expect(r.zh).toContain('最后一个字符的未用低位不为零');
  });

  it('in a role statement too', async () => {
    const env = parsed();
    const entry = env.signatures[2] as { statement: string };
    entry.statement = entry.statement.replace(/=+$/, '');
    if (entry.statement === (parsed().signatures[2] as { statement: string }).statement) return;
    const r = refused(await verifyText(fileOf(env)));
    expect(r.en).toMatch(
      /signatures\[2\]\.statement \(line 1, column \d+\): base64 without padding/,
    );
  });
});

describe('JSON spellings are refused, naming the first difference', () => {
  it('a byte-order mark', async () => {
    const r = refused(await verifyText(`\uFEFF${fx.text}`));
    expect(r.en).toContain(
      'signature file: not byte for byte what ERDL writes: it begins with a byte-order mark (U+FEFF, bytes EF BB BF)',
    );
    expect(r.zh).toContain('以字节顺序标记（U+FEFF，字节 EF BB BF）开头');
  });

  it('pretty-printed, CRLF, a trailing space, no final line break, two line breaks', async () => {
    const cases: [string, RegExp, RegExp][] = [
      [
        `${JSON.stringify(parsed(), null, 2)}\n`,
        /a line break at line 1, column 2: canonical JSON \(RFC 8785\) has no whitespace outside strings/,
        /第 1 行第 2 列有换行/,
      ],
      [fx.text.replace(/\n$/, '\r\n'), /a carriage return at line 1, column \d+/, /回车符/],
      [fx.text.replace(/\n$/, ' \n'), /a space at line 1, column \d+/, /空格/],
      [fx.text.replace(/\n$/, ''), /it does not end with a line break/, /结尾没有换行/],
      [
        `${fx.text}\n`,
        /a line break at line 1, column \d+: .*and nothing after the value but the final line break/,
        /值之后只有结尾的一个换行/,
      ],
      [fx.text.replace('{"payload"', '{ "payload"'), /a space at line 1, column 2/, /空格/],
    ];
    for (const [text, en, zh] of cases) {
      const r = refused(await verifyText(text));
      expect(r.en).toMatch(en);
      expect(r.zh).toMatch(zh);
    }
  });

  it('members out of order', async () => {
    const env = parsed();
    const reordered = {
      signatures: env.signatures,
      payloadType: env.payloadType,
      payload: env.payload,
    };
    const r = refused(await verifyText(fileOf(reordered)));
    expect(r.en).toContain('member "payloadType" at line 1, column ');
    expect(r.en).toContain(
      'comes after "signatures": canonical JSON (RFC 8785) orders members by UTF-16 code units, "payloadType" first',
    );
    expect(r.zh).toMatch(/成员“payloadType”排在“signatures”之后/);
    const entry = env.signatures[1] as Record<string, string>;
    env.signatures[1] = { statement: entry.statement, sig: entry.sig, keyid: entry.keyid } as never;
    const inner = refused(await verifyText(fileOf(env)));
    expect(inner.en).toMatch(/member "sig" at line 1, column \d+ comes after "statement"/);
  });

  it('a duplicate member (JSON.parse would keep the last)', async () => {
    const forged = fx.text.replace(
      '"payloadType":',
      `"payload":"${toBase64(encode('{}'))}","payloadType":`,
    );
    // {"payload":…,"payload":"e30=","payloadType":…}: the second payload would win.
    const r = refused(await verifyText(forged));
    expect(r.en).toMatch(
      /member "payload" appears twice in the top-level object \(the second at line 1, column \d+\)/,
    );
    expect(r.zh).toMatch(/顶层对象中成员“payload”出现两次/);
  });

  it('an unknown member, in the envelope, an entry, a statement', async () => {
    const env = parsed() as Record<string, unknown>;
    const r = refused(await verifyText(fileOf({ ...env, signed: true })));
    expect(r.en).toMatch(/signature file: unknown member "signed"/);
    expect(r.zh).toMatch(/未知成员“signed”/);
    const e2 = parsed();
    (e2.signatures[1] as Record<string, unknown>).comment = 'x';
    expect(refused(await verifyText(fileOf(e2))).en).toMatch(
      /signatures\[1\] has an unknown member "comment"/,
    );
  });

  it('a string escaped where it need not be', async () => {
    const forged = fx.text.replace(
      '"payloadType":"application/vnd.erdl.manifest+json"',
      '"payloadType":"application\\/vnd.erdl.manifest+json"',
    );
    expect(forged).not.toBe(fx.text);
    const r = refused(await verifyText(forged));
    expect(r.en).toMatch(/the string at line 1, column \d+ is not written in its canonical form/);
    expect(r.zh).toMatch(/的字符串不是规范写法/);
  });
});

/** A role entry the fixed reviewer signs over `statement` (any bytes): a forger holding a key. */
async function roleEntry(statement: Uint8Array) {
  const signer = await fixedSigner('reviewer');
  const sig = await signer.sign(pae(ROLE_STATEMENT_TYPE, statement));
  return { keyid: signer.keyId, sig: toBase64(sig), statement: toBase64(statement) };
}

const reviewerStatement = () =>
  JSON.parse(decode(fromBase64((parsed().signatures[2] as { statement: string }).statement)!));

/** The fixture with its reviewer entry replaced by one signed over `statement`. */
async function withReviewerStatement(statement: Uint8Array): Promise<string> {
  const env = parsed();
  env.signatures[2] = await roleEntry(statement);
  return fileOf(env);
}

describe('role statements: exact bytes, known members, documented shapes', () => {
  it('a validly signed statement that is not canonical JSON is refused (whitespace, order)', async () => {
    const st = reviewerStatement();
    const pretty = encode(JSON.stringify(st, null, 1));
    const r = refused(await verifyText(await withReviewerStatement(pretty)));
    expect(r.en).toContain(
      'signature file: role signature 3: the statement is not canonical JSON, byte for byte: a line break at line 1, column 2',
    );
    expect(r.zh).toContain('签名文件：第 3 个带签名身份的签名：声明与规范 JSON 的字节不一致');
    const reordered = encode(JSON.stringify({ role: st.role, ...st }));
    expect(refused(await verifyText(await withReviewerStatement(reordered))).en).toMatch(
      /member "format" at line 1, column \d+ comes after "role"/,
    );
    const bom = encode(`\uFEFF${canonicalJson(st)}`);
    expect(refused(await verifyText(await withReviewerStatement(bom))).en).toMatch(
      /the statement is not canonical JSON, byte for byte: it begins with a byte-order mark/,
    );
  });

  it('an unknown member, even validly signed, is refused', async () => {
    const st = { ...reviewerStatement(), approved_by: 'Mallory' };
    const r = refused(await verifyText(await withReviewerStatement(encode(canonicalJson(st)))));
    expect(r.en).toContain('role signature 3: the statement has an unknown member "approved_by"');
    expect(r.zh).toContain('声明含未知成员“approved_by”');
    const key = reviewerStatement();
    key.signer.public_key.use = 'sig';
    expect(
      refused(await verifyText(await withReviewerStatement(encode(canonicalJson(key))))).en,
    ).toContain('the statement has an unknown member "use" in signer.public_key');
  });

  it('signed_at must be an RFC 3339 instant; the value is shown revealed, never raw', async () => {
    for (const bad of [
      '2026-13-45T00:00:00Z',
      'yesterday',
      '2026-09-01T10:00:00',
      '2026-09-01',
      '2026-09-01 10:00:00Z',
      '2026-02-30T00:00:00Z',
      '2026-09-01T24:00:00Z',
      '2026-09-01T10:00:00+24:00',
      '2026-09-01t10:00:00z',
    ]) {
      const st = { ...reviewerStatement(), signed_at: bad };
      const r = refused(await verifyText(await withReviewerStatement(encode(canonicalJson(st)))));
      expect(r.en, bad).toContain(
        `role signature 3: "signed_at" "${bad}" is not an RFC 3339 instant (YYYY-MM-DDThh:mm:ss, optional fraction, then Z or ±hh:mm)`,
      );
      expect(r.zh).toContain(`“signed_at”“${bad}”不是 RFC 3339 时刻`);
    }
    const trojan = { ...reviewerStatement(), signed_at: '2026-09-01T00:00:00Z\u202E\u001b[2K' };
    const r = refused(await verifyText(await withReviewerStatement(encode(canonicalJson(trojan)))));
    expect(r.en).toContain('"2026-09-01T00:00:00Z⟨U+202E⟩\\u001b[2K"');
    expect(hasRaw(r.en)).toBe(false);
    expect(hasRaw(r.zh)).toBe(false);
    const number = { ...reviewerStatement(), signed_at: 20260901 };
    expect(
      refused(await verifyText(await withReviewerStatement(encode(canonicalJson(number))))).en,
    ).toContain('"signed_at" 20260901 is not an RFC 3339 instant');
  });

  it('RFC 3339: what is an instant', () => {
    for (const ok of [
      '2026-09-01T00:00:00Z',
      '2026-09-01T10:00:00+08:00',
      '2026-09-01T10:00:00.123456789-05:30',
      '2024-02-29T23:59:59Z',
    ])
      expect(isRfc3339Instant(ok), ok).toBe(true);
    for (const bad of ['2025-02-29T00:00:00Z', '2026-09-01T00:00Z', '2026-09-01T00:00:60Z', ''])
      expect(isRfc3339Instant(bad), bad).toBe(false);
  });

  it('payload_sha256, signer.key_id and role have their shapes (no raw value printed)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { payload_sha256: 'sha256:\u001b[2Kxyz' },
        '"payload_sha256" must be "sha256:" and 64 lowercase hex digits',
      ],
      [{ payload_sha256: 7 }, '"payload_sha256" must be "sha256:" and 64 lowercase hex digits'],
      [{ role: 'boss\u202E' }, 'unknown role "boss⟨U+202E⟩" (expected author or reviewer)'],
      [{ payload_type: null }, '"payload_type" must be a string'],
    ];
    for (const [change, message] of cases) {
      const st = { ...reviewerStatement(), ...change };
      const r = refused(await verifyText(await withReviewerStatement(encode(canonicalJson(st)))));
      expect(r.en).toContain(`role signature 3: ${message}`);
      expect(hasRaw(r.en)).toBe(false);
    }
  });

  it('nothing is verified when a statement is malformed', async () => {
    const st = { ...reviewerStatement(), signed_at: 'yesterday' };
    const report = await verifyText(await withReviewerStatement(encode(canonicalJson(st))));
    expect(report.signaturesVerified).toBe(0);
  });
});

describe('role entries: never repeated, at most MAX_SIGNATURE_ENTRIES, refused before verification', () => {
  it('a duplicated role entry names the role and both positions; nothing is verified', async () => {
    const env = parsed();
    env.signatures.push(env.signatures[2] as never);
    const report = await verifyText(fileOf(env));
    const r = refused(report);
    expect(r.en).toContain(
      `signature file: role signatures 3 and 4 are both the reviewer signature of key ${fx.reviewer.keyId}: a key signs a role once`,
    );
    expect(r.zh).toContain(
      `签名文件：第 3 个与第 4 个带签名身份的签名都是密钥 ${fx.reviewer.keyId} 的审核人签名：同一密钥对同一签名身份只能签名一次`,
    );
    expect(report.signaturesVerified).toBe(0);
  });

  it('the same key signing the same role twice (two valid signatures) is refused too', async () => {
    const env = parsed();
    const st = { ...reviewerStatement(), signed_at: '2026-09-03T00:00:00Z' };
    env.signatures.push((await roleEntry(encode(canonicalJson(st)))) as never);
    const report = await verifyText(fileOf(env));
    expect(refused(report).en).toContain('role signatures 3 and 4 are both the reviewer signature');
    expect(report.signaturesVerified).toBe(0);
  });

  it(`more than ${MAX_SIGNATURE_ENTRIES} entries: refused with the cap, before any entry is read`, async () => {
    const env = parsed();
    const copies = Array.from({ length: 300_000 }, () => env.signatures[2] as never);
    const many = fileOf({ ...env, signatures: [env.signatures[0], ...copies.slice(0, 1000)] });
    const report = await verifyText(many);
    const r = refused(report);
    expect(r.en).toContain(
      `signature file: "signatures" has 1001 entries, more than the ${MAX_SIGNATURE_ENTRIES} a signed file may hold; refused before any signature was checked`,
    );
    expect(r.zh).toContain('“signatures”有 1001 个条目，超过签名文件允许的 64 个');
    expect(report.signaturesVerified).toBe(0);
    // 300,000 small entries (under the size limit): the same cap, nothing verified.
    const tiny = { sig: 'AAAA' };
    const text = fileOf({ ...env, signatures: Array.from({ length: 300_000 }, () => tiny) });
    expect(text.length).toBeLessThan(MAX_SIGNATURE_FILE_BYTES);
    const big = await verifyText(text);
    expect(refused(big).en).toContain('"signatures" has 300000 entries');
    expect(big.signaturesVerified).toBe(0);
  });

  it('a file over the size limit is refused before it is parsed, in the words the studio uses', async () => {
    const bytes = new Uint8Array(MAX_SIGNATURE_FILE_BYTES + 1).fill(0x20);
    const report = await verifyBytes(bytes);
    const r = refused(report);
    expect(r.en).toBe(
      'signature file: 16,777,217 bytes, more than the 16,777,216 bytes (16 MiB) a signature file may have; refused before it was read',
    );
    expect(r.zh).toBe(
      '签名文件：16,777,217 字节，超过签名文件上限 16,777,216 字节（16 MiB）；已在读取前拒绝',
    );
    expect(report.signaturesVerified).toBe(0);
  });
});

describe('the signed manifest is canonical JSON too', () => {
  it('a manifest signed pretty-printed (by its own key) is refused, naming the difference', async () => {
    const manifest = JSON.parse(decode(fromBase64(parsed().payload)!));
    const env = await signEnvelope(
      'application/vnd.erdl.manifest+json',
      encode(JSON.stringify(manifest, null, 2)),
      fx.author,
    );
    const r = refused(await verifyText(envelopeText(env)));
    expect(r.en).toContain(
      'signature file: the signed manifest is not byte for byte canonical JSON: a line break at line 1, column 2',
    );
    expect(r.zh).toContain('签名文件：所签清单与规范 JSON 的字节不一致');
  });

  it('a manifest with an unknown member (canonical, validly signed) is refused', async () => {
    const manifest = JSON.parse(decode(fromBase64(parsed().payload)!));
    const env = await signEnvelope(
      'application/vnd.erdl.manifest+json',
      encode(canonicalJson({ ...manifest, approved: true })),
      fx.author,
    );
    const report = await verifyText(envelopeText(env));
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.en).join('\n')).toContain(
      'manifest (root): has an unknown member "approved"',
    );
  });
});

/** One single re-encoding of a canonical signed file, and the reason it must be refused with. */
type Mutation = {
  readonly name: string;
  readonly text: string | Uint8Array;
  readonly reason: RegExp;
};

const BASE64_FIELDS = (env: ReturnType<typeof parsed>) => [
  ['payload', env.payload],
  ...env.signatures.flatMap((s, i) => [
    [`signatures[${i}].sig`, s.sig],
    ...(s.statement ? [[`signatures[${i}].statement`, s.statement]] : []),
  ]),
];

function mutations(text: string): fc.Arbitrary<Mutation> {
  const env = JSON.parse(text) as ReturnType<typeof parsed>;
  const fields = BASE64_FIELDS(env) as [string, string][];
  const set = (path: string, value: string) => {
    const copy = JSON.parse(text);
    const m = /^signatures\[(\d+)\]\.(\w+)$/.exec(path);
    if (m) copy.signatures[Number(m[1])][m[2] as string] = value;
    else copy[path] = value;
    return fileOf(copy);
  };
  // Offsets between two JSON tokens (outside strings), where whitespace can be inserted.
  const gaps: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text[i];
    if (c === '"' && text[i - 1] !== '\\') inString = !inString;
    if (!inString && '{[,:'.includes(c as string)) gaps.push(i + 1);
  }
  const padded = fields.filter(([, v]) => v.endsWith('='));
  const alphabetic = fields.filter(([, v]) => /[+/]/.test(v));
  return fc.oneof(
    fc.constantFrom(...padded).map(([path, v]) => ({
      name: `${path} unpadded`,
      text: set(path, v.replace(/=+$/, '')),
      reason: /base64 without padding/,
    })),
    fc.constantFrom(...alphabetic).map(([path, v]) => ({
      name: `${path} URL-safe`,
      text: set(path, v.replaceAll('+', '-').replaceAll('/', '_')),
      reason: /URL-safe alphabet/,
    })),
    fc
      .tuple(fc.constantFrom(...fields), fc.nat(), fc.constantFrom('\n', ' ', '\t', '\r\n'))
      .map(([[path, v], at, ws]) => {
        const k = at % (v.length + 1);
        return {
          name: `${path} with ${JSON.stringify(ws)} at ${k}`,
          text: set(path, `${v.slice(0, k)}${ws}${v.slice(k)}`),
          reason: /whitespace or a line break inside|base64 without padding/,
        };
      }),
    fc.constant({ name: 'BOM', text: `\uFEFF${text}`, reason: /byte-order mark/ }),
    fc.tuple(fc.constantFrom(...gaps), fc.constantFrom(' ', '\n', '\t', '\r')).map(([at, ws]) => ({
      name: `${JSON.stringify(ws)} at ${at}`,
      text: `${text.slice(0, at)}${ws}${text.slice(at)}`,
      reason: /(space|line break|tab|carriage return) at line \d+, column \d+/,
    })),
    fc.nat({ max: env.signatures.length }).map((i) => {
      const copy = JSON.parse(text);
      const target = i === env.signatures.length ? copy : copy.signatures[i];
      const reversed = Object.fromEntries(Object.entries(target).reverse());
      if (i === env.signatures.length)
        return { name: 'envelope members reversed', text: fileOf(reversed), reason: /comes after/ };
      copy.signatures[i] = reversed;
      return { name: `signatures[${i}] reversed`, text: fileOf(copy), reason: /comes after/ };
    }),
    fc.integer({ min: 1, max: env.signatures.length - 1 }).map((i) => {
      const copy = JSON.parse(text);
      copy.signatures.splice(i + 1, 0, copy.signatures[i]);
      return {
        name: `role entry ${i} duplicated`,
        text: fileOf(copy),
        reason: /role signatures \d+ and \d+ are both the (author|reviewer) signature/,
      };
    }),
  );
}

describe('property: any single re-encoding of a valid signed file is refused with a reason', () => {
  it('never "Signed, unchanged", never a verified signature', async () => {
    await fc.assert(
      fc.asyncProperty(mutations(fx.text), async (m) => {
        const bytes = typeof m.text === 'string' ? encode(m.text) : m.text;
        expect(bytes).not.toEqual(encode(fx.text));
        const report = await verifyBytes(bytes);
        const r = refused(report);
        expect(r.en, m.name).toMatch(m.reason);
        expect(r.zh, m.name).toMatch(/签名文件：/);
        // Refused on its bytes and shapes: no signature was verified.
        expect(report.signaturesVerified, m.name).toBe(0);
      }),
      { numRuns: 150, seed: 35 },
    );
  });
});

describe('erdl verify: the same refusals, the verdict line, the size limit', () => {
  async function workspace(signature = fx.text) {
    const io = memoryIo({ 'pay.erdl.yaml': PAYMENTS, 'pay.erdl.yaml.dsse.json': signature });
    io.files.set(
      'team.jwks',
      encode(
        JSON.stringify({
          keys: [
            { ...fx.author.publicKey, kid: fx.author.keyId },
            { ...fx.reviewer.publicKey, kid: fx.reviewer.keyId },
          ],
        }),
      ),
    );
    return io;
  }

  it('an unpadded file: exit 1, the reason on stderr in both languages and under the verdict', async () => {
    const env = parsed();
    const io = await workspace(fileOf(unpadded(env)));
    expect(await erdl(io, 'verify', 'pay.erdl.yaml')).toBe(1);
    const out = io.stdout.join('\n');
    expect(out).toContain('  verdict: NOT verified — bad signature');
    expect(out).toMatch(
      / {4}signature file: not byte for byte what ERDL writes: signatures\[0\]\.sig \(line 1, column \d+\): base64 without padding/,
    );
    expect(out).not.toMatch(/Signed, unchanged/);
    expect(io.stderr.join('\n')).toMatch(/base64 without padding[\s\S]*base64 缺少填充/);
  });

  it('--require-roles failing: the verdict line names the missing role, never "Signed, unchanged"', async () => {
    const env = parsed();
    const io = await workspace(fileOf({ ...env, signatures: env.signatures.slice(0, 2) }));
    expect(await erdl(io, 'verify', 'pay.erdl.yaml', '--trust', 'team.jwks')).toBe(0);
    expect(io.stdout).toContain('  verdict: Signed, unchanged');
    expect(
      await erdl(
        io,
        'verify',
        'pay.erdl.yaml',
        '--trust',
        'team.jwks',
        '--require-roles',
        'author,reviewer',
      ),
    ).toBe(1);
    const out = io.stdout.join('\n');
    expect(out).toMatch(/^FAILED pay\.erdl\.yaml$/m);
    expect(out).toContain('  verdict: NOT verified — required role missing: reviewer');
    expect(out).toContain(
      '  reason: A requirement does not hold: required role reviewer: no valid signature in this role.',
    );
    expect(out).not.toMatch(/Signed, unchanged/);
    // Both missing, without a trust list: both named.
    expect(await erdl(io, 'verify', 'pay.erdl.yaml', '--require-roles', 'author,reviewer')).toBe(1);
    expect(io.stdout.join('\n')).toContain(
      '  verdict: NOT verified — required roles missing: author, reviewer',
    );
    // --report not recorded: not "Signed, unchanged" either.
    io.files.set('r.html', encode('<!doctype html>'));
    expect(
      await erdl(io, 'verify', 'pay.erdl.yaml', '--trust', 'team.jwks', '--report', 'r.html'),
    ).toBe(1);
    expect(io.stdout.join('\n')).toContain('  verdict: NOT verified — requirement not met');
    expect(io.stdout.join('\n')).not.toMatch(/Signed, unchanged/);
  });

  it('a signed_at that is not an instant is refused, and never printed raw', async () => {
    const st = { ...reviewerStatement(), signed_at: 'yesterday\u001b[2K' };
    const io = await workspace(await withReviewerStatement(encode(canonicalJson(st))));
    expect(await erdl(io, 'verify', 'pay.erdl.yaml')).toBe(1);
    const all = [...io.stdout, ...io.stderr].join('\n');
    expect(all).toContain('"signed_at" "yesterday\\u001b[2K" is not an RFC 3339 instant');
    expect(all).not.toContain('\u001b');
    expect(all).not.toMatch(/signed at yesterday/);
  });

  it('erdl sign --role refuses a --time that is not an instant (it was written into the statement)', async () => {
    const io = await workspace();
    expect(await erdl(io, 'keygen', '--out', 'carol.jwk')).toBe(0);
    const before = io.files.get('pay.erdl.yaml.dsse.json');
    expect(
      await erdl(
        io,
        'sign',
        'pay.erdl.yaml',
        '--key',
        'carol.jwk',
        '--role',
        'reviewer',
        '--time',
        'yesterday',
      ),
    ).toBe(2);
    expect(io.stderr.join('\n')).toMatch(
      /--time "yesterday" is not an ISO 8601 instant[\s\S]*不是 ISO 8601 时刻/,
    );
    expect(io.files.get('pay.erdl.yaml.dsse.json')).toEqual(before);
    // An ISO 8601 instant that is not RFC 3339 is written normalized, and verifies.
    expect(
      await erdl(
        io,
        'sign',
        'pay.erdl.yaml',
        '--key',
        'carol.jwk',
        '--role',
        'reviewer',
        '--time',
        '2026-09-03',
      ),
    ).toBe(0);
    expect(await erdl(io, 'verify', 'pay.erdl.yaml')).toBe(0);
    expect(io.stdout.join('\n')).toContain('signed at 2026-09-03T00:00:00.000Z');
  });

  it('a signature file over 16 MiB is refused from its size, before it is read (a sparse file)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'erdl-sig-'));
    try {
      const rules = join(dir, 'pay.erdl.yaml');
      await writeFile(rules, PAYMENTS);
      const big = await open(`${rules}.dsse.json`, 'w');
      await big.truncate(300_000 * 600); // 180 MB of nothing: 300,000 role entries' worth
      await big.close();
      const io = nodeIo();
      const read: string[] = [];
      const out: string[] = [];
      const err: string[] = [];
      const spy = {
        ...io,
        out: (l: string) => void out.push(l),
        err: (l: string) => void err.push(l),
        readBytes: (p: string) => {
          read.push(p);
          return io.readBytes(p);
        },
      };
      expect(await run(['verify', rules], spy)).toBe(1);
      expect(read).not.toContain(`${rules}.dsse.json`);
      expect(err.join('\n')).toContain(
        'signature file: 180,000,000 bytes, more than the 16,777,216 bytes (16 MiB) a signature file may have; refused before it was read',
      );
      expect(err.join('\n')).toContain(
        '签名文件：180,000,000 字节，超过签名文件上限 16,777,216 字节（16 MiB）；已在读取前拒绝',
      );
      expect(out.join('\n')).toContain('  verdict: NOT verified — bad signature');
      // Named directly, the same.
      read.length = 0;
      expect(await run(['verify', `${rules}.dsse.json`], spy)).toBe(1);
      expect(read).not.toContain(`${rules}.dsse.json`);
      // erdl sign --role does not read it either.
      read.length = 0;
      expect(await run(['keygen', '--out', join(dir, 'me.jwk')], spy)).toBe(0);
      expect(
        await run(['sign', rules, '--key', join(dir, 'me.jwk'), '--role', 'author'], spy),
      ).toBe(1);
      expect(read).not.toContain(`${rules}.dsse.json`);
      // verify-evidence: a signed record over the limit is refused unread.
      read.length = 0;
      expect(await run(['verify-evidence', rules, `${rules}.dsse.json`], spy)).toBe(1);
      expect(read).not.toContain(`${rules}.dsse.json`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('through an IO without a size look-up, the file is read and refused by its length', async () => {
    const env = parsed();
    const filler = 'A'.repeat(MAX_SIGNATURE_FILE_BYTES);
    const io = await workspace(fileOf({ ...env, payload: filler }));
    expect(await erdl(io, 'verify', 'pay.erdl.yaml')).toBe(1);
    expect(io.stderr.join('\n')).toMatch(
      /bytes \(16 MiB\) a signature file may have; refused before it was read/,
    );
  });
});
