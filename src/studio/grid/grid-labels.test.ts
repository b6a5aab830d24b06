// No two different actions share one Chinese label in the grid (issue 36 point 9: "Duplicate row"
// is 复制行, "Copy" to the clipboard is 复制). Over every string table of the grid
// (src/studio/grid/**/strings.ts): within one group of keys (a toolbar, a menu, a sheet), two labels
// with the same Chinese text say the same in English — the same action named twice (a dialog's
// "Cancel"), never two actions under one word (sentence templates and separators are not labels).
// The toolbar's visible labels are each different.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gridStrings } from './strings';

const GRID = fileURLToPath(new URL('.', import.meta.url));

function stringFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return stringFiles(path);
    return name === 'strings.ts' ? [path] : [];
  });
}

type Tree = { readonly [key: string]: string | Tree };

/** Every group of a table: the string leaves directly under one object, by their dotted path. */
function groups(en: Tree, zh: Tree, path = ''): { path: string; en: Tree; zh: Tree }[] {
  const out = [{ path: path || '(top)', en, zh }];
  for (const [k, v] of Object.entries(en)) {
    const z = zh[k];
    if (typeof v !== 'string' && z && typeof z !== 'string')
      out.push(...groups(v, z, path ? `${path}.${k}` : k));
  }
  return out;
}

describe('grid labels', () => {
  for (const file of stringFiles(GRID)) {
    const name = relative(GRID, file);
    it(`${name}: within a group, one Chinese label is one action`, async () => {
      const mod = (await import(file)) as Record<string, unknown>;
      const problems: string[] = [];
      for (const table of Object.values(mod)) {
        if (typeof table !== 'object' || table === null || !('en' in table) || !('zh' in table))
          continue;
        const { en, zh } = table as { en: Tree; zh: Tree };
        for (const g of groups(en, zh)) {
          const byZh = new Map<string, { key: string; en: string }[]>();
          for (const [k, z] of Object.entries(g.zh)) {
            const e = g.en[k];
            if (typeof z !== 'string' || typeof e !== 'string') continue;
            // Labels only: not sentence templates ({n} rows, a plural's two forms) nor separators.
            if (z.includes('{') || !/[A-Za-z\u3400-\u9fff]/.test(z)) continue;
            const list = byZh.get(z) ?? [];
            list.push({ key: k, en: e });
            byZh.set(z, list);
          }
          for (const [z, keys] of byZh) {
            if (new Set(keys.map((x) => x.en)).size > 1)
              problems.push(
                `${g.path}: ${keys.map((x) => `${x.key} (“${x.en}”)`).join(', ')} all read “${z}”`,
              );
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('the toolbar shows a different Chinese label for every action', () => {
    const zh = Object.values(gridStrings.zh.short);
    expect(new Set(zh).size).toBe(zh.length);
    expect(gridStrings.zh.short.duplicateRow).toBe('复制行');
    expect(gridStrings.zh.short.copy).toBe('复制');
    expect(gridStrings.zh.duplicateRow).toBe('复制行');
  });
});
