/**
 * A scratch folder where `npx erdl` is the checkout's CLI (the built command when it is up to
 * date, else src/cli/main.ts run by tsx: ./cli.ts), found through node_modules/.bin without the
 * network: where
 * "Copy as command" tests (vitest and e2e) run the command the studio copied. Node only.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { erdlCommand } from './cli';

export interface ErdlFolder {
  readonly dir: string;
  /** Runs a shell command (sh -c) in the folder; its standard output. */
  run(command: string): string;
  remove(): void;
}

export function erdlFolder(): ErdlFolder {
  const dir = mkdtempSync(join(tmpdir(), 'erdl-command-'));
  mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
  const shim = join(dir, 'node_modules/.bin/erdl');
  const quote = (path: string) => `'${path.replaceAll("'", "'\\''")}'`;
  writeFileSync(shim, `#!/bin/sh\nexec ${erdlCommand().map(quote).join(' ')} "$@"\n`);
  chmodSync(shim, 0o755);
  writeFileSync(join(dir, 'package.json'), '{"name":"scratch","private":true}\n');
  return {
    dir,
    run: (command) =>
      execFileSync('sh', ['-c', command], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' },
      }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
