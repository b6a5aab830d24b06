// Step ② Validate, top level (§2.1–§2.3) and metadata (§2.2). Rulings: docs/interpretations.md
// I-1 (what may precede protocol), I-2 (metadata.decision required), I-3 (format version),
// I-5 (JSON input).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { applyEdits, applyFix, codes, diag, lines, trueRule } from '../test-support';

const fixture = (name: string) =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

const PROTOCOL = 'protocol: "erdl/v2"';
const VERSION = 'version: "2.1.0"';
const METADATA = ['metadata:', '  name: "t"', '  decision: ALLOW'];
const RULES = ['rules:', ...trueRule()];
const top = (...parts: (string | string[])[]) => lines(...parts.flat());
const VALID = top(PROTOCOL, VERSION, METADATA, RULES);

/** Errors only (warnings and infos dropped), as CODE@line:column. */
const errors = (text: string) =>
  compileDocument(text)
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => d.code);

describe('the four top-level fields (E101)', () => {
  it('the baseline has none missing', () => {
    expect(diag(VALID)).toEqual([]);
  });

  it('missing protocol: E101, and the file does not begin with protocol (E103)', () => {
    const text = top(VERSION, METADATA, RULES);
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-E101@1:1', 'ERDL-E103@1:1']);
    expect(r.diagnostics[0]?.message.en).toBe('Missing top-level field "protocol"');
    expect(r.diagnostics[0]?.message.zh).toContain('protocol');
  });

  it.each([
    ['version', top(PROTOCOL, METADATA, RULES)],
    ['metadata', top(PROTOCOL, VERSION, RULES)],
    ['rules', top(PROTOCOL, VERSION, METADATA)],
  ])('missing %s', (field, text) => {
    const r = compileDocument(text);
    expect(r.ok).toBe(false);
    expect(r.document).toBeNull();
    expect(diag(text)).toEqual(['ERDL-E101@1:1']);
    expect(r.diagnostics[0]?.message.en).toBe(`Missing top-level field "${field}"`);
  });

  it('all four missing (a mapping of something else)', () => {
    expect(codes('name: "x"\n')).toEqual([
      'ERDL-E101',
      'ERDL-E101',
      'ERDL-E101',
      'ERDL-E101',
      'ERDL-E107',
      'ERDL-E103',
    ]);
  });

  it('the E103 fix inserts protocol, after any directive and marker', () => {
    const text = `%YAML 1.2\n---\n${top(VERSION, METADATA, RULES)}`;
    const fixed = applyFix(text, 'ERDL-E103');
    expect(fixed).toBe(`%YAML 1.2\n---\n${VALID}`);
    expect(diag(fixed)).toEqual([]);
  });
});

describe('top-level order (E102)', () => {
  it('version after metadata: reported at the first key out of order', () => {
    const text = top(PROTOCOL, METADATA, VERSION, RULES);
    expect(diag(text)).toEqual(['ERDL-E102@5:1']);
    expect(compileDocument(text).diagnostics[0]?.message.en).toContain('"version" is out of order');
  });

  it('the fix reorders, keeping each field with its comments, and the result is valid', () => {
    const text = top(PROTOCOL, '# the rules', RULES, '# document metadata', METADATA, VERSION);
    expect(diag(text)).toEqual(['ERDL-E102@10:1']);
    const fixed = applyFix(text, 'ERDL-E102');
    expect(diag(fixed)).toEqual([]);
    expect(fixed).toBe(
      top(PROTOCOL, VERSION, '# document metadata', METADATA, '# the rules', RULES),
    );
    expect(compileDocument(fixed).document?.hash).toBe(compileDocument(VALID).document?.hash);
  });

  it('the fix works on a last line without a newline', () => {
    const text = top(PROTOCOL, VERSION, RULES, METADATA).replace(/\n$/, '');
    const fixed = applyFix(text, 'ERDL-E102');
    expect(codes(fixed)).toEqual([]);
    expect(fixed.endsWith('    then: NOTIFY')).toBe(true);
  });

  it('an unknown key does not change the order check but is moved last by the fix', () => {
    const text = top(PROTOCOL, 'x_note: "n"', RULES, VERSION, METADATA);
    expect(diag(text)).toEqual(['ERDL-E107@2:1', 'ERDL-E102@9:1']);
    const fixed = applyFix(text, 'ERDL-E102');
    expect(diag(fixed)).toEqual(['ERDL-E107@12:1']);
  });
});

