/**
 * Issue #35 §5: the command's output is safe on a terminal. Rule names, messages, values, labels,
 * suite case names, key names and file names carrying ESC/CSI sequences, BEL, OSC 8 hyperlinks (ESC
 * and C1 forms), C1 controls, DEL, CR, bidi controls and invisible characters run through every
 * verb in-process (`run`, as bin/erdl.js does). Whatever the verb:
 *
 * - no line for people (stdout of a `text` verb, every stderr line) holds a raw control, bidi or
 *   invisible character: they are shown as `\u001b`, `⟨U+202E⟩` (src/cli/safe-io.ts);
 * - JSON on stdout holds none either (DEL, C1, bidi and invisible characters as `\u` escapes) and
 *   parses to exactly the value the verb wrote; with a normal document it is byte-for-byte the
 *   verb's own output, as is every other output;
 * - documents on stdout (convert/import YAML, the report's HTML) hold no raw control character.
 *
 * A fixed scenario per class of character, then a fast-check property over random text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CliIo, WriteOptions } from '../src/cli/io';
import { run } from '../src/cli/run';
import { safeIo, terminalJson, terminalText } from '../src/cli/safe-io';
import { findVerb } from '../src/cli/verbs';
import { buildEvidence, compileDocument, revealInline } from '../src/kernel';
import { EXAMPLE_FIELDS, EXAMPLES } from '../src/studio/examples';

const encode = (s: string) => new TextEncoder().encode(s);
const decode = (b: Uint8Array) => new TextDecoder().decode(b);

/** An in-memory file system behind the CLI, with streamed reads (eval --facts) and listings. */
function memoryIo(files: Map<string, Uint8Array>): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const read = async (path: string) => {
    const bytes = files.get(path);
    if (!bytes) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return bytes;
  };
  return {
    stdout,
    stderr,
    out: (l) => void stdout.push(l),
    err: (l) => void stderr.push(l),
    readBytes: read,
    readChunks: (path) =>
      (async function* () {
        yield decode(await read(path));
      })(),
    listDir: async (dir) => {
      const prefix = `${dir}/`;
      const names = new Map<string, boolean>();
      for (const p of files.keys()) {
        if (!p.startsWith(prefix)) continue;
        const [first, ...rest] = p.slice(prefix.length).split('/');
        names.set(first as string, rest.length > 0 || names.get(first as string) === true);
      }
      if (names.size === 0) throw Object.assign(new Error(`ENOENT: ${dir}`), { code: 'ENOENT' });
      return [...names]
        .map(([name, directory]) => ({ name, directory }))
        .sort((a, b) => (a.name < b.name ? -1 : 1));
    },
    writeBytes: async (path: string, bytes: Uint8Array, options?: WriteOptions) => {
      if (options?.exclusive && files.has(path))
        throw Object.assign(new Error('EEXIST'), { code: 'EEXIST' });
      files.set(path, new Uint8Array(bytes));
    },
  };
}

/** A YAML double-quoted scalar holding exactly `s` (every non-ASCII or control character escaped). */
function yq(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const cu = s.charCodeAt(i);
    const cp = s.codePointAt(i) as number;
    if (cp > 0xffff) {
      out += `\\U${cp.toString(16).padStart(8, '0')}`;
      i++;
    } else if (cu === 0x22 || cu === 0x5c) out += `\\${s[i]}`;
    else if (cu < 0x20 || cu > 0x7e) out += `\\u${cu.toString(16).padStart(4, '0')}`;
    else out += s[i];
  }
  return `${out}"`;
}

