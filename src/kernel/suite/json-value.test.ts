import { describe, expect, it } from 'vitest';
import { JsonError, parseJson } from './json-value';

function error(text: string): JsonError {
  try {
    parseJson(text);
  } catch (e) {
    if (e instanceof JsonError) return e;
    throw e;
  }
  throw new Error(`no error for ${text}`);
}

describe('parseJson', () => {
  it('reads what JSON.parse reads', () => {
    for (const text of [
      '{"a":[1,-2.5e3,true,false,null,"x"],"b":{}}',
      ' [ ] ',
      '"\\u4e2d\\n\\"\\\\\\/"',
      '0',
      '{"nested":{"deep":[[{"k":"v"}]]}}',
    ])
      expect(parseJson(text)).toEqual(JSON.parse(text));
  });

  it('keeps a "__proto__" key as data, never as the prototype', () => {
    const v = parseJson('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses duplicate keys, where the second one starts', () => {
    const e = error('{"a":1, "a":2}');
    expect(e.offset).toBe(8);
    expect(e.message).toEqual({ en: 'duplicate key "a"', zh: '重复的键“a”' });
  });

  it('says what is wrong and where, in both languages', () => {
    expect(error('{"a":01}').offset).toBe(6);
    expect(error('{"a":1,}').message.en).toBe('unexpected "}", expected a key in double quotes');
    expect(error('[1 2]').message.zh).toBe('意外的“2”，应为“,”或“]”');
    expect(error('{"a":"x').message.en).toBe('unterminated string');
    expect(error('"a\tb"').message.en).toContain('control character');
    expect(error('"\\x"').message.en).toBe('invalid escape \\x');
    expect(error('{} x').message.en).toBe('unexpected "x", expected end of line');
    expect(error('').message.en).toBe('unexpected end of line, expected a JSON value');
  });

  it('refuses nesting that would exhaust the stack', () => {
    expect(error(`${'['.repeat(200)}${']'.repeat(200)}`).message.en).toContain(
      'nesting deeper than',
    );
  });
});
