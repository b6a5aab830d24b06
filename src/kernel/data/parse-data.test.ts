// Data files (a field dictionary, a temporal state, a vector) and YAML facts refuse a key repeated
// in one mapping. yaml's own check (uniqueKeys) compared each key with every earlier one: a field
// dictionary of 40,000 names took 12 s, a YAML fact of 40,000 fields as long. One Set per mapping.
import { describe, expect, it } from 'vitest';
import { parseData } from './parse-data';
import { readFact } from './read-fact';

const mapping = (n: number) => Array.from({ length: n }, (_, i) => `k${i}: ${i}`).join('\n');

describe('a key repeated in one mapping', () => {
  it('is refused where it is repeated, naming the first, in both languages', () => {
    expect(parseData('fields.yaml', 'a: 1\nb:\n  c: 1\n  "c": 2\n')).toEqual({
      ok: false,
      message: {
        en: 'fields.yaml:4:3: the key "c" is repeated in its mapping (first at line 3)',
        zh: 'fields.yaml:4:3：键“c”在同一映射中重复（首次出现在第 3 行）',
      },
      offset: 17,
    });
    // Keys compare by value, as YAML's: 1 and "1" are two keys; the same key in two mappings is fine.
    expect(parseData('x.yaml', '1: a\n"1": b\nm: {a: 1}\nn: {a: 1}\n').ok).toBe(true);
    expect(readFact('tool:\n  name: a\n  name: b\n')).toMatchObject({
      ok: false,
      line: 3,
      column: 3,
    });
  });

  it('is found in time linear in the keys: 100,000 of them at once', () => {
    const text = mapping(100_000);
    const started = performance.now();
    expect(parseData('big.yaml', text).ok).toBe(true);
    expect(parseData('big.yaml', `${text}\nk5: again`)).toMatchObject({
      ok: false,
      offset: text.length + 1,
    });
    expect(readFact(`${text}\nk7: 1\n`)).toMatchObject({ ok: false, line: 100_001, column: 1 });
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('a byte order mark at the start of a line (--fields, --state, vectors, workspace files)', () => {
  const said = (line: number) => ({
    en: `state.yaml:${line}:1: line ${line} starts with a byte order mark (U+FEFF), an invisible character that belongs only at the very start of a file; YAML reads it as text at the start of the line, so the line no longer fits the indentation around it. Delete it`,
    zh: `state.yaml:${line}:1：第 ${line} 行开头有一个字节顺序标记（U+FEFF，BOM），这是一个只应出现在文件最开头的不可见字符；YAML 把它当作行首的文本，该行因此与上下文的缩进不再相符。请将其删除`,
  });

  it('is refused at the mark, also where YAML reads it without error (a key that left its mapping)', () => {
    // Read without error, this was { a: null, "\uFEFF  b": 1 }: b silently left a.
    expect(parseData('state.yaml', 'a:\n\uFEFF  b: 1\n')).toEqual({
      ok: false,
      message: said(2),
      offset: 3,
    });
    expect(parseData('state.yaml', 'a:\n  x: 2\n\uFEFF  b: 1\n')).toMatchObject({
      ok: false,
      message: said(3),
    });
  });

  it('at the very start of the text is no data, as before', () => {
    expect(parseData('state.yaml', '\uFEFFa: 1\n')).toEqual({ ok: true, value: { a: 1 } });
  });
});
