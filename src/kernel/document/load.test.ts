// Step ① Load (§2.1–§2.4) against hostile and malformed input: every case ends in one positioned
// diagnostic, never an exception, a hang or a partial document.
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { diag, found, HEADER, headerLines, lines, trueRule } from '../test-support';
import { MAX_ALIAS_NODES, MAX_DOCUMENT_BYTES, MAX_EXPANDED_NODES, MAX_NESTING } from './load';

const utf8 = (s: string) => new TextEncoder().encode(s);
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...utf8(p)] : p)));

const VALID = lines(...headerLines(), ...trueRule());

/** The only diagnostic of a rejected input. */
function only(input: string | Uint8Array) {
  const r = compileDocument(input);
  expect(r.ok).toBe(false);
  expect(r.document).toBeNull();
  expect(r.diagnostics).toHaveLength(1);
  return { d: r.diagnostics[0]!, f: found(r)[0]!, r };
}

describe('a valid baseline', () => {
  it('loads without diagnostics, from text and from UTF-8 bytes alike', () => {
    const a = compileDocument(VALID);
    const b = compileDocument(utf8(VALID));
    expect(a.diagnostics).toEqual([]);
    expect(a.ok).toBe(true);
    expect(b.ok).toBe(true);
    expect(b.document?.hash).toBe(a.document?.hash);
  });

  it('removes a byte-order mark from text and from bytes, keeping offsets on the text', () => {
    const fromText = compileDocument(`\ufeff${VALID}`);
    const fromBytes = compileDocument(bytes([0xef, 0xbb, 0xbf], VALID));
    expect(fromText.ok).toBe(true);
    expect(fromBytes.ok).toBe(true);
    expect(fromText.source.text).toBe(VALID);
    expect(fromBytes.source.text).toBe(VALID);
    expect(fromBytes.document?.hash).toBe(compileDocument(VALID).document?.hash);
  });

  it('decodes multi-byte UTF-8 (Chinese, emoji) to the same document as the text', () => {
    const zh = VALID.replace('"d"', '"拒绝 🚫 操作"');
    const a = compileDocument(zh);
    const b = compileDocument(utf8(zh));
    expect(a.ok).toBe(true);
    expect(b.document?.rules[0]?.description).toBe('拒绝 🚫 操作');
    expect(b.document?.hash).toBe(a.document?.hash);
  });

  it('accepts a leading --- marker, a %YAML directive and a trailing ... marker', () => {
    expect(compileDocument(`---\n${VALID}`).ok).toBe(true);
    expect(compileDocument(`%YAML 1.2\n---\n${VALID}`).ok).toBe(true);
    expect(compileDocument(`${VALID}...\n`).ok).toBe(true);
  });

  it('counts CRLF line endings as one line break', () => {
    const crlf = `${VALID}extra: 1\n`.replace(/\n/g, '\r\n');
    expect(diag(crlf)).toEqual(['ERDL-E107@12:1']);
  });
});

describe('lines ended by a carriage return alone (classic Mac OS)', () => {
  it('are one error at the first CR, the rest caused by it, with a fix that loads', () => {
    const cr = VALID.replace(/\n/g, '\r');
    const { d } = only(cr);
    expect(d.code).toBe('ERDL-E005');
    expect(d.range).toEqual({ start: cr.indexOf('\r'), end: cr.indexOf('\r') + 1 });
    expect(d.message.en).toMatch(/^YAML syntax error: line 1 ends with a carriage return alone/);
    expect(d.message.zh).toMatch(/^YAML 语法错误：第 1 行以单独的回车符/);
    expect(d.caused?.length).toBeGreaterThan(5);
    const fixed = cr.replace(/\r/g, '\n');
    expect(d.fix?.edits).toHaveLength(fixed.split('\n').length - 1);
    expect(compileDocument(fixed).ok).toBe(true);
  });

  it('name only the CR that breaks the text: one inside a quoted value that parses is no cause', () => {
    const quoted = lines(...headerLines(), ...trueRule()).replace('"', '"\r');
    expect(compileDocument(quoted).diagnostics.map((d) => d.code)).not.toContain('ERDL-E005');
    const both = `${quoted}  bad: x\n`;
    expect(
      compileDocument(both)
        .diagnostics.map((d) => d.message.en)
        .join('\n'),
    ).not.toMatch(/carriage return/);
  });
});

