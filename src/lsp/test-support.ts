/**
 * A real LSP client over stdio for tests and the benchmark: spawns a server command (`tsx
 * src/cli/main.ts lsp`, or an installed `erdl lsp`) and talks JSON-RPC to it with vscode-jsonrpc's
 * StreamMessageReader/Writer, as an editor does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The server of the checkout: the `erdl` command run from its sources. */
export const CHECKOUT_SERVER: readonly string[] = [
  process.execPath,
  path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
  path.join(ROOT, 'src/cli/main.ts'),
  'lsp',
];

export interface PublishedDiagnostics {
  readonly uri: string;
  readonly version?: number;
  readonly diagnostics: readonly {
    readonly range: {
      readonly start: { line: number; character: number };
      readonly end: { line: number; character: number };
    };
    readonly severity?: number;
    readonly code?: string | number;
    readonly source?: string;
    readonly message: string;
  }[];
}

export class LspClient {
  readonly connection: MessageConnection;
  private readonly published: PublishedDiagnostics[] = [];
  private readonly waiters: {
    test: (p: PublishedDiagnostics) => boolean;
    resolve: (p: PublishedDiagnostics) => void;
  }[] = [];
  stderr = '';
  readonly exited: Promise<number | null>;

  constructor(readonly child: ChildProcess) {
    this.connection = createMessageConnection(
      new StreamMessageReader(child.stdout as NodeJS.ReadableStream),
      new StreamMessageWriter(child.stdin as NodeJS.WritableStream),
    );
    child.stderr?.on('data', (chunk) => {
      this.stderr += String(chunk);
    });
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    this.connection.onNotification('textDocument/publishDiagnostics', (p: PublishedDiagnostics) => {
      this.published.push(p);
      for (const w of [...this.waiters]) {
        if (!w.test(p)) continue;
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(p);
      }
    });
    this.connection.listen();
  }

  /** Spawns `command` (the first item is the program) with its stdio piped. */
  static start(command: readonly string[], cwd = ROOT, env = process.env): LspClient {
    const [program, ...args] = command;
    return new LspClient(
      spawn(program as string, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] }),
    );
  }

  initialize(options: { locale?: string; initializationOptions?: unknown } = {}) {
    return this.connection
      .sendRequest('initialize', {
        processId: process.pid,
        rootUri: null,
        capabilities: {},
        ...options,
      })
      .then(async (result) => {
        await this.connection.sendNotification('initialized', {});
        return result as {
          capabilities: Record<string, unknown>;
          serverInfo?: { name: string; version?: string };
        };
      });
  }

  /** The next diagnostics published for `uri` (at `version` when given), or one already seen. */
  diagnostics(uri: string, version?: number): Promise<PublishedDiagnostics> {
    const test = (p: PublishedDiagnostics) =>
      p.uri === uri && (version === undefined || p.version === version);
    const seen = this.published.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  open(uri: string, text: string, version = 1) {
    return this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version, text },
    });
  }

  /** An incremental change: `text` replaces the range (0-based positions). */
  change(
    uri: string,
    version: number,
    range: { start: { line: number; character: number }; end: { line: number; character: number } },
    text: string,
  ) {
    return this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range, text }],
    });
  }

  request<T>(method: string, params: unknown): Promise<T> {
    return this.connection.sendRequest(method, params) as Promise<T>;
  }

  /** shutdown, exit; resolves with the server's exit code. */
  async stop(): Promise<number | null> {
    await this.connection.sendRequest('shutdown');
    await this.connection.sendNotification('exit');
    const code = await this.exited;
    this.connection.dispose();
    return code;
  }
}
