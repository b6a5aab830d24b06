import { describe, expect, it } from 'vitest';
import { type OfflineManifest, planRequest, precacheUrls, staleCaches } from './sw-routing';

const manifest: OfflineManifest = {
  cacheName: 'erdl-studio-0123456789abcdef',
  files: [
    'assets/main-abc.js',
    'assets/codicon-x.ttf',
    'index.html',
    'schema/erdl-v2.1.schema.json',
  ],
};
const SW = 'http://127.0.0.1:4173/sw.js';
const precached = new Set(precacheUrls(manifest, SW));
const get = (url: string, mode = 'cors') => ({ method: 'GET', url, mode });

describe('precacheUrls', () => {
  it('resolves every file against the worker, under a sub-path too', () => {
    expect(precacheUrls(manifest, SW)).toContain('http://127.0.0.1:4173/assets/main-abc.js');
    expect(precacheUrls(manifest, 'https://example.org/studio/sw.js')).toContain(
      'https://example.org/studio/schema/erdl-v2.1.schema.json',
    );
  });
});

describe('planRequest', () => {
  it('answers precached same-origin GETs cache-first', () => {
    expect(planRequest(get('http://127.0.0.1:4173/assets/main-abc.js'), SW, precached)).toEqual({
      kind: 'cache-first',
      url: 'http://127.0.0.1:4173/assets/main-abc.js',
    });
    expect(
      planRequest(get('http://127.0.0.1:4173/schema/erdl-v2.1.schema.json'), SW, precached).kind,
    ).toBe('cache-first');
  });

  it('never touches another origin, even for a path that is precached here', () => {
    expect(planRequest(get('http://localhost:4173/assets/main-abc.js'), SW, precached)).toEqual({
      kind: 'pass',
    });
    expect(
      planRequest(get('https://cdn.example.com/index.html', 'navigate'), SW, precached),
    ).toEqual({ kind: 'pass' });
  });

  it('passes non-GET requests, unknown files, queries and garbage URLs to the browser', () => {
    const post = { method: 'POST', url: 'http://127.0.0.1:4173/assets/main-abc.js', mode: 'cors' };
    expect(planRequest(post, SW, precached).kind).toBe('pass');
    expect(planRequest(get('http://127.0.0.1:4173/assets/other.js'), SW, precached).kind).toBe(
      'pass',
    );
    expect(
      planRequest(get('http://127.0.0.1:4173/assets/main-abc.js?v=2'), SW, precached).kind,
    ).toBe('pass');
    expect(planRequest(get('not a url'), SW, precached).kind).toBe('pass');
  });

  it('answers page loads from the network with the cached page as the offline fallback', () => {
    expect(planRequest(get('http://127.0.0.1:4173/', 'navigate'), SW, precached)).toEqual({
      kind: 'navigate',
      fallback: 'http://127.0.0.1:4173/index.html',
    });
    // Any deep link or query falls back to the studio's page.
    expect(
      planRequest(get('http://127.0.0.1:4173/some/where?x=1', 'navigate'), SW, precached),
    ).toEqual({ kind: 'navigate', fallback: 'http://127.0.0.1:4173/index.html' });
  });

  it('leaves pages outside the worker folder alone', () => {
    const sub = new Set(precacheUrls(manifest, 'https://example.org/studio/sw.js'));
    expect(
      planRequest(
        get('https://example.org/other/', 'navigate'),
        'https://example.org/studio/sw.js',
        sub,
      ).kind,
    ).toBe('pass');
    expect(
      planRequest(
        get('https://example.org/studio/', 'navigate'),
        'https://example.org/studio/sw.js',
        sub,
      ),
    ).toEqual({ kind: 'navigate', fallback: 'https://example.org/studio/index.html' });
  });
});

describe('staleCaches', () => {
  it('lists only our caches of other builds', () => {
    expect(
      staleCaches(
        ['erdl-studio-old', 'erdl-studio-0123456789abcdef', 'someone-else', 'erdl-studio-older'],
        'erdl-studio-0123456789abcdef',
      ),
    ).toEqual(['erdl-studio-old', 'erdl-studio-older']);
  });
});
