/**
 * The kind of value each field path holds in the sample fact and in the document's suite facts
 * (the first seen wins, the fact box first): what the fact box's completion shows as a field's
 * type. Bounded like the editor's fact paths: a huge suite must not stall a keystroke.
 */
import { parseData, unwrapFact } from '../../../kernel/data/parse-data';

export type ValueKind = 'string' | 'number' | 'boolean' | 'null' | 'list' | 'object';

const MAX_NODES = 5_000;
const MAX_TEXT = 256 * 1024;

function kindOf(value: unknown): ValueKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'number' || typeof value === 'bigint') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return 'string';
}

export function fieldKinds(
  fact: string,
  suite: string | undefined,
): ReadonlyMap<string, ValueKind> {
  const kinds = new Map<string, ValueKind>();
  let budget = MAX_NODES;
  const walkFact = (node: unknown, prefix: string) => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      if (--budget < 0) return;
      const path = prefix === '' ? key : `${prefix}.${key}`;
      if (!kinds.has(path)) kinds.set(path, kindOf(child));
      walkFact(child, path);
    }
  };
  const read = (label: string, text: string) => {
    if (text.trim() === '' || text.length > MAX_TEXT) return undefined;
    const data = parseData(label, text);
    return data.ok ? data.value : undefined;
  };
  walkFact(unwrapFact(read('fact', fact)), '');
  // A suite's facts are the values of its `fact` keys (cases and sequence events).
  const walkSuite = (node: unknown) => {
    if (typeof node !== 'object' || node === null || --budget < 0) return;
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'fact') walkFact(child, '');
      else walkSuite(child);
    }
  };
  if (suite !== undefined) walkSuite(read('suite', suite));
  return kinds;
}
