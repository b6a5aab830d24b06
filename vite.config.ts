import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { offlinePlugin } from './scripts/vite-offline-plugin.js';

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

export default defineConfig({
  plugins: [react(), offlinePlugin()],
  server: {
    port: 5173,
    strictPort: false,
  },
  worker: {
    format: 'es',
  },
  build: {
    target: 'es2022',
    rolldownOptions: {
      // The studio, and the browser-test page that runs the V-ENGINE vectors in a Web Worker.
      input: {
        main: page('./index.html'),
        vectors: page('./vectors.html'),
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts', 'vectors/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'e2e/**'],
    environment: 'node',
  },
});
