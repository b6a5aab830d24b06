import { describe, expect, it } from 'vitest';
import { shouldComplete, spaceMayComplete } from './completion-trigger';

describe('spaceMayComplete', () => {
  it('asks where a key or a value starts', () => {
    for (const prefix of [
      '',
      '    ',
      '  - ',
      '  - - ',
      '    then: ',
      '  when: { all: [ ',
      'a: [x, ',
    ])
      expect(spaceMayComplete(prefix), JSON.stringify(prefix)).toBe(true);
  });
  it('does not ask inside a scalar or a comment', () => {
    for (const prefix of [
      '    message: "Generated rule 501 decided the ',
      '    message: plain words ',
      '    then: DENY ',
      '  # a comment ',
      "    reason: 'quoted ",
    ])
      expect(spaceMayComplete(prefix), JSON.stringify(prefix)).toBe(false);
  });
});

describe('shouldComplete', () => {
  const words = '    message: "the quick ';
  it('filters only a typed space', () => {
    expect(shouldComplete(words, { triggerKind: 1, triggerCharacter: ' ' })).toBe(false);
    expect(shouldComplete(words, { triggerKind: 1, triggerCharacter: ':' })).toBe(true);
    // Invoke (Ctrl+Space) and re-triggers for an incomplete list always ask.
    expect(shouldComplete(words, { triggerKind: 0 })).toBe(true);
    expect(shouldComplete(words, { triggerKind: 2 })).toBe(true);
    expect(shouldComplete('    then: ', { triggerKind: 1, triggerCharacter: ' ' })).toBe(true);
  });
});
