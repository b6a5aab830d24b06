/**
 * Issue #17: the studio's main thread only renders. The JS a cold start loads before anything is
 * used — the entry chunk (index.html's module script) and the chunks it imports statically —
 * holds no kernel code, and weighs at most 150 KB gzip. Every kernel use goes through the workers
 * (src/worker, KernelClient) or a chunk loaded with `import()` when its feature is first used.
 *
 * "Kernel code", by module id in the production build's output (not by searching the code):
 *  - any module under src/kernel/ except DATA_ONLY_KERNEL: small modules the shell reads
 *    synchronously (versions, input limits, the decision and document vocabularies) that import
 *    nothing — checked below, so the allow-list cannot grow a dependency unnoticed;
 *  - the signing library (src/signing/: it compiles documents to check a signature);
 *  - the heavy libraries the kernel and its readers use (HEAVY_PACKAGES), and Monaco, which has
 *    its own lazily loaded chunk.
 * The build is the product build (vite.config.ts), written to a temporary folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUDGET_KB = 150;

const DATA_ONLY_KERNEL = [
  'src/kernel/version.ts',
  'src/kernel/file-limits.ts',
  'src/kernel/vocabulary/decisions.ts',
  'src/kernel/vocabulary/document.ts',
  // A value's type and a trace step's status in words (the Evaluate panel's strings).
  'src/kernel/vocabulary/evaluation-words.ts',
  'src/kernel/util/visible-text.ts',
  'src/kernel/util/text-edit.ts',
  // The one template filler every string table uses (src/i18n/format.ts).
  'src/kernel/util/template.ts',
  // Chinese typography's seam rule, which the filler applies beside Chinese text (fill's seams).
  'src/kernel/gloss/typography.ts',
  'src/kernel/table-import/mapping-limit.ts',
];
const HEAVY_PACKAGES = [
  're2js',
  'yaml',
  'decimal.js',
  'dmn-moddle',
  'read-excel-file',
  '@noble/ed25519',
  '@noble/hashes',
  'monaco-editor',
  'monaco-yaml',
];

const relative = (id: string) =>
  path.relative(ROOT, id.replace(/\?.*$/, '')).split(path.sep).join('/');
const packageOf = (id: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1] ?? null;

/** Why a module counts as kernel code on the main thread, or null when it does not. */
function kernelCode(id: string): string | null {
  const pkg = packageOf(id);
  if (pkg !== null) return HEAVY_PACKAGES.includes(pkg) ? `the ${pkg} package` : null;
  const file = relative(id);
  if (file.startsWith('src/kernel/') && !DATA_ONLY_KERNEL.includes(file)) return 'kernel module';
  if (file.startsWith('src/signing/')) return 'signing library';
  return null;
}

interface Built {
  readonly chunks: Rollup.OutputChunk[];
  readonly imports: Map<string, readonly string[]>;
}

let built: Built;
let outDir: string;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'erdl-entry-chunk-'));
  const chunks: Rollup.OutputChunk[] = [];
  const imports = new Map<string, readonly string[]>();
  const capture: Plugin = {
    name: 'entry-chunk-test-capture',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.push(item);
      for (const id of this.getModuleIds()) {
        imports.set(relative(id), (this.getModuleInfo(id)?.importedIds ?? []).map(relative));
      }
    },
  };
  // vitest sets NODE_ENV=test, which would bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: ROOT,
      mode: 'production',
      configFile: path.join(ROOT, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, write: false },
      plugins: [capture],
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  built = { chunks, imports };
});

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** The entry chunk and every chunk it imports statically, transitively. */
function initialChunks({ chunks }: Built): Rollup.OutputChunk[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find(
    (c) => c.isEntry && c.moduleIds.some((id) => id.endsWith('/index.html')),
  );
  if (!entry) throw new Error('the build has no entry chunk for index.html');
  const found = new Map<string, Rollup.OutputChunk>();
  const queue = [entry.fileName];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    const chunk = byFile.get(file);
    if (!chunk || found.has(file)) continue;
    found.set(file, chunk);
    queue.push(...chunk.imports);
  }
  return [...found.values()];
}

describe('the JS a cold start loads (entry chunk and its static imports)', () => {
  it('holds no kernel code: every kernel use is in a worker or a lazily imported chunk', () => {
    const offending = initialChunks(built).flatMap((chunk) =>
      chunk.moduleIds.flatMap((id) => {
        const why = kernelCode(id);
        return why ? [`${chunk.fileName}: ${relative(id)} (${why})`] : [];
      }),
    );
    expect(offending).toEqual([]);
  });

  it('the definition of kernel code matches modules the build really has (the check can fail)', () => {
    // Each forbidden kind is in the build, in chunks loaded on use: the ids above are real ids.
    const all = built.chunks.flatMap((c) => c.moduleIds);
    const kinds = new Set(all.map(kernelCode).filter((why) => why !== null));
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'kernel module',
        'signing library',
        'the re2js package',
        'the yaml package',
        'the decimal.js package',
        'the dmn-moddle package',
        'the monaco-editor package',
      ]),
    );
  });

  it('holds none of the language server (erdl lsp: src/lsp, vscode-languageserver), in any chunk', () => {
    // (monaco-yaml brings LSP *types* packages of its own; the server library is the CLI's only.)
    const lsp = built.chunks.flatMap((c) =>
      c.moduleIds.filter(
        (id) => packageOf(id) === 'vscode-languageserver' || relative(id).startsWith('src/lsp/'),
      ),
    );
    expect(lsp).toEqual([]);
  });

  it('allows only data-only kernel modules: each imports nothing', () => {
    for (const file of DATA_ONLY_KERNEL) {
      const imported = built.imports.get(file);
      if (imported === undefined) continue; // not in the studio's build at all
      expect({ file, imports: imported }).toEqual({ file, imports: [] });
    }
  });

  it(`weighs at most ${BUDGET_KB} KB gzip`, () => {
    const chunks = initialChunks(built);
    const sizes = chunks.map((c) => ({
      file: c.fileName,
      gzipKb: Math.round((gzipSync(c.code, { level: 9 }).length / 1024) * 10) / 10,
    }));
    const total = Math.round(sizes.reduce((sum, s) => sum + s.gzipKb, 0) * 10) / 10;
    console.log(
      `initial JS: ${total} KB gzip (-9) in ${sizes.length} files\n${sizes
        .map((s) => `  ${s.file} ${s.gzipKb} KB`)
        .join('\n')}`,
    );
    expect(total).toBeLessThanOrEqual(BUDGET_KB);
  });
});
