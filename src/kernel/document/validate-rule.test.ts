// Step ② Validate, rule entries (§4.1). Rulings: docs/interpretations.md I-7 (order, unknown
// fields), I-8 (names), I-9 (blocking decisions), I-13 (integers), I-14 (expr), I-23 (tables).
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { applyFix, codes, diag, doc, lines } from '../test-support';

/** One rule item; `fields` are the lines after `- name: …`, each indented by 4. */
const rule = (name: string, ...fields: string[]) =>
  lines(`  - name: ${name}`, ...fields.map((f) => `    ${f}`));

const SIMPLE_WHEN = [
  'when:',
  '  logic: AND',
  '  conditions:',
  '    - field: "tool.name"',
  '      operator: eq',
  '      value: "issue_refund"',
];

/** A complete valid rule (lines 7–16 when it is the first rule of `doc()`). */
const valid = (name = '"SEC-001-sample"') =>
  rule(
    name,
    'description: "Refunds need approval"',
    'priority: 10',
    ...SIMPLE_WHEN,
    'then: REQUEST_HUMAN',
    'message: "Approval required"',
  );

describe('baseline', () => {
  it('the valid rule loads with no diagnostics', () => {
    const r = compileDocument(doc(valid()));
    expect(r.diagnostics).toEqual([]);
    expect(r.document?.rules).toHaveLength(1);
    expect(r.document?.rules[0]).toMatchObject({
      name: 'SEC-001-sample',
      priority: 10,
      override: 'normal',
      ring: 0,
      enabled: true,
      then: 'REQUEST_HUMAN',
      message: 'Approval required',
      form: 'simple',
    });
  });

  it('every optional field, in §4.1 order, loads', () => {
    const text = doc(
      rule(
        '"SEC-001-full"',
        'description: "d"',
        'category: security',
        'priority: 10',
        'override: critical',
        'ring: 2',
        'enabled: false',
        ...SIMPLE_WHEN,
        'then: CORRECT',
        'message: "m"',
        'instruction: "i"',
        'correction: "c"',
        'unless: null',
        'explanation:',
        '  zh: "解释"',
        '  en: "explanation"',
        'alternative: "a"',
        'legal_basis: "Art. 5"',
        'source_text: "s"',
      ),
    );
    const r = compileDocument(text);
    expect(r.diagnostics).toEqual([]);
    expect(r.document?.rules[0]).toMatchObject({
      category: 'security',
      override: 'critical',
      ring: 2,
      enabled: false,
      correction: 'c',
      explanation: { zh: '解释', en: 'explanation' },
      legal_basis: 'Art. 5',
      unless: null,
    });
  });
});

describe('required fields (E201)', () => {
  const without = (field: string) => {
    const ls = [
      'description: "Refunds need approval"',
      'priority: 10',
      ...SIMPLE_WHEN,
      'then: REQUEST_HUMAN',
      'message: "Approval required"',
    ];
    const start = ls.findIndex((l) => l.startsWith(`${field}:`));
    const count = field === 'when' ? SIMPLE_WHEN.length : 1;
    ls.splice(start, count);
    return ls;
  };

  it.each(['description', 'priority', 'when', 'then'])('missing %s, at the rule', (field) => {
    const text = doc(rule('"SEC-001-sample"', ...without(field)));
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-E201@7:5']);
    expect(r.diagnostics[0]?.message.en).toBe(`Rule is missing the required field "${field}"`);
    expect(r.diagnostics[0]?.message.zh).toContain(field);
    expect(r.ok).toBe(false);
  });

  it('missing name, at the rule (its first key)', () => {
    const text = doc(
      lines('  - description: "d"', '    priority: 10', '    when: "true"', '    then: NOTIFY'),
    );
    expect(diag(text)).toEqual(['ERDL-E201@7:5']);
    expect(compileDocument(text).diagnostics[0]?.message.en).toContain('"name"');
  });

  it('the second rule missing a field is reported on its own line', () => {
    const text = doc(
      valid() + rule('"SEC-002-other"', 'description: "d"', 'when: "true"', 'then: NOTIFY'),
    );
    expect(diag(text)).toEqual(['ERDL-E201@18:5']);
  });

  it('an empty rule mapping lacks all five', () => {
    expect(codes(doc('  - {}'))).toEqual(Array(5).fill('ERDL-E201'));
  });
});

