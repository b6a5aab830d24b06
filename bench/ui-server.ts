/**
 * The UI benchmark's server: a production build served by `vite preview` on a free port. The build
 * goes to its own folder, so an e2e run rebuilding dist/ meanwhile cannot change what is measured.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DIST = path.join(tmpdir(), 'erdl-bench-ui-dist');
/** The bare-Monaco baseline page (bench/bare-monaco), built on its own. */
export const BARE_DIST = path.join(tmpdir(), 'erdl-bench-bare-monaco-dist');
const VITE = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
const BARE_CONFIG = fileURLToPath(new URL('./bare-monaco/vite.config.ts', import.meta.url));

function viteBuild(args: readonly string[]): void {
  const result = spawnSync(process.execPath, [VITE, 'build', '--logLevel', 'warn', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
}

export function buildApp(): void {
  viteBuild(['--outDir', DIST, '--emptyOutDir']);
}

export function buildBareMonaco(): void {
  viteBuild(['--config', BARE_CONFIG, '--outDir', BARE_DIST, '--emptyOutDir']);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export interface PreviewServer {
  readonly url: string;
  stop(): void;
}

export async function startPreview(outDir: string = DIST): Promise<PreviewServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      VITE,
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
      '--outDir',
      outDir,
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const url = `http://127.0.0.1:${port}/`;
  const stop = () => {
    if (child.exitCode === null) child.kill();
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview exited: ${stderr.trim()}`);
    try {
      if ((await fetch(url)).ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`vite preview did not answer on ${url} within 30 s`);
}
