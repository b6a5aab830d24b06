import { describe, expect, it } from 'vitest';
import { setDisplayName } from './field-dictionary';

describe('setDisplayName', () => {
  it('starts a dictionary from nothing', () => {
    expect(setDisplayName('', 'tool.args.amount', { zh: '金额', en: 'amount' })).toBe(
      'tool.args.amount: { zh: 金额, en: amount }\n',
    );
  });

  it('keeps comments and other entries byte for byte', () => {
    const before = '# names for the refund rules\ntool.name: { zh: 工具, en: tool } # short\n';
    const after = setDisplayName(before, 'user.role', { zh: '角色', en: 'role' })!;
    expect(after.startsWith(before)).toBe(true);
    expect(after).toContain('user.role: { zh: 角色, en: role }');
  });

  it('refuses text that is not a mapping', () => {
    expect(setDisplayName('- a\n- b\n', 'x', { zh: 'x', en: 'x' })).toBeNull();
    expect(setDisplayName('a: [', 'x', { zh: 'x', en: 'x' })).toBeNull();
  });
});
