/**
 * The build step of scripts/vite-offline-plugin.ts on a fake output folder, and the sw.js it
 * writes run in a Node VM against fake `caches`/`fetch`: precache on install, old caches deleted
 * on activate, cache-first answers, the offline page fallback, cross-origin requests untouched.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeServiceWorker } from '../../../scripts/vite-offline-plugin';
import type { OfflineManifest } from './sw-routing';

const ROOT = path.resolve(__dirname, '../../..');
const ORIGIN = 'http://127.0.0.1:4173';

let dir: string;
let manifest: OfflineManifest;

function put(file: string, content: string | Uint8Array) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), content);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'erdl-offline-'));
  put('index.html', '<!doctype html><title>studio</title>');
  put('vectors.html', '<!doctype html><title>vectors</title>');
  put('assets/main-abc.js', 'console.log(1)');
  put('assets/main-abc.js.map', '{}');
  put('assets/editor.worker-def.js', 'self.onmessage = null');
  put('assets/codicon-123.ttf', new Uint8Array([0, 1, 2, 255]));
  put('assets/main-abc.css', 'body{}');
  put('schema/erdl-v2.1.schema.json', '{"$id":"x"}');
  put('.vite/manifest.json', '{}');
  manifest = await writeServiceWorker(dir, ROOT);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the build step', () => {
  it('lists every file the studio can request, and only those', () => {
    expect(manifest.files).toEqual([
      'assets/codicon-123.ttf',
      'assets/editor.worker-def.js',
      'assets/main-abc.css',
      'assets/main-abc.js',
      'index.html',
      'schema/erdl-v2.1.schema.json',
      'vectors.html',
    ]);
    expect(manifest.cacheName).toMatch(/^erdl-studio-[0-9a-f]{16}$/);
  });

  it('derives a new cache name when any file changes, and the same one when none does', async () => {
    expect((await writeServiceWorker(dir, ROOT)).cacheName).toBe(manifest.cacheName);
    put('schema/erdl-v2.1.schema.json', '{"$id":"y"}');
    const changed = await writeServiceWorker(dir, ROOT);
    expect(changed.cacheName).not.toBe(manifest.cacheName);
    put('schema/erdl-v2.1.schema.json', '{"$id":"x"}');
    expect((await writeServiceWorker(dir, ROOT)).cacheName).toBe(manifest.cacheName);
  }, 60_000);

  it('refuses an output folder without the studio page', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'erdl-offline-empty-'));
    try {
      await expect(writeServiceWorker(empty, ROOT)).rejects.toThrow(/no index\.html/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);
});

type Listener = (event: unknown) => void;

/** sw.js in a VM with a fake origin: its network is the output folder, or nothing when offline. */
function startWorker(existingCaches: string[] = []) {
  const listeners = new Map<string, Listener>();
  const caches = new Map<string, Map<string, Response>>();
  for (const name of existingCaches) caches.set(name, new Map());
  const network: string[] = [];
  let online = true;
  let claimed = false;

  async function fetchFake(input: Request | string): Promise<Response> {
    const url = typeof input === 'string' ? input : input.url;
    network.push(url);
    if (!online) throw new TypeError('Failed to fetch');
    const { origin, pathname } = new URL(url);
    if (origin !== ORIGIN) return new Response('elsewhere');
    try {
      const file = pathname === '/' ? 'index.html' : pathname.slice(1);
      return new Response(readFileSync(path.join(dir, file)));
    } catch {
      return new Response('not found', { status: 404 });
    }
  }
  const cacheStorage = {
    async open(name: string) {
      let entries = caches.get(name);
      if (!entries) {
        entries = new Map();
        caches.set(name, entries);
      }
      const store = entries;
      return {
        async addAll(requests: Request[]) {
          for (const request of requests) {
            expect(request.cache).toBe('reload');
            const response = await fetchFake(request);
            if (!response.ok) throw new TypeError(`${request.url}: ${response.status}`);
            store.set(request.url, response);
          }
        },
        async match(url: string) {
          return store.get(url)?.clone();
        },
        async put(url: string, response: Response) {
          store.set(url, response);
        },
      };
    },
    async keys() {
      return [...caches.keys()];
    },
    async delete(name: string) {
      return caches.delete(name);
    },
  };
  const context = createContext({
    location: new URL(`${ORIGIN}/sw.js`),
    caches: cacheStorage,
    fetch: fetchFake,
    Request,
    Response,
    URL,
    clients: {
      async claim() {
        claimed = true;
      },
    },
    addEventListener(type: string, listener: Listener) {
      listeners.set(type, listener);
    },
  });
  runInContext(readFileSync(path.join(dir, 'sw.js'), 'utf8'), context);

  async function lifecycle(type: 'install' | 'activate') {
    const work: Promise<unknown>[] = [];
    listeners.get(type)?.({ waitUntil: (p: Promise<unknown>) => work.push(p) });
    await Promise.all(work);
  }
  async function request(url: string, mode = 'cors', method = 'GET') {
    let answer: Promise<Response> | null = null;
    listeners.get('fetch')?.({
      request: { url, mode, method },
      respondWith: (p: Promise<Response>) => {
        answer = p;
      },
    });
    return answer === null ? null : await (answer as Promise<Response>);
  }
  return {
    caches,
    network,
    lifecycle,
    request,
    claimed: () => claimed,
    goOffline: () => {
      online = false;
    },
  };
}

