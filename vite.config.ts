import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: false,
  },
  worker: {
    format: 'es',
  },
  build: {
    target: 'es2022',
  },
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts', 'vectors/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'e2e/**'],
    environment: 'node',
  },
});
