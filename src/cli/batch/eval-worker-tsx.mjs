// From source only (`npm run erdl`, tests): a worker thread does not inherit tsx's loader, so this
// plain-JavaScript entry loads eval-worker.ts through tsx's API. The built command (lib/) runs
// lib/eval-worker.js directly.
import { tsImport } from 'tsx/esm/api';

await tsImport('./eval-worker.ts', import.meta.url);
