/**
 * The kernel library for CommonJS (`require('erdl-studio/kernel')`, package.json exports'
 * "require" condition): lib/kernel.cjs, the same kernel as lib/kernel.js (vite.lib.config.ts) with
 * every dependency bundled in. Node 20 has no require() of ES modules by default, so CommonJS
 * consumers get a CommonJS build. Run by `npm run build:lib` after vite.lib.config.ts.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
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
    rolldownOptions: {
      input: { kernel: fileURLToPath(new URL('./src/kernel/index.ts', import.meta.url)) },
      output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
    },
  },
});
