// Suites and fact sets keep every digit of a fact's numbers (issue #35 §3, ruling I-89): read from
// .facts.yaml (YAML or JSON), JSON Lines and CSV, written back by formatSuite (YAML and JSON) and
// "save as test case" exactly, and a number out of range refused quoting what was written.
import { describe, expect, it } from 'vitest';
import { Rational, toExactJson, type Value } from '../eval/values';
import { canonicalJson } from '../tree/canonical';
import { addCaseToSuiteText } from './add-case';
import { createCsvParser } from './csv-facts';
import { parseFactSet } from './fact-set';
import { formatSuite } from './format-suite';
import { createJsonLinesParser } from './jsonl-facts';
import { parseSuite } from './parse-suite';

const exact = (v: Value) => canonicalJson(toExactJson(v));
const BIG = '{"a":9007199254740993,"b":[5000.00000000000001,1e-400],"c":0.1}';

describe('suites keep every digit', () => {
  it('reads a .facts.yaml written in YAML or JSON exactly', () => {
    const yaml = parseSuite(
      'cases:\n  - name: big\n    fact: {a: 9007199254740993, b: [5000.00000000000001, 1e-400], c: 0.1}\n',
    );
    expect(yaml.diagnostics).toEqual([]);
    expect(exact(yaml.suite?.cases[0]?.fact)).toBe(BIG);
    const json = parseSuite(`{"cases": [{"name": "big", "fact": ${BIG}}]}`);
    expect(json.diagnostics).toEqual([]);
    expect(exact(json.suite?.cases[0]?.fact)).toBe(BIG);
  });

  it('writes exact numbers back (YAML and JSON), and they read back the same', () => {
    const fact = parseSuite(`{"cases": [{"name": "big", "fact": ${BIG}}]}`).suite?.cases[0]
      ?.fact as Value;
    for (const style of ['yaml', 'json'] as const) {
      const text = formatSuite({ cases: [{ name: 'big', fact }], sequences: [] }, style);
      expect(text).toContain('9007199254740993');
      expect(text).toContain('5000.00000000000001');
      expect(text).not.toContain('"9007199254740993');
      const again = parseSuite(text);
      expect(again.diagnostics).toEqual([]);
      expect(exact(again.suite?.cases[0]?.fact)).toBe(BIG);
    }
  });

  it('"save as test case" writes exact numbers into the suite text', () => {
    const fact = { amount: Rational.written(9007199254740993n, 1n, '9007199254740993') };
    const added = addCaseToSuiteText('cases: []\n', {
      name: 'big',
      fact,
      expect: { decision: 'DENY' },
    });
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    expect(added.text).toContain('amount: 9007199254740993');
    expect(exact(parseSuite(added.text).suite?.cases[0]?.fact)).toBe('{"amount":9007199254740993}');
  });

  it('refuses a number out of range quoting it, YAML and JSON alike', () => {
    const yaml = parseSuite('cases:\n  - name: x\n    fact: {a: 1e400}\n');
    expect(yaml.suite).toBeNull();
    expect(yaml.diagnostics[0]).toMatchObject({ code: 'suite-number', line: 3, column: 15 });
    expect(yaml.diagnostics[0]?.message.en).toMatch(/^1e400 is out of range/);
    const json = parseSuite('{"cases": [{"name": "x", "fact": {"a": -1e400}}]}');
    expect(json.diagnostics[0]).toMatchObject({ code: 'suite-number', line: 1, column: 40 });
    expect(json.diagnostics[0]?.message.zh).toMatch(/^数字“-1e400”超出范围/);
  });
});

describe('fact sets keep every digit', () => {
  it('JSON Lines and CSV rows read numbers exactly; 1e400 is refused as written', () => {
    const jsonl = parseFactSet(createJsonLinesParser(), `${BIG}\n{"a": 1e400}\n`);
    expect(exact(jsonl.cases[0]?.fact)).toBe(BIG);
    expect(jsonl.diagnostics[0]).toMatchObject({ code: 'factset-number', line: 2, column: 7 });
    expect(jsonl.diagnostics[0]?.message.en).toMatch(/^1e400 is out of range/);
    const csv = parseFactSet(
      createCsvParser(),
      'a,b\n9007199254740993,"[5000.00000000000001, 1e-400]"\n1e400,1\n',
    );
    expect(exact(csv.cases[0]?.fact)).toBe(
      '{"a":9007199254740993,"b":[5000.00000000000001,1e-400]}',
    );
    expect(csv.diagnostics[0]).toMatchObject({ code: 'factset-csv-cell', line: 3, column: 1 });
    expect(csv.diagnostics[0]?.message.en).toMatch(/^column "a": 1e400 is out of range/);
  });
});
