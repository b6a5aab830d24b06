import type { YNode, YScalar } from '../document/ynode';
import { describe } from '../document/ynode';
import type { CompileContext } from './context';
import { canonicalNumberSource } from './decimal';
import type { LiteralNode, LiteralValue } from './types';

/**
 * E10: every string from a rule is NFC-normalized before it enters the tree. ASCII text is its own
 * NFC form, and most rule text is ASCII: checked first, it skips the Unicode library call.
 */
export function nfc(s: string): string {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return s.normalize('NFC');
  return s;
}

/** A scalar as a canonical literal value; reports and returns null when it is not representable. */
export function scalarLiteral(ctx: CompileContext, n: YScalar): LiteralValue | null {
  const v = n.value;
  if (v === null) return { type: 'null' };
  if (typeof v === 'boolean') return { type: 'boolean', value: v };
  if (typeof v === 'string') return { type: 'string', value: nfc(v) };
  const value = canonicalNumberSource(n.source);
  if (value === null) {
    ctx.report('ERDL-E319', n.range, { value: n.source });
    return null;
  }
  return { type: 'number', value };
}

/** A scalar or a list of scalars as a literal (lists hold scalars only). */
export function literalValue(ctx: CompileContext, n: YNode): LiteralValue | null {
  if (n.kind === 'scalar') return scalarLiteral(ctx, n);
  if (n.kind === 'seq') {
    const items: LiteralValue[] = [];
    let ok = true;
    for (const item of n.items) {
      if (item.kind !== 'scalar') {
        ctx.report('ERDL-E404', item.range, {
          node: 'literal',
          expected: {
            en: 'scalar (string, number, boolean or null)',
            zh: '标量（字符串、数字、布尔或空值）',
          },
          actual: describe(item),
        });
        ok = false;
        continue;
      }
      const lit = scalarLiteral(ctx, item);
      if (lit) items.push(lit);
      else ok = false;
    }
    return ok ? { type: 'list', value: items } : null;
  }
  return null;
}

export function literalNode(ctx: CompileContext, value: LiteralValue, n: YNode): LiteralNode {
  return ctx.at({ node: 'literal', ...value } as LiteralNode, n.range);
}