describe('a byte order mark at the start of a line after the first', () => {
  // A line pasted from a file saved with one: YAML reads the mark as text at the start of the line.
  const pasted = VALID.replace('  decision: ALLOW', '\ufeff  category: coding\n  decision: ALLOW');

  it('is one error at the mark, saying what it is and to delete it, the rest caused by it', () => {
    const { d } = only(pasted);
    const at = pasted.indexOf('\ufeff');
    expect(d.code).toBe('ERDL-E005');
    expect(d.range).toEqual({ start: at, end: at + 1 });
    expect(d.message).toEqual({
      en: 'YAML syntax error: line 5 starts with a byte order mark (U+FEFF), an invisible character that belongs only at the very start of a file; YAML reads it as text at the start of the line, so the line no longer fits the indentation around it. Delete it',
      zh: 'YAML 语法错误：第 5 行开头有一个字节顺序标记（U+FEFF，BOM），这是一个只应出现在文件最开头的不可见字符；YAML 把它当作行首的文本，该行因此与上下文的缩进不再相符。请将其删除',
    });
    expect(d.fix?.title).toEqual({ en: 'Delete the byte order mark', zh: '删除字节顺序标记' });
    expect(compileDocument(pasted.replace('\ufeff', '')).ok).toBe(true);
    // It was 'A value that contains ": " must be in double quotes' (ERDL-E019) at "coding".
    expect(compileDocument(pasted).diagnostics.map((x) => x.code)).not.toContain('ERDL-E019');
  });

  it('names the first of several marks, its fix deleting every one; another error stays its own', () => {
    const two = pasted.replace('    priority: 10', '\ufeff    priority: 10');
    const { d } = only(two);
    expect(d.range.start).toBe(two.indexOf('\ufeff'));
    expect(d.fix?.edits).toHaveLength(2);
    expect(compileDocument(two.replaceAll('\ufeff', '')).ok).toBe(true);
    const unclosed = two.replace('description: "d"', 'description: "d');
    expect(compileDocument(unclosed).diagnostics.map((x) => x.code)).toEqual([
      'ERDL-E005',
      'ERDL-E017',
    ]);
  });

  it('is named only when it breaks the text; one the parser reads as part of a key is hidden text (W026)', () => {
    for (const text of [
      VALID.replace('version:', '\ufeffversion:'),
      VALID.replace('    then', '    \ufeffthen'),
    ]) {
      const r = compileDocument(text);
      expect(r.diagnostics.map((x) => x.message.en).join('\n')).not.toMatch(/byte order mark/);
      expect(r.diagnostics.map((x) => x.code)).toContain('ERDL-W026');
    }
  });
});

describe('empty input (E004)', () => {
  it.each([
    ['an empty string', ''],
    ['blank lines and spaces', '  \n\n\t\n'],
    ['only comments', '# a comment\n  # another\n'],
    ['a byte-order mark alone', '\ufeff'],
  ])('%s', (_label, text) => {
    const { d, f } = only(text);
    expect(d.code).toBe('ERDL-E004');
    expect([f.line, f.column]).toEqual([1, 1]);
  });

  it('empty bytes', () => {
    expect(only(new Uint8Array(0)).d.code).toBe('ERDL-E004');
  });
});

describe('size limit (E001)', () => {
  const TEN_MB = 10 * 1024 * 1024;

  it('refuses a 10 MB string, reporting its UTF-8 size and the limit', () => {
    const text = `a: "${'x'.repeat(TEN_MB)}"`;
    const { d } = only(text);
    expect(d.code).toBe('ERDL-E001');
    expect(d.message.en).toContain(`${TEN_MB + 5} bytes`);
    expect(d.message.en).toContain(`${MAX_DOCUMENT_BYTES}`);
    expect(d.message.zh).toContain(`${TEN_MB + 5}`);
  });

  it('refuses 10 MB of bytes before decoding them (even invalid UTF-8)', () => {
    const big = new Uint8Array(TEN_MB).fill(0xff);
    const { d } = only(big);
    expect(d.code).toBe('ERDL-E001');
    expect(d.message.en).toContain(`${TEN_MB} bytes`);
  });

  it('measures text in UTF-8 bytes, not UTF-16 units', () => {
    // 800,000 three-byte characters: 800,006 UTF-16 units (under the limit) but 2.4 MB of UTF-8.
    const text = `a: "${'中'.repeat(800_000)}"\n`;
    expect(text.length).toBeLessThan(MAX_DOCUMENT_BYTES);
    const { d } = only(text);
    expect(d.code).toBe('ERDL-E001');
    expect(d.message.en).toContain('2400006 bytes');
  });

  it('accepts a document of exactly the limit', () => {
    const padding = MAX_DOCUMENT_BYTES - VALID.length;
    const text = VALID + '#'.repeat(padding);
    expect(text.length).toBe(MAX_DOCUMENT_BYTES);
    expect(compileDocument(text).ok).toBe(true);
    const over = only(`${text}#`);
    expect(over.d.code).toBe('ERDL-E001');
  });
});

