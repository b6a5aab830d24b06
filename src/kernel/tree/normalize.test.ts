// §8.2 canonical shape: nested and/or of the same kind flattened, a single-child and/or unwrapped,
// child order kept (nothing sorted or deduplicated).
import { describe, expect, it } from 'vitest';
import { normalize } from './normalize';
import { bool, canonical, compileWhenText, field, n, onlyRule } from './test-support';
import type { ExprNode } from './types';

const x = (k: string) => n('exists', field(`context.${k}`));
const node = (v: unknown) => v as ExprNode;

describe('normalize()', () => {
  it('flattens nested and into one and, keeping left → right order', () => {
    const tree = n('and', x('a'), n('and', x('b'), n('and', x('c'), x('d'))), x('e'));
    expect(canonical(normalize(node(tree)))).toStrictEqual(
      n('and', x('a'), x('b'), x('c'), x('d'), x('e')),
    );
  });

  it('flattens nested or into one or', () => {
    expect(canonical(normalize(node(n('or', n('or', x('a'), x('b')), x('c')))))).toStrictEqual(
      n('or', x('a'), x('b'), x('c')),
    );
  });

  it('does not merge and into or (or the reverse)', () => {
    const tree = n('or', x('a'), n('and', x('b'), x('c')));
    expect(canonical(normalize(node(tree)))).toStrictEqual(tree);
    const tree2 = n('and', x('a'), n('or', x('b'), x('c')));
    expect(canonical(normalize(node(tree2)))).toStrictEqual(tree2);
  });

  it('unwraps a single-child and/or, at any depth', () => {
    expect(canonical(normalize(node(n('and', x('a')))))).toStrictEqual(x('a'));
    expect(canonical(normalize(node(n('or', n('and', n('or', x('a')))))))).toStrictEqual(x('a'));
    expect(canonical(normalize(node(n('not', n('and', x('a'))))))).toStrictEqual(n('not', x('a')));
  });

  it('an unwrapped child is flattened into its grandparent', () => {
    // and(a, or(and(b, c))) → or(…) has one child → and(b, c) → merged into the outer and.
    const tree = n('and', x('a'), n('or', n('and', x('b'), x('c'))));
    expect(canonical(normalize(node(tree)))).toStrictEqual(n('and', x('a'), x('b'), x('c')));
  });

  it('keeps duplicates and does not sort', () => {
    const tree = n('and', x('b'), x('a'), x('b'));
    expect(canonical(normalize(node(tree)))).toStrictEqual(tree);
  });

  it('normalizes inside every node, modifiers and quantifiers included', () => {
    const tree = {
      node: 'within',
      window: '10m',
      args: [n('and', n('and', x('a')), n('any', field('context.xs'), n('or', x('b'))))],
    };
    expect(canonical(normalize(node(tree)))).toStrictEqual({
      node: 'within',
      window: '10m',
      args: [n('and', x('a'), n('any', field('context.xs'), x('b')))],
    });
  });

  it('leaves leaves alone and does not mutate its input', () => {
    const lit = node(bool(true));
    expect(normalize(lit)).toBe(lit);
    const tree = node(n('and', n('and', x('a'), x('b'))));
    const before = JSON.stringify(tree);
    normalize(tree);
    expect(JSON.stringify(tree)).toBe(before);
  });
});

describe('normalization in the pipeline', () => {
  it('an expression with nested and gives the same hash as the flat one', () => {
    const nested = onlyRule(
      compileWhenText(
        'expr: {and: [{exists: {field: "context.a"}}, {and: [{exists: {field: "context.b"}}, {and: [{exists: {field: "context.c"}}]}]}]}',
      ),
    );
    const flat = onlyRule(
      compileWhenText(
        'expr: {and: [{exists: {field: "context.a"}}, {exists: {field: "context.b"}}, {exists: {field: "context.c"}}]}',
      ),
    );
    expect(canonical(nested.when)).toStrictEqual(n('and', x('a'), x('b'), x('c')));
    expect(nested.hash).toBe(flat.hash);
  });

  it('order is load-bearing: swapping children changes the hash', () => {
    const ab = onlyRule(
      compileWhenText(
        'expr: {and: [{exists: {field: "context.a"}}, {exists: {field: "context.b"}}]}',
      ),
    );
    const ba = onlyRule(
      compileWhenText(
        'expr: {and: [{exists: {field: "context.b"}}, {exists: {field: "context.a"}}]}',
      ),
    );
    expect(ab.hash).not.toBe(ba.hash);
  });

  it('key order and formatting in the source do not change the hash', () => {
    const flow = onlyRule(
      compileWhenText('logic: AND\nconditions:\n  - {field: "context.a", operator: eq, value: 1}'),
    );
    const block = onlyRule(
      compileWhenText(
        'conditions:\n  - value: 1.0\n    operator: eq\n    field: "context.a"   # comment\nlogic: AND',
      ),
    );
    expect(block.hash).toBe(flow.hash);
  });
});
