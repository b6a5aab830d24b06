/**
 * Vite plugin (build only): after the bundle is written, lists EVERY file of the output folder —
 * JS chunks including Monaco and its workers, CSS, fonts, the HTML pages, the public files such as
 * `schema/erdl-v2.1.schema.json` — and writes `sw.js` next to them: the service worker of
 * `src/studio/offline/service-worker.ts`, bundled as one classic script, preceded by the manifest
 * (the file list and a cache name derived from a hash of every file's path and content).
 *
 * The list is read from disk rather than from the bundle object so that files emitted by other
 * plugins (worker bundles) and the copied public folder are included whatever the plugin order.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { CACHE_PREFIX, type OfflineManifest } from '../src/studio/offline/sw-routing.js';

export const SERVICE_WORKER_FILE = 'sw.js';

const WORKER_ENTRY = fileURLToPath(
  new URL('../src/studio/offline/service-worker.ts', import.meta.url),
);

/** Files the studio never requests: source maps, and tool folders such as `.vite/`. */
function precacheable(relative: string): boolean {
  return (
    relative !== SERVICE_WORKER_FILE &&
    !relative.endsWith('.map') &&
    !relative.split('/').some((part) => part.startsWith('.'))
  );
}

/** Every file under `dir`, as sorted `/`-separated paths relative to it. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .filter(precacheable)
    .sort();
}

/** The cache name: changes whenever any file's path or bytes, or the worker's own code, change. */
export async function cacheNameFor(
  dir: string,
  files: readonly string[],
  workerCode: string,
): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) {
    const digest = createHash('sha256')
      .update(await readFile(path.join(dir, file)))
      .digest('hex');
    hash.update(`${file}\0${digest}\n`);
  }
  hash.update(workerCode);
  return `${CACHE_PREFIX}${hash.digest('hex').slice(0, 16)}`;
}

/** The worker bundled as one self-contained classic script (service workers load no modules). */
export async function bundleServiceWorker(root: string): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    publicDir: false,
    logLevel: 'warn',
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: WORKER_ENTRY, formats: ['iife'], name: 'erdlStudioServiceWorker' },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  for (const out of outputs) {
    if (!('output' in out)) continue;
    const chunk = out.output.find((item) => item.type === 'chunk' && item.isEntry);
    if (chunk && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error('erdl-offline: bundling the service worker produced no script');
}

export async function writeServiceWorker(outDir: string, root: string): Promise<OfflineManifest> {
  const workerCode = await bundleServiceWorker(root);
  const files = await listFiles(outDir);
  if (!files.includes('index.html')) {
    throw new Error(`erdl-offline: ${outDir} has no index.html to serve offline`);
  }
  const manifest: OfflineManifest = {
    cacheName: await cacheNameFor(outDir, files, workerCode),
    files,
  };
  const source = `const ERDL_OFFLINE_MANIFEST = ${JSON.stringify(manifest)};\n${workerCode}`;
  await writeFile(path.join(outDir, SERVICE_WORKER_FILE), source);
  return manifest;
}

export function offlinePlugin(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'erdl-offline',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        const manifest = await writeServiceWorker(options.dir ?? outDir, root);
        this.info(
          `${SERVICE_WORKER_FILE}: ${manifest.files.length} files precached as ${manifest.cacheName}`,
        );
      },
    },
  };
}
