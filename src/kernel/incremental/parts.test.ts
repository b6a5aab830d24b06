// The incremental compiler's parts: the line scan, the resumable document hash and the cache.
import { describe, expect, it } from 'vitest';
import { generateDocument } from '../../../bench/generate';
import { generateWideTable } from '../../../bench/generate-wide-table';
import { compileDocument } from '../compile';
import type { CompiledRule, Metadata } from '../document/compiled';
import { canonicalBytes, canonicalJson, hashText } from '../tree/canonical';
import {
  canonicalDocument,
  canonicalDocumentFrame,
  canonicalRule,
  canonicalRuleBytes,
  documentHash,
} from '../tree/document-hash';
import { createIncrementalCompiler } from './compiler';
import { DocumentHasher } from './hash';
import { Lru } from './lru';
import { segment } from './segment';

const HEAD = 'protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata:\n  decision: ALLOW\n';

describe('segment', () => {
  it('cuts the header and one segment per item, comments and blank lines staying in front', () => {
    const text = `${HEAD}rules:  # all\n\n  # first\n  - a: 1\n    b: 2\n# between\n\n  - c\n  -\n    d: 4\n`;
    const cut = segment(text);
    if (typeof cut === 'string') throw new Error(cut);
    expect(cut.rulesKey).toBe(HEAD.length);
    expect(cut.indent).toBe(2);
    const parts = cut.starts.map((s, i) => text.slice(s, cut.starts[i + 1] ?? text.length));
    expect(parts).toEqual(['  - a: 1\n    b: 2\n# between\n\n', '  - c\n', '  -\n    d: 4\n']);
  });

  it('accepts items at column 0 and CRLF line breaks', () => {
    const text = `${HEAD}rules:\r\n- a\r\n- b: 1\r\n  c: 2\r\n`;
    const cut = segment(text);
    if (typeof cut === 'string') throw new Error(cut);
    expect(cut.indent).toBe(0);
    expect(cut.starts).toHaveLength(2);
  });

  it.each([
    ['a lone CR line break', `${HEAD}rules:\n  - a\r  - b\n`],
    ['a tab in the indentation', `${HEAD}rules:\n  - a:\n\t  b\n`],
    ['a directive', `%YAML 1.2\n---\n${HEAD}rules:\n  - a\n`],
    ['a document end marker', `${HEAD}...\nrules:\n  - a\n`],
    ['a line at or left of the item column that starts no item', `${HEAD}rules:\n  - a\n...\n`],
    ['a document marker after content', `${HEAD}---\nrules:\n  - a\n`],
    ['no `rules:` line', HEAD],
    ['no `rules:` line', `${HEAD}rules: []\n`],
    ['no `rules:` line', `${HEAD}rules: &r\n  - a\n`],
    ['no rule items', `${HEAD}rules:\n# nothing\n`],
    ['rules is not followed by a block sequence', `${HEAD}rules:\nmore: 1\n`],
    ['a line at or left of the item column that starts no item', `${HEAD}rules:\n  - a\nmore: 1\n`],
    ['a line at or left of the item column that starts no item', `${HEAD}rules:\n  - [a,\n  b]\n`],
    ['a line at or left of the item column that starts no item', `${HEAD}rules:\n  - a\n  -b\n`],
    ['a line at or left of the item column that starts no item', `${HEAD}rules:\n  - a\n - b\n`],
  ])('refuses %s', (reason, text) => {
    expect(segment(text)).toBe(reason);
  });
});

