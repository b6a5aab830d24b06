import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { applyEdits, doc, lines, REFUND_TOOL, simpleRule } from '../test-support';
import { canonicalDocument } from '../tree/document-hash';
import { glossAll, glossDocument, glossLint } from './document';
import { parseFieldDictionary } from './names';
import type { GlossLang } from './phrases';
import { type GlossRule, renderRuleDetailed } from './render';

const SIMPLE = lines(
  ...simpleRule({
    name: 'SEC-001-refund-limit',
    description: 'Refunds over 5000 require human approval',
    conditions: [REFUND_TOOL, ['agent.trust_level', 'lt', '3']],
    then: 'REQUEST_HUMAN',
    message: 'Refund by a low-trust agent',
  }),
);

const TABLE = lines(
  '  - name: "FIN-001-routing"',
  '    description: "Route refunds by amount"',
  '    priority: 20',
  '    when:',
  '      kind: decision_table',
  '      columns:',
  '        - field: "context.amount"',
  '          label: {zh: "申请金额", en: "the application amount"}',
  '        - field: "task.kind"',
  '          label: "kind"',
  '      rows:',
  '        - when: [["gte", 10000], "-"]',
  '          then: REQUEST_HUMAN',
  '        - when: [["gte", 5000], ["eq", "refund"]]',
  '          then: ESCALATE',
  '        - when: []',
  '          then: ALLOW',
  '    message: "Routed"',
);

const names = (r: ReturnType<typeof glossDocument>) =>
  Object.fromEntries((r ?? []).map((g) => [g.name, g.gloss.text]));

describe('glossDocument', () => {
  it('renders every rule in definition order; table rows use the column labels', () => {
    const r = compileDocument(doc(SIMPLE + TABLE));
    expect(names(glossDocument(r, { lang: 'en' }))).toEqual({
      'SEC-001-refund-limit':
        'When the tool name is "issue_refund" and the agent\'s trust level is less than 3, human approval is required',
      'FIN-001-routing#1':
        'When the application amount is greater than or equal to 10,000, human approval is required',
      'FIN-001-routing#2':
        'When the application amount is greater than or equal to 5,000 and kind is "refund", the matter is escalated',
      'FIN-001-routing#3': 'Otherwise, the operation is allowed',
    });
    expect(names(glossDocument(r, { lang: 'zh' }))).toEqual({
      'SEC-001-refund-limit': '若工具名称为“issue_refund”且“agent.trust_level”低于 3，则需人工裁决',
      'FIN-001-routing#1': '若申请金额不低于 10,000，则需人工裁决',
      'FIN-001-routing#2': '若申请金额不低于 5,000 且 kind 为“refund”，则升级处理',
      'FIN-001-routing#3': '其余情况，一律放行',
    });
  });

  it('a label applies to its own table only; the dictionary names the rest', () => {
    const dict = parseFieldDictionary({ 'context.amount': { en: 'the claim' } });
    if (!dict.ok) throw new Error('dictionary');
    const r = compileDocument(
      doc(
        TABLE +
          lines(
            '  - name: "FIN-002-cap"',
            '    description: "Cap"',
            '    priority: 5',
            '    when:',
            '      logic: AND',
            '      conditions:',
            '        - field: "context.amount"',
            '          operator: gt',
            '          value: 100000',
            '    then: DENY',
            '    message: "Above the cap"',
          ),
      ),
    );
    const en = names(glossDocument(r, { lang: 'en', dictionary: dict.dictionary }));
    expect(en['FIN-001-routing#1']).toContain('the application amount');
    expect(en['FIN-002-cap']).toBe(
      'When the claim is greater than 100,000, the operation is blocked',
    );
  });

  it('null for a document that does not load', () => {
    expect(glossDocument(compileDocument('protocol: "erdl/v2"\n'), { lang: 'en' })).toBeNull();
  });
});

