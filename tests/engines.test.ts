/**
 * `engines.node` in package.json is truthful: every Node version it admits is admitted by every
 * installed package (every node_modules/…/package.json of the tree package-lock.json describes), so
 * `npm ci` never warns EBADENGINE on a Node we claim to support. The bench's peer engines
 * (bench/package.json, installed on demand) are held to the same range.
 */

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');

interface Manifest {
  readonly name?: string;
  readonly version?: string;
  readonly engines?: { readonly node?: string };
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

const ours = readJson<Manifest>(path.join(ROOT, 'package.json'));
const range = ours.engines?.node ?? '';

/** Every package of a lock file's tree as installed on disk (packages for other platforms are not). */
function installed(dir: string): { key: string; manifest: Manifest }[] {
  const lock = readJson<{ packages: Record<string, unknown> }>(path.join(dir, 'package-lock.json'));
  return Object.keys(lock.packages)
    .filter((key) => key.startsWith('node_modules/') || key.includes('/node_modules/'))
    .map((key) => ({ key, file: path.join(dir, key, 'package.json') }))
    .filter(({ file }) => existsSync(file))
    .map(({ key, file }) => ({ key, manifest: readJson<Manifest>(file) }));
}

/** The packages whose declared Node range does not hold every Node our range admits. */
function violations(packages: { key: string; manifest: Manifest }[]): string[] {
  return packages
    .filter(({ manifest }) => {
      const theirs = manifest.engines?.node;
      return theirs !== undefined && semver.validRange(theirs) !== null
        ? !semver.subset(range, theirs)
        : false;
    })
    .map(({ key, manifest }) => `${key}@${manifest.version}: node ${manifest.engines?.node}`);
}

describe('engines.node', () => {
  it('is a valid range that includes the Node running the tests', () => {
    expect(semver.validRange(range)).not.toBeNull();
    expect(semver.satisfies(process.version, range)).toBe(true);
  });

  it('is satisfied by every installed package of package-lock.json', () => {
    const packages = installed(ROOT);
    // The whole tree is on disk (npm ci), not a stale fraction of it.
    expect(packages.length).toBeGreaterThan(100);
    for (const name of Object.keys({ ...ours.dependencies, ...ours.devDependencies })) {
      expect(
        packages.some(({ key }) => key === `node_modules/${name}`),
        name,
      ).toBe(true);
    }
    expect(violations(packages)).toEqual([]);
  });

  it('holds for a package that needs a newer Node (the check can fail)', () => {
    const strict = [
      { key: 'node_modules/x', manifest: { version: '1.0.0', engines: { node: '>=22.12.0' } } },
    ];
    expect(violations(strict)).toEqual(['node_modules/x@1.0.0: node >=22.12.0']);
  });

  it('is the range of the bench package, whose peer engines admit it too', () => {
    const bench = readJson<Manifest>(path.join(ROOT, 'bench/package.json'));
    expect(bench.engines?.node).toBe(range);
    const lock = readJson<{ packages: Record<string, Manifest> }>(
      path.join(ROOT, 'bench/package-lock.json'),
    );
    const declared = Object.entries(lock.packages)
      .filter(([key]) => key.startsWith('node_modules/'))
      .map(([key, manifest]) => ({ key, manifest }));
    expect(violations(declared)).toEqual([]);
  });

  it('is named in the README', () => {
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain('Node 20.19');
  });
});
