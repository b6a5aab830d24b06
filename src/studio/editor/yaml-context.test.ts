import { describe, expect, it } from 'vitest';
import { enclosingKeys, exprOperandPrefix, fieldPathPrefix, readLine } from './yaml-context';

const doc = `protocol: "erdl/v2"
metadata:
  name: "refund-guard"
  decision: ALLOW
rules:
  - name: "SEC-001"
    description: "x"
    when:
      logic: AND
      conditions:
        # a comment
        - field: "tool.name"
          operator: eq
    then: REQUEST_HUMAN # why
`;
const lines = doc.split('\n');
const lineAt = (i: number) => lines[i] ?? '';

describe('readLine', () => {
  it('reads keys, dashes and values with their columns', () => {
    expect(readLine('    then: REQUEST_HUMAN # why')).toMatchObject({
      key: 'then',
      keyStart: 4,
      keyEnd: 8,
      value: 'REQUEST_HUMAN',
      valueStart: 10,
      valueEnd: 23,
      dashes: [],
    });
    expect(readLine('  - name: "SEC-001"')).toMatchObject({
      key: 'name',
      keyStart: 4,
      dashes: [2],
      value: 'SEC-001',
      valueStart: 11,
      valueEnd: 18,
    });
    expect(readLine('rules:')).toMatchObject({ key: 'rules', value: null });
    expect(readLine('  - - x')).toMatchObject({ key: null, dashes: [2, 4] });
    expect(readLine('when: {gt: [a, 1]}')).toMatchObject({ key: 'when', value: null });
  });
});

describe('enclosingKeys', () => {
  it('finds the keys around a line by indentation', () => {
    expect(enclosingKeys(lineAt, 0)).toEqual([]);
    expect(enclosingKeys(lineAt, 3)).toEqual(['metadata']);
    expect(enclosingKeys(lineAt, 5)).toEqual(['rules', '-']);
    expect(enclosingKeys(lineAt, 6)).toEqual(['rules', '-']);
    expect(enclosingKeys(lineAt, 8)).toEqual(['rules', '-', 'when']);
    expect(enclosingKeys(lineAt, 11)).toEqual(['rules', '-', 'when', 'conditions', '-']);
    expect(enclosingKeys(lineAt, 12)).toEqual(['rules', '-', 'when', 'conditions', '-']);
    expect(enclosingKeys(lineAt, 13)).toEqual(['rules', '-']);
  });
});

describe('fieldPathPrefix', () => {
  it('finds the path being typed after field: in block and flow style', () => {
    expect(fieldPathPrefix('        - field: tool.ar')).toEqual({ prefix: 'tool.ar', start: 17 });
    expect(fieldPathPrefix('        - field: "tool.')).toEqual({ prefix: 'tool.', start: 18 });
    expect(fieldPathPrefix('    expr: {gt: [{field: ag')).toEqual({ prefix: 'ag', start: 24 });
    expect(fieldPathPrefix('  - field: ')).toEqual({ prefix: '', start: 11 });
  });

  it('is null elsewhere', () => {
    expect(fieldPathPrefix('    then: DE')).toBeNull();
    expect(fieldPathPrefix('    myfield: x')).toBeNull();
    expect(fieldPathPrefix('  - field: tool.name value')).toBeNull();
  });
});

describe('exprOperandPrefix', () => {
  it('finds a bare path started as an operand', () => {
    expect(exprOperandPrefix('          - eq: [tool.na')).toEqual({ prefix: 'tool.na', start: 17 });
    expect(exprOperandPrefix('          - eq: [1, con')).toEqual({ prefix: 'con', start: 20 });
    expect(exprOperandPrefix('              - tool')).toEqual({ prefix: 'tool', start: 16 });
    expect(exprOperandPrefix('    expr: context.is')).toEqual({ prefix: 'context.is', start: 10 });
  });

  it('needs an identifier start', () => {
    expect(exprOperandPrefix('          - eq: [')).toBeNull();
    expect(exprOperandPrefix('          - eq: ["tool')).toBeNull();
    expect(exprOperandPrefix('    message: tool')).toBeNull();
  });
});

describe('enclosingKeys on a long document', () => {
  it('finds the context of the last rule across thousands of deeper lines', () => {
    const rule = [
      '  - name: "r"',
      '    when:',
      '      expr:',
      '        eq: [a, 1]',
      '    then: DENY',
    ];
    const big = ['rules:', ...Array.from({ length: 2000 }, () => rule).flat()];
    const lineAt = (i: number) => big[i] ?? '';
    expect(enclosingKeys(lineAt, big.length - 2)).toEqual(['rules', '-', 'when', 'expr']);
    expect(enclosingKeys(lineAt, big.length - 1)).toEqual(['rules', '-']);
  });
});
