/**
 * The editor set-ups of docs/editors.md (editors/): the VS Code extension's manifest has what VS
 * Code requires and its code starts `erdl lsp`; the Helix languages.toml parses (TOML) and names
 * the server; the Neovim nvim-lspconfig snippet's command is the server's. Each config's command
 * is then run as the client test runs the server: it must answer `initialize`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_SERVER, LspClient, ROOT } from '../src/lsp/test-support';

const EDITORS = path.join(ROOT, 'editors');
const text = (file: string) => readFileSync(path.join(EDITORS, file), 'utf8');

/** The checkout's `erdl` run with a config's arguments (the config says `erdl`, on the PATH). */
async function answersInitialize(command: string, args: readonly string[]): Promise<void> {
  expect(command).toBe('erdl');
  const client = LspClient.start([...CHECKOUT_SERVER.slice(0, -1), ...args]);
  try {
    const result = await client.initialize();
    expect(result.serverInfo?.name).toBe('erdl');
    expect(result.capabilities.textDocumentSync).toBe(2);
  } finally {
    expect(await client.stop()).toBe(0);
  }
}

interface ExtensionModule {
  serverOptions(config: { get(key: string): unknown }): { command: string; args: string[] };
  DOCUMENT_SELECTOR: { scheme: string; pattern?: string }[];
  activate(context: { subscriptions: unknown[] }): unknown;
}

/** extension.js loaded with stand-ins for `vscode` and `vscode-languageclient/node`. */
function loadExtension() {
  const started: { id: string; server: unknown; client: Record<string, unknown> }[] = [];
  const file = path.join(EDITORS, 'vscode/extension.js');
  const fakes: Record<string, unknown> = {
    vscode: {
      workspace: { getConfiguration: () => ({ get: () => undefined }) },
    },
    'vscode-languageclient/node': {
      LanguageClient: class {
        constructor(id: string, _name: string, server: unknown, client: Record<string, unknown>) {
          started.push({ id, server, client });
        }
        start() {
          return Promise.resolve();
        }
      },
    },
  };
  const module = { exports: {} as ExtensionModule };
  const body = readFileSync(file, 'utf8');
  const real = createRequire(file);
  new Function('require', 'module', 'exports', body)(
    (id: string) => fakes[id] ?? real(id),
    module,
    module.exports,
  );
  return { extension: module.exports, started };
}

describe('VS Code: editors/vscode', () => {
  const manifest = JSON.parse(text('vscode/package.json'));

  it('has the manifest fields VS Code requires, and its main exists', () => {
    for (const field of ['name', 'publisher', 'version', 'engines', 'main', 'activationEvents'])
      expect(manifest, field).toHaveProperty(field);
    expect(manifest.name).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest.engines.vscode).toMatch(/^\^1\.\d+\.\d+$/);
    expect(existsSync(path.join(EDITORS, 'vscode', manifest.main))).toBe(true);
    expect(manifest.activationEvents).toEqual(
      expect.arrayContaining(['workspaceContains:**/*.erdl.yaml']),
    );
    // The one dependency, pinned exact, and its engines agree with the extension's.
    expect(manifest.dependencies).toEqual({ 'vscode-languageclient': '11.0.0' });
    for (const key of Object.keys(manifest.contributes.configuration.properties))
      expect(key).toMatch(/^erdl\./);
  });

  it('words its manifest in English and Chinese (package.nls.json, package.nls.zh-cn.json)', () => {
    const keys = [...text('vscode/package.json').matchAll(/"%([\w.]+)%"/g)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    const en = JSON.parse(text('vscode/package.nls.json'));
    const zh = JSON.parse(text('vscode/package.nls.zh-cn.json'));
    expect(Object.keys(en).sort()).toEqual([...new Set(keys)].sort());
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(zh.description).toMatch(/[\u4e00-\u9fff]/);
  });

  it('starts `erdl lsp` on stdio for rule documents and suites', async () => {
    const { extension, started } = loadExtension();
    await extension.activate({ subscriptions: [] });
    expect(started).toHaveLength(1);
    const [first] = started as [(typeof started)[number]];
    const server = first.server as { command: string; args: string[]; transport?: unknown };
    expect(server).toEqual({ command: 'erdl', args: ['lsp'] });
    const patterns = (first.client.documentSelector as { pattern?: string }[]).map(
      (s) => s.pattern,
    );
    expect(patterns).toEqual(
      expect.arrayContaining(['**/*.erdl.{yaml,yml}', '**/*.facts.{yaml,yml}']),
    );
    await answersInitialize(server.command, server.args);
  }, 60_000);
});

describe('Helix: editors/helix/languages.toml', () => {
  it('parses as TOML and runs `erdl lsp` for *.erdl.yaml', async () => {
    const config = parseToml(text('helix/languages.toml')) as {
      'language-server': Record<string, { command: string; args: string[] }>;
      language: { name: string; 'file-types': { glob: string }[]; 'language-servers': string[] }[];
    };
    const server = config['language-server'].erdl;
    expect(server).toEqual({ command: 'erdl', args: ['lsp'] });
    const language = config.language.find((l) => l.name === 'erdl');
    expect(language?.['language-servers']).toEqual(['erdl']);
    expect(language?.['file-types'].map((f) => f.glob)).toEqual(
      expect.arrayContaining(['*.erdl.yaml', '*.facts.yaml']),
    );
    await answersInitialize(server?.command as string, server?.args as string[]);
  }, 60_000);
});

describe('Neovim: editors/neovim/erdl.lua', () => {
  const lua = text('neovim/erdl.lua');

  it('registers erdl with nvim-lspconfig: its cmd is `erdl lsp`, for *.erdl.yaml', async () => {
    expect(lua).toContain("require('lspconfig.configs')");
    expect(lua).toMatch(/require\('lspconfig'\)\.erdl\.setup\(/);
    const cmd = /cmd = \{([^}]*)\}/.exec(lua)?.[1];
    const words = [...(cmd ?? '').matchAll(/'([^']*)'/g)].map((m) => m[1] as string);
    expect(words).toEqual(['erdl', 'lsp']);
    expect(lua).toContain("['.*%.erdl%.ya?ml'] = 'yaml'");
    // Balanced brackets and parentheses, outside strings and comments: no syntax slip in the snippet.
    const code = lua.replace(/--.*$/gm, '').replace(/'[^'\n]*'/g, "''");
    for (const [open, close] of [
      ['{', '}'],
      ['(', ')'],
      ['[', ']'],
    ] as const)
      expect(code.split(open).length, open).toBe(code.split(close).length);
    await answersInitialize(words[0] as string, words.slice(1));
  }, 60_000);
});
