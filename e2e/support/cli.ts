/**
 * How the browser tests (and the Copy as command tests) run the checkout's `erdl`: the built
 * command (bin/erdl.js over lib/, which `npm ci` builds through `prepare`) when lib/ is at least as
 * new as every source file it is built from, else the sources through tsx, as `npm run erdl` does.
 * The built command starts in a tenth of the CPU time, and a stale lib/ is never used. Node only.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The newest modification time (ms) of any file under `dir`. */
export function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestUnder(path) : statSync(path).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

let chosen: readonly string[] | undefined;

/** The program and leading arguments that run `erdl` (append the command's own arguments). */
export function erdlCommand(): readonly string[] {
  if (chosen) return chosen;
  const built = join(ROOT, 'lib/erdl.js');
  let fresh = false;
  try {
    const sources = Math.max(
      newestUnder(join(ROOT, 'src')),
      statSync(join(ROOT, 'package.json')).mtimeMs,
      statSync(join(ROOT, 'vite.lib.config.ts')).mtimeMs,
    );
    fresh = statSync(built).mtimeMs >= sources;
  } catch {
    fresh = false;
  }
  chosen = fresh
    ? [process.execPath, join(ROOT, 'bin/erdl.js')]
    : [
        process.execPath,
        join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
        join(ROOT, 'src/cli/main.ts'),
      ];
  return chosen;
}
