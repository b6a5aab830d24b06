import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readZenCondition, readZenOutput, readZenUnary } from './zen-unary';

const cells = (text: string) => {
  const r = readZenUnary(text);
  if (!r.ok) throw new Error(`${text}: ${r.message.en}`);
  return r.cells;
};
const refused = (text: string) => {
  const r = readZenUnary(text);
  if (r.ok) throw new Error(`${text} read as ${JSON.stringify(r.cells)}`);
  return r.message;
};

describe('GoRules input cells (unary)', () => {
  it.each([
    ['', ['-']],
    ["'gold'", ['"gold"']],
    ['"gold"', ['"gold"']],
    ["'it''s'", null],
    ['> 5', ['> 5']],
    ['>= 1_000', ['>= 1000']],
    ['< 200_000', ['< 200000']],
    ['> -10', ['> -10']],
    ['42', ['42']],
    ['true', ['true']],
    ['[1..10]', ['[1..10]']],
    ['(1..10)', ['> 1', '< 10']],
    ['[500..1_000)', ['>= 500', '< 1000']],
    ['(0.5..0.8]', ['> 0.5', '<= 0.8']],
    ['> 1 and < 6', ['> 1', '< 6']],
    ['>= 3 and <= 7', ['[3..7]']],
    ["'a', 'b'", ['in ["a", "b"]']],
    ["'a' or 'b'", ['in ["a", "b"]']],
    ["['platinum', 'gold']", ['in ["platinum", "gold"]']],
    ["contains(['FL', 'LA'], $)", ['in ["FL", "LA"]']],
    ['1, 2, 12', ['in 1, 2, 12']],
    ['< 10, [10..20]', ['<= 20']],
    ["contains($, 'iphone')", ['contains "iphone"']],
    ["startsWith($, '02')", ['starts_with "02"']],
    ["endsWith($, '@gmail.com')", ['ends_with "@gmail.com"']],
    ['$ > 5', ['> 5']],
    ['null', ['not_exists']],
    ['!= null', ['exists']],
    ['\'a "quoted" word\'', ['"a \\"quoted\\" word"']],
  ])('%s → %j', (text, expected) => {
    if (expected === null) expect(readZenUnary(text).ok).toBe(false);
    else expect(cells(text)).toEqual(expected);
  });

  it.each([
    ['>= 30, < 50', 'matches every number'],
    ["!= 'completed'", 'missing field'],
    ["!contains(['US'], $)", 'negation'],
    ['> userProfile.averageTransactionAmount * 2', 'names or operators'],
    ["'diabetes' in $", 'names or operators'],
    ["startsWith($, '61'), startsWith($, '62')", '"or" of tests'],
    ["date('2020-01-01')", 'names or operators'],
    ['> 5 and < 2', 'matches no number'],
    ["< 'b'", 'string'],
    ["'open", 'not closed'],
    ['1e5', 'exponent'],
    ['`x`', 'template string'],
    [']1..10[', 'reversed bracket'],
    ['[1..10[', 'reversed bracket'],
    ["['a', 1]", 'one type'],
  ])('refuses %s (%s) in both languages', (text, reason) => {
    const m = refused(text);
    expect(m.en).toContain(reason);
    expect(m.zh).toMatch(/[\u4e00-\u9fff]/);
  });

  it('joins left to right with no precedence, as zen does: a, b and c is (a or b) and c', () => {
    // zen-engine: 4 does not match `> 1, > 5 and < 3`, 2 does.
    expect(cells('> 1, > 5 and < 3')).toEqual(['> 1', '< 3']);
  });
});

