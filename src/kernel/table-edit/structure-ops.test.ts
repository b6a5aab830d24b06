import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import {
  DECISION_NAMES,
  type Decision,
  decisionInfo,
  isBlockingDecision,
} from '../vocabulary/decisions';
import {
  applyTextEdits,
  checkFieldPath,
  checkTableName,
  defaultRowRemoval,
  failClosedDecision,
  newTableEdit,
  readTables,
  type StructureOp,
  suiteCasesNamingTable,
  type TableModel,
  type TableOp,
  tableEdit,
} from './index';

// Issue 36 point 6: structure in the grid — a column's field and label, the default row, the
// table's name and description — as minimal text edits, checked like every grid edit.

/** The loan example as shipped before issue 36 (unnamed rows: `FIN-201-loan-decision#<n>`). */
const LOAN = `# §5.4 style decision table: a loan decision by credit score and amount.
# Rows are read from the top and the first matching row decides; "-" means "any value".
# The last row (when: []) is the default: whatever no row above caught is declined.
protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "loan-decision"
  description: "Consumer loan decision by credit score and amount"
  category: finance
  decision: DENY
  tags: [decision-table, example]
rules:
  - name: "FIN-201-loan-decision"
    description: "Loan applications are approved, reviewed, escalated or declined"
    priority: 10
    when:
      kind: decision_table
      columns:
        # Column labels name each field in both languages (the gloss reads them, G3).
        - field: "context.credit_score"
          label: { zh: "信用评分", en: "credit score" }
        - field: "context.amount"
          label: { zh: "贷款金额", en: "loan amount" }
      rows:
        # A poor score is declined whatever the amount.
        - when: [[lt, 580], "-"]
          then: DENY
          message: "Credit score below 580, loan declined"
        # Good score, small loan: approved automatically.
        - when: [[gte, 700], [lte, 20000]]
          then: ALLOW
        # Good score, large loan: a loan officer decides.
        - when: [[gte, 700], [gt, 20000]]
          then: REQUEST_HUMAN
          message: "Large loan, loan officer approval required"
        # Fair score: up to 5000 goes to a senior officer.
        - when: [[between, [580, 699]], [lte, 5000]]
          then: ESCALATE
          message: "Fair credit score, escalated to a senior officer"
        # Default row: everything else is declined.
        - when: []
          then: DENY
          message: "Application outside the approval matrix, loan declined"
`;
const LOAN_SUITE = `suite: "loan-decision"
cases:
  - name: "case 1"
    fact: { context: { credit_score: 540, amount: 1000 } }
    expect: { decision: DENY, matched_rules: ["FIN-201-loan-decision#1"] }
  - name: "case 2"
    fact: { context: { credit_score: 540, amount: 1000 } }
    expect: { decision: DENY, matched_rules: ["FIN-201-loan-decision#2"] }
  - name: "case 3"
    fact: { context: { credit_score: 540, amount: 1000 } }
    expect: { decision: DENY, matched_rules: ["FIN-201-loan-decision#3"] }
  - name: "case 4"
    fact: { context: { credit_score: 540, amount: 1000 } }
    expect: { decision: DENY, matched_rules: ["FIN-201-loan-decision#4"] }
  - name: "other table"
    fact: { context: { credit_score: 540 } }
    expect: { decision: DENY, matched_rules: ["FIN-201-loan#1"] }
  - name: "unchecked"
    fact: { context: { credit_score: 540 } }
sequences:
  - name: "twice"
    events:
      - as_of: "2026-01-15T09:00:00Z"
        fact: { context: { credit_score: 540 } }
        expect: { decision: DENY, matched_rules: ["FIN-201-loan-decision#default"] }
`;
const ENTRY = 'FIN-201-loan-decision';

const tableOf = (text: string, entry = ENTRY): TableModel => {
  const read = readTables(text);
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  const t = read.tables.find((x) => x.entry === entry);
  if (!t) throw new Error(`no table ${entry}`);
  return t;
};

/** Applies `op`; returns the edited text (throws with the refusal otherwise). */
function run(text: string, op: TableOp, entry = ENTRY): string {
  const out = tableEdit(text, entry, op);
  if (!out.ok) throw new Error(out.message.en);
  return out.after.text;
}

const refusal = (text: string, op: TableOp, entry = ENTRY) => {
  const out = tableEdit(text, entry, op);
  if (out.ok) throw new Error('accepted');
  return out.message;
};

