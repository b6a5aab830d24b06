// The vector runners' reasons in Chinese (issue #37 point 4): every reason the four runners give
// for a wrong or malformed vector has a Chinese side with no English sentence in it — only the
// vector's own keys, codes and the values it quotes — and the Chinese seams of vector-strings.ts.
import { describe, expect, it } from 'vitest';
import { englishSentences } from '../../../tests/english-sentences';
import { checkTree, runGlossVector } from '../gloss/vector';
import { runProjectionVector } from '../projection/vector';
import { runCanonicalVector, runVector, type VectorOutcome } from './run-vector';
import { say, VECTOR_STRINGS } from './vector-strings';

const DOCUMENT = [
  'protocol: "erdl/v2"',
  'version: "2.1.0"',
  'metadata: {name: "v", decision: ALLOW}',
  'rules:',
  '  - name: "SEC-001-refund"',
  '    description: "d"',
  '    priority: 1',
  '    when:',
  '      logic: AND',
  '      conditions:',
  '        - {field: "tool.args.amount", operator: gt, value: 5000}',
  '    then: REQUEST_HUMAN',
  '    message: "Refund over 5000"',
  '',
].join('\n');
const fact = { tool: { args: { amount: 8000 } } };
const TREE = {
  node: 'gt',
  args: [
    { node: 'field', path: 'amount' },
    { node: 'literal', type: 'number', value: '5000.00000000000000' },
  ],
};

/** Wrong and malformed vectors of every runner, each failing for a different reason. */
function outcomes(): VectorOutcome[] {
  const engine: unknown[] = [
    null,
    {},
    { document: DOCUMENT, expect_error: 'ERDL-E212' },
    { document: 'protocol: [', expect_error: 'ERDL-E999' },
    { document: 'protocol: [', fact, expect: {} },
    { document: DOCUMENT, expect_hashes: { 'SEC-001-refund': 'sha256:0', NOPE: 'x' } },
    {
      document: DOCUMENT,
      fact,
      as_of: '2026-01-01T00:00:00Z',
      expect: { decision: 'ALLOW', decison: 1, statuses: {}, primary_reason: 'x' },
    },
    {
      document: DOCUMENT,
      steps: [
        { fact, as_of: '2026-01-01T00:00:00Z', expect: { decision: 'ALLOW', foo: 1 } },
        { fact, as_of: '2026-01-01T00:00:00Z', expect: { eval_warnings: ['x'] } },
      ],
    },
    { document: DOCUMENT, temporal_state: { version: 2 }, fact, as_of: 'x', expect: {} },
  ];
  const canonical: [string, unknown][] = [
    [DOCUMENT, null],
    [DOCUMENT, { rules: {}, document: 'x' }],
    [DOCUMENT, { rules: { 'SEC-001-refund': { canonical: 'x', hash: 'y' } }, document: 'z' }],
    ['protocol: [', { rules: {}, document: 'x' }],
  ];
  const proj: unknown[] = [
    { document: 1, to: 'json', rule: 3, rules: 'x', round_trip: 'y', expect_refusals: 3, x: 1 },
    {
      document: DOCUMENT,
      to: 'expr',
      expect_refusals: [{ rule: 'a', code: 'b' }],
      round_trip: 'x',
    },
    { document: DOCUMENT, to: 'expr', expect_refusals: [{ rule: 'a', code: 'b' }] },
    { document: DOCUMENT, to: 'expr', expect_output: 'protocol: x\n' },
    { document: DOCUMENT, to: 'expr', rule: 'NOPE' },
    { document: 'protocol: [', to: 'expr' },
    {
      document: DOCUMENT.replace('value: 5000', 'value: 5000.0'),
      to: 'expr',
      round_trip: 'simple',
    },
  ];
  const gloss: unknown[] = [
    {},
    { tree: TREE, document: DOCUMENT, expect: {}, colour: 1 },
    { tree: TREE, expect: { en: 'x' }, fields: { 'a b': 'x' } },
    { tree: TREE, expect: { fr: 'x' } },
    { tree: TREE, expect: { en: 'x', zh: 'y' }, expect_unnamed: ['q'] },
    { document: 3, expect: {} },
    { document: DOCUMENT, expect: { NOPE: { en: 'x' }, 'SEC-001-refund': { en: 'y', zh: 'z' } } },
    { document: DOCUMENT, expect: { 'SEC-001-refund': 3 } },
    ...[
      { node: 'gt' },
      { node: 'gt', args: [] },
      { node: 'frob', args: [] },
      { node: 'fn', args: [] },
      { node: 'round', args: [TREE] },
      { node: 'date_part', args: [TREE] },
      { node: 'aggregate', args: [TREE] },
      { node: 'within', args: [TREE] },
      { node: 'rate', window: '1h', args: [TREE] },
      { node: 'field' },
      { node: 'literal', type: 'boolean', value: 1 },
      { node: 'literal', type: 'string', value: 1 },
      { node: 'literal', type: 'number', value: '5' },
      { node: 'literal', type: 'list', value: 1 },
      { node: 'literal', type: 'list', value: [1] },
      { node: 'literal', type: 'zz' },
    ].map((tree) => ({ tree, expect: { en: 'x' } })),
  ];
  return [
    ...engine.map(runVector),
    ...canonical.map(([input, expected]) => runCanonicalVector(input, expected)),
    ...proj.map(runProjectionVector),
    ...gloss.map(runGlossVector),
  ];
}

