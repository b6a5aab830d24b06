/**
 * The kind of value each field path holds in the sample fact and in the document's suite facts
 * (the fact box first, then the first suite fact that has it): what the fact box's completion
 * shows as a field's type. Bounded like the editor's fact paths (texts and nodes): a huge suite
 * must not stall a keystroke; the suite's kinds are read once per suite text (`suiteKinds`).
 */
import { parseData, unwrapFact } from '../../../kernel/data/parse-data';

export type ValueKind = 'string' | 'number' | 'boolean' | 'null' | 'list' | 'object';
export type Kinds = ReadonlyMap<string, ValueKind>;

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

function read(label: string, text: string): unknown {
  if (text.trim() === '' || text.length > MAX_TEXT) return undefined;
  const data = parseData(label, text);
  return data.ok ? data.value : undefined;
}

/** Records every path of a fact (first kind seen wins), within the node budget. */
function walkFact(
  kinds: Map<string, ValueKind>,
  budget: { n: number },
  node: unknown,
  prefix = '',
) {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
  for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
    if (--budget.n < 0) return;
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (!kinds.has(path)) kinds.set(path, kindOf(child));
    walkFact(kinds, budget, child, path);
  }
}

/** The kinds of a suite's facts: the values of its `fact` keys (cases and sequence events). */
export function suiteKinds(suite: string | undefined): Kinds {
  const kinds = new Map<string, ValueKind>();
  const budget = { n: MAX_NODES };
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null || --budget.n < 0) return;
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'fact') walkFact(kinds, budget, child);
      else walk(child);
    }
  };
  if (suite !== undefined) walk(read('suite', suite));
  return kinds;
}

/** The fact box's kinds, then the suite's for paths the fact box does not hold. */
export function fieldKinds(fact: string, suite: Kinds): Kinds {
  const kinds = new Map<string, ValueKind>();
  walkFact(kinds, { n: MAX_NODES }, unwrapFact(read('fact', fact)));
  for (const [path, kind] of suite) if (!kinds.has(path)) kinds.set(path, kind);
  return kinds;
}