const errors = (text: string) =>
  compileDocument(text).diagnostics.filter((d) => d.severity === 'error');

/** rule name → rule hash, for every compiled rule. */
const hashes = (text: string) => {
  const doc = compileDocument(text).document;
  if (!doc) throw new Error('does not compile');
  return new Map(doc.rules.map((r) => [r.name, r.hash]));
};

/** The lines that differ between two texts (a minimal edit touches only its own lines). */
const changedLines = (a: string, b: string) => {
  const x = a.split('\n');
  const y = b.split('\n');
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  let j = 0;
  while (j < x.length - i && x[x.length - 1 - j] === y[y.length - 1 - j]) j++;
  return { removed: x.slice(i, x.length - j), added: y.slice(i, y.length - j) };
};

const NO_DEFAULT = LOAN.replace(
  / {8}# Default row: everything else is declined\.\n {8}- when: \[\]\n {10}then: DENY\n {10}message: "[^"]*"\n/,
  '',
);
let k = 0;
/** NO_DEFAULT with named rows r1 … r4. */
const NAMED = NO_DEFAULT.replace(
  / {8}- when: \[\[/g,
  () => `        - name: "r${++k}"\n          when: [[`,
);
const ALLOW_FALLBACK = (text: string) => text.replace('  decision: DENY\n', '  decision: ALLOW\n');

describe('a column’s field path', () => {
  it('is renamed in place, nothing else changes', () => {
    const after = run(LOAN, { kind: 'setColumnField', column: 1, field: 'context.loan_amount' });
    expect(changedLines(LOAN, after)).toEqual({
      removed: ['        - field: "context.amount"'],
      added: ['        - field: "context.loan_amount"'],
    });
    expect(tableOf(after).columns[1]?.field).toBe('context.loan_amount');
    expect(errors(after)).toEqual([]);
  });

  it('accepts every path the validator accepts (Chinese names, hyphens)', () => {
    const after = run(LOAN, { kind: 'setColumnField', column: 0, field: 'context.信用-评分' });
    expect(tableOf(after).columns[0]?.field).toBe('context.信用-评分');
    expect(errors(after)).toEqual([]);
  });

  it('refuses what the validator refuses, saying where', () => {
    const space = refusal(LOAN, {
      kind: 'setColumnField',
      column: 0,
      field: 'context.credit score',
    });
    expect(space.en).toBe(
      'At character 15 of "context.credit score": Invalid field path "context.credit score": dot-separated names, no empty segments or spaces (ERDL-E306)',
    );
    expect(space.en).toContain('ERDL-E306');
    expect(space.zh).toBe(
      '“context.credit score”第 15 个字符处：字段路径“context.credit score”无效：应为点分隔的名称，不能有空段或空格（ERDL-E306）',
    );
    const empty = refusal(LOAN, { kind: 'setColumnField', column: 0, field: 'context..score' });
    expect(empty.en).toContain('At character 8 of');
    const bidi = refusal(LOAN, { kind: 'setColumnField', column: 0, field: 'context.\u202Escore' });
    expect(bidi.en).toContain('At character 9 of');
    expect(bidi.en).toContain('ERDL-E025');
    expect(refusal(LOAN, { kind: 'setColumnField', column: 0, field: ' ' }).zh).toBe(
      '列需要字段路径',
    );
  });

  it('a namespace the validator only warns about is accepted (ERDL-W316 said by checkFieldPath)', () => {
    expect(checkFieldPath('contxt.amount').error).toBeNull();
    expect(checkFieldPath('contxt.amount').warning?.en).toContain('ERDL-W316');
    const after = run(LOAN, { kind: 'setColumnField', column: 1, field: 'contxt.amount' });
    expect(tableOf(after).columns[1]?.field).toBe('contxt.amount');
  });
});

describe('a column added from the header menu', () => {
  it('takes a label in both languages and any field path the validator accepts, in one edit', () => {
    const after = run(LOAN, {
      kind: 'addColumn',
      at: 2,
      field: 'context.期限',
      label: { zh: '期限', en: 'term' },
    });
    expect(tableOf(after).columns[2]).toMatchObject({
      field: 'context.期限',
      label: { zh: '期限', en: 'term' },
    });
    expect(errors(after)).toEqual([]);
    const m = refusal(LOAN, { kind: 'addColumn', at: 0, field: 'context. term' });
    expect(m.en).toContain('At character 9 of "context. term"');
  });
});

describe('a column’s label', () => {
  it('edits both languages in one step, in place', () => {
    const after = run(LOAN, {
      kind: 'setColumnLabel',
      column: 1,
      label: { zh: '申请金额', en: 'requested amount' },
    });
    expect(changedLines(LOAN, after)).toEqual({
      removed: ['          label: { zh: "贷款金额", en: "loan amount" }'],
      added: ['          label: { zh: "申请金额", en: "requested amount" }'],
    });
    expect(tableOf(after).columns[1]?.label).toEqual({ zh: '申请金额', en: 'requested amount' });
  });

  it('adds a label under the field, removes it, and leaves one language out', () => {
    const bare = run(LOAN, { kind: 'setColumnLabel', column: 0, label: null });
    expect(changedLines(LOAN, bare)).toEqual({
      removed: ['          label: { zh: "信用评分", en: "credit score" }'],
      added: [],
    });
    expect(tableOf(bare).columns[0]?.label).toBeUndefined();
    const en = run(bare, { kind: 'setColumnLabel', column: 0, label: { zh: '', en: 'score' } });
    expect(changedLines(bare, en).added).toEqual(['          label: { en: "score" }']);
    expect(tableOf(en).columns[0]?.label).toEqual({ en: 'score' });
    const plain = run(en, { kind: 'setColumnLabel', column: 0, label: '评分' });
    expect(tableOf(plain).columns[0]?.label).toBe('评分');
    expect(errors(plain)).toEqual([]);
  });

  it('a block-map label becomes one line', () => {
    const block = LOAN.replace(
      '          label: { zh: "贷款金额", en: "loan amount" }\n',
      '          label:\n            zh: "贷款金额"\n            en: "loan amount"\n',
    );
    expect(tableOf(block).columns[1]?.label).toEqual({ zh: '贷款金额', en: 'loan amount' });
    const after = run(block, {
      kind: 'setColumnLabel',
      column: 1,
      label: { zh: '金额', en: 'amount' },
    });
    expect(after).toContain('          label: { zh: "金额", en: "amount" }\n      rows:');
    const gone = run(block, { kind: 'setColumnLabel', column: 1, label: null });
    expect(gone).toContain('        - field: "context.amount"\n      rows:');
  });

  it('refuses a bidi control, saying where', () => {
    const m = refusal(LOAN, {
      kind: 'setColumnLabel',
      column: 0,
      label: { zh: '评\u202E分', en: 'x' },
    });
    expect(m.en).toContain('ERDL-E025');
    expect(m.zh).toContain('第 2 个字符处');
  });
});

describe('the default row', () => {
  it('is added at the end, failing closed with the document’s blocking fallback, saying so', () => {
    const after = run(NO_DEFAULT, { kind: 'addDefaultRow', lang: 'en' });
    const t = tableOf(after);
    const last = t.rows[t.rows.length - 1];
    expect(last?.isDefault).toBe(true);
    expect(last?.then).toBe('DENY');
    expect(last?.message).toBe(
      "No row above matches these inputs, so the operation is blocked (this table's default row fails closed)",
    );
    expect(errors(after)).toEqual([]);
    // The rows above keep their compiled names (row-identity.ts names them first, I-90).
    expect([...hashes(after).keys()]).toEqual([1, 2, 3, 4, 5].map((n) => `${ENTRY}#${n}`));
    // On a table of named rows, only lines added after the last row.
    const named = run(NAMED, { kind: 'addDefaultRow', lang: 'en' });
    expect(changedLines(NAMED, named)).toEqual({
      removed: [],
      added: [
        '        - name: "5"',
        '          when: []',
        '          then: DENY',
        `          message: "No row above matches these inputs, so the operation is blocked (this table's default row fails closed)"`,
      ],
    });
  });

  it('decides DENY when the fallback is not blocking, the fallback when it is', () => {
    const allow = run(ALLOW_FALLBACK(NO_DEFAULT), { kind: 'addDefaultRow', lang: 'zh' });
    const row = tableOf(allow).rows.at(-1);
    expect(row?.then).toBe('DENY');
    expect(row?.message).toBe('上方没有任何行匹配这些输入，因此拦截（本表的默认行，失败关闭）');
    const human = run(NO_DEFAULT.replace('  decision: DENY\n', '  decision: REQUEST_HUMAN\n'), {
      kind: 'addDefaultRow',
      lang: 'en',
    });
    expect(tableOf(human).rows.at(-1)?.then).toBe('REQUEST_HUMAN');
  });

  it('property: the added row decides the fallback when blocking, else DENY', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DECISION_NAMES), (fallback) => {
        const text = NO_DEFAULT.replace('  decision: DENY\n', `  decision: ${fallback}\n`);
        const row = tableOf(run(text, { kind: 'addDefaultRow', lang: 'en' })).rows.at(-1);
        expect(row?.isDefault).toBe(true);
        expect(row?.then).toBe(isBlockingDecision(fallback) ? fallback : 'DENY');
        expect(failClosedDecision(fallback)).toBe(row?.then);
        expect(isBlockingDecision(row?.then as Decision)).toBe(true);
      }),
      { numRuns: 13 },
    );
  });

  it('is not added twice, nor below a row that already matches everything', () => {
    expect(refusal(LOAN, { kind: 'addDefaultRow', lang: 'en' }).en).toContain(
      'row 5 is already the default row',
    );
    const catchAll = NO_DEFAULT.replace('[[between, [580, 699]], [lte, 5000]]', '["-", "-"]');
    expect(refusal(catchAll, { kind: 'addDefaultRow', lang: 'en' }).zh).toContain(
      '第 4 行已匹配所有输入',
    );
  });

  it('is named as every other row is: a neutral name, never its decision', () => {
    const after = run(NAMED.replace('name: "r3"', 'name: "5"'), {
      kind: 'addDefaultRow',
      lang: 'en',
    });
    expect(tableOf(after).rows.map((r) => r.name)).toEqual(['r1', 'r2', '5', 'r4', '6']);
  });

  it('is removed when the fallback blocks as much or more', () => {
    const after = run(LOAN, { kind: 'removeDefaultRow' });
    expect(tableOf(after).rows.some((r) => r.isDefault)).toBe(false);
    // Its comment line goes with it.
    expect(after).not.toContain('# Default row');
    expect(tableOf(after).rows).toHaveLength(4);
  });

  it('removing it when the fallback is less blocking widens the table: refused unless confirmed', () => {
    const text = ALLOW_FALLBACK(LOAN);
    const m = refusal(text, { kind: 'removeDefaultRow' });
    expect(m.en).toBe(
      "Removing the default row widens what the table allows: inputs no row matches would be decided by the document's fallback decision ALLOW (allow) instead of this row's DENY (block). Confirm to remove it anyway.",
    );
    expect(m.zh).toContain('兜底决策 ALLOW（放行）');
    const after = run(text, { kind: 'removeDefaultRow', confirm: true });
    expect(tableOf(after).rows.some((r) => r.isDefault)).toBe(false);
  });

  it('says that another rule of the document may decide first, when one may', () => {
    const two = ALLOW_FALLBACK(LOAN).replace(
      'rules:\n',
      'rules:\n  - name: "FIN-100-other"\n    description: "x"\n    priority: 1\n    when:\n      logic: AND\n      conditions:\n        - { field: "context.a", operator: eq, value: 1 }\n    then: ALLOW\n',
    );
    const m = refusal(two, { kind: 'removeDefaultRow' });
    expect(m.en).toContain(
      "inputs no row matches would be decided, unless another rule of the document decides them, by the document's fallback decision ALLOW (allow)",
    );
    expect(m.zh).toContain(
      '没有任何行匹配的输入，除非本文档的其他规则对其作出决策，否则将由文档的兜底决策 ALLOW（放行）决定',
    );
    const disabled = two.replace('    then: ALLOW\n', '    enabled: false\n    then: ALLOW\n');
    expect(refusal(disabled, { kind: 'removeDefaultRow' }).en).not.toContain('unless');
  });

  it('property: removal widens exactly when the fallback is less restrictive than the row', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DECISION_NAMES),
        fc.constantFrom(...DECISION_NAMES.filter(isBlockingDecision)),
        (fallback, row) => {
          const text = LOAN.replace('  decision: DENY\n', `  decision: ${fallback}\n`).replace(
            /(- when: \[\]\n {10}then: )DENY/,
            `$1${row}`,
          );
          const t = tableOf(text);
          const removal = defaultRowRemoval(t, { fallback, othersMayDecide: false });
          const widens =
            (decisionInfo(fallback)?.restrictiveness ?? 0) <
            (decisionInfo(row)?.restrictiveness ?? 0);
          expect(removal?.widens).toBe(widens);
          const out = tableEdit(text, ENTRY, { kind: 'removeDefaultRow' });
          expect(out.ok).toBe(!widens);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a table of the default row alone keeps it', () => {
    const only = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "x"
  description: "x"
  decision: DENY
rules:
  - name: "T-1"
    description: "x"
    priority: 1
    when:
      kind: decision_table
      columns:
        - field: "context.a"
      rows:
        - when: []
          then: ALLOW
`;
    expect(refusal(only, { kind: 'removeDefaultRow' }, 'T-1').en).toBe(
      'a decision table needs at least one row',
    );
    expect(refusal(NO_DEFAULT, { kind: 'removeDefaultRow' }).en).toBe(
      'this table has no default row',
    );
  });
});

describe('the table’s name and description', () => {
  it('renames the entry in place: every row’s compiled name follows', () => {
    const after = run(LOAN, { kind: 'setTableName', name: 'FIN-202-credit-limit' });
    expect(changedLines(LOAN, after)).toEqual({
      removed: ['  - name: "FIN-201-loan-decision"'],
      added: ['  - name: "FIN-202-credit-limit"'],
    });
    expect([...hashes(after).keys()]).toEqual(
      [1, 2, 3, 4, 5].map((n) => `FIN-202-credit-limit#${n}`),
    );
  });

  it('validates the name as the validator does', () => {
    const hash = refusal(LOAN, { kind: 'setTableName', name: 'FIN-201#x' });
    expect(hash.en).toContain('ERDL-E206');
    expect(hash.en).toContain('At character 8 of');
    expect(refusal(LOAN, { kind: 'setTableName', name: '' }).en).toBe('a table needs a name');
    const two = LOAN.replace(
      'rules:\n',
      'rules:\n  - name: "FIN-100-other"\n    description: "x"\n    priority: 1\n    when:\n      logic: AND\n      conditions:\n        - { field: "context.a", operator: eq, value: 1 }\n    then: ALLOW\n',
    );
    expect(refusal(two, { kind: 'setTableName', name: 'FIN-100-other' }).en).toContain('ERDL-E204');
    expect(refusal(two, { kind: 'setTableName', name: 'FIN-100-other\u200B' }).en).toContain(
      'ERDL-E215',
    );
    // Not [CAT]-[NNN]-description: accepted with the validator's warning.
    expect(checkTableName('credit limits', []).error).toBeNull();
    expect(checkTableName('credit limits', []).warning?.en).toContain('ERDL-W205');
    expect(
      tableOf(run(LOAN, { kind: 'setTableName', name: 'credit limits' }), 'credit limits'),
    ).toBeTruthy();
  });

  it('describes the table in place, or under its name when it has no description', () => {
    const after = run(LOAN, { kind: 'setTableDescription', description: 'Credit limits by score' });
    expect(changedLines(LOAN, after)).toEqual({
      removed: [
        '    description: "Loan applications are approved, reviewed, escalated or declined"',
      ],
      added: ['    description: "Credit limits by score"'],
    });
    const none = LOAN.replace(
      '    description: "Loan applications are approved, reviewed, escalated or declined"\n',
      '',
    );
    const added = run(none, { kind: 'setTableDescription', description: '信用额度' });
    expect(added).toContain('  - name: "FIN-201-loan-decision"\n    description: "信用额度"\n');
    expect(errors(added)).toEqual([]);
    const block = LOAN.replace(
      '    description: "Loan applications are approved, reviewed, escalated or declined"\n',
      '    description: |\n      Loan applications are approved,\n      reviewed or declined\n',
    );
    const flat = run(block, { kind: 'setTableDescription', description: 'one line' });
    expect(flat).toContain('    description: "one line"\n    priority: 10\n');
    expect(errors(flat)).toEqual([]);
    expect(refusal(LOAN, { kind: 'setTableDescription', description: 'a\u202Eb' }).en).toContain(
      'ERDL-E025',
    );
  });

  it('counts the suite cases that name the table’s rows', () => {
    expect(suiteCasesNamingTable(LOAN_SUITE, ENTRY)).toBe(5);
    expect(suiteCasesNamingTable(LOAN_SUITE, 'FIN-201-loan')).toBe(1);
    expect(suiteCasesNamingTable('', ENTRY)).toBe(0);
    expect(suiteCasesNamingTable('cases: [', ENTRY)).toBe(0);
  });
});