/** A rule document with `h` in its name, descriptions, a value, a message, a table's label and cell. */
function rules(h: string, limit = 5000): string {
  return `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: ${yq(`guard${h}`)}
  description: ${yq(`about${h}`)}
  category: compliance
  decision: ALLOW
rules:
  - name: ${yq(`SEC-001-refund-limit${h}`)}
    description: ${yq(`Refunds${h}`)}
    priority: 10
    when:
      logic: AND
      conditions:
        - field: "tool.name"
          operator: eq
          value: ${yq(`issue_refund${h}`)}
        - field: "tool.args.amount"
          operator: gt
          value: ${limit}
    then: REQUEST_HUMAN
    message: ${yq(`Refund over the limit${h}`)}
  - name: ${yq(`FIN-001-routing${h}`)}
    description: "Route by amount"
    priority: 20
    when:
      kind: decision_table
      columns:
        - field: "context.amount"
          label: ${yq(`amount${h}`)}
        - field: "context.note"
      rows:
        - when: [["gte", 10000], ["eq", ${yq(`x${h}`)}]]
          then: DENY
          priority: 100
          message: ${yq(`big${h}`)}
        - when: []
          then: ALLOW
          priority: 1
`;
}

const fact = (h: string, amount = 8000) => ({
  tool: { name: `issue_refund${h}`, args: { amount } },
  context: { amount: 20000, note: `x${h}` },
});

/** The files of one scenario: every input of every verb carries `h`. */
function scenario(h: string): Map<string, Uint8Array> {
  const R = rules(h);
  const files: Record<string, string> = {
    [`r${h}.erdl.yaml`]: R,
    'r2.erdl.yaml': rules(h, 1000),
    'fact.json': JSON.stringify(fact(h)),
    'facts.jsonl': `${[fact(h), fact(h, 3000), fact(h, 100)].map((f) => JSON.stringify(f)).join('\n')}\n`,
    // A record that cannot be read, quoting the hostile text in its error.
    'bad.jsonl': `${JSON.stringify(fact(h))}\n{"tool": ${JSON.stringify(h)}\n`,
    'suite.facts.yaml': `suite: ${yq(`suite${h}`)}
as_of: "2026-01-15T09:00:00Z"
cases:
  - name: ${yq(`case${h}`)}
    fact: ${JSON.stringify(fact(h))}
    expect:
      decision: ALLOW
      matched_rules: [${yq(`SEC-001-refund-limit${h}`)}]
  - name: ${yq(`second${h}`)}
    fact: ${JSON.stringify(fact(h, 10))}
    expect: { decision: ALLOW }
`,
    'fields.yaml': `"tool.name": { zh: ${yq(`工具名${h}`)}, en: ${yq(`the tool${h}`)} }\n`,
    'vec/engine/g/0001-h.yaml': `description: ${yq(`vector${h}`)}
scenario: normal
document: ${yq(R)}
fact: ${JSON.stringify(fact(h))}
as_of: "2026-09-03T00:00:00Z"
expect:
  decision: ${yq(`ALLOW${h}`)}
  matched_rules: [${yq(`NOPE${h}`)}]
`,
    'in.dmn': `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="d" name="${h}" namespace="urn:x">
  <decision id="dec" name="${h}">
    <decisionTable id="t" hitPolicy="FIRST">
      <input id="i1" label="${h}"><inputExpression id="e1"><text>amount${h}</text></inputExpression></input>
      <output id="o1" name="decision" typeRef="string" />
      <output id="o2" name="message" typeRef="string" />
      <rule id="r1">
        <inputEntry><text>"${h}"</text></inputEntry>
        <outputEntry><text>"ALLOW${h}"</text></outputEntry>
        <outputEntry><text>"${h}"</text></outputEntry>
      </rule>
    </decisionTable>
  </decision>
</definitions>
`,
    pass: 'a passphrase long enough\n',
  };
  const doc = compileDocument(R).document;
  if (doc) {
    const built = buildEvidence(doc, fact(h), {
      as_of: '2026-09-03T00:00:00Z',
      source: h,
      trace_id: `t${h}`,
    });
    if (built.ok) {
      const record = JSON.parse(JSON.stringify(built.evidence));
      record.result.decision = `ALLOW${h}`;
      files['ev.json'] = JSON.stringify(record);
    }
  }
  return new Map(Object.entries(files).map(([k, v]) => [k, encode(v)]));
}

/** A command line, or a change to the files between two commands. */
type Step = string[] | ((files: Map<string, Uint8Array>) => void);