describe('GoRules conditions (inputs without a field)', () => {
  it('reads tests of field paths joined by and', () => {
    const r = readZenCondition('employmentStatus == "full_time" and employmentYears >= 2');
    expect(r).toEqual({
      ok: true,
      fields: [
        { field: 'employmentStatus', cells: ['"full_time"'] },
        { field: 'employmentYears', cells: ['>= 2'] },
      ],
    });
    const w = readZenCondition('weight > 50 and weight <= 70');
    expect(w.ok && w.fields).toEqual([{ field: 'weight', cells: ['> 50', '<= 70'] }]);
    const c = readZenCondition("contains(deliveryPerson.skills, 'heavy_lifting')");
    expect(c.ok && c.fields).toEqual([
      { field: 'deliveryPerson.skills', cells: ['contains "heavy_lifting"'] },
    ]);
    const l = readZenCondition("serviceDetails.code in ['33361', '33362']");
    expect(l.ok && l.fields).toEqual([
      { field: 'serviceDetails.code', cells: ['in ["33361", "33362"]'] },
    ]);
  });

  it.each([
    'a > 1 or b > 2',
    '!hasRequiredDocuments',
    'isIndustrialZone',
    "$nodes.request.country == 'US'",
    "len(trim(claimNumber ?? '')) < 5",
    'policyStartDate > incidentDate',
    'customer.kyc_verified != true',
  ])('refuses %s', (text) => {
    const r = readZenCondition(text);
    expect(r.ok).toBe(false);
  });
});

describe('GoRules output cells', () => {
  it.each([
    ["'at_risk'", 'at_risk', '"at_risk"'],
    ['"x"', 'x', '"x"'],
    ['10', 10, '10'],
    ['1_000', 1000, '1000'],
    ['-0.5', -0.5, '-0.5'],
    ['true', true, 'true'],
    ['null', null, 'null'],
    ["['a', 'b']", ['a', 'b'], '["a","b"]'],
    ["{ 'type': 'compact', n: 2 }", { type: 'compact', n: 2 }, '{"type":"compact","n":2}'],
  ])('%s is the value %j', (text, value, shown) => {
    expect(readZenOutput(text)).toEqual({ ok: true, value, text: shown });
  });

  it('an empty cell sets nothing', () => {
    expect(readZenOutput('  ')).toEqual({ ok: true, empty: true });
  });

  it.each(['volumeBonusMax * 0.6', 'product.price', "plan + '-x'", '[a]', "{ '__proto__': x }"])(
    'refuses the expression %s, never giving it as text',
    (text) => {
      const r = readZenOutput(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message.en).toContain('is an expression GoRules computes from the fact');
    },
  );

  it('keeps __proto__ as a plain key, never the prototype', () => {
    const r = readZenOutput("{ '__proto__': 1 }");
    expect(r.ok && !r.empty && r.text).toBe('{"__proto__":1}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('properties', () => {
  it('any text is read or refused with a reason in both languages, never a throw', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        for (const r of [readZenUnary(text), readZenCondition(text), readZenOutput(text)])
          if (!r.ok) {
            expect(r.message.en.length).toBeGreaterThan(0);
            expect(r.message.zh.length).toBeGreaterThan(0);
          }
      }),
      { numRuns: 2000 },
    );
  });

  it('a comma list of quoted strings is the ERDL in-list of those strings', () => {
    const word = fc.stringMatching(/^[a-z_ -]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 6 }), fc.boolean(), (words, dq) => {
        const q = dq ? '"' : "'";
        const text = words.map((w) => `${q}${w}${q}`).join(', ');
        expect(cells(text)).toEqual([`in [${words.map((w) => JSON.stringify(w)).join(', ')}]`]);
      }),
    );
  });

  it('a number range reads as the cells of exactly its bounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.boolean(),
        fc.boolean(),
        (low, span, lc, hc) => {
          const high = low + span + 1;
          const text = `${lc ? '[' : '('}${low}..${high}${hc ? ']' : ')'}`;
          const expected =
            lc && hc
              ? [`[${low}..${high}]`]
              : [`${lc ? '>=' : '>'} ${low}`, `${hc ? '<=' : '<'} ${high}`];
          expect(cells(text)).toEqual(expected);
        },
      ),
    );
  });

  it('reads a 32,000-character cell in linear time', () => {
    const long = Array.from({ length: 3_000 }, (_, i) => `'v${i}'`).join(', ');
    const t = performance.now();
    expect(readZenUnary(long).ok).toBe(true);
    expect(readZenOutput(`[${long}]`).ok).toBe(true);
    expect(performance.now() - t).toBeLessThan(1_000);
  });
});
