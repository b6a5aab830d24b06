// The remembered mappings of business outputs (issue 38 §4): per file name and content, and what
// is read back is checked — a stored entry that is not a mapping is ignored, never applied.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileKey, rememberedMappings, rememberMappings } from './output-mappings';

const KEY = 'erdl-studio:output-mappings';
let items: Map<string, string>;
beforeEach(() => {
  items = new Map();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

const bytes = new TextEncoder().encode('{"nodes":[]}');
const mapping = {
  table: 'credit_decision',
  output: 'status',
  values: [
    ['Approved', 'ALLOW'],
    ['Declined', 'DENY'],
  ] as [string, string][],
};

describe('remembered output mappings', () => {
  it('remembers a mapping for the same name and bytes only', async () => {
    await rememberMappings('credit.json', bytes, [mapping]);
    expect(await rememberedMappings('credit.json', bytes)).toEqual([mapping]);
    expect(await rememberedMappings('other.json', bytes)).toBeNull();
    expect(await rememberedMappings('credit.json', new TextEncoder().encode('{}'))).toBeNull();
    // Given none, the file's mapping is forgotten.
    await rememberMappings('credit.json', bytes, []);
    expect(await rememberedMappings('credit.json', bytes)).toBeNull();
  });

  it('ignores what is stored in any other shape', async () => {
    const key = (await fileKey('credit.json', bytes)) as string;
    for (const stored of [
      'not json',
      '[]',
      JSON.stringify({ [key]: { mappings: 'x' } }),
      JSON.stringify({ [key]: { mappings: [{ table: 1, output: 'status', values: [] }] } }),
      JSON.stringify({ __proto__: { mappings: [mapping] } }),
    ]) {
      items.set(KEY, stored);
      expect(await rememberedMappings('credit.json', bytes)).toBeNull();
    }
    // Pairs that are not two strings are dropped; the rest of the mapping stands.
    items.set(
      KEY,
      JSON.stringify({
        [key]: { mappings: [{ ...mapping, values: [['Approved', 'ALLOW'], ['x', 5], 'y'] }] },
      }),
    );
    expect(await rememberedMappings('credit.json', bytes)).toEqual([
      { ...mapping, values: [['Approved', 'ALLOW']] },
    ]);
  });
});