describe('glossLint', () => {
  it('G3: ERDL-W901 at the field, naming the languages it lacks and the fallback read', () => {
    const text = doc(SIMPLE);
    const r = compileDocument(text);
    const ds = glossLint(r);
    // No rule of this document stores a gloss, so there is no I903 (ruling I-80).
    expect(ds.map((d) => d.code)).toEqual(['ERDL-W901']);
    const w = ds[0];
    expect(text.slice(w?.range.start, w?.range.end)).toBe('"agent.trust_level"');
    expect(w?.severity).toBe('warning');
    expect(w?.message.en).toBe(
      'Field "agent.trust_level" has no Chinese or English display name (§5.5 G3): the gloss reads it as "the agent\'s trust level"; add it to the field dictionary',
    );
    expect(w?.message.zh).toBe(
      '字段“agent.trust_level”没有中文和英文显示名（§5.5 G3）：释义中读作“agent.trust_level”；请在字段词典中补充',
    );
    // A dictionary entry in one language leaves only the other language missing.
    const en = parseFieldDictionary({ 'agent.trust_level': { en: 'the trust level' } });
    if (!en.ok) throw new Error('dictionary');
    const partial = glossLint(r, { dictionary: en.dictionary });
    expect(partial.filter((d) => d.code === 'ERDL-W901').map((d) => d.message.en)).toEqual([
      'Field "agent.trust_level" has no Chinese display name (§5.5 G3): the gloss reads it as "agent.trust_level"; add it to the field dictionary',
    ]);
    expect(glossLint(r, { dictionary: en.dictionary, langs: ['en'] }).map((d) => d.code)).toEqual(
      [],
    );
  });

  it('G3: fields of unless and of table columns are positioned too, one warning per column', () => {
    const text = doc(
      TABLE.replace(
        'field: "task.kind"\n          label: "kind"',
        'field: "task.kind_code"',
      ).replace(
        '    message: "Routed"\n',
        '    message: "Routed"\n    unless:\n      logic: AND\n      conditions:\n        - field: "human.clearance"\n          operator: exists\n',
      ),
    );
    const r = compileDocument(text);
    expect(r.ok).toBe(true);
    const at = glossLint(r)
      .filter((d) => d.code === 'ERDL-W901')
      .map((d) => text.slice(d.range.start, d.range.end).split('\n')[0]);
    // The labelled amount column is named; the unlabelled column is reported at the column, and the
    // unless field once although all three rows read it.
    expect(at).toEqual(['field: "task.kind_code"', '"human.clearance"']);
  });

  it('G2: a stored gloss equal to the render is accepted, in either language or per language', () => {
    const r = compileDocument(doc(`${SIMPLE}    gloss: "x"\n`));
    const expected = glossDocument(r, { lang: 'en' })?.[0]?.gloss.text as string;
    const zh = glossDocument(r, { lang: 'zh' })?.[0]?.gloss.text as string;
    for (const g of [JSON.stringify(expected), JSON.stringify(zh)]) {
      const ok = compileDocument(doc(`${SIMPLE}    gloss: ${g}\n`));
      expect(glossLint(ok).map((d) => d.code)).toEqual(['ERDL-W901']);
    }
    const both = compileDocument(
      doc(
        `${SIMPLE}    gloss:\n      zh: ${JSON.stringify(zh)}\n      en: ${JSON.stringify(expected)}\n`,
      ),
    );
    expect(glossLint(both).map((d) => d.code)).toEqual(['ERDL-W901']);
  });

  it('G2: ERDL-W902 for a hand-written gloss, with a fix that writes the render', () => {
    const text = doc(`${SIMPLE}    gloss: "Refunds need approval"\n`);
    const r = compileDocument(text);
    const w = glossLint(r).find((d) => d.code === 'ERDL-W902');
    expect(w).toBeDefined();
    expect(text.slice(w?.range.start, w?.range.end)).toBe('"Refunds need approval"');
    expect(w?.message.en).toMatch(
      /^The stored gloss is not render\(tree\) \(§5\.5 G2\); it should read: When /,
    );
    const fixed = applyEdits(text, w?.fix?.edits ?? []);
    const again = compileDocument(fixed);
    expect(again.ok).toBe(true);
    expect(glossLint(again).map((d) => d.code)).toEqual(['ERDL-W901']);
    // A Chinese text is compared with (and fixed to) the Chinese render.
    const zhText = doc(`${SIMPLE}    gloss: "退款需审批"\n`);
    const zw = glossLint(compileDocument(zhText)).find((d) => d.code === 'ERDL-W902');
    expect(zw?.fix?.edits[0]?.newText).toMatch(/^"若工具名称/);
  });

  it('G2: per-language mismatches and a table entry (its rows joined)', () => {
    const text = doc(`${TABLE}    gloss:\n      zh: "错"\n      en: "wrong"\n`);
    const r = compileDocument(text);
    const ws = glossLint(r).filter((d) => d.code === 'ERDL-W902');
    expect(ws.map((d) => text.slice(d.range.start, d.range.end))).toEqual(['"错"', '"wrong"']);
    const fixed = applyEdits(
      text,
      ws.flatMap((d) => d.fix?.edits ?? []),
    );
    expect(fixed).toContain(
      'zh: "若申请金额不低于 10,000，则需人工裁决；若申请金额不低于 5,000 且 kind 为“refund”，则升级处理；其余情况，一律放行"',
    );
    expect(glossLint(compileDocument(fixed)).filter((d) => d.code === 'ERDL-W902')).toEqual([]);
  });

  it('G2: ERDL-I903 (information) for a rule without a stored gloss beside rules with one, at its name', () => {
    const text = doc(`${SIMPLE}    gloss: "stale"\n${TABLE}`);
    const i = glossLint(compileDocument(text)).find((d) => d.code === 'ERDL-I903');
    expect(i?.severity).toBe('info');
    expect(text.slice(i?.range.start, i?.range.end)).toBe('"FIN-001-routing"');
  });

  it('G2 (ruling I-80): no I903 when no rule of the document stores a gloss', () => {
    const codes = glossLint(compileDocument(doc(SIMPLE))).map((d) => d.code);
    expect(codes).not.toContain('ERDL-I903');
  });

  it('[] for a document that does not load', () => {
    expect(glossLint(compileDocument('protocol: "erdl/v2"\n'))).toEqual([]);
  });
});

describe('glossAll', () => {
  it('is glossDocument in both languages and glossLint, each rule rendered once per language', () => {
    const text = doc(`${SIMPLE}    gloss: "stale"\n${TABLE}`);
    const r = compileDocument(text);
    const rendered = new Map<GlossRule, GlossLang[]>();
    const all = glossAll(
      r,
      { langs: ['en'] },
      {
        render: (rule, options) => {
          rendered.set(rule, [...(rendered.get(rule) ?? []), options.lang]);
          return renderRuleDetailed(rule, options);
        },
      },
    );
    const rules = r.document?.rules ?? [];
    expect(rules.length).toBe(4);
    expect(rendered.size).toBe(rules.length);
    for (const rule of rules) expect(rendered.get(rule)).toEqual(['zh', 'en']);
    expect(all?.zh).toEqual(glossDocument(r, { lang: 'zh' }));
    expect(all?.en).toEqual(glossDocument(r, { lang: 'en' }));
    expect(all?.lint).toEqual(glossLint(r, { langs: ['en'] }));
    expect(all?.lint.map((d) => d.code)).toEqual(['ERDL-W901', 'ERDL-W902', 'ERDL-I903']);
    expect(glossAll(compileDocument('protocol: "erdl/v2"\n'))).toBeNull();
  });
});

describe('G4: gloss never enters a hash', () => {
  it('adding, changing or removing a stored gloss changes no rule hash and no document hash', () => {
    const variants = [
      doc(SIMPLE + TABLE),
      doc(`${SIMPLE}    gloss: "anything at all"\n${TABLE}`),
      doc(`${SIMPLE}    gloss:\n      zh: "任意"\n      en: "other"\n${TABLE}    gloss: "t"\n`),
    ];
    const results = variants.map((t) => compileDocument(t));
    for (const r of results) expect(r.ok).toBe(true);
    const hashes = results.map((r) => ({
      document: r.document?.hash,
      rules: r.document?.rules.map((x) => x.hash),
      canonical:
        r.document && JSON.stringify(canonicalDocument(r.document.metadata, r.document.rules)),
    }));
    expect(hashes[1]).toEqual(hashes[0]);
    expect(hashes[2]).toEqual(hashes[0]);
    // …and the rendered gloss text is nowhere in the canonical document.
    const gloss = glossDocument(results[0] as ReturnType<typeof compileDocument>, { lang: 'en' });
    for (const g of gloss ?? []) expect(hashes[0]?.canonical).not.toContain(g.gloss.text);
  });

  it('rendering with another dictionary or language changes no hash', () => {
    const r = compileDocument(doc(SIMPLE));
    const before = r.document?.hash;
    const dict = parseFieldDictionary({ 'tool.name': 'X' });
    if (!dict.ok) throw new Error('dictionary');
    glossDocument(r, { lang: 'zh', dictionary: dict.dictionary });
    glossLint(r, { dictionary: dict.dictionary });
    expect(r.document?.hash).toBe(before);
    expect(compileDocument(doc(SIMPLE)).document?.hash).toBe(before);
  });
});
