import { KEYWORD_FIRST_ITEM, KEYWORD_KEYS } from '../document/format';
import type { YNode, YScalar } from '../document/ynode';
import { isBareWord, map, plain, seq, str, type YV } from './yaml-out';

/**
 * The parts of a document a conversion does not rewrite (metadata, the fields of a rule other than
 * its conditions, rules not selected) are written back from the loaded YAML view with the same
 * values. Only the presentation changes, toward §2.3: strings double-quoted, enum keywords bare
 * (the keyword positions are those of document/format.ts), block scalars as quoted strings,
 * `~` as `null`. Comments are not kept (the loaded view has none).
 */

type Position = 'keyword' | 'value';

function scalar(n: YScalar, pos: Position): YV {
  const v = n.value;
  if (v === null) return plain('null');
  if (typeof v === 'boolean') return plain(v ? 'true' : 'false');
  // A number keeps its source token (`5000`, `0.1`, `1e3`, `0x1F`): the kernel reads numbers from
  // their source text (E2), so the token is the value.
  if (typeof v === 'number') return plain(n.source.trim());
  return pos === 'keyword' && isBareWord(v) ? plain(v) : str(v);
}

/** A mapping under these keys is written in block style, as the spec's examples do. */
const BLOCK_MAP_KEYS = new Set(['metadata', 'when', 'unless', 'explanation', 'alternative']);
/** A list under these keys is written one block mapping per item. */
const BLOCK_LIST_KEYS = new Set(['rules', 'conditions', 'columns', 'rows']);

function block(v: YV): YV {
  return v.k === 'map' ? map(v.pairs, 'block') : v.k === 'seq' ? seq(v.items, 'block') : v;
}

/** The YAML view of `n` as a writable value. `key` is the mapping key `n` is the value of. */
export function rawYV(n: YNode, pos: Position = 'value', key: string | null = null): YV {
  if (n.kind === 'scalar') return scalar(n, pos);
  if (n.kind === 'map') return map(n.items.map((p) => [p.key, rawField(p.key, p.value)] as const));
  return seq(
    n.items.map((item, i) => {
      const keyword = i === 0 && key !== null && (key === 'cell' || KEYWORD_FIRST_ITEM.has(key));
      // The items of a table row's `when` are cells, whose first item is the operator keyword.
      return rawYV(item, keyword ? 'keyword' : 'value', key === 'when' ? 'cell' : null);
    }),
  );
}

/** The value of `key` in a mapping, written back. */
export function rawField(key: string, value: YNode): YV {
  if ((key === 'when' || key === 'unless') && value.kind === 'scalar' && value.value === true)
    return str('true');
  let v = rawYV(value, KEYWORD_KEYS.has(key) ? 'keyword' : 'value', key);
  if (v.k === 'map' && BLOCK_MAP_KEYS.has(key)) v = block(v);
  if (v.k === 'seq' && BLOCK_LIST_KEYS.has(key)) v = seq(v.items.map(block), 'block');
  if (key === 'expr' && v.k === 'map' && v.pairs.length === 1) {
    // A top-level and / or: one operand per line.
    const [name, operands] = v.pairs[0] as readonly [string, YV];
    if ((name === 'and' || name === 'or') && operands.k === 'seq')
      v = map([[name, block(operands)]], 'auto');
  }
  return v;
}
