import { describe, expect, it } from 'vitest';
import { doc, lines } from '../test-support';
import { checkTree, runGlossVector } from './vector';

/** The runner's reasons in one language. */
const reasons = (v: unknown, lang: 'en' | 'zh' = 'en') =>
  runGlossVector(v).failures.map((f) => f[lang]);

/** What checkTree says is wrong, in one language (the tree itself when it is sound). */
const problem = (tree: unknown, lang: 'en' | 'zh' = 'en') => {
  const checked = checkTree(tree);
  return 'node' in checked ? checked : checked[lang];
};

const TREE = {
  node: 'gt',
  args: [
    { node: 'field', path: 'tool.args.amount' },
    { node: 'literal', type: 'number', value: '5000.00000000000000' },
  ],
};
const RULE = doc(
  lines(
    '  - name: "SEC-001-x"',
    '    description: "x"',
    '    priority: 1',
    '    when:',
    '      logic: AND',
    '      conditions:',
    '        - field: "agent.trust_level"',
    '          operator: lt',
    '          value: 3',
    '    then: DENY',
    '    message: "x"',
  ),
);

describe('runGlossVector', () => {
  it('passes a tree vector whose texts match, and says what differs when they do not', () => {
    const ok = runGlossVector({
      description: 'x',
      spec: '§5.5',
      tree: TREE,
      expect: { zh: '金额超过 5,000', en: 'the amount is greater than 5,000' },
      expect_unnamed: [],
    });
    expect(ok).toEqual({ passed: true, failures: [] });
    const bad = { tree: TREE, expect: { en: 'the amount exceeds 5000' } };
    expect(runGlossVector(bad).passed).toBe(false);
    expect(reasons(bad)).toEqual([
      'en: expected "the amount exceeds 5000", got "the amount is greater than 5,000"',
    ]);
    expect(reasons(bad, 'zh')).toEqual([
      '英文释义：预期“the amount exceeds 5000”，实际“the amount is greater than 5,000”',
    ]);
  });

  it('uses the vector dictionary and checks the unnamed fields', () => {
    const v = {
      tree: { ...TREE, args: [{ node: 'field', path: 'agent.trust_level' }, TREE.args[1]] },
      expect: { en: "the agent's trust level is greater than 5,000" },
      expect_unnamed: ['agent.trust_level'],
    };
    expect(runGlossVector(v).passed).toBe(true);
    const named = {
      ...v,
      fields: { 'agent.trust_level': { zh: '信任等级', en: 'the trust level' } },
      expect: { zh: '信任等级超过 5,000', en: 'the trust level is greater than 5,000' },
    };
    expect(reasons(named)).toEqual(['expect_unnamed: expected ["agent.trust_level"], got []']);
  });

  it('document vectors: rule sentences by name', () => {
    const v = {
      document: RULE,
      expect: {
        'SEC-001-x': {
          zh: '若“agent.trust_level”低于 3，则拦截',
          en: "When the agent's trust level is less than 3, the operation is blocked",
        },
      },
      expect_unnamed: ['agent.trust_level'],
    };
    expect(runGlossVector(v)).toEqual({ passed: true, failures: [] });
    const nope = { document: RULE, expect: { 'NOPE-1': { en: 'x' } } };
    expect(reasons(nope)).toEqual(['no rule named "NOPE-1"']);
    expect(reasons(nope, 'zh')).toEqual(['没有名为“NOPE-1”的规则']);
    const unloadable = { document: 'protocol: "erdl/v2"\n', expect: {} };
    expect(reasons(unloadable)[0]).toMatch(/^document does not load: ERDL-E\d{3} /);
    expect(reasons(unloadable, 'zh')).toEqual(['文档无法加载：ERDL-E101 缺少顶层字段“version”']);
  });

  it('malformed vectors fail with a reason and never throw', () => {
    const fails = (v: unknown) => {
      expect(runGlossVector(v).passed).toBe(false);
      return reasons(v);
    };
    expect(fails(null)).toEqual(['a vector is a mapping']);
    expect(fails({ tree: TREE })).toEqual(['`expect` is required']);
    expect(fails({ tree: TREE, document: RULE, expect: {} })).toEqual([
      'give exactly one of `tree` and `document`',
    ]);
    expect(fails({ tree: TREE, expect: { en: 'x' }, colour: 1 })).toEqual(['unknown key "colour"']);
    expect(fails({ tree: TREE, expect: { en: 'x' }, fields: { 'a b': 'x' } })[0]).toMatch(
      /^fields: /,
    );
    expect(fails({ tree: TREE, expect: { fr: 'x' } })).toContain(
      'expect: expected {zh, en} texts, got key "fr"',
    );
    expect(fails({ document: 3, expect: {} })).toEqual(['`document` is the rule document text']);
  });
});

describe('checkTree', () => {
  it('accepts canonical trees and the hand-built fn node', () => {
    expect(checkTree(TREE)).toBe(TREE);
    const fn = { node: 'fn', name: 'risk', args: [] };
    expect(checkTree(fn)).toBe(fn);
  });

  it('names what is wrong', () => {
    expect(problem({ node: 'gt', args: [TREE.args[0]] })).toBe('tree: gt takes 2–2 operands');
    expect(problem({ node: 'frob', args: [] })).toBe('tree: unknown node "frob"');
    expect(problem({ node: 'literal', type: 'number', value: '5000' })).toMatch(/scale-14/);
    expect(problem({ node: 'round', args: [TREE.args[0]] })).toBe('tree: round places');
    expect(problem({ node: 'rate', window: '1h', args: [TREE] })).toBe('tree: rate limit');
    expect(problem({ node: 'and', args: [{ node: 'field' }] })).toBe('tree.and[0]: path');
    expect(problem({ node: 'literal', type: 'list', value: [{ type: 'set' }] })).toBe(
      'tree[]: unknown literal type',
    );
    expect(problem('x')).toBe('tree: a node is a mapping with "node"');
    // in Chinese: the path as written, the rest in Chinese
    expect(problem({ node: 'gt', args: [TREE.args[0]] }, 'zh')).toBe('tree：gt 接受 2–2 个操作数');
    expect(problem({ node: 'frob', args: [] }, 'zh')).toBe('tree：未知节点“frob”');
    expect(problem({ node: 'and', args: [{ node: 'field' }] }, 'zh')).toBe(
      'tree.and[0]：path 必须是非空字符串',
    );
  });
});
