/**
 * `erdl lsp` driven by a real LSP client over stdio (vscode-jsonrpc, as an editor): the command
 * of the checkout (`tsx src/cli/main.ts lsp`) on the bundled examples, on a generated 1,000-rule
 * document and on a hostile one. Diagnostics after an incremental edit carry the kernel's codes
 * and positions; the kernel's quick fix arrives as a code action whose edit removes the error;
 * hover, completion, document symbols and go to definition answer from the kernel's vocabulary
 * and glosses. (The packed tarball's `erdl lsp`: tests/package.test.ts.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocument } from '../bench/generate';
import { compileDocument, glossDocument, MAX_DOCUMENT_BYTES } from '../src/kernel';
import { CHECKOUT_SERVER, LspClient, ROOT } from '../src/lsp/test-support';

const EXAMPLES = path.join(ROOT, 'src/studio/examples');
const read = (name: string) => readFileSync(path.join(EXAMPLES, name), 'utf8');
const uriOf = (name: string) => `file:///workspace/${name}`;

interface Hover {
  contents: { kind: string; value: string };
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}
interface Completion {
  label: string;
  detail?: string;
}
interface TextEdit {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  newText: string;
}
interface CodeAction {
  title: string;
  kind: string;
  diagnostics: { code: string }[];
  edit: { changes: Record<string, TextEdit[]> };
}
interface SymbolInfo {
  name: string;
  detail?: string;
  range: { start: { line: number } };
  selectionRange: { start: { line: number; character: number } };
  children?: SymbolInfo[];
}

/** Applies LSP text edits (0-based line/character) to a text. */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }) =>
    lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return [...edits]
    .sort((a, b) => offset(b.range.start) - offset(a.range.start))
    .reduce(
      (t, e) => t.slice(0, offset(e.range.start)) + e.newText + t.slice(offset(e.range.end)),
      text,
    );
}

const lineOf = (text: string, needle: string) =>
  text.split('\n').findIndex((l) => l.includes(needle));
const at = (text: string, needle: string, within = 0) => {
  const line = lineOf(text, needle);
  return { line, character: (text.split('\n')[line] as string).indexOf(needle) + within };
};

let client: LspClient;
let initialized: Awaited<ReturnType<LspClient['initialize']>>;

beforeAll(async () => {
  client = LspClient.start(CHECKOUT_SERVER);
  initialized = await client.initialize({ locale: 'en' });
}, 60_000);

afterAll(async () => {
  if (client) expect(await client.stop()).toBe(0);
});