describe('field order (E202, I-7)', () => {
  it('then before when: reported at when, and the fix restores §4.1 order', () => {
    const text = doc(
      rule(
        '"SEC-001-sample"',
        'description: "Refunds need approval"',
        'priority: 10',
        'then: REQUEST_HUMAN',
        'message: "Approval required"',
        ...SIMPLE_WHEN,
      ),
    );
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-E202@12:5']);
    expect(r.diagnostics[0]?.message.en).toBe(
      'Rule fields must follow the §4.1 order; "when" must come before "message"',
    );
    const fixed = applyFix(text, 'ERDL-E202');
    expect(fixed).toBe(doc(valid()));
    expect(diag(fixed)).toEqual([]);
  });

  it('priority before description', () => {
    const text = doc(
      rule('"SEC-001-x"', 'priority: 10', 'description: "d"', 'when: "true"', 'then: NOTIFY'),
    );
    expect(diag(text)).toEqual(['ERDL-E202@9:5']);
    expect(diag(applyFix(text, 'ERDL-E202'))).toEqual([]);
  });

  it('name not first: the fix moves the first key off the dash line', () => {
    const text = doc(
      lines(
        '  - description: "d"',
        '    name: "SEC-001-x"',
        '    priority: 10',
        '    when: "true"',
        '    then: NOTIFY',
      ),
    );
    expect(diag(text)).toEqual(['ERDL-E202@8:5']);
    const fixed = applyFix(text, 'ERDL-E202');
    expect(fixed).toBe(
      doc(rule('"SEC-001-x"', 'description: "d"', 'priority: 10', 'when: "true"', 'then: NOTIFY')),
    );
  });

  it('comments move with the field below them; values deeper in stay put', () => {
    const text = doc(
      rule(
        '"SEC-001-x"',
        'description: "d"',
        'priority: 10',
        '# why: the approval queue',
        'then: REQUEST_HUMAN',
        'when:',
        '  logic: AND',
        '  conditions:',
        '    - field: "tool.name"',
        '      operator: eq',
        '      # the refund tool',
        '      value: "issue_refund"',
        'message: "m"',
      ),
    );
    const fixed = applyFix(text, 'ERDL-E202');
    expect(diag(fixed)).toEqual([]);
    expect(fixed).toContain('          # the refund tool\n          value: "issue_refund"\n');
    expect(fixed).toContain(
      '    # why: the approval queue\n    then: REQUEST_HUMAN\n    message: "m"\n',
    );
    const ordered = doc(
      rule(
        '"SEC-001-x"',
        'description: "d"',
        'priority: 10',
        ...SIMPLE_WHEN,
        'then: REQUEST_HUMAN',
        'message: "m"',
      ),
    );
    expect(compileDocument(fixed).document?.hash).toBe(compileDocument(ordered).document?.hash);
  });

  it('a flow-mapping rule gets the error but no line-moving fix', () => {
    const text = doc(
      '  - {name: "SEC-001-x", priority: 10, description: "d", when: "true", then: NOTIFY}',
    );
    const d = compileDocument(text).diagnostics.find((x) => x.code === 'ERDL-E202');
    expect(d).toBeDefined();
    expect(d?.fix).toBeUndefined();
  });
});

describe('unknown fields (E203) and rule-level expr (E212)', () => {
  it.each([
    ['mesage', 'message'],
    ['unles', 'unless'],
    ['Priority', 'priority'],
    ['legalBasis', 'legal_basis'],
    ['owner', null],
  ])('%s', (written, suggestion) => {
    const text = doc(
      valid().replace('    priority: 10\n', `    priority: 10\n    ${written}: "x"\n`),
    );
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-E203@10:5']);
    const en = r.diagnostics[0]?.message.en;
    expect(en).toBe(
      `Unknown rule field "${written}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}. Rule fields: name, description, category, priority, override, ring, enabled, when, then, message, instruction, correction, unless, explanation, alternative, legal_basis, source_text, gloss`,
    );
    if (suggestion) expect(r.diagnostics[0]?.message.zh).toContain(`（是否应为“${suggestion}”？）`);
  });

  it('expr written beside when: E212 at expr (E5)', () => {
    const text = doc(
      rule(
        '"SEC-001-x"',
        'description: "d"',
        'priority: 10',
        'when: "true"',
        'expr:',
        '  eq: [{field: "tool.name"}, "x"]',
        'then: NOTIFY',
      ),
    );
    expect(diag(text)).toContain('ERDL-E212@11:5');
    expect(codes(text)).not.toContain('ERDL-E203');
  });

  it('expr instead of when: E212 and when is missing', () => {
    const text = doc(
      rule(
        '"SEC-001-x"',
        'description: "d"',
        'priority: 10',
        'expr:',
        '  eq: [{field: "tool.name"}, "x"]',
        'then: NOTIFY',
      ),
    );
    expect(diag(text)).toEqual(['ERDL-E201@7:5', 'ERDL-E212@10:5']);
  });

  it('expr mixed with logic/conditions inside when is also E212', () => {
    const text = doc(
      rule(
        '"SEC-001-x"',
        'description: "d"',
        'priority: 10',
        'when:',
        '  logic: AND',
        '  expr:',
        '    eq: [{field: "tool.name"}, "x"]',
        'then: NOTIFY',
      ),
    );
    expect(diag(text)).toEqual(['ERDL-E212@11:7']);
  });
});

