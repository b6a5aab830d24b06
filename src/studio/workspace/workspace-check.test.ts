import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../kernel/file-limits';
import { importText, workspaceFileText } from './files';
import { freshWorkspace } from './fresh-workspace';
import {
  checkWorkspaceText,
  checkWorkspaceValue,
  MAX_NAME_CHARS,
  MAX_WORKSPACE_BYTES,
  MAX_WORKSPACE_DOCUMENTS,
  salvageWorkspace,
  type WorkspaceCheck,
  type WorkspaceProblem,
} from './workspace-check';

const PROTO = '__proto__';
const PROTOTYPE_IDS = [PROTO, 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

const doc = (id: string, name = `doc ${id}`, text = `# ${name}\n`) => ({ id, name, text });

const workspace = (documents: unknown[], extra: Record<string, unknown> = {}) => ({
  format: 'erdl-studio-workspace',
  formatVersion: 1,
  documents,
  activeId: null,
  fieldDictionary: '',
  ...extra,
});

/** The file as the studio exports it: indented JSON, one field per line. */
const fileOf = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function problemsOf(check: WorkspaceCheck): readonly WorkspaceProblem[] {
  if (check.ok) throw new Error('expected the workspace to be refused');
  return check.problems;
}

afterEach(() => {
  vi.restoreAllMocks();
  expect(Object.keys(Object.prototype)).toEqual([]);
});

describe('ids that name Object.prototype members', () => {
  it('are ordinary ids: every document is read, in order, with its id', () => {
    const value = workspace(
      PROTOTYPE_IDS.map((id) => doc(id)),
      { activeId: PROTO },
    );
    const checked = checkWorkspaceText(fileOf(value));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.snapshot.documents.map((d) => d.id)).toEqual(PROTOTYPE_IDS);
    expect(checked.snapshot.documents.map((d) => d.name)).toEqual(
      PROTOTYPE_IDS.map((id) => `doc ${id}`),
    );
    expect(checked.snapshot.activeId).toBe(PROTO);
    // Exported again, the same file.
    expect(workspaceFileText(checked.snapshot)).toBe(
      workspaceFileText(
        checkWorkspaceText(workspaceFileText(checked.snapshot)).ok
          ? checked.snapshot
          : freshWorkspace(),
      ),
    );
  });

  it('a repeated `__proto__` id is refused, naming both documents', () => {
    const checked = checkWorkspaceText(
      fileOf(workspace([doc(PROTO, 'first'), doc('b'), doc(PROTO, 'second')])),
    );
    const [problem, ...rest] = problemsOf(checked);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      code: 'id-repeats',
      path: 'documents[2].id',
      document: { number: 3, name: 'second' },
    });
    // Line and column of the repeated id's value in the file.
    const line = fileOf(workspace([doc(PROTO, 'first'), doc('b'), doc(PROTO, 'second')]))
      .split('\n')
      .findLastIndex((l) => l.includes('"id": "__proto__"'));
    expect(problem?.line).toBe(line + 1);
    expect(problem?.column).toBe(13);
    expect(problem?.message.en).toBe(
      `document 3 “second” (documents[2].id, line ${line + 1}, column 13): the id “__proto__” repeats the id of document 1 “first”`,
    );
    expect(problem?.message.zh).toBe(
      `第 3 个文档“second”（documents[2].id，第 ${line + 1} 行第 13 列）：ID“__proto__”与第 1 个文档“first”的 ID 重复`,
    );
  });

  it('a key `__proto__` in a document is a field the format does not have, and pollutes nothing', () => {
    const text =
      '{"format":"erdl-studio-workspace","formatVersion":1,"documents":[{"id":"a","name":"a","text":"","__proto__":{"polluted":1}}]}';
    const problems = problemsOf(checkWorkspaceText(text));
    expect(problems.map((p) => [p.code, p.path, p.line, p.column])).toEqual([
      ['unknown-field', 'documents[0].__proto__', 1, text.indexOf('"__proto__"') + 1],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('every problem is found before anything is imported', () => {
  it('the size is checked before the text is parsed', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const text = `{"format":"erdl-studio-workspace","pad":"${'x'.repeat(MAX_WORKSPACE_BYTES)}"}`;
    const problems = problemsOf(checkWorkspaceText(text));
    expect(parse).not.toHaveBeenCalled();
    expect(problems).toHaveLength(1);
    expect(problems[0]?.code).toBe('too-large');
    expect(problems[0]?.message.en).toContain(`limit is ${MAX_WORKSPACE_BYTES} bytes`);
    expect(problems[0]?.message.zh).toContain(`上限为 ${MAX_WORKSPACE_BYTES} 字节`);
    // UTF-8 bytes, not UTF-16 units: 3-byte characters over the limit in bytes, not in length.
    const wide = `{"x":"${'中'.repeat(Math.ceil(MAX_WORKSPACE_BYTES / 3))}"}`;
    expect(wide.length).toBeLessThan(MAX_WORKSPACE_BYTES);
    expect(problemsOf(checkWorkspaceText(wide))[0]?.code).toBe('too-large');
  });

  it('a syntax error is named with its line and column, in both languages', () => {
    const text =
      '{\n  "format": "erdl-studio-workspace",\n  "formatVersion": 1,\n  "documents": [],\n}\n';
    const [problem] = problemsOf(checkWorkspaceText(text));
    expect(problem).toMatchObject({ code: 'json-syntax', line: 5, column: 1 });
    expect(problem?.message.en).toBe(
      'line 5, column 1: the JSON does not parse: a property name in double quotes is expected here',
    );
    expect(problem?.message.zh).toBe('第 5 行第 1 列：JSON 无法解析：此处应为用双引号括起的属性名');
    const cut = problemsOf(
      checkWorkspaceText('{"format": "erdl-studio-workspace", "documents": ['),
    );
    expect(cut[0]).toMatchObject({ code: 'json-syntax', line: 1 });
    expect(cut[0]?.message.en).toBe(
      'line 1, column 51: the JSON does not parse: a closing “]” is expected here',
    );
  });

  it('the shape: format, version, the list, each field and its type, fields that do not exist', () => {
    const problems = problemsOf(
      checkWorkspaceValue({
        format: 'something-else',
        formatVersion: 2,
        documents: {},
        fieldDictionary: 5,
        extra: true,
      }),
    );
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['unknown-field', 'extra'],
      ['format', 'format'],
      ['format-version', 'formatVersion'],
      ['documents-list', 'documents'],
      ['dictionary', 'fieldDictionary'],
    ]);
    expect(problems[1]?.message.en).toBe(
      'format: must be “erdl-studio-workspace”, not "something-else"',
    );
    expect(problems[2]?.message.zh).toBe('formatVersion：不支持版本 2（本工作室读取 1）');
    expect(problems[4]?.message.en).toBe(
      'fieldDictionary: the field dictionary must be text, not a number',
    );

    const documents = problemsOf(
      checkWorkspaceValue(
        workspace([
          'not a document',
          { id: 'a', name: 'a' },
          { id: 7, name: 'b', text: '' },
          { id: 'c', name: '  ', text: '', fact: [] },
          { id: 'd', name: 'd\u001b[2Ke', text: '', cursor: { line: 0, column: 1 } },
          { id: '', name: 'e', text: '', asOf: 'x'.repeat(65) },
          { id: 'f', name: 'f'.repeat(MAX_NAME_CHARS + 1), text: '' },
        ]),
      ),
    );
    expect(documents.map((p) => [p.code, p.path, p.document?.number])).toEqual([
      ['document-not-object', 'documents[0]', 1],
      ['missing', 'documents[1].text', 2],
      ['not-text', 'documents[2].id', 3],
      ['not-text', 'documents[3].fact', 4],
      ['name-empty', 'documents[3].name', 4],
      ['name-control', 'documents[4].name', 5],
      ['cursor', 'documents[4].cursor', 5],
      ['field-too-large', 'documents[5].asOf', 6],
      ['id-empty', 'documents[5].id', 6],
      ['name-too-long', 'documents[6].name', 7],
    ]);
    expect(documents[1]?.message.en).toBe('document 2 “a” (documents[1].text): “text” is missing');
    expect(documents[1]?.message.zh).toBe('第 2 个文档“a”（documents[1].text）：缺少“text”');
    expect(documents[2]?.message.en).toBe(
      'document 3 “b” (documents[2].id): “id” must be text, not a number',
    );
    // A name with a control character is shown with the character written out, never raw.
    expect(documents[5]?.message.en).toContain('“d\\u001b[2Ke” holds a control character');
    expect(documents[5]?.message.en).not.toContain('\u001b');
  });

  it('a document text over the document limit is refused, naming the document', () => {
    const big = `# ${'x'.repeat(MAX_DOCUMENT_BYTES)}\n`;
    const problems = problemsOf(
      checkWorkspaceValue(workspace([doc('a', 'small'), doc('b', 'huge', big)])),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'text-too-large',
      path: 'documents[1].text',
      document: { number: 2, name: 'huge' },
    });
    expect(problems[0]?.message.en).toBe(
      `document 2 “huge” (documents[1].text): the rule text is ${big.length} bytes; a document is at most ${MAX_DOCUMENT_BYTES} bytes`,
    );
    expect(problems[0]?.message.zh).toContain('第 2 个文档“huge”');
  });

  it('the number of documents is bounded', () => {
    const many = Array.from({ length: MAX_WORKSPACE_DOCUMENTS + 1 }, (_, i) => doc(`d${i}`));
    expect(problemsOf(checkWorkspaceValue(workspace(many))).map((p) => p.code)).toEqual([
      'too-many-documents',
    ]);
    expect(checkWorkspaceValue(workspace(many.slice(1))).ok).toBe(true);
  });

  it('an active id naming no document is refused', () => {
    const problems = problemsOf(checkWorkspaceValue(workspace([doc('a')], { activeId: 'zz' })));
    expect(problems.map((p) => p.code)).toEqual(['active-id']);
  });

  it('lists the first five problems in one message and counts the rest', () => {
    const docs = Array.from({ length: 8 }, (_, i) => ({ id: `d${i}`, name: `n${i}` }));
    const checked = checkWorkspaceValue(workspace(docs));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems).toHaveLength(8);
    expect(checked.message.en).toContain('document 5 “n4”');
    expect(checked.message.en).not.toContain('document 6');
    expect(checked.message.en).toMatch(/; and 3 more problems$/);
    expect(checked.message.zh).toMatch(/；另有 3 处问题$/);
  });
});

