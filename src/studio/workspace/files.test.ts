import { describe, expect, it } from 'vitest';
import rateSuite from '../../../tests/fixtures/cli/rate.facts.yaml?raw';
import { compileDocument, MAX_DOCUMENT_BYTES } from '../../kernel';
import loanRules from '../examples/loan-decision-table.erdl.yaml?raw';
import loanSuite from '../examples/loan-decision-table.facts.yaml?raw';
import {
  checkSnapshot,
  documentFileName,
  documentNameFromFile,
  importText,
  looksLikeSuite,
  readImportedFile,
  skeletonText,
  suiteStem,
  suiteTarget,
  workspaceFileText,
} from './files';
import { freshWorkspace } from './fresh-workspace';

const file = (name: string, content: BlobPart) => Object.assign(new Blob([content]), { name });

describe('importing files', () => {
  it('reads a rule document byte for byte, comments included', async () => {
    const text = '# keep me\nprotocol: "erdl/v2" # and me\r\n';
    const result = await readImportedFile(file('refund.erdl.yaml', text));
    expect(result).toMatchObject({ kind: 'document', doc: { name: 'refund', text } });
  });

  it('names documents after the file', () => {
    expect(documentNameFromFile('refund.erdl.yaml')).toBe('refund');
    expect(documentNameFromFile('rules.YML')).toBe('rules');
    expect(documentNameFromFile('a/b/c.json')).toBe('c');
    expect(documentFileName('refund')).toBe('refund.erdl.yaml');
    expect(documentFileName('a/b:c')).toBe('a_b_c.erdl.yaml');
    expect(documentFileName('x.erdl.yaml')).toBe('x.erdl.yaml');
  });

  it.each([
    [
      'notes.txt',
      'hello',
      /not a rule document, fact suite or workspace file/,
      /不是规则文档、事实测试集或工作区文件/,
    ],
    ['bad.yaml', new Uint8Array([0x70, 0xff, 0xfe, 0x41]), /not UTF-8/, /不是 UTF-8/],
    ['empty.yaml', '  \n', /empty/, /为空/],
    ['big.yaml', 'a'.repeat(MAX_DOCUMENT_BYTES + 1), /too large/, /过大/],
    ['w.erdl-workspace.json', '{"format": ', /does not parse/, /无法解析/],
    [
      'w.erdl-workspace.json',
      '{"format":"erdl-studio-workspace","formatVersion":2,"documents":[]}',
      /formatVersion/,
      /formatVersion/,
    ],
  ])('rejects %s with a message naming it in both languages', async (name, content, en, zh) => {
    const result = await readImportedFile(file(name, content));
    expect(result.kind).toBe('rejected');
    if (result.kind !== 'rejected') return;
    expect(result.message.en.startsWith(`${name}: `)).toBe(true);
    expect(result.message.zh.startsWith(`${name}：`)).toBe(true);
    expect(result.message.en).toMatch(en);
    expect(result.message.zh).toMatch(zh);
  });

  it('a workspace file round-trips every document exactly', async () => {
    const snapshot = freshWorkspace();
    const result = await readImportedFile(
      file('erdl-workspace.erdl-workspace.json', workspaceFileText(snapshot)),
    );
    expect(result).toEqual({
      kind: 'workspace',
      snapshot,
      fileName: 'erdl-workspace.erdl-workspace.json',
    });
  });

  it('recognises pasted workspace JSON by its format field', () => {
    const result = importText('pasted', workspaceFileText(freshWorkspace()));
    expect(result.kind).toBe('workspace');
  });

  it('checks each document of a workspace file', () => {
    const base = {
      format: 'erdl-studio-workspace',
      formatVersion: 1,
      activeId: null,
      fieldDictionary: '',
    };
    const missingText = checkSnapshot({ ...base, documents: [{ id: 'a', name: 'a' }] });
    expect(missingText).toMatchObject({
      ok: false,
      message: {
        en: expect.stringContaining('document 1 “a” (documents[0].text): “text” is missing'),
      },
    });
    const repeated = checkSnapshot({
      ...base,
      documents: [
        { id: 'a', name: 'a', text: '' },
        { id: 'a', name: 'b', text: '' },
      ],
    });
    expect(repeated).toMatchObject({ ok: false, message: { zh: expect.stringContaining('重复') } });
    const badCursor = checkSnapshot({
      ...base,
      documents: [{ id: 'a', name: 'a', text: '', cursor: { line: 0, column: 1 } }],
    });
    expect(badCursor.ok).toBe(false);
    expect(checkSnapshot([])).toMatchObject({ ok: false });
  });
});