describe('the file begins with protocol (E103, I-1)', () => {
  it('version first: E103 at line 1 and E102 at protocol; either fix repairs both', () => {
    const text = top(VERSION, PROTOCOL, METADATA, RULES);
    expect(diag(text)).toEqual(['ERDL-E103@1:1', 'ERDL-E102@2:1']);
    expect(diag(applyFix(text, 'ERDL-E103'))).toEqual([]);
    expect(diag(applyFix(text, 'ERDL-E102'))).toEqual([]);
  });

  it('an unknown field before protocol', () => {
    const text = top('x_note: "n"', PROTOCOL, VERSION, METADATA, RULES);
    expect(diag(text)).toEqual(['ERDL-E107@1:1', 'ERDL-E103@1:1']);
    expect(diag(applyFix(text, 'ERDL-E103'))).toEqual(['ERDL-E107@12:1']);
  });

  it('comments, blank lines, a directive and a document marker may precede it', () => {
    expect(diag(`# Licence: MIT\n\n# Owner: x\n${VALID}`)).toEqual([]);
    expect(diag(`%YAML 1.2\n---\n${VALID}`)).toEqual([]);
    expect(diag(`--- # start\n${VALID}`)).toEqual([]);
  });

  it('an anchor on the whole document precedes it', () => {
    expect(codes(`&doc\n${VALID}`)).toContain('ERDL-E103');
  });
});

describe('protocol value (E104)', () => {
  it('"erdl/v1", at the value', () => {
    const text = top('protocol: "erdl/v1"', VERSION, METADATA, RULES);
    expect(diag(text)).toEqual(['ERDL-E104@1:11']);
    expect(compileDocument(text).diagnostics[0]?.message.en).toContain('"erdl/v1"');
  });

  it.each([
    ['"erdl/v3"', 'erdl/v3'],
    ['"ERDL/V2"', 'ERDL/V2'],
    ['2', '2'],
    ['[erdl/v2]', '…'],
  ])('protocol: %s', (value, shown) => {
    const text = top(`protocol: ${value}`, VERSION, METADATA, RULES);
    expect(errors(text)).toEqual(['ERDL-E104']);
    expect(compileDocument(text).diagnostics.find((d) => d.code === 'ERDL-E104')?.message.en).toBe(
      `Unsupported protocol "${shown}"; this kernel reads "erdl/v2"`,
    );
  });
});

describe('format version (E105, W106, I-3)', () => {
  it.each([
    ['"2.1"', '"2.1"'],
    ['"3.0.0"', '"3.0.0"'],
    ['2.1', '2.1'],
    ['2', '2'],
    ['"v2.1.0"', '"v2.1.0"'],
    ['"2.1.0.0"', '"2.1.0.0"'],
    ['"1.9.0"', '"1.9.0"'],
    ['"02.1.0"', '"02.1.0"'],
    ['null', 'null'],
  ])('version: %s is E105 at the value', (value, shown) => {
    const text = top(PROTOCOL, `version: ${value}`, METADATA, RULES);
    expect(diag(text).filter((d) => !d.startsWith('ERDL-W701'))).toEqual(['ERDL-E105@2:10']);
    expect(compileDocument(text).diagnostics.find((d) => d.code === 'ERDL-E105')?.message.en).toBe(
      `version must be a semantic version string with major version 2 (e.g. "2.1.0"); got ${shown}`,
    );
  });

  it('a newer minor "2.5.0" loads with the W106 warning', () => {
    const text = top(PROTOCOL, 'version: "2.5.0"', METADATA, RULES);
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-W106@2:10']);
    expect(r.ok).toBe(true);
    expect(r.diagnostics[0]?.severity).toBe('warning');
    expect(r.diagnostics[0]?.message.en).toContain('2.5.0');
    expect(r.document?.version).toBe('2.5.0');
  });

  it.each(['"2.0.0"', '"2.1.9"', '"2.1.0-rc.1"', '"2.1.0+build.5"'])(
    'version: %s loads without a diagnostic',
    (value) => {
      const text = top(PROTOCOL, `version: ${value}`, METADATA, RULES);
      expect(diag(text)).toEqual([]);
    },
  );
});