describe('erdl lsp over stdio', () => {
  it('announces incremental sync and every feature it serves', () => {
    expect(initialized.serverInfo?.name).toBe('erdl');
    expect(initialized.capabilities).toMatchObject({
      textDocumentSync: 2, // TextDocumentSyncKind.Incremental
      hoverProvider: true,
      completionProvider: expect.any(Object),
      codeActionProvider: expect.any(Object),
      documentSymbolProvider: true,
      definitionProvider: true,
    });
  });

  it('publishes no error for any bundled example', async () => {
    const names = readdirSync(EXAMPLES).filter((n) => n.endsWith('.erdl.yaml'));
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const name of names) {
      await client.open(uriOf(name), read(name));
      const published = await client.diagnostics(uriOf(name), 1);
      expect(
        published.diagnostics.filter((d) => d.severity === 1),
        name,
      ).toEqual([]);
    }
  }, 60_000);

  it('after an incremental edit: the code and position of the error, and its quick fix', async () => {
    const name = 'quick-start.erdl.yaml';
    const text = read(name);
    const uri = uriOf(name);
    const then = at(text, 'REQUEST_HUMAN');
    const after = { line: then.line, character: then.character + 'REQUEST_HUMAN'.length };
    // Typed one character at a time would be the same: one change, the range it replaces.
    await client.change(uri, 2, { start: after, end: after }, 'N');
    const published = await client.diagnostics(uri, 2);
    expect(published.diagnostics).toHaveLength(1);
    const [d] = published.diagnostics;
    expect(d).toMatchObject({
      code: 'ERDL-E207',
      source: 'ERDL',
      severity: 1,
      range: { start: then, end: { line: then.line, character: after.character + 1 } },
    });
    // The kernel's message in both languages, the editor's first.
    expect(d?.message.split('\n')[0]).toMatch(/"REQUEST_HUMANN" is not a decision type/);
    expect(d?.message).toContain('不是决策类型');

    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d?.range,
      context: { diagnostics: [d] },
    });
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ kind: 'quickfix', diagnostics: [{ code: 'ERDL-E207' }] });
    expect(actions[0]?.title).toBe('Fix: Write REQUEST_HUMAN (ERDL-E207)');
    const edited = applyEdits(
      applyEdits(text, [{ range: { start: after, end: after }, newText: 'N' }]),
      actions[0]?.edit.changes[uri] ?? [],
    );
    expect(edited).toBe(text);
    // The client applies the fix as an edit: the error goes.
    await client.change(
      uri,
      3,
      { start: then, end: { line: then.line, character: after.character + 1 } },
      'REQUEST_HUMAN',
    );
    expect((await client.diagnostics(uri, 3)).diagnostics).toEqual([]);
  }, 30_000);

  it("hovers: a rule's gloss in both languages, an operator, a decision, a key", async () => {
    const name = 'quick-start.erdl.yaml';
    const text = read(name);
    const uri = uriOf(name);
    const hover = (position: { line: number; character: number }) =>
      client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });

    const compiled = compileDocument(text);
    const zh = glossDocument(compiled, { lang: 'zh' })?.[0]?.gloss.text as string;
    const en = glossDocument(compiled, { lang: 'en' })?.[0]?.gloss.text as string;
    const gloss = await hover(at(text, 'SEC-001-refund-limit', 3));
    const plain = (gloss?.contents.value ?? '').replace(/\\/g, '');
    expect(plain).toContain(en);
    expect(plain).toContain(zh);
    expect(plain.indexOf(en)).toBeLessThan(plain.indexOf(zh));

    const operator = await hover(at(text, 'operator: gt', 'operator: '.length));
    expect(operator?.contents.value).toContain('**gt** — Operator');
    expect(operator?.contents.value).toContain('greater than');
    expect(operator?.contents.value).toContain('大于');

    const decision = await hover(at(text, 'REQUEST_HUMAN', 2));
    expect(decision?.contents.value).toContain('**REQUEST_HUMAN** — Decision');
    expect(decision?.contents.value).toContain('请求人工裁决');

    const key = await hover(at(text, 'priority: 10', 1));
    expect(key?.contents.value).toMatch(/^\*\*priority\*\* — Priority \\\(smaller first\\\)/);
    expect(key?.contents.value).toContain('required');

    const field = await hover(at(text, 'tool.args.amount', 2));
    expect(field?.contents.value).toContain('SEC-001-refund-limit');
  }, 30_000);

  it('completes keys, operators, decisions and the fields of the document', async () => {
    const name = 'quick-start.erdl.yaml';
    const uri = uriOf(name);
    const text = read(name);
    const complete = (position: { line: number; character: number }) =>
      client.request<Completion[]>('textDocument/completion', { textDocument: { uri }, position });
    const labels = (items: Completion[]) => items.map((i) => i.label);
    // A new key of the rule: an empty line at the rule's indentation, after `message:`.
    const message = lineOf(text, 'message: "Refund amount');
    let version = 10;
    const edit = async (line: number, character: number, inserted: string) => {
      version++;
      const position = { line, character };
      await client.change(uri, version, { start: position, end: position }, inserted);
      await client.diagnostics(uri, version);
    };
    const end = (text.split('\n')[message] as string).length;
    await edit(message, end, '\n    ');
    const keys = labels(await complete({ line: message + 1, character: 4 }));
    expect(keys).toEqual(expect.arrayContaining(['unless', 'explanation', 'ring', 'override']));
    await edit(message + 1, 4, 'then: ');
    const decisions = labels(await complete({ line: message + 1, character: 10 }));
    expect(decisions).toHaveLength(13);
    expect(decisions).toContain('QUARANTINE');

    const op = at(text, 'operator: eq');
    const operators = labels(await complete({ line: op.line, character: op.character + 10 }));
    expect(operators).toEqual(expect.arrayContaining(['eq', 'gt', 'between', 'not_in', 'matches']));
    const field = at(text, 'field: "tool.name"');
    const fields = labels(await complete({ line: field.line, character: field.character + 7 }));
    expect(fields).toEqual(['tool.name', 'tool.args.amount']);
    const top = labels(await complete({ line: 0, character: 0 }));
    expect(top).toEqual(['protocol', 'version', 'metadata', 'rules']);
    // Back to the example's text (one change of the whole range), for the tests after this one.
    // The edited text is one line longer than the example's: its last line (empty) is its end. A
    // range past it is refused (tests/lsp-params.test.ts), never clamped.
    version++;
    const last = text.split('\n').length;
    await client.change(
      uri,
      version,
      { start: { line: 0, character: 0 }, end: { line: last, character: 0 } },
      text,
    );
    expect((await client.diagnostics(uri, version)).diagnostics).toEqual([]);
  }, 30_000);

  it("lists rules and a table's rows as document symbols", async () => {
    const name = 'loan-decision-table.erdl.yaml';
    const text = read(name);
    const symbols = await client.request<SymbolInfo[]>('textDocument/documentSymbol', {
      textDocument: { uri: uriOf(name) },
    });
    const table = symbols.find((s) => s.name === 'FIN-201-loan-decision');
    expect(table?.selectionRange.start).toEqual(at(text, 'name: "FIN-201-loan-decision"', 7));
    expect(table?.children?.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'FIN-201-loan-decision#poor-score',
        'FIN-201-loan-decision#good-small-loan',
      ]),
    );
    const row = table?.children?.find((c) => c.name.endsWith('#poor-score'));
    expect(row?.detail).toBe('DENY');
    expect(row?.selectionRange.start).toEqual(at(text, 'poor-score'));
  });

  it("goes to a rule from its name in a suite's matched_rules", async () => {
    const rules = read('quick-start.erdl.yaml');
    const suite = read('quick-start.facts.yaml');
    const suiteUri = uriOf('quick-start.facts.yaml');
    await client.open(suiteUri, suite);
    const locations = await client.request<{ uri: string; range: TextEdit['range'] }[]>(
      'textDocument/definition',
      { textDocument: { uri: suiteUri }, position: at(suite, 'SEC-001-refund-limit', 4) },
    );
    const start = at(rules, 'SEC-001-refund-limit');
    expect(locations).toEqual([
      {
        uri: uriOf('quick-start.erdl.yaml'),
        range: { start, end: { line: start.line, character: start.character + 20 } },
      },
    ]);
  });

  it('keeps the outline and go to definition of the last text that loaded while a load error is typed', async () => {
    const text = read('loan-decision-table.erdl.yaml');
    const uri = uriOf('typing.erdl.yaml');
    await client.open(uri, text);
    await client.diagnostics(uri, 1);
    const symbols = () =>
      client.request<SymbolInfo[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const before = await symbols();
    expect(before.map((s) => s.name)).toContain('FIN-201-loan-decision');
    // An unclosed bracket typed at the end: the text no longer loads.
    const end = { line: text.split('\n').length - 1, character: 0 };
    await client.change(uri, 2, { start: end, end }, 'tags: [');
    const published = await client.diagnostics(uri, 2);
    expect(published.diagnostics.filter((d) => d.severity === 1)).not.toEqual([]);
    expect(await symbols()).toEqual(before);
    const name = at(text, 'name: "FIN-201-loan-decision"', 7);
    const locations = await client.request<{ uri: string; range: TextEdit['range'] }[]>(
      'textDocument/definition',
      { textDocument: { uri }, position: { line: name.line, character: name.character + 3 } },
    );
    expect(locations).toContainEqual({
      uri,
      range: { start: name, end: { line: name.line, character: name.character + 21 } },
    });
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }, 30_000);

  it('publishes diagnostics after an edit of a 1,000-rule document', async () => {
    const text = generateDocument(1000);
    const uri = uriOf('generated-1000.erdl.yaml');
    await client.open(uri, text);
    expect((await client.diagnostics(uri, 1)).diagnostics.filter((d) => d.severity === 1)).toEqual(
      [],
    );
    const line = text.split('\n').findLastIndex((l) => /^\s+then: /.test(l));
    const character = (text.split('\n')[line] as string).length;
    await client.change(uri, 2, { start: { line, character }, end: { line, character } }, 'X');
    const published = await client.diagnostics(uri, 2);
    expect(published.diagnostics.filter((d) => d.severity === 1)).toEqual([
      expect.objectContaining({
        code: 'ERDL-E207',
        range: expect.objectContaining({ end: { line, character: character + 1 } }),
      }),
    ]);
  }, 60_000);

  it('refuses an oversized document at its start, in both languages, and keeps serving', async () => {
    const uri = uriOf('huge.erdl.yaml');
    const text = `# ${'x'.repeat(MAX_DOCUMENT_BYTES)}\n`;
    await client.open(uri, text);
    const published = await client.diagnostics(uri, 1);
    expect(published.diagnostics).toEqual([
      expect.objectContaining({
        code: 'ERDL-E001',
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      }),
    ]);
    expect(published.diagnostics[0]?.message).toMatch(/[\u4e00-\u9fff]/);
    const position = { line: 0, character: 3 };
    expect(
      await client.request('textDocument/hover', { textDocument: { uri }, position }),
    ).toBeNull();
    expect(
      await client.request('textDocument/completion', { textDocument: { uri }, position }),
    ).toEqual([]);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }, 60_000);
});

