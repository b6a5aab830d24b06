/**
 * The kernel library for CommonJS (`require('erdl-studio/kernel')`, package.json exports'
 * "require" condition): lib/kernel.cjs, the same kernel as lib/kernel.js (vite.lib.config.ts, whose
 * Node build this is) with every dependency bundled in. Node 20 has no require() of ES modules by
 * default, so CommonJS consumers get a CommonJS build. Run by `npm run build:lib` after
 * vite.lib.config.ts.
 */
import { nodeLibrary, source } from './vite.lib.config.ts';

export default nodeLibrary({
  input: { kernel: source('./src/kernel/index.ts') },
  output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
});
