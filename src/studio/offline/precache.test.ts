/**
 * The precache manifest of the offline build (scripts/pwa-options.ts, made by Workbox's own
 * getManifest, as vite-plugin-pwa does) on a fake output folder: every file the studio can load,
 * each with its own revision, test pages and source maps left out; a change of one file changes
 * that file's entry only, so an update downloads just it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getManifest } from 'workbox-build';
import { HASHED_FILE, PRECACHE, PWA_OPTIONS } from '../../../scripts/pwa-options';

let dir: string;

function put(file: string, content: string | Uint8Array) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), content);
}

async function manifest() {
  const { manifestEntries, warnings } = await getManifest({ globDirectory: dir, ...PRECACHE });
  expect(warnings).toEqual([]);
  return Object.fromEntries((manifestEntries ?? []).map((e) => [e.url, e.revision]));
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'erdl-precache-'));
  put('index.html', '<!doctype html><title>studio</title>');
  put('e2e/vectors.html', '<!doctype html><title>vectors</title>');
  put('assets/main-CLCdlXUW.js', 'console.log(1)');
  put('assets/main-CLCdlXUW.js.map', '{}');
  put('assets/editor.worker-C9b3TcQk.js', 'self.onmessage = null');
  put('assets/codicon-B_Z2XQ3P.ttf', new Uint8Array([0, 1, 2, 255]));
  put('assets/main-kVc-G2-A.css', 'body{}');
  put('schema/erdl-v2.1.schema.json', '{"$id":"x"}');
  put('sw.js', 'self.__WB_MANIFEST');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the precache manifest', () => {
  it('lists every file the studio loads, and no test page, source map or the worker itself', async () => {
    expect(Object.keys(await manifest()).sort()).toEqual([
      'assets/codicon-B_Z2XQ3P.ttf',
      'assets/editor.worker-C9b3TcQk.js',
      'assets/main-CLCdlXUW.js',
      'assets/main-kVc-G2-A.css',
      'index.html',
      'schema/erdl-v2.1.schema.json',
    ]);
  });

  it('revisions files by content unless the name already carries the hash', async () => {
    const m = await manifest();
    expect(m['assets/main-CLCdlXUW.js']).toBeNull();
    expect(m['assets/codicon-B_Z2XQ3P.ttf']).toBeNull();
    expect(m['index.html']).toMatch(/^[0-9a-f]{32}$/);
    expect(m['schema/erdl-v2.1.schema.json']).toMatch(/^[0-9a-f]{32}$/);
    expect(HASHED_FILE.test('index.html')).toBe(false);
    expect(HASHED_FILE.test('assets/editor.worker-C9b3TcQk.js')).toBe(true);
  });

  it('changes only the entry of the file that changed (an update downloads just that)', async () => {
    const before = await manifest();
    put('schema/erdl-v2.1.schema.json', '{"$id":"y"}');
    const after = await manifest();
    put('schema/erdl-v2.1.schema.json', '{"$id":"x"}');
    const changed = Object.keys(after).filter((url) => after[url] !== before[url]);
    expect(changed).toEqual(['schema/erdl-v2.1.schema.json']);
    expect(await manifest()).toEqual(before);
  });

  it('is what the build uses: our worker, our registration, the update prompt', () => {
    expect(PWA_OPTIONS).toMatchObject({
      strategies: 'injectManifest',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: PRECACHE,
    });
  });
});
