// §7.4 `when` minimum completeness (and the §2.3 exception): rulings I-9, I-10, I-11 in
// docs/interpretations.md.
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { applyFix, diag, doc, HEADER, lines } from '../test-support';
import { DECISION_NAMES, isBlockingDecision } from '../vocabulary/decisions';

/** A rule with `when: "true"` (line 10, value at column 11) and the given then and extras. */
const always = (then: string, ...extra: string[]) =>
  doc(
    lines(
      '  - name: "SEC-001-always"',
      '    description: "d"',
      '    priority: 10',
      '    when: "true"',
      `    then: ${then}`,
      ...extra.map((l) => `    ${l}`),
    ),
  );

/** A Simple rule testing `conditions` (each [field, operator, value]); `when` is on line 10. */
const simple = (conditions: [string, string, string][], ...extra: string[]) =>
  doc(
    lines(
      '  - name: "SEC-001-guard"',
      '    description: "d"',
      '    priority: 10',
      '    when:',
      '      logic: AND',
      '      conditions:',
      ...conditions.flatMap(([f, o, v]) => [
        `        - field: "${f}"`,
        `          operator: ${o}`,
        `          value: ${v}`,
      ]),
      '    then: NOTIFY',
      ...extra.map((l) => `    ${l}`),
    ),
  );

describe('when: "true" with a blocking decision (E801)', () => {
  it.each(['DENY', 'EMERGENCY_HALT', 'CORRECT', 'REQUEST_HUMAN'])(
    '%s (named in §7.4): E801 at the when value',
    (then) => {
      const text = always(then, 'message: "m"');
      const r = compileDocument(text);
      expect(diag(text)).toEqual(['ERDL-E801@10:11']);
      expect(r.ok).toBe(false);
      expect(r.diagnostics[0]?.message.en).toBe(
        `when: "true" must not pair with the blocking decision ${then} (§7.4, §2.3)`,
      );
      expect(r.diagnostics[0]?.message.zh).toContain(then);
    },
  );

  it('ESCALATE is blocking too (I-9): E801', () => {
    expect(diag(always('ESCALATE', 'message: "m"'))).toEqual(['ERDL-E801@10:11']);
  });

  it('every blocking decision, and only those, is refused with when: "true"', () => {
    for (const then of DECISION_NAMES) {
      const extra = then === 'ALLOW' ? ['instruction: "i"'] : ['message: "m"'];
      const got = diag(always(then, ...extra));
      expect(got, then).toEqual(isBlockingDecision(then) ? ['ERDL-E801@10:11'] : []);
    }
  });

  it('the §7.4 blocking decisions are blocking in the vocabulary', () => {
    for (const d of ['DENY', 'EMERGENCY_HALT', 'CORRECT', 'REQUEST_HUMAN', 'ESCALATE'] as const)
      expect(isBlockingDecision(d)).toBe(true);
    for (const d of ['ALLOW', 'NOTIFY', 'GUIDE'] as const)
      expect(isBlockingDecision(d)).toBe(false);
  });

  it('without a message as well: both E801 and E211', () => {
    expect(diag(always('DENY'))).toEqual(['ERDL-E801@10:11', 'ERDL-E211@11:11']);
  });

  it('a YAML boolean true is read as "true" (I318 with a fix) and still refused', () => {
    const text = always('DENY', 'message: "m"').replace('when: "true"', 'when: true');
    expect(diag(text)).toEqual(['ERDL-I318@10:11', 'ERDL-E801@10:11']);
    const fixed = applyFix(text, 'ERDL-I318');
    expect(fixed).toBe(always('DENY', 'message: "m"'));
  });

  it('a blocking rule with a real condition is fine', () => {
    expect(
      diag(
        simple([['tool.name', 'eq', '"issue_refund"']]).replace(
          'then: NOTIFY',
          'then: DENY\n    message: "m"',
        ),
      ),
    ).toEqual([]);
  });
});

describe('when: "true" with advisory decisions', () => {
  it('ALLOW without an instruction: W803 warning, still loads', () => {
    const text = always('ALLOW');
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-W803@10:11']);
    expect(r.ok).toBe(true);
    expect(r.document?.rules[0]?.form).toBe('true');
  });

  it('ALLOW + instruction: nothing', () => {
    expect(diag(always('ALLOW', 'instruction: "Log every call"'))).toEqual([]);
  });

  it('ALLOW with an empty instruction still warns', () => {
    expect(diag(always('ALLOW', 'instruction: ""'))).toEqual(['ERDL-W803@10:11']);
  });

  it.each(['NOTIFY', 'GUIDE'])('%s: nothing', (then) => {
    const r = compileDocument(always(then));
    expect(r.diagnostics).toEqual([]);
    expect(r.ok).toBe(true);
  });
});

