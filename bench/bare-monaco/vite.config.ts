import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Builds the bare-Monaco baseline page of `npm run bench:ui` (bench/ui-server.ts). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  worker: { format: 'es' },
  build: { target: 'es2022', emptyOutDir: true },
});