describe('unknown top-level fields (E107)', () => {
  it('with a did-you-mean', () => {
    const text = top(PROTOCOL, VERSION, METADATA, RULES, 'metdata: {}');
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-E107@12:1']);
    expect(r.diagnostics[0]?.message.en).toBe(
      'Unknown top-level field "metdata" (did you mean "metadata"?). The top level holds: protocol, version, metadata, rules',
    );
    expect(r.diagnostics[0]?.message.zh).toBe(
      '未知的顶层字段“metdata”（是否应为“metadata”？）。顶层字段只有：protocol、version、metadata、rules',
    );
    // metadata is already there: writing it again would be a duplicate key, so no fix.
    expect(r.diagnostics[0]?.fix).toBeUndefined();
    const alone = top(PROTOCOL, VERSION, 'metdata:', '  name: "t"', '  decision: ALLOW', RULES);
    expect(diag(applyFix(alone, 'ERDL-E107'))).toEqual([]);
    expect(r.diagnostics[0]?.message.zh).toContain('metadata');
  });

  it('without a suggestion when nothing is close', () => {
    const text = top(PROTOCOL, VERSION, METADATA, RULES, 'signature: "abc"');
    expect(compileDocument(text).diagnostics[0]?.message.en).toBe(
      'Unknown top-level field "signature". The top level holds: protocol, version, metadata, rules',
    );
    expect(compileDocument(text).diagnostics[0]?.fix).toBeUndefined();
  });

  it('a misspelt rules is unknown and rules is missing', () => {
    const text = top(PROTOCOL, VERSION, METADATA, RULES.join('\n').replace('rules:', 'rule:'));
    expect(diag(text)).toEqual(['ERDL-E101@1:1', 'ERDL-E107@6:1']);
  });
});

describe('field types (E108)', () => {
  it.each([
    ['metadata as a list', top(PROTOCOL, VERSION, 'metadata: []', RULES), 3, 11, 'metadata'],
    ['metadata as a string', top(PROTOCOL, VERSION, 'metadata: "x"', RULES), 3, 11, 'metadata'],
    ['rules as a mapping', top(PROTOCOL, VERSION, METADATA, 'rules: {}'), 6, 8, 'rules'],
    ['rules as a string', top(PROTOCOL, VERSION, METADATA, 'rules: "none"'), 6, 8, 'rules'],
    [
      'metadata.name as a number',
      top(PROTOCOL, VERSION, 'metadata:', '  name: 12', '  decision: ALLOW', RULES),
      4,
      9,
      'name',
    ],
    [
      'metadata.tags as a string',
      top(PROTOCOL, VERSION, METADATA, '  tags: "a, b"', RULES),
      6,
      9,
      'metadata.tags',
    ],
    [
      'metadata.tags with a number',
      top(PROTOCOL, VERSION, METADATA, '  tags: [a, 2]', RULES),
      6,
      9,
      'metadata.tags',
    ],
  ])('%s', (_label, text, line, column, field) => {
    const r = compileDocument(text);
    const e = r.diagnostics.filter((d) => d.severity === 'error');
    expect(e.map((d) => d.code)).toEqual(['ERDL-E108']);
    expect(r.source.position(e[0]!.range.start)).toEqual({ line, column });
    expect(e[0]?.message.en).toMatch(new RegExp(`^"${field.replace('.', '\\.')}" must be `));
    expect(r.ok).toBe(false);
  });
});

describe('metadata (E109, W110, W111, E207)', () => {
  it('missing decision is E109 at metadata', () => {
    const text = top(PROTOCOL, VERSION, 'metadata:', '  name: "t"', RULES);
    expect(diag(text)).toEqual(['ERDL-E109@4:3']);
    expect(compileDocument(text).document).toBeNull();
  });

  it('an empty metadata mapping: E109 and W111', () => {
    const text = top(PROTOCOL, VERSION, 'metadata: {}', RULES);
    expect(codes(text).sort()).toEqual(['ERDL-E109', 'ERDL-W111']);
  });

  it('an unknown metadata field is a warning; the document loads', () => {
    const text = top(PROTOCOL, VERSION, METADATA, '  author: "someone"', RULES);
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-W110@6:3']);
    expect(r.ok).toBe(true);
    expect(r.diagnostics[0]?.message.en).toBe(
      'Unknown metadata field "author". metadata fields: name, description, category, decision, tags',
    );
  });

  it('missing name is W111; the document loads', () => {
    const text = top(PROTOCOL, VERSION, 'metadata:', '  decision: ALLOW', RULES);
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-W111@4:3']);
    expect(r.ok).toBe(true);
    expect(r.document?.metadata).toEqual({ decision: 'ALLOW' });
  });

  it('a lower-case fallback decision is E207 with a fix to the keyword', () => {
    const text = top(PROTOCOL, VERSION, 'metadata:', '  name: "t"', '  decision: deny', RULES);
    expect(diag(text)).toEqual(['ERDL-E207@5:13']);
    const fixed = applyFix(text, 'ERDL-E207');
    expect(fixed).toContain('  decision: DENY\n');
    expect(diag(fixed)).toEqual([]);
    expect(compileDocument(fixed).document?.metadata.decision).toBe('DENY');
  });

  it('a fallback that is no decision at all has no fix', () => {
    const text = top(PROTOCOL, VERSION, 'metadata:', '  name: "t"', '  decision: NOPE', RULES);
    const d = compileDocument(text).diagnostics[0];
    expect(d?.code).toBe('ERDL-E207');
    expect(d?.fix).toBeUndefined();
    expect(d?.message.en).toContain('"NOPE" is not a decision type');
  });

  it('metadata fields are carried to the compiled document (NFC-normalized)', () => {
    const text = top(
      PROTOCOL,
      VERSION,
      'metadata:',
      '  name: "Cafe\u0301"',
      '  description: "d"',
      '  category: coding',
      '  decision: DENY',
      '  tags: [a, b]',
      RULES,
    );
    expect(compileDocument(text).document?.metadata).toEqual({
      name: 'Café',
      description: 'd',
      category: 'coding',
      decision: 'DENY',
      tags: ['a', 'b'],
    });
  });
});