describe('names (E204, W205, E206, I-8)', () => {
  it('a duplicate name: E204 at the second, naming the first line', () => {
    const text = doc(valid() + valid());
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-E204@18:11']);
    expect(r.diagnostics[0]?.message.en).toBe(
      'Duplicate rule name "SEC-001-sample" (first defined on line 7)',
    );
    expect(r.diagnostics[0]?.message.zh).toContain('第 7 行');
  });

  it('names compare after NFC normalization', () => {
    const text = doc(valid('"SEC-001-caf\u00e9"') + valid('"SEC-001-cafe\u0301"'));
    expect(codes(text)).toEqual(['ERDL-E204']);
  });

  it.each([
    '"sec-001-lowercase"',
    '"SEC-1-short-number"',
    '"SEC001-no-dash"',
    '"my rule"',
    '"SEC-001-"',
    '"TOOLONGCAT-001-x"',
  ])('%s is a W205 warning only', (name) => {
    const text = doc(valid(name));
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-W205@7:11']);
    expect(r.ok).toBe(true);
    expect(r.diagnostics[0]?.severity).toBe('warning');
  });

  it.each(['"SEC-001-refund-limit"', '"COD-0001-allow_read"', '"SEC-001-退款限额"', '"A1-123-x"'])(
    '%s follows the format',
    (name) => {
      expect(diag(doc(valid(name)))).toEqual([]);
    },
  );

  it('# in a name is E206 (reserved for table rows), not also W205', () => {
    const text = doc(valid('"SEC-001-x#2"'));
    expect(diag(text)).toEqual(['ERDL-E206@7:11']);
    expect(compileDocument(text).diagnostics[0]?.message.en).toContain('"SEC-001-x#2"');
  });

  it('a name that is not a string is E108', () => {
    expect(diag(doc(valid('12')))).toEqual(['ERDL-E108@7:11']);
  });
});

describe('then (E207)', () => {
  it('"deny": E207 at the value, with a fix to DENY that then loads', () => {
    const text = doc(valid().replace('then: REQUEST_HUMAN', 'then: deny'));
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-E207@16:11']);
    expect(r.diagnostics[0]?.message.en).toMatch(
      /^"deny" is not a decision type \(did you mean "DENY"\?\)\. Decision types: ALLOW, DENY, /,
    );
    const fix = r.diagnostics[0]?.fix;
    expect(fix?.title.en).toBe('Write DENY');
    expect(fix?.edits).toHaveLength(1);
    const fixed = applyFix(text, 'ERDL-E207');
    expect(fixed).toBe(doc(valid().replace('then: REQUEST_HUMAN', 'then: DENY')));
    expect(diag(fixed)).toEqual([]);
  });

  it('a quoted lower-case decision: the fix replaces the quotes too', () => {
    const text = doc(valid().replace('then: REQUEST_HUMAN', 'then: "request_human"'));
    const fixed = applyFix(text, 'ERDL-E207');
    expect(fixed).toBe(doc(valid()));
  });

  it.each([
    ['BLOCK', 'DENY'],
    ['"ALLOW "', 'ALLOW'],
  ])('then: %s is a known mistake or a near miss: a fix to %s', (value, name) => {
    const text = doc(valid().replace('then: REQUEST_HUMAN', `then: ${value}`));
    const d = compileDocument(text).diagnostics.find((x) => x.code === 'ERDL-E207');
    expect(d?.message.en).toContain(`(did you mean "${name}"?)`);
    expect(d?.message.zh).toContain(`（是否应为“${name}”？）`);
    expect(diag(applyFix(text, 'ERDL-E207'))).toEqual([]);
  });

  it.each(['1', '[DENY]'])('then: %s has no fix', (value) => {
    const text = doc(valid().replace('then: REQUEST_HUMAN', `then: ${value}`));
    const d = compileDocument(text).diagnostics.find((x) => x.code === 'ERDL-E207');
    expect(d).toBeDefined();
    expect(d?.fix).toBeUndefined();
  });
});

