// Every CLI and signing string lives in a string table (#39 point 5) and the whole CLI speaks
// Chinese under --lang zh (#37 point 4): the source has no inline { en, zh } pair nor any Chinese
// text outside the string modules, and every verb's --help in Chinese holds no English prose — only command names,
// options and their values, placeholders, file names, codes and format names.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../src/cli/io';
import { run } from '../src/cli/run';
import { VERBS } from '../src/cli/verbs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The string modules: the only places a { en, zh } pair of text may be written. */
const STRING_MODULE = /^src\/(cli\/strings\.ts|cli\/strings\/|signing\/strings\/)/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

const isText = (n: ts.Node) =>
  ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n);

/** Chinese characters (a written Chinese text, as a comment aside). */
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff]/u;

/**
 * Object literals `{ en: '…', zh: '…' }` whose values are written text, not passed through, and
 * any other literal holding Chinese text (`fail('…', '中文')`, `'English / 中文'`).
 */
function inlinePairs(text: string, file = 'x.ts'): number {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  let count = 0;
  const visit = (n: ts.Node) => {
    const zhOfPair =
      n.parent !== undefined &&
      ts.isPropertyAssignment(n.parent) &&
      n.parent.name.getText(src) === 'zh';
    if (isText(n) && !zhOfPair && HAN.test(n.getText(src))) count++;
    if (ts.isObjectLiteralExpression(n)) {
      const values = new Map(
        n.properties
          .filter(ts.isPropertyAssignment)
          .map((p) => [p.name.getText(src), p.initializer] as const),
      );
      const en = values.get('en');
      const zh = values.get('zh');
      if (en && zh && (isText(en) || isText(zh))) count++;
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
  return count;
}

describe('CLI and signing strings live in string tables', () => {
  it('finds a pair written inline, not one passed through', () => {
    expect(inlinePairs("f({ en: 'a', zh: '甲' })")).toBe(1);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    expect(inlinePairs('f({ en: `${x}: a`, zh: `${x}：甲` })')).toBe(1);
    expect(inlinePairs('f({ en: m.en, zh: m.zh })')).toBe(0);
    expect(inlinePairs("fail('not JSON', '不是 JSON')")).toBe(1);
    expect(inlinePairs("io.out('OK / 通过')")).toBe(1);
    expect(inlinePairs("io.out('OK') // 通过")).toBe(0);
    expect(inlinePairs("f({ summary: '摘要' })")).toBe(1);
  });

  it('no inline { en, zh } pair nor Chinese text outside the string modules', () => {
    const found: Record<string, number> = {};
    for (const file of [...sources(join(ROOT, 'src/cli')), ...sources(join(ROOT, 'src/signing'))]) {
      const name = relative(ROOT, file);
      if (STRING_MODULE.test(name)) continue;
      const n = inlinePairs(readFileSync(file, 'utf8'), file);
      if (n > 0) found[name] = n;
    }
    expect(found).toEqual({});
  });
});

/** Words an English-free Chinese help may hold: names of formats, standards and tools. */
const NAMES = new Set(
  'erdl zh en ERDL YAML JSON Lines CSV DMN GoRules JDM Excel SARIF JUnit XML TAP version CI HTML CSS DSSE Ed25519 JWK Set RFC ISO SHA UTF Studio PBKDF2 AES GCM MB zip shell payloadType kid name sha256 N backup restore'.split(
    ' ',
  ),
);

/** The English words left in a Chinese help text, once code, names and values are masked. */
function englishWords(help: string, allowed: ReadonlySet<string>): string[] {
  const plain = help
    .replace(/`[^`]*`|“[^”]*”|"[^"]*"|\{[^}]*\}|<[^>]*>|\[[^\]]*\]/g, ' ')
    .replace(/\S*[./:#_@|=…→>-]\S*/g, ' ');
  return [...plain.matchAll(/[A-Za-z][A-Za-z0-9]+/g)]
    .map((m) => m[0])
    .filter((w) => !allowed.has(w) && !NAMES.has(w) && !/^[A-Z0-9]+$/.test(w));
}

function capture(lang: 'zh' | undefined): CliIo & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    out: (l) => lines.push(l),
    err: (l) => lines.push(l),
    readBytes: () => Promise.reject(new Error('no files')),
    listDir: () => Promise.reject(new Error('no files')),
    ...(lang ? { lang } : {}),
  };
}

describe('every verb’s help in Chinese', () => {
  for (const verb of VERBS) {
    it(`erdl --lang zh ${verb.name} --help: no English prose, at most 80 columns`, async () => {
      const io = capture('zh');
      expect(await run(['--lang', 'zh', verb.name, '--help'], io)).toBe(0);
      const allowed = new Set<string>([
        ...VERBS.map((v) => v.name),
        ...(verb.options ?? []).flatMap((o) => [o.name, ...o.value.split(/[|,]/)]),
        ...verb.args,
      ]);
      const words = io.lines.flatMap((l) => englishWords(l, allowed));
      expect(words).toEqual([]);
      expect(io.lines[0]).toMatch(/^用法：erdl /);
      const { displayWidth } = await import('../src/cli/wrap');
      // a line is wider only where one word (a JSON shape, a path) cannot be broken
      expect(io.lines.filter((l) => displayWidth(l) > 80 && /\s/.test(l.trim()))).toEqual([]);
    });
  }

  it('under a zh locale too (io.lang from LANG=zh_CN.UTF-8), and English without it', async () => {
    const { localeLang } = await import('../src/cli/io');
    const zh = capture(localeLang({ LANG: 'zh_CN.UTF-8' }));
    await run(['test', '--help'], zh);
    expect(zh.lines[0]).toMatch(/^用法：erdl test /);
    expect(zh.lines.join('\n')).toContain('事实测试集');
    const en = capture(undefined);
    await run(['test', '--help'], en);
    expect(en.lines[0]).toMatch(/^Usage: erdl test /);
    expect(en.lines.join('\n')).toContain('SUITE is a .facts.yaml suite');
  });
});

describe('erdl eval’s messages from its string table', () => {
  const files: Record<string, string> = {
    'r.erdl.yaml': readFileSync(join(ROOT, 'tests/fixtures/cli/quickstart.erdl.yaml'), 'utf8'),
    'f.json': '{"tool":{"name":"issue_refund","args":{"amount":9000}}}',
  };
  const withFiles = (lang: 'zh' | undefined) => {
    const io = capture(lang);
    const readBytes = async (path: string) => {
      const text = files[path];
      if (text === undefined) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
      return new TextEncoder().encode(text);
    };
    return { ...io, readBytes, fileSize: async (path: string) => files[path]?.length ?? null };
  };

  it('quotes a wrong --format once, in each language (no doubled space)', async () => {
    const args = ['eval', 'r.erdl.yaml', 'f.json', '--explain', '--format', 'xml'];
    const both = withFiles(undefined);
    expect(await run(args, both)).toBe(2);
    expect(both.lines).toEqual([
      'erdl: --format "xml": with --explain, text or json',
      'erdl：--format“xml”：配合 --explain 时须为 text 或 json',
    ]);
  });

  it('speaks Chinese alone under --lang zh', async () => {
    const io = withFiles('zh');
    expect(await run(['--lang', 'zh', 'eval', 'r.erdl.yaml', 'f.json', '--workers', '2'], io)).toBe(
      2,
    );
    expect(io.lines).toEqual(['erdl：--workers 需要配合 --facts 使用']);
    const as = withFiles(undefined);
    expect(await run(['eval', 'r.erdl.yaml', 'f.json', '--as-of', 'nope'], as)).toBe(2);
    expect(as.lines).toEqual([
      'erdl: --as-of "nope" is not an ISO 8601 instant',
      'erdl：--as-of“nope”不是 ISO 8601 时刻',
    ]);
  });
});

describe('one template filler', () => {
  it('fills a value of unknown kind beside Chinese text as joinZh places it (seams)', async () => {
    const { fill } = await import('../src/i18n/format');
    const { joinZh } = await import('../src/kernel/gloss/typography');
    const text = {
      en: 'unknown role {value} (expected author)',
      zh: '未知签名身份{value}（应为 author）',
    };
    for (const value of ['5', 'null', '“boss”', '[1,2]', '']) {
      const filled = fill(text, { value }, { seams: true });
      expect(filled.zh).toBe(joinZh('未知签名身份', value, '（应为 author）'));
      expect(filled.en).toBe(`unknown role ${value} (expected author)`);
    }
    expect(fill(text, { value: '5' }).zh).toBe('未知签名身份5（应为 author）');
  });
});

describe('no message is read back for its data', () => {
  it('the fact-set parsers hand the count of problems over the cap as a number', async () => {
    const { createCsvParser, createJsonLinesParser, MAX_REPORTED_PROBLEMS } = await import(
      '../src/kernel'
    );
    const { evaluatePart } = await import('../src/cli/batch/evaluate-lines');
    const bad = 'not json\n'.repeat(MAX_REPORTED_PROBLEMS + 30);
    const lines = createJsonLinesParser();
    lines.push(bad);
    const end = lines.end();
    expect(end.omitted).toBe(30);
    const closing = end.diagnostics.find((d) => d.code === 'factset-more');
    expect(closing?.message.en).toMatch(/^30 more problems/);
    // a batch worker's part reply carries that number, not the message
    const setup = { rules: new Uint8Array(), asOf: '2026-01-01T00:00:00Z', fields: [] };
    const job = { kind: 'lines', seq: 0, text: bad, line: 1 } as const;
    const reply = evaluatePart({} as never, setup, job);
    expect(reply.omitted).toBe(30);
    expect(reply.diagnostics.some((d) => d.code === 'factset-more')).toBe(false);
    const csv = createCsvParser();
    csv.push(`tool.name\n${'x,y\n'.repeat(MAX_REPORTED_PROBLEMS + 30)}`);
    expect(csv.end().omitted).toBe(30);
  });
});
