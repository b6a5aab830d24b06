// Monaco's own highlighter, run on the options the editor is created with (as its contribution
// does: allowed characters and locales are the options' keys).
import { UnicodeTextModelHighlighter } from 'monaco-editor/esm/vs/editor/common/services/unicodeTextModelHighlighter.js';
import { describe, expect, it } from 'vitest';
import { TEXT_VISIBILITY_OPTIONS } from './view-options';

function highlighted(lines: readonly string[]): string[] {
  const u = TEXT_VISIBILITY_OPTIONS.unicodeHighlight;
  const model = {
    getLineCount: () => lines.length,
    getLineContent: (n: number) => lines[n - 1] ?? '',
  };
  const found = UnicodeTextModelHighlighter.computeUnicodeHighlights(
    model,
    {
      nonBasicASCII: u.nonBasicASCII,
      ambiguousCharacters: u.ambiguousCharacters,
      invisibleCharacters: u.invisibleCharacters,
      includeComments: u.includeComments,
      includeStrings: u.includeStrings,
      allowedCodePoints: Object.keys(u.allowedCharacters).map((c) => c.codePointAt(0) as number),
      allowedLocales: Object.keys(u.allowedLocales),
    },
    undefined,
  );
  return found.ranges.map((r) => {
    const line = lines[r.startLineNumber - 1] ?? '';
    const cp = line.codePointAt(r.startColumn - 1) as number;
    return `${r.startLineNumber}:U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  });
}

describe("the editor's Unicode highlighting", () => {
  it('flags bidi controls and invisible characters inside YAML strings', () => {
    expect(
      highlighted([
        '        value: "\u202Etnuocca_eteled\u202C"',
        '  - name: "SEC-001-a\u200B"',
        '    message: "soft\u00ADhyphen \uFEFFbom" # \u2067comment\u2069',
      ]),
    ).toEqual(['1:U+202E', '1:U+202C', '2:U+200B', '3:U+00AD', '3:U+FEFF', '3:U+2067', '3:U+2069']);
  });

  it('flags letters that pass for ASCII (a Cyrillic о in a field path)', () => {
    expect(highlighted(['        field: "t\u043E\u043El.name"'])).toEqual(['1:U+043E', '1:U+043E']);
  });

  it('leaves full-width CJK punctuation in Chinese text alone', () => {
    expect(
      highlighted([
        '    message: "退款金额超过5000，需人工审批：请确认（一）“好”。"',
        '    message: "超过５０％！请勿删除；《规则》【一】、～　完"',
        '    description: "金额：1000，比例：50％；OK?"',
      ]),
    ).toEqual([]);
  });
});