describe('erdl lsp in Chinese', () => {
  it('leads with Chinese under a zh locale: diagnostics, fix titles and hovers', async () => {
    // started as editors start it: `erdl lsp --stdio`
    const zh = LspClient.start([...CHECKOUT_SERVER, '--stdio']);
    try {
      await zh.initialize({ locale: 'zh-cn' });
      const text = read('quick-start.erdl.yaml').replace(
        'then: REQUEST_HUMAN',
        'then: REQUEST_HUMANN',
      );
      const uri = uriOf('zh.erdl.yaml');
      await zh.open(uri, text);
      const [d] = (await zh.diagnostics(uri, 1)).diagnostics;
      expect(d?.message.split('\n')[0]).toContain('不是决策类型');
      const actions = await zh.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: d?.range,
        context: { diagnostics: [d] },
      });
      expect(actions[0]?.title).toMatch(/^修复：.+（ERDL-E207）$/);
      const hover = await zh.request<Hover>('textDocument/hover', {
        textDocument: { uri },
        position: at(text, 'operator: gt', 'operator: '.length),
      });
      expect(hover.contents.value).toContain('**gt** — 运算符');
      expect(hover.contents.value.indexOf('大于')).toBeLessThan(
        hover.contents.value.indexOf('greater'),
      );
    } finally {
      expect(await zh.stop()).toBe(0);
    }
  }, 60_000);
});

describe('the language server stays out of everything else', () => {
  it('only src/lsp imports vscode-languageserver; the CLI loads it with import() only', () => {
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !file.includes(`${path.sep}lsp${path.sep}`)) {
          if (/from ['"]vscode-(languageserver|jsonrpc)/.test(readFileSync(file, 'utf8')))
            offenders.push(path.relative(ROOT, file));
        }
      }
    };
    walk(path.join(ROOT, 'src'));
    expect(offenders).toEqual([]);
    const verb = readFileSync(path.join(ROOT, 'src/cli/verbs/lsp.ts'), 'utf8');
    expect(verb).toMatch(/await import\('\.\.\/\.\.\/lsp\/server'\)/);
    expect(verb).not.toMatch(/^import .*lsp\/server/m);
  });
});
