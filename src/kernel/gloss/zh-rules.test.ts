// docs/gloss.md "Chinese: the rules every zh gloss follows", checked as properties over generated
// trees: no space between two Chinese characters, exactly one space at every seam between Chinese
// and a half-width letter or digit, and no ASCII punctuation written by the renderer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExprNode, LiteralNode } from '../tree/types';
import { DECISIONS } from '../vocabulary/decisions';
import type { FieldDictionary } from './names';
import { renderGloss, renderRule } from './render';
import { isCjk, joinZh, zhSeamSpace, zhViolations } from './typography';

const f = (path: string): ExprNode => ({ node: 'field', path });
const num = (n: number): LiteralNode => ({
  node: 'literal',
  type: 'number',
  value: `${n}.00000000000000`,
});
const str = (s: string): LiteralNode => ({ node: 'literal', type: 'string', value: s });

const NUMERIC = ['tool.args.amount', 'tool.args.price', 'context.cost', 'task.priority'];
const TEXT = ['tool.name', 'agent.id', 'context.country', 'tool.args.command'];
const DICT: FieldDictionary = new Map([
  ['tool.args.price', { zh: '售价', en: 'sale price' }],
  ['context.country', { zh: '国家', en: 'country' }],
]);

const stringArb = fc.oneof(
  fc.stringMatching(/^[a-z_]{1,6}$/),
  fc.constantFrom('退款', 'rm -rf', 'IR', '高风险 国家'),
);

const trees = fc.letrec<{ value: ExprNode; cond: ExprNode }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...NUMERIC).map(f),
    fc.integer({ min: -5, max: 20000 }).map(num),
    fc
      .tuple(fc.constantFrom('add', 'sub', 'mul', 'div'), tie('value'), tie('value'))
      .map(([node, a, b]) => ({ node, args: [a, b] }) as ExprNode),
    fc.constantFrom(...TEXT).map((p) => ({ node: 'length', args: [f(p)] }) as ExprNode),
    fc
      .constantFrom('count', 'sum', 'avg')
      .map((fn) => ({ node: 'aggregate', fn, args: [f('context.items')] }) as ExprNode),
    tie('value').map((a) => ({ node: 'round', places: 2, args: [a] }) as ExprNode),
  ),
  cond: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .tuple(fc.constantFrom('eq', 'ne', 'gt', 'gte', 'lt', 'lte'), tie('value'), tie('value'))
      .map(([node, a, b]) => ({ node, args: [a, b] }) as ExprNode),
    fc
      .tuple(fc.constantFrom(...TEXT), stringArb)
      .map(([p, s]) => ({ node: 'eq', args: [f(p), str(s)] }) as ExprNode),
    fc.tuple(fc.constantFrom(...TEXT), fc.array(stringArb, { minLength: 0, maxLength: 4 })).map(
      ([p, items]) =>
        ({
          node: 'in',
          args: [
            f(p),
            {
              node: 'literal',
              type: 'list',
              value: items.map((s) => ({ type: 'string', value: s })),
            },
          ],
        }) as ExprNode,
    ),
    fc
      .tuple(
        fc.constantFrom('contains', 'starts_with', 'ends_with'),
        fc.constantFrom(...TEXT),
        stringArb,
      )
      .map(([node, p, s]) => ({ node, args: [f(p), str(s)] }) as ExprNode),
    fc
      .constantFrom(...TEXT)
      .map((p) => ({ node: 'match', args: [f(p), str('^rm\\s+-rf')] }) as ExprNode),
    fc
      .constantFrom(...TEXT, 'agent.is_vip')
      .map((p) => ({ node: 'exists', args: [f(p)] }) as ExprNode),
    tie('cond').map((a) => ({ node: 'not', args: [a] }) as ExprNode),
    fc
      .tuple(fc.constantFrom('and', 'or'), fc.array(tie('cond'), { minLength: 2, maxLength: 3 }))
      .map(([node, args]) => ({ node, args }) as ExprNode),
    fc.tuple(fc.constantFrom('all', 'any', 'none'), fc.integer({ min: 0, max: 100 })).map(
      ([node, n]) =>
        ({
          node,
          args: [
            f('context.items'),
            { node: 'gt', args: [{ node: 'var', path: '$.price' }, num(n)] },
          ],
        }) as ExprNode,
    ),
    fc
      .tuple(tie('cond'), fc.constantFrom('10m', '1h', '30d'))
      .map(([a, window]) => ({ node: 'within', window, args: [a] }) as ExprNode),
    fc
      .tuple(tie('cond'), fc.integer({ min: 1, max: 50 }))
      .map(([a, limit]) => ({ node: 'rate', limit, window: '1h', args: [a] }) as ExprNode),
    fc
      .tuple(
        fc.constantFrom(...NUMERIC),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 10, max: 99 }),
      )
      .map(([p, a, b]) => ({ node: 'between', args: [f(p), num(a), num(b)] }) as ExprNode),
  ),
}));

describe('zh gloss: the Chinese rules (docs/gloss.md)', () => {
  it('the seam rule: a space only between Chinese and a half-width character', () => {
    expect(joinZh('金额', '大于', '5000', '时')).toBe('金额大于 5000 时');
    expect(joinZh('智能体 ID', '等于', '“a1”')).toBe('智能体 ID 等于“a1”');
    expect(joinZh('（', '10 分钟', '内再次发生', '）')).toBe('（10 分钟内再次发生）');
    expect(joinZh('小于', '15%', '时')).toBe('小于 15% 时');
    expect(zhSeamSpace('÷', '售价')).toBe(false);
    expect(isCjk('金')).toBe(true);
    expect(isCjk('“')).toBe(false);
  });

  it('the checker itself catches each kind of violation', () => {
    expect(zhViolations('当金额 大于 5000 时')).toContain('space between Chinese characters');
    expect(zhViolations('金额大于5000')).toContain(
      'Chinese next to a half-width character without a space',
    );
    expect(zhViolations('金额: 5000')).toContain('ASCII punctuation');
    expect(zhViolations('国家属于 [“IR”、“KP”]')).toContain('ASCII punctuation');
    expect(zhViolations('当金额大于 5000 时，则拦截')).toEqual([]);
  });

  it('every generated condition reads by the rules, alone and in a rule sentence', () => {
    fc.assert(
      fc.property(trees.cond, fc.constantFrom(...DECISIONS.map((d) => d.name)), (tree, then) => {
        const text = renderGloss(tree, { lang: 'zh', dictionary: DICT });
        const sentence = renderRule(
          { when: tree, unless: null, then, form: 'expression' },
          { lang: 'zh', dictionary: DICT },
        );
        expect(zhViolations(text), text).toEqual([]);
        expect(zhViolations(sentence), sentence).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});