describe('invalid UTF-8 (E002)', () => {
  const prefix = 'protocol: "erdl/v2"\nversion: "';
  it.each([
    ['a stray 0xFF', [0xff]],
    ['a continuation byte alone', [0x80]],
    ['a truncated 3-byte sequence', [0xe4, 0xb8]],
    ['an overlong NUL', [0xc0, 0x80]],
    ['an overlong 3-byte form', [0xe0, 0x80, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ])('%s: reports the byte offset and positions the diagnostic there', (_label, bad) => {
    const input = bytes(prefix, bad, '"\n');
    const { d, f, r } = only(input);
    expect(d.code).toBe('ERDL-E002');
    expect(d.message.en).toBe('Invalid UTF-8 byte sequence at byte 30');
    expect(d.message.zh).toContain('30');
    expect([f.line, f.column]).toEqual([2, 11]);
    expect(r.source.text).toBe(prefix);
  });

  it('counts bytes, not characters, before the bad sequence', () => {
    // "中" is 3 bytes but 1 UTF-16 unit: the byte offset is 7, the column is 5.
    const { d, f } = only(bytes('a: "中', [0xff], '"'));
    expect(d.message.en).toContain('at byte 7');
    expect([f.line, f.column]).toEqual([1, 6]);
  });

  it('a truncated sequence at the very end of the input', () => {
    const { d } = only(bytes(VALID, [0xf0, 0x9f]));
    expect(d.code).toBe('ERDL-E002');
    expect(d.message.en).toContain(`at byte ${VALID.length}`);
  });
});

describe('binary content (E003)', () => {
  it('a NUL character in text, positioned on its line and column', () => {
    const text = HEADER.replace('"test-rules"', '"te\u0000st"');
    const { d, f } = only(text);
    expect(d.code).toBe('ERDL-E003');
    expect(d.message.en).toContain('U+0000');
    expect([f.line, f.column]).toEqual([4, 12]);
  });

  it('a NUL byte in bytes', () => {
    const { d, f } = only(bytes(VALID, [0x00]));
    expect(d.code).toBe('ERDL-E003');
    expect(f.line).toBe(12);
  });

  it('other C0 controls and DEL, but not tab, LF or CR', () => {
    expect(only('a: "\u0007"').d.message.en).toContain('U+0007');
    expect(only('a: "\u007f"').d.message.en).toContain('U+007F');
    expect(only('a: "\u001b[31m"').d.code).toBe('ERDL-E003');
    expect(compileDocument(VALID.replace('"d"', '"a\tb"')).ok).toBe(true);
  });
});

describe('nesting depth (E008)', () => {
  it('10,000 nested flow brackets are refused before parsing', () => {
    const text = `a: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`;
    const { d, f } = only(text);
    expect(d.code).toBe('ERDL-E008');
    expect(d.message.en).toContain(`${MAX_NESTING}`);
    // The bracket that passes the limit: column 4 is the first one.
    expect([f.line, f.column]).toEqual([1, 4 + MAX_NESTING]);
  });

  it('10,000 nested flow mappings', () => {
    const text = `a: ${'{b: '.repeat(10_000)}1${'}'.repeat(10_000)}\n`;
    expect(only(text).d.code).toBe('ERDL-E008');
  });

  it('brackets inside quoted strings and comments do not count', () => {
    const deepText = VALID.replace('"d"', `"${'['.repeat(500)}"`);
    expect(compileDocument(deepText).ok).toBe(true);
    const deepComment = `# ${'{'.repeat(500)}\n${VALID}`;
    expect(compileDocument(deepComment).ok).toBe(true);
  });

  it('deeply nested block sequences (one "- " per level)', () => {
    const text = `a:\n  ${'- '.repeat(100_000)}x\n`;
    const r = compileDocument(text);
    expect(r.ok).toBe(false);
    expect(r.diagnostics.map((d) => d.code)).toContain('ERDL-E008');
    expect(r.diagnostics.every((d) => d.code === 'ERDL-E008')).toBe(true);
  });

  it('deeply nested block mappings', () => {
    const text = `${Array.from({ length: 300 }, (_, i) => `${' '.repeat(i)}a:`).join('\n')} 1\n`;
    const { d } = only(text);
    expect(d.code).toBe('ERDL-E008');
  });

  it('a self-referencing alias', () => {
    expect(only('a: &x [*x]\n').d.code).toBe('ERDL-E008');
  });
});

describe('alias bombs (E006)', () => {
  /** The "billion laughs" pattern: 9 levels of 9 aliases each. */
  const billionLaughs = (() => {
    const out = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    const names = 'abcdefghi';
    for (let i = 1; i < names.length; i++) {
      const prev = names[i - 1];
      out.push(`${names[i]}: &${names[i]} [${Array(9).fill(`*${prev}`).join(', ')}]`);
    }
    return lines(...out);
  })();

  it('is refused, positioned at the alias whose expansion passes the budget', () => {
    const { d, f } = only(billionLaughs);
    expect(d.code).toBe('ERDL-E006');
    expect(d.message.en).toContain(`${MAX_ALIAS_NODES}`);
    // Expansions so far: b 90, c 819, d 7,380 — the first *d (line 5, column 8) passes 10,000.
    expect([f.line, f.column]).toEqual([5, 8]);
  });

  it('a few aliases are fine and expand to their anchors', () => {
    const text = VALID.replace('    then: NOTIFY\n', '    then: &t NOTIFY\n').concat(
      lines(
        '  - name: "SEC-002-sample"',
        '    description: "d"',
        '    priority: 20',
        '    when: "true"',
        '    then: *t',
      ),
    );
    const r = compileDocument(text);
    expect(r.ok).toBe(true);
    expect(r.document?.rules.map((x) => x.then)).toEqual(['NOTIFY', 'NOTIFY']);
  });

  it('an alias to an anchor redefined later names the latest definition before it', () => {
    const text = VALID.replace('    priority: 10\n', '    priority: &p 10\n')
      .replace('    description: "d"\n', '    description: "d"\n')
      .concat(
        lines(
          '  - name: "SEC-002-sample"',
          '    description: "d"',
          '    priority: &p 30',
          '    when: "true"',
          '    then: NOTIFY',
          '  - name: "SEC-003-sample"',
          '    description: "d"',
          '    priority: *p',
          '    when: "true"',
          '    then: NOTIFY',
        ),
      );
    const r = compileDocument(text);
    expect(r.ok).toBe(true);
    expect(r.document?.rules.map((x) => x.priority)).toEqual([10, 30, 30]);
  });

  it('an undefined alias is a syntax error at the alias', () => {
    const { d, f } = only('a: 1\nb: *nowhere\n');
    expect(d.code).toBe('ERDL-E024');
    expect([f.line, f.column]).toEqual([2, 4]);
  });

  it('thousands of aliases in a large document are resolved in one pass', () => {
    // Regression: resolving each alias walked the whole document (seconds for this input, minutes
    // at 100,000 nodes).
    const text = `x: [${'1,'.repeat(30_000)}]\na: &a 1\nb: [${'*a,'.repeat(5_000)}]\n`;
    const r = compileDocument(text);
    expect(r.diagnostics.map((d) => d.code)).not.toContain('ERDL-E006');
    expect(r.diagnostics.some((d) => d.code === 'ERDL-E107')).toBe(true);
  });
});

describe('node budget (E012)', () => {
  it('a document with more nodes than the budget is refused (not called an alias bomb)', {
    timeout: 30_000,
  }, () => {
    const text = `a:\n${'  - 1\n'.repeat(MAX_EXPANDED_NODES + 10)}`;
    const { d } = only(text);
    expect(d.code).toBe('ERDL-E012');
    expect(d.message.en).toContain(`${MAX_EXPANDED_NODES}`);
  });
});

describe('duplicate keys (E010)', () => {
  it('at the second key, with its name', () => {
    const text = HEADER.replace('  decision: ALLOW\n', '  decision: ALLOW\n  name: "again"\n');
    const { d, f } = only(text);
    expect(d.code).toBe('ERDL-E010');
    expect(d.message.en).toBe('Duplicate key "name"');
    expect([f.line, f.column]).toEqual([6, 3]);
  });

  it('a duplicate multi-letter key is named in full', () => {
    expect(only('abc: 1\nabc: 2\n').d.message.en).toBe('Duplicate key "abc"');
  });

  it('in JSON, named without its quotes', () => {
    const { d, f } = only('{"protocol": "erdl/v2", "protocol": "erdl/v2"}');
    expect(d.message.en).toBe('Duplicate key "protocol"');
    expect([f.line, f.column]).toEqual([1, 25]);
  });

  it('in a rule entry', () => {
    const text = VALID.replace('    priority: 10\n', '    priority: 10\n    priority: 20\n');
    const { d, f } = only(text);
    expect(d.code).toBe('ERDL-E010');
    expect(f.line).toBe(10);
  });

  it('25,000 distinct keys are checked in linear time', () => {
    // Regression: yaml's own uniqueKeys check is quadratic (seconds for this input, minutes at
    // 150,000 keys).
    const keys = Array.from({ length: 25_000 }, (_, i) => `  k${i}: 1`).join('\n');
    const r = compileDocument(`a:\n${keys}\n`);
    expect(r.diagnostics.map((d) => d.code)).not.toContain('ERDL-E010');
    expect(r.diagnostics.some((d) => d.code === 'ERDL-E107')).toBe(true);
  });
});

describe('more than one YAML document (E007)', () => {
  it('at the second document marker', () => {
    const { d, f } = only(`${VALID}---\n${VALID}`);
    expect(d.code).toBe('ERDL-E007');
    expect([f.line, f.column]).toEqual([12, 1]);
  });
});

describe('top level is not a mapping (E009)', () => {
  it.each([
    ['a list', '- protocol: "erdl/v2"\n- version: "2.1.0"\n'],
    ['a plain scalar', 'erdl/v2\n'],
    ['a quoted scalar', '"protocol: erdl/v2"\n'],
    ['a number', '42\n'],
    ['a JSON array', '[{"protocol": "erdl/v2"}]'],
    ['null', 'null\n'],
  ])('%s', (_label, text) => {
    const { d, f } = only(text);
    expect(d.code).toBe('ERDL-E009');
    expect([f.line, f.column]).toEqual([1, 1]);
  });
});

describe('YAML syntax errors (E005, E014–E024), positioned at the error line', () => {
  it('a mapping item indented less than its siblings', () => {
    const text = lines(
      'protocol: "erdl/v2"',
      'version: "2.1.0"',
      'metadata:',
      '  name: "t"',
      ' decision: ALLOW',
      'rules: []',
    );
    const { d, f } = only(text);
    expect(d.code).toBe('ERDL-E015');
    expect(d.message.en).toBe(
      'Line 5 is indented by 1 space, but the lines it belongs with are indented by 2 spaces',
    );
    expect(d.message.zh).toBe('第 5 行缩进了 1 个空格，而与它同级的行缩进 2 个空格');
    expect(f.line).toBe(5);
  });

  it('an unclosed double quote, at the quote that opens it', () => {
    const text = lines(
      'protocol: "erdl/v2"',
      'version: "2.1.0"',
      'metadata:',
      '  name: "t',
      '  decision: ALLOW',
      'rules: []',
    );
    const { d, f } = only(text);
    expect(d.code).toBe('ERDL-E017');
    expect(d.message.en).toContain('quote');
    expect([f.line, f.column]).toEqual([4, 9]);
  });

  it('an unclosed single quote, at the quote that opens it', () => {
    const { f } = only('protocol: \'erdl/v2\nversion: "2.1.0"\n');
    expect([f.line, f.column]).toEqual([1, 11]);
  });

  it('a mapping nested on one line', () => {
    const { d, f } = only('protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata: a: b\nrules: []\n');
    expect(d.code).toBe('ERDL-E019');
    expect(f.line).toBe(3);
  });

  it('tab indentation', () => {
    const { d, f } = only('protocol: "erdl/v2"\nmetadata:\n\tname: "t"\n');
    expect(d.code).toBe('ERDL-E016');
    expect(f.line).toBe(3);
  });

  it('an unknown tag is an error, not silently a string', () => {
    const text = VALID.replace('version: "2.1.0"', 'version: !semver "2.1.0"');
    const { d, f } = only(text);
    expect(d.code).toBe('ERDL-E023');
    expect(d.message.en).toContain('!semver');
    expect([f.line, f.column]).toEqual([2, 10]);
  });

  it('a non-scalar key (E011)', () => {
    const { d, f } = only('protocol: "erdl/v2"\n[a, b]: c\n');
    expect(d.code).toBe('ERDL-E011');
    expect([f.line, f.column]).toEqual([2, 1]);
  });
});