describe('security rules need a condition (E802)', () => {
  it('rule category security with when: "true"', () => {
    const text = always('NOTIFY').replace(
      '    description: "d"\n',
      '    description: "d"\n    category: security\n',
    );
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-E802@11:11']);
    expect(r.ok).toBe(false);
  });

  it('category inherited from metadata.category', () => {
    const text = always('NOTIFY').replace(
      HEADER,
      HEADER.replace('  decision', '  category: security\n  decision'),
    );
    expect(diag(text)).toEqual(['ERDL-E802@11:11']);
  });

  it('a rule category overrides the inherited one', () => {
    const text = always('NOTIFY')
      .replace(HEADER, HEADER.replace('  decision', '  category: security\n  decision'))
      .replace('    description: "d"\n', '    description: "d"\n    category: coding\n');
    expect(diag(text)).toEqual([]);
  });

  it('security + blocking: E801 and E802', () => {
    const text = always('DENY', 'message: "m"').replace(
      '    description: "d"\n',
      '    description: "d"\n    category: security\n',
    );
    expect(diag(text)).toEqual(['ERDL-E801@11:11', 'ERDL-E802@11:11']);
  });

  it('a security rule with a condition is fine', () => {
    const text = simple([['tool.name', 'eq', '"x"']]).replace(
      '    description: "d"\n',
      '    description: "d"\n    category: security\n',
    );
    expect(diag(text)).toEqual([]);
  });
});

describe('SHOULD lines (W804, I-11)', () => {
  it('tool.* fields without tool.name: tool-interception warning at the when block', () => {
    const text = simple([['tool.args.path', 'starts_with', '"/etc"']]);
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-W804@11:7']);
    expect(r.ok).toBe(true);
    expect(r.diagnostics[0]?.message.en).toBe(
      'A tool-interception rule should test tool.name (§7.4)',
    );
  });

  it('file tool without tool.args.path', () => {
    const text = simple([['tool.name', 'eq', '"write_file"']]);
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-W804@11:7']);
    expect(r.diagnostics[0]?.message.en).toBe(
      'A file-operation rule should test tool.args.path (§7.4)',
    );
  });

  it('file tool with tool.args.path: nothing', () => {
    const text = simple([
      ['tool.name', 'eq', '"write_file"'],
      ['tool.args.path', 'starts_with', '"/etc"'],
    ]);
    expect(diag(text)).toEqual([]);
  });

  it('shell tool without tool.args.command', () => {
    const text = simple([['tool.name', 'eq', '"run_shell_command"']]);
    const r = compileDocument(text);
    expect(diag(text)).toEqual(['ERDL-W804@11:7']);
    expect(r.diagnostics[0]?.message.en).toBe(
      'A command-operation rule should test tool.args.command (§7.4)',
    );
  });

  it('shell tool with tool.args.command: nothing', () => {
    const text = simple([
      ['tool.name', 'eq', '"run_shell_command"'],
      ['tool.args.command', 'contains', '"rm -rf"'],
    ]);
    expect(diag(text)).toEqual([]);
  });

  it('an in-list naming a file tool and a shell tool: both warnings', () => {
    const text = simple([['tool.name', 'in', '["read_file", "bash"]']]);
    const r = compileDocument(text);
    expect(r.diagnostics.map((d) => d.message.en)).toEqual([
      'A file-operation rule should test tool.args.path (§7.4)',
      'A command-operation rule should test tool.args.command (§7.4)',
    ]);
  });

  it('a rule on context fields only is no tool rule', () => {
    expect(diag(simple([['context.amount', 'gt', '5000']]))).toEqual([]);
  });

  it('an Expression rule is checked the same way', () => {
    const text = doc(
      lines(
        '  - name: "SEC-001-guard"',
        '    description: "d"',
        '    priority: 10',
        '    when:',
        '      expr:',
        '        eq: [{ field: "tool.name" }, "delete_file"]',
        '    then: NOTIFY',
      ),
    );
    expect(diag(text)).toEqual(['ERDL-W804@11:7']);
  });
});
