#!/usr/bin/env node
/**
 * Finishes the kernel library's declarations in lib/types/ (after `tsc -p tsconfig.lib.json`, in
 * `npm run build:lib`) so they resolve for every consumer (issue #40 point 3, tested by
 * tests/package-consumers.test.ts under moduleResolution node16, nodenext and bundler with
 * skipLibCheck false):
 * - every relative import gets its `.js` extension (`./x` → `./x.js`, `./dir` → `./dir/index.js`):
 *   the package is "type": "module", and node16/nodenext refuse extensionless ESM imports (TS2834);
 * - the bundled runtime dependencies are not installed with the package, so their types travel in
 *   lib/types/vendor/: decimal.js's own declaration file (MIT, its licence beside it), and for
 *   @noble/hashes and yaml the one type each that a declaration names, written out here (the
 *   packages' own .d.ts import `.ts` files or extensionless paths that a consumer cannot resolve).
 * - a CommonJS twin of every declaration (`.d.cts`, importing `.cjs`) types lib/kernel.cjs for
 *   `require('erdl-studio/kernel')` (exports' "require" condition).
 * Any other bare import in a declaration fails the build: a consumer could not resolve it.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TYPES = path.join(ROOT, 'lib/types');
const VENDOR = path.join(TYPES, 'vendor');

const NOBLE = `/** The one @noble/hashes type the kernel's declarations name: a running SHA-256 (\`sha256.create()\`). */
export interface Sha256Hash {
  readonly blockLen: number;
  readonly outputLen: number;
  update(data: Uint8Array): this;
  digestInto(out: Uint8Array): void;
  digest(): Uint8Array;
  destroy(): void;
  clone(): Sha256Hash;
}
export declare const sha256: { create(): Sha256Hash };
`;

const YAML = `/** The yaml types the kernel's declarations name, opaque here (yaml is bundled, not installed). */
export declare class YAMLError extends Error {
  readonly code: string;
  readonly pos: [number, number];
}
export declare class Document {
  protected readonly __yamlDocument: true;
}
export declare namespace Document {
  class Parsed extends Document {
    protected readonly __parsed: true;
  }
}
`;

/** Bare specifier → the vendored declaration (relative to lib/types/vendor/, without extension). */
const VENDORED = {
  'decimal.js': 'decimal',
  '@noble/hashes/sha2.js': 'noble-sha2',
  yaml: 'yaml',
};

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : name.endsWith('.d.ts') ? [full] : [];
  });
}

function relative(from, to) {
  const rel = path.relative(path.dirname(from), to).split(path.sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

mkdirSync(VENDOR, { recursive: true });
copyFileSync(
  path.join(ROOT, 'node_modules/decimal.js/decimal.d.ts'),
  path.join(VENDOR, 'decimal.d.ts'),
);
copyFileSync(
  path.join(ROOT, 'node_modules/decimal.js/LICENCE.md'),
  path.join(VENDOR, 'decimal.LICENCE.md'),
);
writeFileSync(path.join(VENDOR, 'noble-sha2.d.ts'), NOBLE);
writeFileSync(path.join(VENDOR, 'yaml.d.ts'), YAML);

// `import … from '…'` / `export … from '…'` statements (a line's start), `import '…'`, and
// `import('…')` types; never text in a comment.
const SPECIFIER =
  /(^[ \t]*(?:import|export)\b[^'";]*?\bfrom[ \t]+|^[ \t]*import[ \t]+|\bimport\([ \t]*)(['"])([^'"\n]+)\2/gm;
const problems = [];
for (const file of files(TYPES)) {
  if (file.startsWith(VENDOR)) continue;
  const text = readFileSync(file, 'utf8');
  const out = text.replace(SPECIFIER, (whole, lead, quote, spec) => {
    if (spec.startsWith('.')) {
      if (/\.(js|mjs|cjs|json)$/.test(spec)) return whole;
      const target = path.resolve(path.dirname(file), spec);
      if (existsSync(`${target}.d.ts`)) return `${lead}${quote}${spec}.js${quote}`;
      if (existsSync(path.join(target, 'index.d.ts')))
        return `${lead}${quote}${spec.replace(/\/$/, '')}/index.js${quote}`;
      problems.push(`${path.relative(ROOT, file)}: ${spec} resolves to no declaration`);
      return whole;
    }
    const vendored = VENDORED[spec];
    if (vendored) return `${lead}${quote}${relative(file, path.join(VENDOR, vendored))}.js${quote}`;
    problems.push(`${path.relative(ROOT, file)}: imports ${spec}, which a consumer cannot resolve`);
    return whole;
  });
  if (out !== text) writeFileSync(file, out);
}
// The CommonJS twins: same declarations, `.d.cts` files whose relative imports name `.cjs`.
for (const file of files(TYPES)) {
  const text = readFileSync(file, 'utf8');
  const cjs = text.replace(SPECIFIER, (whole, lead, quote, spec) =>
    spec.startsWith('.') && spec.endsWith('.js')
      ? `${lead}${quote}${spec.slice(0, -3)}.cjs${quote}`
      : whole,
  );
  writeFileSync(file.replace(/\.d\.ts$/, '.d.cts'), cjs);
}
if (problems.length) {
  for (const p of problems) process.stderr.write(`lib-types: ${p}\n`);
  process.exit(1);
}
