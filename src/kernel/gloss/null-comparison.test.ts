// Issue #37 point 3 / ruling I-32: a comparison with null matches a missing field too, and every
// writing form's gloss says so in both languages (the wording is I-94's).
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { glossDocument } from './document';

const TEXT = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "t"
  decision: ALLOW
rules:
  - name: "PAY-001-simple"
    description: "d"
    priority: 10
    when:
      logic: AND
      conditions:
        - field: "context.order.approver"
          operator: eq
          value: null
    then: DENY
    message: "m"
  - name: "PAY-002-expr"
    description: "d"
    priority: 20
    when:
      expr: { eq: [null, { field: "context.order.approver" }] }
    then: DENY
    message: "m"
  - name: "PAY-003-ne"
    description: "d"
    priority: 30
    when:
      expr: { ne: [{ field: "context.order.approver" }, null] }
    then: DENY
    message: "m"
  - name: "PAY-004-table"
    description: "d"
    priority: 40
    when:
      kind: decision_table
      columns:
        - field: "context.order.approver"
          label: { zh: "审批人", en: "approver" }
      rows:
        - name: "none"
          when: [[eq, null]]
          then: DENY
          message: "m"
        - name: "some"
          when: [[ne, null]]
          then: ALLOW
`;

describe('the gloss of a null comparison (I-32)', () => {
  const compiled = compileDocument(TEXT);
  const gloss = (lang: 'en' | 'zh') =>
    Object.fromEntries(
      (glossDocument(compiled, { lang }) ?? []).map((r) => [r.name, r.gloss.text]),
    );

  it('says "null or missing" in every form, and "present and not null" for ne', () => {
    const en = gloss('en');
    expect(en['PAY-001-simple']).toContain('is null or missing');
    expect(en['PAY-002-expr']).toContain('approver is null or missing');
    expect(en['PAY-003-ne']).toContain('is present and not null');
    expect(en['PAY-004-table#none']).toContain('approver is null or missing');
    expect(en['PAY-004-table#some']).toContain('approver is present and not null');
    for (const text of Object.values(en)) expect(text).not.toMatch(/equals null/);
  });

  it('says 为空或未提供 in Chinese, never 等于 null', () => {
    const zh = gloss('zh');
    expect(zh['PAY-001-simple']).toContain('为空或未提供');
    expect(zh['PAY-002-expr']).toContain('为空或未提供');
    expect(zh['PAY-003-ne']).toContain('已提供且不为空');
    expect(zh['PAY-004-table#none']).toContain('审批人为空或未提供');
    expect(zh['PAY-004-table#some']).toContain('审批人已提供且不为空');
    for (const text of Object.values(zh)) expect(text).not.toMatch(/等于\s*(null|空)/);
  });
});