describe('override (E208)', () => {
  it('"urgent": E208 at the value, no fix', () => {
    const text = doc(
      valid().replace('    priority: 10\n', '    priority: 10\n    override: urgent\n'),
    );
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-E208@10:15']);
    expect(r.diagnostics[0]?.message.en).toBe(
      '"urgent" is not an override level; expected critical, high, normal or low',
    );
    expect(r.diagnostics[0]?.fix).toBeUndefined();
  });

  it('"HIGH": fixed to high', () => {
    const text = doc(
      valid().replace('    priority: 10\n', '    priority: 10\n    override: HIGH\n'),
    );
    const fixed = applyFix(text, 'ERDL-E208');
    expect(fixed).toContain('    override: high\n');
    expect(diag(fixed)).toEqual([]);
    expect(compileDocument(fixed).document?.rules[0]?.override).toBe('high');
  });

  it('a number', () => {
    const text = doc(valid().replace('    priority: 10\n', '    priority: 10\n    override: 1\n'));
    expect(diag(text)).toEqual(['ERDL-E208@10:15']);
  });
});

describe('ring (E209)', () => {
  const withRing = (v: string) =>
    doc(valid().replace('    priority: 10\n', `    priority: 10\n    ring: ${v}\n`));

  it.each(['4', '"1"', '-1', '1.0', '1.5', 'kernel', '01', 'null'])('ring: %s', (v) => {
    const text = withRing(v);
    const r = compileDocument(text);
    expect(diag(text).filter((d) => !d.startsWith('ERDL-W701'))).toEqual(['ERDL-E209@10:11']);
    expect(r.diagnostics.find((d) => d.code === 'ERDL-E209')?.message.en).toBe(
      `ring must be an integer from 0 to 3; got ${v}`,
    );
  });

  it.each([0, 1, 2, 3])('ring: %i', (n) => {
    const r = compileDocument(withRing(String(n)));
    expect(r.diagnostics).toEqual([]);
    expect(r.document?.rules[0]?.ring).toBe(n);
  });
});

describe('priority (E210, I-13)', () => {
  const withPriority = (v: string) => doc(valid().replace('priority: 10', `priority: ${v}`));

  it.each(['1.5', '"10"', '10.0', '1e1', 'true', 'high', '[1]', '9007199254740993'])(
    'priority: %s',
    (v) => {
      const text = withPriority(v);
      expect(diag(text).filter((d) => !d.startsWith('ERDL-W701'))).toEqual(['ERDL-E210@9:15']);
      const shown = v === '[1]' ? '…' : v;
      expect(
        compileDocument(text).diagnostics.find((d) => d.code === 'ERDL-E210')?.message.en,
      ).toBe(`priority must be an integer; got ${shown}`);
    },
  );

  it.each([
    ['0', 0],
    ['-5', -5],
    ['+7', 7],
    ['1000000', 1000000],
  ])('priority: %s', (v, n) => {
    const r = compileDocument(withPriority(v));
    expect(r.diagnostics).toEqual([]);
    expect(r.document?.rules[0]?.priority).toBe(n);
  });
});

describe('enabled (E108)', () => {
  it.each(['yes', '"true"', '1'])('enabled: %s', (v) => {
    const text = doc(
      valid().replace('    priority: 10\n', `    priority: 10\n    enabled: ${v}\n`),
    );
    expect(diag(text).filter((d) => !d.startsWith('ERDL-W701'))).toEqual(['ERDL-E108@10:14']);
  });
});

