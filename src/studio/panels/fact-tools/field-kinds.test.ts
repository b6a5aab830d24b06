// The types the fact box's completion shows: the fact box first, then the suite's facts; a suite
// or fact that does not parse, or is over the size limit, gives none (no refusal: completion only).
import { describe, expect, it } from 'vitest';
import { fieldKinds, suiteKinds } from './field-kinds';

describe('fieldKinds', () => {
  it('reads the fact box, then the suite facts, a fact: wrapper unwrapped', () => {
    const suite = suiteKinds(
      'suite: s\ncases:\n  - name: a\n    fact: { tool: { name: "x", args: { amount: 5000, ok: true } } }\n',
    );
    const kinds = fieldKinds('fact:\n  tool:\n    name: 12\n    tags: [a]\n', suite);
    expect(Object.fromEntries(kinds)).toEqual({
      tool: 'object',
      'tool.name': 'number',
      'tool.tags': 'list',
      'tool.args': 'object',
      'tool.args.amount': 'number',
      'tool.args.ok': 'boolean',
    });
  });

  it('gives nothing for text that does not parse or is too big (hostile input)', () => {
    expect(suiteKinds('cases: [').size).toBe(0);
    expect(fieldKinds('a: [', new Map()).size).toBe(0);
    expect(fieldKinds(`a: "${'x'.repeat(300 * 1024)}"`, new Map()).size).toBe(0);
    const deep = `${'{a: '.repeat(10_000)}1${'}'.repeat(10_000)}`;
    expect(fieldKinds(deep, new Map()).size).toBeLessThanOrEqual(5_000);
  });
});