describe('importText: a hostile workspace file is refused whole', () => {
  it('ids __proto__, a repeated id and an oversized document: every one named, nothing imported', () => {
    const text = fileOf(
      workspace([
        doc(PROTO, 'proto'),
        doc('constructor', 'ctor'),
        doc(PROTO, 'again'),
        doc('big', 'big', `# ${'x'.repeat(MAX_DOCUMENT_BYTES)}\n`),
      ]),
    );
    const result = importText('hostile.erdl-workspace.json', text);
    expect(result.kind).toBe('rejected');
    if (result.kind !== 'rejected') return;
    expect(result.problems?.map((p) => p.code)).toEqual(['id-repeats', 'text-too-large']);
    expect(result.message.en).toMatch(
      /^hostile\.erdl-workspace\.json: not a valid workspace file: /,
    );
    expect(result.message.en).toContain('document 3 “again”');
    expect(result.message.en).toContain('document 4 “big”');
    expect(result.message.zh).toMatch(/^hostile\.erdl-workspace\.json：不是有效的工作区文件：/);
    expect(result.message.zh).toContain('第 4 个文档“big”');
  });
});

describe('salvageWorkspace: a damaged record keeps its valid documents', () => {
  it('leaves out and names only the damaged documents', () => {
    const salvaged = salvageWorkspace(
      workspace([doc('a'), { id: 'b', name: 'b', text: 5 }, doc('a', 'repeat'), doc(PROTO)], {
        activeId: 'b',
      }),
    );
    expect(salvaged.snapshot?.documents.map((d) => d.id)).toEqual(['a', PROTO]);
    expect(salvaged.snapshot?.activeId).toBe('a');
    expect(salvaged.problems.map((p) => [p.code, p.document?.number])).toEqual([
      ['not-text', 2],
      ['id-repeats', 3],
    ]);
  });

  it('keeps nothing from a record that is not a workspace', () => {
    expect(salvageWorkspace({ nonsense: true }).snapshot).toBeNull();
    expect(salvageWorkspace(null).snapshot).toBeNull();
  });
});