describe('the vector runners’ reasons in Chinese', () => {
  it('finds an English sentence, not a key, a code or a quoted value', () => {
    expect(englishSentences('expected load error ERDL-E212, got no errors')).not.toEqual([]);
    expect(englishSentences('预期加载错误 ERDL-E212，实际没有错误')).toEqual([]);
    expect(englishSentences('英文释义：预期“the amount exceeds 5000”，实际“x”')).toEqual([]);
    expect(englishSentences('`to` 必须是 simple、expr 或 table')).toEqual([]);
  });

  it('every reason of every runner is Chinese on its zh side, English as before on its en side', () => {
    const all = outcomes();
    expect(all.every((o) => !o.passed && o.failures.length > 0)).toBe(true);
    const reasons = all.flatMap((o) => o.failures);
    // many different reasons, not one repeated
    expect(new Set(reasons.map((r) => r.en)).size).toBeGreaterThanOrEqual(50);
    const english = reasons.flatMap((r) => englishSentences(r.zh).map((s) => `${r.zh} «${s}»`));
    expect(english).toEqual([]);
    for (const r of reasons) expect(r.zh, r.en).not.toBe(r.en);
  });

  it('checkTree says what is wrong in both languages', () => {
    const problem = checkTree({ node: 'gt', args: [] });
    expect(problem).toEqual({
      en: 'tree: gt takes 2–2 operands',
      zh: 'tree：gt 接受 2–2 个操作数',
    });
  });

  it('joins a Chinese template and its values by the seam rule', () => {
    expect(say('hashOf', { name: 'R-1', want: 'x', got: 'y' }).zh).toBe(
      'R-1 的哈希：预期 x，实际 y',
    );
    expect(say('unknownKey', { key: { en: 'k', zh: '“k”' } })).toEqual({
      en: 'unknown key "k"',
      zh: '未知的键“k”',
    });
    expect(say('step', { n: 2 })).toEqual({ en: 'step 2: ', zh: '第 2 步的' });
  });

  it('every template has both languages, and no space between Chinese and a placeholder', () => {
    for (const [key, text] of Object.entries(VECTOR_STRINGS)) {
      expect(text.en, key).not.toBe('');
      expect(text.zh, key).not.toMatch(/[\u4e00-\u9fff] \{\w+\}|\{\w+\} [\u4e00-\u9fff]/);
    }
  });
});
