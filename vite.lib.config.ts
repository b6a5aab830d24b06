/**
 * The Node build of the `erdl` command and of the kernel library (`npm run build:lib`, run by
 * `prepare` after every install and by `npm run pack`): plain ESM in lib/, every dependency
 * bundled in, so the package runs with no tsx and installs with no runtime dependencies.
 *   lib/erdl.js         the command (bin/erdl.js imports it)
 *   lib/eval-worker.js  one worker thread of `erdl eval --facts` (src/cli/batch)
 *   lib/kernel.js       `import … from 'erdl-studio/kernel'` (types: lib/types/, by tsconfig.lib.json
 *                       and scripts/lib-types.mjs; lib/kernel.cjs for require: vite.lib.cjs.config.ts)
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

/** A path of this repository as the build's input wants it. */
export const source = (name: string) => fileURLToPath(new URL(name, import.meta.url));

type RolldownOptions = NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']>;

/**
 * A Node 20 build into lib/ with every dependency bundled in, unminified, without source maps:
 * this file's ESM build and vite.lib.cjs.config.ts's CommonJS kernel differ only in their inputs
 * and output format.
 */
export function nodeLibrary(rolldownOptions: RolldownOptions): UserConfig {
  return defineConfig({
    publicDir: false,
    logLevel: 'warn',
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: true,
      outDir: 'lib',
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      sourcemap: false,
      copyPublicDir: false,
      rolldownOptions,
    },
  });
}

export default nodeLibrary({
  input: {
    erdl: source('./src/cli/main.ts'),
    'eval-worker': source('./src/cli/batch/eval-worker.ts'),
    kernel: source('./src/kernel/index.ts'),
  },
  output: {
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
  },
});
