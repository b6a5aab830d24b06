// The spec's own examples, copied verbatim into __fixtures__ (English text, and the Chinese
// original where it differs only in prose), must load. Non-error diagnostics are pinned so a
// change in a ruling shows up here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { diag } from '../test-support';

const fixture = (name: string) =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

const load = (name: string) => {
  const r = compileDocument(fixture(name));
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(r.ok).toBe(true);
  expect(r.document).not.toBeNull();
  return r;
};

describe('§10.1 Quick Start', () => {
  it.each(['spec-10.1-quick-start.erdl.yaml', 'spec-10.1-quick-start.zh.erdl.yaml'])(
    '%s loads with no diagnostic at all',
    (name) => {
      const r = load(name);
      expect(r.diagnostics).toEqual([]);
      expect(r.document?.metadata).toMatchObject({
        name: 'refund-guard',
        category: 'coding',
        decision: 'ALLOW',
      });
      expect(r.document?.rules).toHaveLength(1);
      expect(r.document?.rules[0]).toMatchObject({
        name: 'SEC-001-refund-limit',
        priority: 10,
        form: 'simple',
        grade: 'A',
        then: 'REQUEST_HUMAN',
        override: 'normal',
        enabled: true,
      });
    },
  );

  it('carries the message that becomes primary_reason', () => {
    const en = load('spec-10.1-quick-start.erdl.yaml');
    const zh = load('spec-10.1-quick-start.zh.erdl.yaml');
    expect(en.document?.rules[0]?.message).toBe('Refund amount over 5000, human approval required');
    expect(zh.document?.rules[0]?.message).toBe('退款金额超过 5000，需人工审批');
  });

  it('the English and Chinese copies have the same condition tree (rule hash)', () => {
    const en = load('spec-10.1-quick-start.erdl.yaml');
    const zh = load('spec-10.1-quick-start.zh.erdl.yaml');
    expect(en.document?.rules[0]?.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(zh.document?.rules[0]?.hash).toBe(en.document?.rules[0]?.hash);
    expect(zh.document?.rules[0]?.when).toEqual(en.document?.rules[0]?.when);
  });
});

describe('§4.2 Complete Example', () => {
  it.each(['spec-4.2-complete-example.erdl.yaml', 'spec-4.2-complete-example.zh.erdl.yaml'])(
    '%s loads',
    (name) => {
      const r = load(name);
      // Ruling I-11: a rule on a file tool (read_file) should test tool.args.path — a SHOULD
      // warning on the spec's own example.
      expect(diag(fixture(name))).toEqual(['ERDL-W804@16:7']);
      expect(r.document?.metadata.tags).toEqual(['example']);
      expect(r.document?.rules[0]).toMatchObject({
        name: 'COD-001-allow-read',
        priority: 10,
        override: 'high',
        ring: 3,
        then: 'ALLOW',
        unless: null,
      });
    },
  );
});

describe('§5.3 Expression example in a full document', () => {
  it('loads as a Grade B expression rule', () => {
    const r = load('spec-5.3-expression.erdl.yaml');
    // Ruling I-11: it tests tool.args.price without tool.name.
    expect(diag(fixture('spec-5.3-expression.erdl.yaml'))).toEqual(['ERDL-W804@15:7']);
    expect(r.document?.rules[0]).toMatchObject({
      name: 'CMP-001-low-margin',
      form: 'expression',
      grade: 'B',
      then: 'REQUEST_HUMAN',
    });
    expect(r.document?.rules[0]?.when).toMatchObject({ node: 'lt' });
  });
});

describe('§5.4 decision table in a full document', () => {
  it('loads: quoted keywords are information, row priorities against row order warn (I-21)', () => {
    const r = load('spec-5.4-decision-table.erdl.yaml');
    expect(diag(fixture('spec-5.4-decision-table.erdl.yaml'))).toEqual([
      'ERDL-I703@21:19',
      'ERDL-I703@22:17',
      'ERDL-W510@24:17', // rows 1 and 2 overlap with different decisions (table analysis)
      'ERDL-I703@24:19',
      'ERDL-I703@25:17',
      'ERDL-W505@26:21',
      'ERDL-I703@28:17',
      'ERDL-W505@29:21',
    ]);
    expect(r.document?.rules.map((x) => [x.name, x.then, x.message])).toEqual([
      ['FIN-001-refund-approval#1', 'REQUEST_HUMAN', 'Refund amount needs review'],
      ['FIN-001-refund-approval#2', 'ESCALATE', 'Refund amount needs review'],
      ['FIN-001-refund-approval#3', 'ALLOW', 'Refund amount needs review'],
    ]);
  });
});