describe('blocking decisions need a message (E211, I-9)', () => {
  const noMessage = (then: string) =>
    doc(rule('"SEC-001-x"', 'description: "d"', 'priority: 10', ...SIMPLE_WHEN, `then: ${then}`));

  it.each([
    'DENY',
    'CORRECT',
    'REQUEST_HUMAN',
    'ESCALATE',
    'DELEGATE',
    'DEFER',
    'EMERGENCY_HALT',
    'ROLLBACK',
    'QUARANTINE',
    'WORKFLOW',
  ])('%s without a message: E211 at then', (then) => {
    const text = noMessage(then);
    expect(diag(text)).toEqual(['ERDL-E211@16:11']);
    expect(compileDocument(text).diagnostics[0]?.message.en).toBe(
      `A blocking decision (${then}) needs a non-empty message`,
    );
  });

  it.each(['ALLOW', 'NOTIFY', 'GUIDE'])('%s needs none', (then) => {
    expect(diag(noMessage(then))).toEqual([]);
  });

  it('the fix inserts a message line after then, and the result has no E211', () => {
    const text = noMessage('DENY');
    const d = compileDocument(text).diagnostics[0];
    expect(d?.fix?.edits).toHaveLength(1);
    const fixed = applyFix(text, 'ERDL-E211');
    expect(fixed).toBe(`${text}    message: "TODO: say why this is DENY"\n`);
    expect(diag(fixed)).toEqual([]);
  });

  it('the fix works when then is the last line without a newline', () => {
    const text = noMessage('DENY').replace(/\n$/, '');
    const fixed = applyFix(text, 'ERDL-E211');
    expect(fixed).toBe(`${text}\n    message: "TODO: say why this is DENY"\n`);
    expect(diag(fixed)).toEqual([]);
  });

  it('the fix inserts after then, before the fields that follow it', () => {
    const text = doc(
      rule(
        '"SEC-001-x"',
        'description: "d"',
        'priority: 10',
        ...SIMPLE_WHEN,
        'then: DENY',
        'unless: null',
      ),
    );
    const fixed = applyFix(text, 'ERDL-E211');
    expect(fixed).toContain(
      '    then: DENY\n    message: "TODO: say why this is DENY"\n    unless: null\n',
    );
    expect(diag(fixed)).toEqual([]);
  });

  it.each(['""', '"   "'])('message: %s is E211 at the message, without a fix', (empty) => {
    const text = doc(valid().replace('"Approval required"', empty));
    const d = compileDocument(text).diagnostics;
    expect(diag(text)).toEqual(['ERDL-E211@17:14']);
    expect(d[0]?.fix).toBeUndefined();
  });

  it('a block-scalar message counts', () => {
    const text = doc(
      valid().replace(
        '    message: "Approval required"\n',
        '    message: |\n      Approval\n      required\n',
      ),
    );
    const r = compileDocument(text);
    expect(r.diagnostics).toEqual([]);
    expect(r.document?.rules[0]?.message).toBe('Approval\nrequired\n');
  });
});

describe('decision tables own no then (E213)', () => {
  const table = (...entryExtra: string[]) =>
    doc(
      rule(
        '"FIN-001-refund-table"',
        'description: "d"',
        'priority: 10',
        'when:',
        '  kind: decision_table',
        '  columns:',
        '    - field: "context.amount"',
        '      label: "amount"',
        '  rows:',
        '    - when: [["gte", 10000]]',
        '      then: REQUEST_HUMAN',
        '      message: "Large refund"',
        '    - when: []',
        '      then: ALLOW',
        ...entryExtra,
      ),
    );

  it('a table rule loads, one compiled rule per row', () => {
    const r = compileDocument(table());
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.document?.rules.map((x) => [x.name, x.then])).toEqual([
      ['FIN-001-refund-table#1', 'REQUEST_HUMAN'],
      ['FIN-001-refund-table#2', 'ALLOW'],
    ]);
  });

  it('with its own then: E213 at that then', () => {
    const text = table('then: DENY');
    expect(diag(text).filter((d) => d.startsWith('ERDL-E'))).toEqual(['ERDL-E213@21:11']);
  });

  it('a blocking row without a message (and none inherited) is E211 at the row then', () => {
    const text = table().replace('          message: "Large refund"\n', '');
    expect(diag(text).filter((d) => d.startsWith('ERDL-E'))).toEqual(['ERDL-E211@17:17']);
    const fixed = applyFix(text, 'ERDL-E211');
    expect(fixed).toContain(
      '          then: REQUEST_HUMAN\n          message: "TODO: say why this is REQUEST_HUMAN"\n',
    );
    expect(codes(fixed).filter((c) => c.startsWith('ERDL-E'))).toEqual([]);
  });
});

describe('explanation / alternative (E214)', () => {
  const withField = (...ls: string[]) => doc(valid() + ls.map((l) => `    ${l}\n`).join(''));

  it('explanation as a list: E214 at the value', () => {
    const text = withField('explanation:', '  - "one"', '  - "two"');
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-E214@19:7']);
    expect(r.diagnostics[0]?.message.en).toBe(
      'explanation must be a string or a mapping with zh and en',
    );
  });

  it.each([
    ['explanation: 42', 18, 18],
    ['alternative: true', 18, 18],
    ['explanation: {fr: "non"}', 18, 18],
    ['explanation: {zh: "中", en: 3}', 18, 18],
    ['alternative: {}', 18, 18],
  ])('%s', (line, l, c) => {
    expect(diag(withField(line)).filter((d) => !d.startsWith('ERDL-W'))).toEqual([
      `ERDL-E214@${l}:${c}`,
    ]);
  });

  it.each([
    'explanation: "why"',
    'explanation: {en: "why"}',
    'alternative: {zh: "改用", en: "use"}',
  ])('%s loads', (line) => {
    expect(diag(withField(line))).toEqual([]);
  });
});
