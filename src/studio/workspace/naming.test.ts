import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../examples';
import { importText, skeletonText } from './files';
import { followName, metadataName, nameAfter } from './naming';

const doc = (metadata: string) =>
  `protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata:\n${metadata}rules: []\n`;

/** Texts of metadata-like lines with any line breaks, a BOM or not, a final break or not. */
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
    fc.assert(
      fc.property(text, (t) => {
        expect(metadataName(t)).toBe(splitReference(t));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('nameAfter: the name after an edit, read again only where the edit can change it', () => {
  // An edit anywhere (the offset is where it starts in `before`): deleting up to 6 characters and
  // inserting line pieces — breaks, indentation, `name:` and `metadata:` lines.
  const piece = fc.constantFrom(
    '',
    '\n',
    '\r',
    '\r\n',
    ' ',
    '  ',
    'x',
    '#',
    'name: z',
    'metadata:',
  );
  // Texts with a metadata block more often than not, edited anywhere but most often at the edges
  // of lines, where an edit joins, splits or extends the line the name is read from.
  const named = fc.oneof(
    text,
    fc
      .tuple(
        text,
        fc.constantFrom('metadata:\n  name: a', 'metadata:\r\n  x: 1\r\n  name: "b"\r\n'),
        text,
      )
      .map(([head, block, tail]) => head + (/[\n\r]$|^$/.test(head) ? '' : '\n') + block + tail),
  );
  const offset = (before: string) => {
    const edges = [...before.matchAll(/[\n\r]/g)].flatMap((m) => [m.index, m.index + 1]);
    return edges.length === 0
      ? fc.nat({ max: before.length })
      : fc.oneof(fc.nat({ max: before.length }), fc.constantFrom(...edges, before.length));
  };
  const edited = named.chain((before) =>
    fc
      .tuple(offset(before), fc.nat({ max: 6 }), fc.array(piece, { maxLength: 3 }))
      .map(([from, deleted, inserted]) => ({
        before,
        from,
        after: before.slice(0, from) + inserted.join('') + before.slice(from + deleted),
      })),
  );
  it('is what reading the edited text reads, wherever the edit is', () => {
    fc.assert(
      fc.property(edited, ({ before, from, after }) => {
        expect(nameAfter(before, after, from)).toBe(splitReference(after));
        // The reading carried to `after` is the one its next edit starts from.
        expect(metadataName(after)).toBe(splitReference(after));
      }),
      { numRuns: 5000 },
    );
  });
  it('does not read the edited text when the edit is past the name', () => {
    const before = doc('  name: "loan"\n');
    const after = `${before}# more\n`;
    // A stand-in for a text built from pieces: reading any character of it fails the test.
    const untouchable = new Proxy(new String(after), {
      get(_target, key) {
        throw new Error(`read ${String(key)} of the edited text`);
      },
    }) as unknown as string;
    expect(nameAfter(before, untouchable, before.length)).toBe('loan');
    expect(() => nameAfter(before, untouchable, 0)).toThrow(/read/);
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
