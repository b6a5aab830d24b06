import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compileDocument, glossAll, parseFieldDictionary, zhViolations } from '../../kernel';
import { KernelService } from '../../worker/kernel-service';
import { EXAMPLE_FIELDS, EXAMPLES } from './index';

/** What each example's sample fact decides, and which rule decides it. */
const EXPECTED: Record<string, { decision: string; matched: string }> = {
  'refund-guard': { decision: 'REQUEST_HUMAN', matched: 'SEC-001-refund-limit' },
  'aml-screening': { decision: 'DENY', matched: 'AML-001-high-risk-large' },
  'coding-agent-guard': { decision: 'DENY', matched: 'SEC-101-exec-destructive' },
  'loan-decision-table': {
    decision: 'REQUEST_HUMAN',
    matched: 'FIN-201-loan-decision#good-large-loan',
  },
  'margin-expression': { decision: 'REQUEST_HUMAN', matched: 'CMP-001-low-margin' },
};

describe('embedded examples', () => {
  it('are the five examples the issue lists, with unique names', () => {
    expect(EXAMPLES.map((e) => e.name)).toEqual(Object.keys(EXPECTED));
  });

  it.each(EXAMPLES.map((e) => [e.name, e] as const))(
    '%s compiles with no errors or warnings',
    (_, example) => {
      const result = compileDocument(example.text);
      expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
      expect(result.document).not.toBeNull();
      // The comments explaining the rule are part of the text (they must survive round trips).
      expect(example.text).toMatch(/^# /m);
    },
  );

  it.each(EXAMPLES.map((e) => [e.name, e] as const))(
    '%s: the sample fact reaches its decision',
    (name, example) => {
      const service = new KernelService(() => 0);
      const outcome = service.evaluate({
        op: 'evaluate',
        doc: name,
        text: example.text,
        fact: example.fact,
        asOf: example.asOf,
        temporalState: '',
        trace: false,
      });
      if (outcome.kind !== 'result') throw new Error(`not evaluated: ${JSON.stringify(outcome)}`);
      expect(outcome.result.decision).toBe(EXPECTED[name]?.decision);
      expect(outcome.result.matched_rules).toContain(EXPECTED[name]?.matched);
      expect(outcome.result.total_matched).toBeGreaterThan(0);
    },
  );
});

describe('embedded examples read in natural Chinese and English (docs/gloss.md)', () => {
  const fields = parseFieldDictionary(parse(EXAMPLE_FIELDS));
  it("the examples' field dictionary is valid", () => expect(fields.ok).toBe(true));
  const dictionary = fields.ok ? fields.dictionary : undefined;

  it.each(EXAMPLES.map((e) => [e.name, e] as const))(
    '%s names every field it reads in both languages',
    (_, example) => {
      const all = glossAll(compileDocument(example.text), { dictionary, langs: ['zh', 'en'] });
      expect(all?.lint.filter((d) => d.code === 'ERDL-W901')).toEqual([]);
    },
  );

  it.each(EXAMPLES.map((e) => [e.name, e] as const))(
    '%s: every zh gloss follows the Chinese rules and has no English words',
    (_, example) => {
      const all = glossAll(compileDocument(example.text), { dictionary, langs: ['zh', 'en'] });
      const zh = all?.zh ?? [];
      expect(zh.length).toBeGreaterThan(0);
      for (const rule of zh) {
        const text = rule.gloss.text;
        expect(zhViolations(text), text).toEqual([]);
        // Latin letters only inside quoted values and regex patterns (the user's data).
        const own = text
          .replace(/“[^”]*”/g, '')
          .replace(/ \/.*?\/(?= [\u3400-\u9fff]|[），]|$)/g, '');
        expect(own, text).not.toMatch(/[A-Za-z]/);
      }
    },
  );
});
