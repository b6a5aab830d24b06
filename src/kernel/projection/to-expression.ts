import type { ExprNode, LiteralValue } from '../tree/types';
import { map, plain, seq, str, type YV } from './yaml-out';

/**
 * Projection B from the tree (§5.1 "rendered back into any form"): every canonical tree node as
 * the Expression YAML of docs/expression-syntax.md. Always possible; compiling the result gives
 * the same canonical tree, hence the same hash (E7).
 */

/**
 * The shortest decimal text with exactly the canonical value: "5000.00000000000000" → "5000",
 * "0.15000000000000" → "0.15", "-12.50000000000000" → "-12.5". Read back (E2: from the source
 * text, at scale 14) it canonicalizes to the same string, because it is the same exact decimal.
 */
export function decimalText(canonical: string): string {
  if (!canonical.includes('.')) return canonical;
  const trimmed = canonical.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

/** A literal value as a bare YAML scalar or flow list (strings double-quoted, §2.3). */
export function literalYV(v: LiteralValue): YV {
  switch (v.type) {
    case 'string':
    case 'duration':
      return str(v.value);
    case 'number':
      return plain(decimalText(v.value));
    case 'boolean':
      return plain(v.value ? 'true' : 'false');
    case 'null':
      return plain('null');
    case 'list':
      return seq(v.value.map(literalYV), 'flow');
  }
}

/** A unary node's operand: written directly, except a list literal, which must be wrapped. */
function unaryOperand(n: ExprNode, lit: Lit): YV {
  const y = expressionYV(n, false, lit);
  return n.node === 'literal' && n.type === 'list' ? seq([y]) : y;
}

const node = (name: string, value: YV): YV => map([[name, value]]);

/**
 * One tree node as Expression YAML. `root` writes a top-level and/or in block style, one operand
 * per line; everything else is flow style when it fits on a line.
 */
/** How a literal is written (the §2.3 spelling by default). */
type Lit = (v: LiteralValue) => YV;

export function expressionYV(n: ExprNode, root = false, lit: Lit = literalYV): YV {
  switch (n.node) {
    case 'field':
    case 'var':
      return map([[n.node, str(n.path)]], 'flow');
    case 'literal':
      return lit(n);
    case 'and':
    case 'or':
      return map([
        [
          n.node,
          seq(
            n.args.map((a) => expressionYV(a, false, lit)),
            root ? 'block' : 'auto',
          ),
        ],
      ]);
    case 'not':
    case 'exists':
    case 'length':
    case 'epoch_ms':
    case 'month_last_day':
      return node(n.node, unaryOperand(n.args[0], lit));
    case 'round':
      return n.places === 0
        ? node('round', unaryOperand(n.args[0], lit))
        : node('round', seq([expressionYV(n.args[0], false, lit), plain(String(n.places))]));
    case 'date_part':
      return node('date_part', seq([plain(n.part), expressionYV(n.args[0], false, lit)]));
    case 'aggregate':
      return node(
        'aggregate',
        seq([plain(n.fn), ...n.args.map((a) => expressionYV(a, false, lit))]),
      );
    case 'within':
      return node('within', seq([str(n.window), expressionYV(n.args[0], false, lit)]));
    case 'rate':
      return node(
        'rate',
        seq([str(`${n.limit}/${n.window}`), expressionYV(n.args[0], false, lit)]),
      );
    default:
      // Binary and ternary nodes, quantifiers: `{node: [operands…]}`.
      return node(n.node, seq(n.args.map((a) => expressionYV(a, false, lit))));
  }
}

/** The `when` (or `unless`) value for a tree in Expression form; literal true is `"true"` (§7.4). */
export function expressionWhen(tree: ExprNode, lit: Lit = literalYV): YV {
  if (tree.node === 'literal' && tree.type === 'boolean' && tree.value === true) return str('true');
  return map([['expr', expressionYV(tree, true, lit)]], 'block');
}