/** The command lines of a scenario, in order (keygen and sign make the files verify reads). */
function commands(h: string, heavy: boolean): Step[] {
  const R = `r${h}.erdl.yaml`;
  return [
    [`nope${h}`],
    ['check', `--x${h}`, R],
    ['check', R],
    ['check', `missing${h}.erdl.yaml`],
    ['hash', R],
    ['tree', R],
    ['eval', R, 'fact.json'],
    ...(heavy ? [['eval', R, '--facts', 'bad.jsonl', '--workers', '1']] : []),
    ['vectors', 'vec'],
    ['convert', R, '--to', 'expr'],
    ['convert', R, '--to', 'simple', '--rule', `FIN-001-routing${h}`],
    ['import', 'in.dmn'],
    ['export', R, '--to', 'dmn', '--rule', `FIN-001-routing${h}`, '--out', `out${h}.dmn`],
    ['gloss', R, '--fields', 'fields.yaml'],
    ['gloss', R, '--lang', 'zh', '--fields', 'fields.yaml'],
    ['test', R, 'suite.facts.yaml'],
    ['test', R, 'suite.facts.yaml', '--format', 'json'],
    ['report', R, '--suite', 'suite.facts.yaml', '--date', '2026-01-15'],
    ['impact', R, 'r2.erdl.yaml', 'facts.jsonl'],
    ['impact', R, 'r2.erdl.yaml', 'suite.facts.yaml', '--format', 'json'],
    ['keygen', '--out', `k${h}.jwk`, '--name', `Ann${h.slice(0, 40)}`],
    ['keygen', '--out', 'k.jwk', '--name', 'Ann'],
    ...(heavy
      ? [['key', 'backup', 'k.jwk', '--out', `b${h}.json`, '--passphrase-file', 'pass']]
      : []),
    ['sign', R, '--key', 'k.jwk', '--time', '2026-09-01T00:00:00Z', '--role', 'author'],
    ['verify', R],
    // The rules change after signing: verify names every changed rule.
    (files) => files.set(R, encode(rules(h, 6000))),
    ['verify', R, '--trust', 'k.pub.jwk', '--require-roles', 'author,reviewer'],
    ['verify', `${R}.dsse.json`, '--trust', `k${h}.pub.jwk`],
    ['verify-evidence', R, 'ev.json'],
  ];
}

/** The verb's own stdout kind for these arguments (its `--format` option, if any). */
function stdoutKind(argv: readonly string[]): string {
  const verb = findVerb(argv[0] as string);
  if (!verb) return 'text';
  const i = argv.indexOf('--format');
  const options: Record<string, string> = i >= 0 ? { '--format': argv[i + 1] as string } : {};
  return typeof verb.stdout === 'function' ? verb.stdout(options) : verb.stdout;
}

/** Raw controls, bidi controls and invisible characters (independently of visible-text.ts). */
const UNSAFE_CLASS =
  '[\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2069\\uFEFF\\u3164]|\\u{E0041}';
const UNSAFE_LINE = new RegExp(UNSAFE_CLASS, 'u');
/** In a document: raw controls but tab and line breaks (text there may span lines). */
const DOCUMENT_CONTROLS = '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]';
const UNSAFE_DOCUMENT = new RegExp(DOCUMENT_CONTROLS);

/** Where `pattern` first matches in `text`, shown with some context (or null). */
function firstUnsafe(text: string, pattern: RegExp): string | null {
  const m = pattern.exec(text);
  if (!m) return null;
  return revealInline(text.slice(Math.max(0, m.index - 60), m.index + 60));
}

function assertSafe(argv: readonly string[], stdout: readonly string[], stderr: readonly string[]) {
  const where = `erdl ${revealInline(argv.join(' '))}`;
  for (const line of stderr) {
    expect(firstUnsafe(line, UNSAFE_LINE), `${where}: stderr`).toBeNull();
    expect(revealInline(line), where).toBe(line);
  }
  const kind = stdoutKind(argv);
  for (const line of stdout) {
    if (kind === 'document') {
      expect(firstUnsafe(line, UNSAFE_DOCUMENT), `${where}: stdout`).toBeNull();
      continue;
    }
    // A JSON text may span lines (pretty printing); a line for people never does.
    for (const part of kind === 'json' ? line.split('\n') : [line]) {
      expect(firstUnsafe(part, UNSAFE_LINE), `${where}: stdout`).toBeNull();
      expect(revealInline(part), where).toBe(part);
    }
    if (kind === 'json') expect(() => JSON.parse(line), where).not.toThrow();
  }
}

