import fc from 'fast-check';
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

  it('reads what splitting the whole text into lines reads (any line breaks, any lines)', () => {
    const line = fc.constantFrom(
      'metadata:',
      'metadata:  # c',
      'metadata: x',
      ' metadata:',
      '  name: "a"',
      '  name: b # c',
      "    name: 'c'",
      '  name: ',
      '  tags:',
      '    - t',
      '',
      '   ',
      '# c',
      'rules: []',
      'name: top',
      '\u2028',
      '  decision: ALLOW',
    );
    const text = fc
      .tuple(
        fc.constantFrom('', '\ufeff'),
        fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 12 }),
        fc.boolean(),
      )
      .map(([bom, lines, trailing]) => {
        const joined = lines.map(([l, br]) => l + br).join('');
        return bom + (trailing ? joined : joined.replace(/(\r\n|\n|\r)$/, ''));
      });
    fc.assert(
      fc.property(text, (t) => {
        expect(metadataName(t)).toBe(splitReference(t));
      }),
      { numRuns: 2000 },
    );
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

/** metadataName as first written (the whole text split into lines): the reference it must match. */
function splitReference(text: string): string | null {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split(/\r\n|\n|\r/);
  const start = lines.findIndex((l) => /^metadata:\s*(#.*)?$/.test(l));
  if (start === -1) return null;
  let indent = -1;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (/^\s*(#.*)?$/.test(line)) continue;
    const own = /^ */.exec(line)?.[0].length ?? 0;
    if (own === 0) return null;
    if (indent === -1) indent = own;
    if (own !== indent) continue;
    const m = /^ *name:[ \t]+(.*?)[ \t]*$/.exec(line);
    if (m) return unquoted(m[1] as string);
  }
  return null;
}

/** The scalar readings the reference applies (kept to plain and quoted names in the corpus). */
function unquoted(written: string): string | null {
  const v = written.startsWith('"')
    ? (/^"([^"\\]*)"\s*(#.*)?$/.exec(written)?.[1] ?? null)
    : written.startsWith("'")
      ? (/^'([^']*)'\s*(#.*)?$/.exec(written)?.[1] ?? null)
      : written.replace(/\s+#.*$/, '');
  return v !== null && v.trim() !== '' ? v.trim() : null;
}
