import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { formatCell, parseCell, renderCellYaml } from './cell-text';

/** A one-rule table document whose only condition cell is `cellYaml`. */
function table(cellYaml: string): string {
  return `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "t"
  decision: DENY
rules:
  - name: "TBL-001-table"
    description: "d"
    priority: 1
    when:
      kind: decision_table
      columns:
        - field: "a"
      rows:
        - when: [${cellYaml}]
          then: ALLOW
          priority: 2
          message: "m"
        - when: []
          then: DENY
          priority: 1
          message: "m"
`;
}

describe('a cell written as YAML reads back exactly', () => {
  it('DEL and C1 controls are escaped (raw, the kernel refuses the document as binary)', () => {
    const parsed = parseCell('"a\\u007fb\\u009bc"');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const yaml = renderCellYaml(parsed.cell);
    expect(yaml).not.toMatch(/[\u007f-\u009f]/);
    expect(yaml).toContain('\\u007f');
    const result = compileDocument(table(yaml));
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('property: any printable string value survives render → parse', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), (s) => {
        const cell = {
          kind: 'op',
          op: 'eq',
          value: { kind: 'scalar', value: s, source: JSON.stringify(s) },
        } as const;
        const text = formatCell(cell as never);
        const back = parseCell(text);
        expect(back.ok).toBe(true);
        if (back.ok && back.cell.kind !== 'any' && 'value' in back.cell)
          expect((back.cell.value as { value: unknown }).value).toBe(s);
      }),
    );
  });
});