/** Every command of the scenario through run(); returns each command's captured output. */
async function runScenario(h: string, heavy = false) {
  const files = scenario(h);
  const results: { argv: string[]; code: number; stdout: string[]; stderr: string[] }[] = [];
  for (const argv of commands(h, heavy)) {
    if (typeof argv === 'function') {
      argv(files);
      continue;
    }
    const io = memoryIo(files);
    const code = await run(argv, io);
    assertSafe(argv, io.stdout, io.stderr);
    results.push({ argv, code, stdout: io.stdout, stderr: io.stderr });
  }
  return results;
}

const ESC_ERASE = '\u001b[2K\u001b[1A';
const OSC8 = '\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\';
const OSC8_BEL = '\u001b]8;;https://evil.example/\u0007here\u001b]8;;\u0007';
const C1 = '\u009b2K\u009d8;;https://evil.example/\u009cthere\u0085';
/** Control characters: they load in a rule name, so every table the verbs print shows them. */
const CONTROLS = `${ESC_ERASE}${OSC8}${OSC8_BEL}${C1}\u007f\rOK`;
/** Bidi controls and invisible characters (Trojan Source). */
const HIDDEN = '\u202etnuocca_eteled\u202c\u2066x\u2069\u200b\u00ad\ufeff\u{E0041}\u3164';

describe('CLI output is safe on a terminal (issue #35 §5)', () => {
  it('control characters (ESC/CSI, OSC 8, BEL, C1, DEL, CR) are shown, never sent raw', async () => {
    expect(compileDocument(rules(CONTROLS)).ok, 'the hostile document loads').toBe(true);
    const results = await runScenario(CONTROLS, true);
    const all = (verb: string) =>
      results
        .filter((r) => r.argv[0] === verb)
        .flatMap((r) => [...r.stdout, ...r.stderr])
        .join('\n');
    // The hostile names reached the output, revealed.
    const shown = terminalText(`SEC-001-refund-limit${CONTROLS}`);
    expect(shown).toContain('SEC-001-refund-limit\\u001b[2K\\u001b[1A\\u001b]8;;');
    for (const verb of ['check', 'test', 'verify', 'impact', 'vectors'])
      expect(all(verb), verb).toContain('\\u001b[2K\\u001b[1A');
    expect(all('test')).toContain(shown);
    expect(all('verify')).toContain(shown);
    expect(all('verify')).toContain('FAILED');
    // JSON keeps the value: the rule name parses back to the raw name.
    const hash = results.find((r) => r.argv[0] === 'hash');
    expect(Object.keys(JSON.parse(hash?.stdout[0] as string).rules)).toContain(
      `SEC-001-refund-limit${CONTROLS}`,
    );
  }, 120_000);

  it('bidi controls and invisible characters are shown as ⟨U+202E⟩, never sent raw', async () => {
    const results = await runScenario(HIDDEN);
    const text = results.flatMap((r) => [...r.stderr]).join('\n');
    expect(text).toContain('⟨U+202E⟩tnuocca_eteled⟨U+202C⟩');
    const json = results.find((r) => r.argv[0] === 'eval' && r.stdout.length > 0);
    if (json) expect(json.stdout.join('\n')).not.toMatch(/[\u202e\u200b]/);
  }, 120_000);

  it('property: any text in any input leaves every verb as safe output', async () => {
    const piece = fc.oneof(
      fc.constantFrom(ESC_ERASE, OSC8, OSC8_BEL, C1, HIDDEN, '\r', '\n', '\t', '\u0000', '\ud800'),
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.string({ unit: fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCharCode(c)) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 4 }), async (pieces) => {
        await runScenario(pieces.join(''));
      }),
      { numRuns: 12 },
    );
  }, 300_000);

  it('safeIo: stderr and the progress line as text, the rest of io its own', async () => {
    const seen: string[] = [];
    const io = memoryIo(new Map([['f', encode('x')]]));
    const withProgress: CliIo = { ...io, progress: (l) => void seen.push(l) };
    const safe = safeIo(withProgress, 'document');
    safe.out('a\u001bb');
    safe.err('c\u001bd\u202e');
    safe.progress?.(`rows ${ESC_ERASE}`);
    expect(io.stdout).toEqual(['a\u001bb']);
    expect(io.stderr).toEqual(['c\\u001bd⟨U+202E⟩']);
    expect(seen).toEqual(['rows \\u001b[2K\\u001b[1A']);
    expect(decode(await safe.readBytes('f'))).toBe('x');
    // No progress line where io has none (stderr is no terminal).
    expect(safeIo(io, 'text').progress).toBeUndefined();
  });

  it('terminalJson writes hidden characters as \\u escapes of the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, key) => {
        const json = JSON.stringify({ [key]: value, k: key }, null, 2);
        const safe = terminalJson(json);
        expect(JSON.parse(safe)).toEqual(JSON.parse(json));
        for (const line of safe.split('\n')) expect(revealInline(line)).toBe(line);
        if (revealInline(json.replaceAll('\n', '')) === json.replaceAll('\n', ''))
          expect(safe).toBe(json);
      }),
      { numRuns: 500 },
    );
  });
});

