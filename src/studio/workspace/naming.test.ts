import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../examples';
import { importText, skeletonText } from './files';
import { followName, metadataName } from './naming';

const doc = (metadata: string) =>
  `protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata:\n${metadata}rules: []\n`;

describe('metadataName', () => {
  it.each([
    ['double-quoted', '  name: "refund-guard"\n', 'refund-guard'],
    [
      'plain, with a comment',
      '  decision: ALLOW\n  name: refund guard # the set\n',
      'refund guard',
    ],
    ['single-quoted', "  name: 'it''s'\n", "it's"],
    ['escaped', '  name: "退款\\u0020守卫"\n', '退款 守卫'],
    ['after a nested mapping', '  tags:\n    - a\n  name: "x"\n', 'x'],
  ])('reads a %s name', (_what, metadata, name) => {
    expect(metadataName(doc(metadata))).toBe(name);
  });

  it.each([
    ['no name', '  decision: ALLOW\n'],
    ['an empty name', '  name: ""\n'],
    ['a nested name only', '  tags:\n    name: "x"\n'],
    ['a flow value', '  name: [a]\n'],
    ['an unclosed quote', '  name: "x\n'],
  ])('is null for %s', (_what, metadata) => {
    expect(metadataName(doc(metadata))).toBeNull();
  });

  it('reads JSON, and ignores a rule named "name"', () => {
    expect(metadataName('{"metadata": {"name": "j"}, "rules": []}')).toBe('j');
    expect(metadataName('rules:\n  - name: "R-001-x"\n')).toBeNull();
  });

  it('names every example as the workspace does', () => {
    for (const e of EXAMPLES) expect(metadataName(e.text)).not.toBeNull();
  });
});

describe('imported documents take their name from metadata.name', () => {
  it('a file whose text names the rule set', () => {
    const result = importText('rules.yaml', doc('  name: "loan-decision"\n'));
    expect(result).toMatchObject({ kind: 'document', doc: { name: 'loan-decision' } });
  });
  it('the file name only when the text names none', () => {
    const result = importText('rules.yaml', doc('  decision: ALLOW\n'));
    expect(result).toMatchObject({ kind: 'document', doc: { name: 'rules' } });
  });
});

describe('followName', () => {
  const named = (n: string) => skeletonText(n);
  it('a name that follows metadata.name follows its edit', () => {
    expect(followName('untitled', null, named('untitled'), named('refund-guard'))).toEqual({
      name: 'refund-guard',
      link: 'refund-guard',
    });
    expect(followName('untitled (2)', null, named('untitled'), named('x')).name).toBe('x');
  });
  it('a name the user chose stays', () => {
    expect(followName('mine', null, named('untitled'), named('refund-guard'))).toEqual({
      name: null,
      link: null,
    });
    expect(followName('untitled-ish', null, named('untitled'), named('x')).name).toBeNull();
  });
  it('typing through text that names nothing keeps the link, then follows', () => {
    const mid = named('untitled').replace('  name: "untitled"\n', '  n\n');
    const step = followName('untitled', null, named('untitled'), mid);
    expect(step).toEqual({ name: null, link: 'untitled' });
    expect(followName('untitled', step.link, mid, named('loan-rules'))).toEqual({
      name: 'loan-rules',
      link: 'loan-rules',
    });
  });
});