describe('relabel, rename and describe never change a rule hash', () => {
  const ops = fc.oneof(
    fc
      .record({
        column: fc.integer({ min: 0, max: 1 }),
        zh: fc.string({ maxLength: 8 }),
        en: fc.string({ maxLength: 8 }),
      })
      .map(
        ({ column, zh, en }): StructureOp => ({
          kind: 'setColumnLabel',
          column,
          label: { zh, en },
        }),
      ),
    fc
      .string({ maxLength: 20 })
      .map((d): StructureOp => ({ kind: 'setTableDescription', description: d })),
    fc
      .stringMatching(/^[A-Z]{3}-\d{3}-[a-z]{1,8}$/)
      .map((name): StructureOp => ({ kind: 'setTableName', name })),
  );
  it('property', () => {
    const before = hashes(LOAN);
    fc.assert(
      fc.property(ops, (op) => {
        const out = tableEdit(LOAN, ENTRY, op);
        if (!out.ok) {
          // Only what the validator refuses (a bidi control, say) is refused.
          expect(out.message.en).toMatch(/ERDL-E|needs/);
          return;
        }
        const after = hashes(out.after.text);
        // Renaming the table renames every row (I-75): same hashes, in the same order.
        expect([...after.values()]).toEqual([...before.values()]);
        if (op.kind !== 'setTableName') expect([...after.keys()]).toEqual([...before.keys()]);
      }),
      { numRuns: 40 },
    );
  });
});