describe('the service worker written by the build', () => {
  it('precaches every listed file on install, into the manifest cache', async () => {
    const sw = startWorker();
    await sw.lifecycle('install');
    expect([...(sw.caches.get(manifest.cacheName)?.keys() ?? [])].sort()).toEqual(
      manifest.files.map((file) => `${ORIGIN}/${file}`).sort(),
    );
  });

  it('deletes older caches of the studio on activate, keeps other caches, claims the page', async () => {
    const sw = startWorker(['erdl-studio-0000000000000000', 'another-app']);
    await sw.lifecycle('install');
    await sw.lifecycle('activate');
    expect([...sw.caches.keys()].sort()).toEqual(['another-app', manifest.cacheName]);
    expect(sw.claimed()).toBe(true);
  });

  it('works offline: files from the cache, page loads from the cached index.html', async () => {
    const sw = startWorker();
    await sw.lifecycle('install');
    await sw.lifecycle('activate');
    sw.goOffline();
    sw.network.length = 0;

    const font = await sw.request(`${ORIGIN}/assets/codicon-123.ttf`);
    expect(new Uint8Array(await font!.arrayBuffer())).toEqual(new Uint8Array([0, 1, 2, 255]));
    expect(await (await sw.request(`${ORIGIN}/schema/erdl-v2.1.schema.json`))!.text()).toBe(
      '{"$id":"x"}',
    );
    expect(sw.network).toEqual([]);

    expect(await (await sw.request(`${ORIGIN}/`, 'navigate'))!.text()).toContain('<title>studio');
    expect(await (await sw.request(`${ORIGIN}/vectors.html`, 'navigate'))!.text()).toContain(
      '<title>vectors',
    );
  });

  it('prefers the network for page loads while online', async () => {
    const sw = startWorker();
    await sw.lifecycle('install');
    sw.network.length = 0;
    await sw.request(`${ORIGIN}/`, 'navigate');
    expect(sw.network).toEqual([`${ORIGIN}/`]);
  });

  it('leaves cross-origin, non-GET and unknown requests to the browser', async () => {
    const sw = startWorker();
    await sw.lifecycle('install');
    sw.network.length = 0;
    expect(await sw.request('https://cdn.example.com/assets/main-abc.js')).toBeNull();
    expect(await sw.request(`${ORIGIN}/assets/main-abc.js`, 'cors', 'POST')).toBeNull();
    expect(await sw.request(`${ORIGIN}/api/anything`)).toBeNull();
    expect(sw.network).toEqual([]);
  });
});
