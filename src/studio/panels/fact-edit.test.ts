import { describe, expect, it } from 'vitest';
import { setFactField } from './fact-edit';

describe('setFactField', () => {
  it('adds a nested field inside a fact: wrapper, keeping comments', () => {
    const before = '# the refund\nfact:\n  tool:\n    name: issue_refund\n';
    const after = setFactField(before, 'tool.args.amount', '8000')!;
    expect(after).toContain('# the refund');
    expect(after).toMatch(/args:\n\s+amount: 8000/);
  });

  it('reads the value as YAML: quoted text stays text, lists are lists', () => {
    expect(setFactField('{}', 'a', '"8000"')).toContain('a: "8000"');
    expect(setFactField('', 'user.tags', '[vip, new]')).toMatch(
      /tags:\s*\n?\s*- vip|tags: \[ vip, new \]/,
    );
  });

  it('replaces an existing value and refuses text that is not a mapping', () => {
    expect(setFactField('a: 1\n', 'a', '2')).toBe('a: 2\n');
    expect(setFactField('- 1\n', 'a', '2')).toBeNull();
    expect(setFactField('a: [', 'a', '2')).toBeNull();
  });

  it('refuses a repeated key, found in time linear in the keys; a value with one stays text', () => {
    expect(setFactField('a: 1\na: 2\n', 'b', '3')).toBeNull();
    expect(setFactField('fact: { x: 1, x: 2 }\n', 'b', '3')).toBeNull();
    expect(setFactField('{}', 'a', '{ k: 1, k: 2 }')).toBe('{ a: "{ k: 1, k: 2 }" }\n');
    // One Set per mapping: a fact of 40,000 fields (yaml's own check compares each key with every
    // earlier one).
    const wide = Array.from({ length: 40_000 }, (_, i) => `k${i}: ${i}`).join('\n');
    expect(setFactField(`${wide}\n`, 'k20000', '7')).toBe(
      `${wide.replace('k20000: 20000', 'k20000: 7')}\n`,
    );
    expect(setFactField(`${wide}\nk39999: again\n`, 'a', '1')).toBeNull();
  });
});