describe('new documents', () => {
  it('start from a skeleton that compiles without errors', () => {
    const result = compileDocument(skeletonText('untitled'));
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.document).not.toBeNull();
  });

  it('start from a template in the UI language: a Chinese session has no English text in it', () => {
    const zh = skeletonText('未命名', 'zh');
    const result = compileDocument(zh);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.document?.rules[0]?.message).toBe('允许运行测试');
    // Every text a person reads (comment, descriptions, message) is Chinese; what stays Latin is
    // the format's own: keys, keywords, names and values.
    const prose = [...zh.matchAll(/^#\s*(.*)$|(?:description|message): "(.*)"$/gm)].map(
      (m) => m[1] ?? m[2] ?? '',
    );
    expect(prose).toHaveLength(4);
    for (const text of prose) expect(text).not.toMatch(/[A-Za-z]/);
    expect(skeletonText('untitled')).toContain('message: "Running the tests is allowed"');
    // the explanation takes both languages (§4.1 string / object), in either UI language
    for (const lang of ['en', 'zh'] as const) {
      const explanation = compileDocument(skeletonText('x', lang)).document?.rules[0]?.explanation;
      expect(explanation).toEqual({
        zh: '用中文说明设立此规则的原因（下一行用英文说明）。',
        en: 'Why the rule exists, in English (the line above says it in Chinese).',
      });
    }
  });
});

describe('fact suites and fact sets are never rule documents', () => {
  it('reads X.facts.yaml as the suite of X, text unchanged', async () => {
    const result = await readImportedFile(file('loan-decision-table.facts.yaml', loanSuite));
    expect(result).toEqual({
      kind: 'suite',
      fileName: 'loan-decision-table.facts.yaml',
      stem: 'loan-decision-table',
      text: loanSuite,
      format: 'suite',
    });
    expect((await readImportedFile(file('loan-decision-table.erdl.yaml', loanRules))).kind).toBe(
      'document',
    );
  });

  it('reads JSON Lines and CSV as fact sets of the document of their name', async () => {
    expect(await readImportedFile(file('loan.jsonl', '{"a":1}\n'))).toMatchObject({
      kind: 'suite',
      stem: 'loan',
      format: 'jsonl',
    });
    expect(await readImportedFile(file('loan.facts.csv', 'a\n1\n'))).toMatchObject({
      kind: 'suite',
      stem: 'loan',
      format: 'csv',
    });
  });

  it('knows a suite by its content when the name does not say so', () => {
    expect(looksLikeSuite(rateSuite)).toBe(true);
    expect(importText('rate.yaml', rateSuite)).toMatchObject({ kind: 'suite', stem: 'rate' });
    expect(looksLikeSuite('{"suite": "s", "cases": []}')).toBe(true);
    // A rule document is never taken for a suite, even with a key named like one.
    expect(looksLikeSuite(loanRules)).toBe(false);
    expect(looksLikeSuite('protocol: "erdl/v2"\ncases: []\n')).toBe(false);
    expect(looksLikeSuite('{"protocol": "erdl/v2", "cases": []}')).toBe(false);
    expect(importText('x.yaml', 'protocol: "erdl/v2"\n').kind).toBe('document');
  });

  it('names the document a suite belongs to', () => {
    expect(suiteStem('loan-decision-table.facts.yaml')).toBe('loan-decision-table');
    expect(suiteStem('dir/loan.facts.yml')).toBe('loan');
    expect(suiteStem('loan.FACTS.JSON')).toBe('loan');
    expect(suiteStem('loan.ndjson')).toBe('loan');
    const docs = [
      { id: 'a', name: 'loan' },
      { id: 'b', name: 'refund-guard' },
    ];
    // A rule document imported with it wins over an open one of the same name.
    expect(suiteTarget({ stem: 'loan' }, new Map([['loan', 'new']]), docs)).toBe('new');
    expect(suiteTarget({ stem: 'loan' }, new Map(), docs)).toBe('a');
    expect(suiteTarget({ stem: 'quick-start' }, new Map(), docs)).toBeNull();
  });
});