describe('a new table', () => {
  const NEW = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "n"
  description: "n"
  category: finance
  decision: ALLOW
rules:
  - name: "FIN-001-a"
    description: "a"
    priority: 10
    when:
      logic: AND
      conditions:
        - field: "context.a"
          operator: eq
          value: 1
    then: ALLOW
`;
  it('starts with a default row failing closed, saying so, and loads without errors', () => {
    const out = newTableEdit(NEW, { name: 'table-1', field: 'context.score', lang: 'en' });
    if (!out.ok) throw new Error(out.message.en);
    const text = applyTextEdits(NEW, [out.edit]) as string;
    expect(errors(text)).toEqual([]);
    const t = tableOf(text, 'table-1');
    expect(t.columns.map((c) => c.field)).toEqual(['context.score']);
    const def = t.rows.at(-1);
    expect(def?.isDefault).toBe(true);
    // The fallback is ALLOW (not blocking): the table fails closed with DENY.
    expect(def?.then).toBe('DENY');
    expect(def?.message).toContain("this table's default row fails closed");
    // The first row widens nothing: an input without the field is blocked, as the default would.
    expect(t.rows[0]).toMatchObject({
      then: 'DENY',
      message: 'context.score is missing, so the operation is blocked',
      cells: [{ kind: 'condition', op: 'not_exists' }],
    });
    // Named from the start (I-90).
    expect(t.rows.map((r) => r.name)).toEqual(['1', '2']);
  });

  it('uses a blocking fallback, writes its texts in the UI language, and never repeats a name', () => {
    const text = NEW.replace('decision: ALLOW\n', 'decision: ESCALATE\n').replace(
      '"FIN-001-a"',
      '"table-1"',
    );
    const out = newTableEdit(text, { name: 'table-1', field: 'context.分数', lang: 'zh' });
    if (!out.ok) throw new Error(out.message.en);
    const after = applyTextEdits(text, [out.edit]) as string;
    const t = tableOf(after, 'table-1-2');
    expect(t.rows.map((r) => r.then)).toEqual(['ESCALATE', 'ESCALATE']);
    expect(t.rows[0]?.message).toBe('缺少字段“context.分数”，因此升级处理');
    expect(t.rows.at(-1)?.message).toBe(
      '上方没有任何行匹配这些输入，因此升级处理（本表的默认行，失败关闭）',
    );
    expect(errors(after)).toEqual([]);
  });

  it('refuses a field path the validator refuses', () => {
    const out = newTableEdit(NEW, { name: 't', field: 'context. a', lang: 'en' });
    expect(out.ok).toBe(false);
  });
});
