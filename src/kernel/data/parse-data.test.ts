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
