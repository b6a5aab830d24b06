#!/usr/bin/env node
/**
 * `npm start`: the studio as users get it — the production build (bundled Monaco, the service
 * worker that makes it work offline from the first load), served locally by `vite preview`.
 * The build is made again only when its inputs changed: a SHA-256 over every input file's path
 * and bytes is kept beside the output (dist/.inputs-sha256) and compared on each start.
 * For development with hot reload, use `npm run dev`.
 *
 *   npm start [-- --port N] [-- --host ADDRESS]
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'dist');
const STAMP = path.join(OUT_DIR, '.inputs-sha256');
/** Everything the production build reads (tests excepted: they are never bundled). */
const INPUTS = [
  'index.html',
  'src',
  'public',
  'vite.config.ts',
  'scripts/pwa-options.ts',
  'tsconfig.json',
  'package-lock.json',
];

function files(relative) {
  const full = path.join(ROOT, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !/\.test\.tsx?$/.test(file));
}

export function inputsHash() {
  const hash = createHash('sha256');
  const all = INPUTS.flatMap(files)
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  for (const file of all) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4173' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});

process.chdir(ROOT);
// The product build: never the e2e build's extra test page.
delete process.env.ERDL_E2E;
const { build, preview } = await import('vite');

const wanted = inputsHash();
const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : null;
if (built === wanted && existsSync(path.join(OUT_DIR, 'sw.js'))) {
  console.log('erdl-studio: the production build in dist/ is up to date');
} else {
  console.log('erdl-studio: building the studio for production (dist/)…');
  await build({ root: ROOT, logLevel: 'warn', build: { outDir: OUT_DIR, emptyOutDir: true } });
  writeFileSync(STAMP, `${wanted}\n`);
}

const server = await preview({
  root: ROOT,
  build: { outDir: OUT_DIR },
  preview: { port: Number(values.port), host: values.host, strictPort: false, open: false },
});
server.printUrls();
console.log('erdl-studio: works offline after the first load; stop with Ctrl+C');
