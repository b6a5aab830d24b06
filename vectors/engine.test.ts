import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runVector } from '../src/kernel';

/** Runs every V-ENGINE vector (vectors/engine/<group>/NNNN-slug.yaml) through the kernel. */
const root = fileURLToPath(new URL('./engine/', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : name.endsWith('.yaml') ? [path] : [];
    });
}

describe('V-ENGINE vectors', () => {
  const all = files(root);
  it('exist', () => {
    expect(all.length).toBeGreaterThan(0);
  });
  for (const file of all) {
    it(relative(root, file), () => {
      const outcome = runVector(parse(readFileSync(file, 'utf8')));
      expect(outcome.failures).toEqual([]);
      expect(outcome.passed).toBe(true);
    });
  }
});
