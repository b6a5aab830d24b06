#!/usr/bin/env node
/**
 * `npm run pack [-- --no-build] [DEST]`: the package as it is published, erdl-studio-VERSION.tgz in
 * DEST (default: the checkout). Builds lib/ (`npm run build:lib`), stages package.json's `files`
 * with npm's always-included README and licence in a temporary folder beside a manifest without
 * `scripts` and `devDependencies`, and packs that: the published package has no install scripts
 * (the checkout's `prepare`, which builds lib/ after `npm ci`, would make npm warn on every
 * install) and nothing that only builds it. Prints the tarball's path.
 * `--guard` (package.json's `prepack`): a plain `npm pack` or `npm publish` of the checkout would
 * publish its `prepare`, so it stops and says to use `npm run pack`.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
if (args.includes('--guard')) {
  process.stderr.write(
    'erdl-studio: pack with "npm run pack" (or publish its tarball): a plain npm pack of the checkout would publish its install script (prepare)\n',
  );
  process.exit(1);
}
const build = !args.includes('--no-build');
const dest = path.resolve(args.find((a) => !a.startsWith('--')) ?? ROOT);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (build) execFileSync(npm, ['run', '--silent', 'build:lib'], { cwd: ROOT, stdio: 'inherit' });
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const stage = mkdtempSync(path.join(tmpdir(), 'erdl-pack-stage-'));
try {
  const always = readdirSync(ROOT).filter((n) => /^(readme|licen[cs]e|notice)(\..*)?$/i.test(n));
  for (const entry of [...manifest.files, ...always]) {
    const from = path.join(ROOT, entry);
    if (!existsSync(from)) throw new Error(`pack: "${entry}" (package.json files) does not exist`);
    cpSync(from, path.join(stage, entry), { recursive: true });
  }
  const { scripts: _scripts, devDependencies: _dev, ...published } = manifest;
  writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
  const out = execFileSync(
    npm,
    ['pack', '--silent', '--ignore-scripts', '--pack-destination', dest],
    {
      cwd: stage,
      encoding: 'utf8',
    },
  );
  process.stdout.write(`${path.join(dest, out.trim().split('\n').at(-1))}\n`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
