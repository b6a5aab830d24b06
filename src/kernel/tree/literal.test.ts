// §8.2 literal canonicalization: numbers are fixed-point decimal strings at scale 14, half-even
// (E2), read from the YAML source text (never through a JS double); strings are NFC (E10).
import { describe, expect, it } from 'vitest';
import { canonicalDecimal, Decimal, parseNumberSource } from './decimal';
import {
  canonical,
  codes,
  compileWhenText,
  field,
  list,
  messages,
  n,
  num,
  onlyRule,
  str,
} from './test-support';

/** The canonical literal a number written as `source` becomes, via the whole pipeline. */
function numberLiteral(source: string): unknown {
  const r = compileWhenText(`expr: {eq: [{field: "context.a"}, ${source}]}`);
  expect(codes(r, 'error')).toEqual([]);
  const tree = canonical(onlyRule(r).when) as { args: unknown[] };
  return tree.args[1];
}

describe('number literals (E2: scale 14, half-even)', () => {
  it.each([
    ['0.1', '0.10000000000000'],
    ['5000', '5000.00000000000000'],
    ['5000.0', '5000.00000000000000'],
    ['1e3', '1000.00000000000000'],
    ['1E3', '1000.00000000000000'],
    ['2.5e-3', '0.00250000000000'],
    ['0x1F', '31.00000000000000'],
    ['0o17', '15.00000000000000'],
    ['-0', '0.00000000000000'],
    ['-0.0', '0.00000000000000'],
    ['+7', '7.00000000000000'],
    ['.5', '0.50000000000000'],
    ['1.000000000000005', '1.00000000000000'],
    ['1.000000000000015', '1.00000000000002'],
    ['1.000000000000025', '1.00000000000002'],
    ['1.0000000000000051', '1.00000000000001'],
    ['-1.000000000000005', '-1.00000000000000'],
    ['-1.000000000000015', '-1.00000000000002'],
    ['-0.000000000000005', '0.00000000000000'],
    ['0.1234567890123456789', '0.12345678901235'],
    ['123456789012345678901234567890', '123456789012345678901234567890.00000000000000'],
    ['0.30000000000000004', '0.30000000000000'],
  ])('%s → "%s"', (source, value) => {
    expect(numberLiteral(source)).toStrictEqual(num(value));
  });

  it('is read from the source text, not a double (9007199254740993 stays exact)', () => {
    expect(numberLiteral('9007199254740993')).toStrictEqual(num('9007199254740993.00000000000000'));
  });

  it.each(['1e30', '-1e30', '.inf', '-.inf', '.nan', '1234567890123456789012345678901'])(
    '%s is out of range (E319)',
    (source) => {
      const r = compileWhenText(`expr: {eq: [{field: "context.a"}, ${source}]}`);
      expect(codes(r, 'error')).toEqual(['ERDL-E319']);
      expect(messages(r, 'ERDL-E319')[0]).toContain(source);
    },
  );

  it('equal numbers written differently hash equally', () => {
    const hashes = ['5000', '5000.000', '5e3', '0x1388', '5000.000000000000001'].map(
      (s) => onlyRule(compileWhenText(`expr: {gt: [{field: "context.a"}, ${s}]}`)).hash,
    );
    expect(new Set(hashes).size).toBe(1);
  });

  it('a quoted number is a string, not a number', () => {
    expect(numberLiteral('"5000"')).toStrictEqual(str('5000'));
  });

  it.each(['-0x1F', '+0o17', '1_000', '0b101'])(
    'YAML 1.2 core reads %s as a string (signed hex/octal, _ and 0b are not numbers)',
    (source) => {
      const r = compileWhenText(`expr: {eq: [{field: "context.a"}, ${source}]}`);
      expect(codes(r)).toEqual(['ERDL-W701']);
      expect((canonical(onlyRule(r).when) as { args: unknown[] }).args[1]).toStrictEqual(
        str(source),
      );
    },
  );

  it('Simple values and list items are canonicalized the same way', () => {
    const r = compileWhenText(
      'logic: AND\nconditions:\n  - {field: "context.a", operator: in, value: [0.1, 1e3, -0]}',
    );
    expect(canonical(onlyRule(r).when)).toStrictEqual(
      n(
        'in',
        field('context.a'),
        list([
          { type: 'number', value: '0.10000000000000' },
          { type: 'number', value: '1000.00000000000000' },
          { type: 'number', value: '0.00000000000000' },
        ]),
      ),
    );
  });
});

describe('canonicalDecimal / parseNumberSource', () => {
  it.each([
    ['0', '0.00000000000000'],
    ['-0.000000000000004', '0.00000000000000'],
    ['0.000000000000015', '0.00000000000002'],
    ['99999999999999.999999999999995', '100000000000000.00000000000000'],
  ])('%s → %s', (s, out) => {
    expect(canonicalDecimal(new Decimal(s))).toBe(out);
  });

  it.each(['abc', '1_000', '0b101', '1e', '--1', '0x', ''])('does not parse %j', (s) => {
    expect(parseNumberSource(s)).toBeNull();
  });
});

describe('string literals (E10: NFC)', () => {
  it('"e\\u0301" (decomposed) equals "é" (composed)', () => {
    const decomposed = onlyRule(compileWhenText('expr: {eq: [{field: "context.a"}, "e\\u0301"]}'));
    const composed = onlyRule(compileWhenText('expr: {eq: [{field: "context.a"}, "é"]}'));
    expect(canonical(decomposed.when)).toStrictEqual(n('eq', field('context.a'), str('\u00e9')));
    expect(decomposed.hash).toBe(composed.hash);
  });

  it('Simple values, list items, field paths and patterns are NFC too', () => {
    const decomposed = compileWhenText(
      'logic: AND\nconditions:\n  - {field: "context.cafe\\u0301", operator: in, value: ["A\\u030a"]}\n  - {field: "context.b", operator: match, value: "^e\\u0301"}',
    );
    const composed = compileWhenText(
      'logic: AND\nconditions:\n  - {field: "context.café", operator: in, value: ["Å"]}\n  - {field: "context.b", operator: match, value: "^é"}',
    );
    expect(onlyRule(decomposed).hash).toBe(onlyRule(composed).hash);
    expect(JSON.stringify(onlyRule(decomposed).when)).toContain('"context.caf\u00e9"');
  });

  it('other strings are kept byte for byte (no trimming, no case folding)', () => {
    const r = onlyRule(compileWhenText('expr: {eq: [{field: "context.a"}, " Ab\\t"]}'));
    expect(canonical(r.when)).toStrictEqual(n('eq', field('context.a'), str(' Ab\t')));
  });
});