describe('DocumentHasher', () => {
  const compiled = compileDocument(generateDocument(30)).document;
  if (!compiled) throw new Error('the generated document must load');
  const texts = (rules: readonly CompiledRule[]) =>
    rules.map((r) => canonicalJson(canonicalRule(r)));
  const utf8 = (text: string) => new TextEncoder().encode(text);
  /** The canonical document's text, from its rule entries' texts (rules sort last). */
  const documentText = (metadata: Metadata, entries: readonly string[]) => {
    const empty = canonicalJson(canonicalDocument(metadata, []));
    expect(empty.endsWith(',"rules":[]}')).toBe(true);
    return `${empty.slice(0, -2)}${entries.join(',')}]}`;
  };

  it('the document is its frame around the rule entries, each as canonicalRuleBytes', () => {
    const { metadata, rules } = compiled;
    expect(documentText(metadata, texts(rules))).toBe(
      canonicalJson(canonicalDocument(metadata, rules)),
    );
    const { open, close } = canonicalDocumentFrame(metadata);
    const decode = (b: Uint8Array) => new TextDecoder().decode(b);
    expect(
      `${decode(open)}${rules.map((r) => decode(canonicalRuleBytes(r))).join(',')}${decode(close)}`,
    ).toBe(canonicalJson(canonicalDocument(metadata, rules)));
    expect(canonicalBytes(canonicalDocument(metadata, rules))).toEqual(
      utf8(documentText(metadata, texts(rules))),
    );
    expect(documentHash(metadata, rules)).toBe(compiled.hash);
    expect(documentHash(metadata, rules)).toBe(hashText(documentText(metadata, texts(rules))));
  });

  it('gives documentHash for every version of a changing rule list', () => {
    const hasher = new DocumentHasher();
    const one = texts(compiled.rules);
    const all = [...one, ...one, ...one, ...one]; // past several checkpoints (every 32 rules)
    const at = (i: number, list = all) => [...list.slice(0, i), '{"x":1}', ...list.slice(i + 1)];
    const deny: Metadata = { ...compiled.metadata, decision: 'DENY' };
    const versions: [Metadata, string[]][] = [
      [compiled.metadata, all],
      [compiled.metadata, all],
      [compiled.metadata, at(10)],
      [compiled.metadata, at(31, at(10))],
      [compiled.metadata, at(32)],
      [compiled.metadata, at(33)],
      [compiled.metadata, at(64)],
      [compiled.metadata, at(all.length - 1)],
      [compiled.metadata, at(0)],
      [compiled.metadata, all.slice(0, 64)],
      [compiled.metadata, all.slice(0, 65)],
      [compiled.metadata, all.slice(0, 5)],
      [compiled.metadata, []],
      [compiled.metadata, all.slice(3)],
      [deny, all.slice(3)],
      [deny, [...all, ...all]],
      [compiled.metadata, all],
    ];
    for (const [metadata, list] of versions) {
      expect(hasher.hash(metadata, list.map(utf8))).toBe(hashText(documentText(metadata, list)));
    }
  });

  it('is read lazily from incremental compiles: any order of reads, any number of compiles between', () => {
    // The incremental compiler works a document's hash out when it is first read (the editor's
    // markers never read it); a hash read late, after other versions were compiled (and some of
    // them hashed), is still its own text's.
    const compiler = createIncrementalCompiler();
    const base = generateDocument(70);
    const versions = [
      base,
      base.replace('priority: 3', 'priority: 30'),
      base.replace(/message: "[^"]*"\n(?![\s\S]*message: ")/, 'message: "last"\n'),
      base.replace('priority: 3', 'priority: 31'),
      base,
    ];
    const results = versions.map((text) => compiler.compile(text));
    for (const order of [
      [4, 0, 2, 1, 3],
      [1, 1, 3, 0],
    ])
      for (const i of order)
        expect(results[i]!.document!.hash, `version ${i}`).toBe(
          compileDocument(versions[i]!).document!.hash,
        );
  });

  it("is its own text's when a table row keeps its cells and changes its decision, message or name", () => {
    // A row whose cells read the same comes back from the row cache with the same tree, and its
    // canonical entry is kept per tree while the rule's other canonical fields are the same
    // (compiler.ts canonicalEntry): any other field changed makes the entry again.
    const compiler = createIncrementalCompiler();
    const base = generateWideTable(40, 4, { defaultRow: true });
    const row = '          then: REQUEST_HUMAN\n          message: "Row 1"';
    expect(base).toContain(row);
    const versions = [
      base,
      base.replace(row, '          then: ESCALATE\n          message: "Row 1"'),
      base.replace(row, '          then: ESCALATE\n          message: "Row one"'),
      base.replace(
        row,
        '          then: ESCALATE\n          message: "Row one"\n          name: "first"',
      ),
      base.replace(
        row,
        '          then: ESCALATE\n          message: "Row one"\n          priority: 7',
      ),
      base,
    ];
    for (const [i, text] of versions.entries()) {
      const cold = compileDocument(text).document;
      expect(cold, `version ${i}`).not.toBeNull();
      expect(compiler.compile(text).document?.hash, `version ${i}`).toBe(cold?.hash);
    }
  });
});

describe('Lru', () => {
  it('keeps the most recently used entries within its bound', () => {
    const lru = new Lru<number, string>(8);
    for (let i = 0; i < 8; i++) lru.set(i, `v${i}`);
    expect(lru.get(0)).toBe('v0'); // 0 is now the most recently used
    for (let i = 8; i < 20; i++) lru.set(i, `v${i}`);
    expect(lru.size).toBeLessThanOrEqual(9);
    expect(lru.get(0)).toBeUndefined(); // evicted after the later insertions
    expect(lru.get(19)).toBe('v19');
    lru.clear();
    expect(lru.size).toBe(0);
  });
});