describe('rules list (W112, E108)', () => {
  it('an empty list is a warning; the document loads with no rules', () => {
    const text = top(PROTOCOL, VERSION, METADATA, 'rules: []');
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-W112@6:8']);
    expect(r.ok).toBe(true);
    expect(r.document?.rules).toEqual([]);
  });

  it('a list item that is not a mapping', () => {
    const text = top(PROTOCOL, VERSION, METADATA, RULES, '  - "SEC-002-x"');
    expect(diag(text)).toEqual(['ERDL-E108@12:5']);
  });
});

describe('JSON input (§2.4 ①, I-5)', () => {
  const quickStart = fixture('spec-10.1-quick-start.erdl.yaml');
  const quickStartJson = JSON.stringify(
    {
      protocol: 'erdl/v2',
      version: '2.1.0',
      metadata: {
        name: 'refund-guard',
        description: 'Refund amount control',
        category: 'coding',
        decision: 'ALLOW',
      },
      rules: [
        {
          name: 'SEC-001-refund-limit',
          description: 'Refunds over 5000 require human approval',
          priority: 10,
          when: {
            logic: 'AND',
            conditions: [
              { field: 'tool.name', operator: 'eq', value: 'issue_refund' },
              { field: 'tool.args.amount', operator: 'gt', value: 5000 },
            ],
          },
          then: 'REQUEST_HUMAN',
          message: 'Refund amount over 5000, human approval required',
        },
      ],
    },
    null,
    4,
  );

  it('loads, without format diagnostics (quoted keywords, 4-space indentation)', () => {
    const r = compileDocument(quickStartJson);
    expect(r.diagnostics).toEqual([]);
    expect(r.ok).toBe(true);
  });

  it('hashes equal to the equivalent YAML', () => {
    const yaml = compileDocument(quickStart);
    const json = compileDocument(quickStartJson);
    expect(yaml.ok).toBe(true);
    expect(json.document?.hash).toBe(yaml.document?.hash);
    expect(json.document?.rules.map((r) => r.hash)).toEqual(
      yaml.document?.rules.map((r) => r.hash),
    );
  });

  it('single-line JSON as bytes', () => {
    const r = compileDocument(new TextEncoder().encode(JSON.stringify(JSON.parse(quickStartJson))));
    expect(r.diagnostics).toEqual([]);
    expect(r.document?.hash).toBe(compileDocument(quickStart).document?.hash);
  });

  it('JSON is still validated: order, protocol, duplicates', () => {
    const outOfOrder =
      '{"version": "2.1.0", "protocol": "erdl/v2", "metadata": {"decision": "ALLOW", "name": "t"}, "rules": []}';
    expect(diag(outOfOrder)).toEqual(['ERDL-E103@1:2', 'ERDL-E102@1:22', 'ERDL-W112@1:102']);
    const fixed = applyEdits(
      outOfOrder,
      compileDocument(outOfOrder).diagnostics.find((d) => d.code === 'ERDL-E103')?.fix?.edits ?? [],
    );
    // A flow mapping cannot be reordered line by line: no fix is offered.
    expect(fixed).toBe(outOfOrder);
  });

  it('a missing protocol in JSON gets a fix that keeps it JSON', () => {
    const text =
      '{"version": "2.1.0", "metadata": {"name": "t", "decision": "ALLOW"}, "rules": []}';
    const fixed = applyFix(text, 'ERDL-E103');
    expect(JSON.parse(fixed).protocol).toBe('erdl/v2');
    expect(codes(fixed)).toEqual(['ERDL-W112']);
  });

  it('a YAML flow mapping is not JSON: the §2.3 conventions apply', () => {
    const text =
      '{protocol: "erdl/v2", version: "2.1.0", metadata: {name: t, decision: ALLOW}, rules: []}\n';
    expect(codes(text)).toEqual(['ERDL-W701', 'ERDL-W112']);
  });
});