/** A verb's own output, without run()'s wrapping (what the command printed before). */
async function rawOutput(argv: readonly string[], files: Map<string, Uint8Array>) {
  const verb = findVerb(argv[0] as string);
  if (!verb) throw new Error(argv[0]);
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a.startsWith('--')) options[a] = argv[++i] as string;
    else positional.push(a);
  }
  const io = memoryIo(files);
  const code = await verb.run(io, positional, options);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('normal documents: every output byte-for-byte as before', () => {
  it('each example through every reading verb', async () => {
    for (const ex of EXAMPLES) {
      const files = new Map<string, Uint8Array>([
        ['ex.erdl.yaml', encode(ex.text)],
        ['ex.facts.yaml', encode(ex.suite)],
        ['fields.yaml', encode(EXAMPLE_FIELDS)],
        ['fact.yaml', encode(ex.fact)],
      ]);
      const lines: string[][] = [
        ['check', 'ex.erdl.yaml'],
        ['hash', 'ex.erdl.yaml'],
        ['tree', 'ex.erdl.yaml'],
        ['eval', 'ex.erdl.yaml', 'fact.yaml', '--as-of', ex.asOf],
        ['gloss', 'ex.erdl.yaml', '--fields', 'fields.yaml'],
        ['gloss', 'ex.erdl.yaml', '--lang', 'zh', '--fields', 'fields.yaml'],
        ['test', 'ex.erdl.yaml', 'ex.facts.yaml'],
        ['test', 'ex.erdl.yaml', 'ex.facts.yaml', '--format', 'json'],
        ['impact', 'ex.erdl.yaml', 'ex.erdl.yaml', 'ex.facts.yaml'],
        ['impact', 'ex.erdl.yaml', 'ex.erdl.yaml', 'ex.facts.yaml', '--format', 'json'],
        ['convert', 'ex.erdl.yaml', '--to', 'expr'],
        ['report', 'ex.erdl.yaml', '--date', '2026-01-15'],
      ];
      for (const argv of lines) {
        const io = memoryIo(files);
        const code = await run(argv, io);
        const before = await rawOutput(argv, files);
        expect(code, `${ex.name}: erdl ${argv.join(' ')}`).toBe(before.code);
        expect(io.stdout, `${ex.name}: erdl ${argv.join(' ')}`).toEqual(before.stdout);
        expect(io.stderr, `${ex.name}: erdl ${argv.join(' ')}`).toEqual(before.stderr);
      }
    }
  }, 120_000);
});
