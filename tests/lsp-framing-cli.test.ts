/**
 * `erdl lsp` given input that is not the LSP base protocol, as a spawned command (the built one
 * when lib/ is up to date, else the sources through tsx: e2e/support/cli.ts): each refusal is one
 * line in each language naming the message and the byte, exit 2 — never the silent exit 1 or the
 * growing process it was. A Content-Length over the limit and a header that never ends are refused
 * while the input is still open: the command waits for no body. A normal session still ends 0, and
 * a document just over the kernel's limit, at JSON's worst escaping, still reaches ERDL-E001.
 * The guard itself, without a process: tests/lsp-framing.test.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { erdlCommand } from '../e2e/support/cli';
import { MAX_DOCUMENT_BYTES } from '../src/kernel';
import { MAX_HEADER_BYTES } from '../src/lsp/framing';
import { LspClient, ROOT } from '../src/lsp/test-support';

const ENV = { ...process.env, LANG: 'C', LC_ALL: '', LC_MESSAGES: '', ERDL_DEBUG: '' };

interface Run {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; stderr: string; stdout: string }>;
}

/** `erdl [--lang …] lsp` with piped streams; its input stays open until the test ends it. */
function lsp(before: readonly string[] = []): Run {
  const [program, ...leading] = erdlCommand();
  const child = spawn(program as string, [...leading, ...before, 'lsp'], {
    cwd: ROOT,
    env: ENV,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // Writing on after the command has refused and exited is the test's own business (EPIPE).
  child.stdin?.on('error', () => {});
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (c) => {
    stderr += String(c);
  });
  child.stdout?.on('data', (c) => {
    stdout += String(c);
  });
  const exited = new Promise<{ code: number | null; stderr: string; stdout: string }>((done) =>
    child.on('close', (code) => done({ code, stderr, stdout })),
  );
  return { child, exited };
}

const lines = (stderr: string) => stderr.trimEnd().split('\n');

describe('erdl lsp refuses input that is not the protocol: exit 2, one line per language', () => {
  it('a Content-Length over the limit, from the header alone, its input still open', async () => {
    const run = lsp();
    run.child.stdin?.write('Content-Length: 99999999999\r\n\r\n');
    const { code, stderr, stdout } = await run.exited;
    expect(run.child.stdin?.writableEnded).toBe(false);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(lines(stderr)).toEqual([
      'erdl: message 1 of standard input, at byte 16: Content-Length 99999999999 is over the limit of 16,777,216 bytes (16 MiB)',
      'erdl：标准输入的第 1 条消息，第 16 字节处：Content-Length 99999999999 超过上限 16,777,216 字节（16 MiB）',
    ]);
  }, 60_000);

  it('a header line that never ends, at the byte past 8 KiB, however much more is sent', async () => {
    const run = lsp();
    let sent = 0;
    let over = false;
    const exited = run.exited.then((r) => {
      over = true;
      return r;
    });
    run.child.stdin?.write('Content-Length: 1');
    // Up to 16 MiB, 64 KiB at a time, while the command runs: it must stop reading long before.
    const chunk = '1'.repeat(64 * 1024);
    while (!over && sent < 16 * 1024 * 1024) {
      await new Promise<void>((done) => {
        if (run.child.stdin?.write(chunk)) setImmediate(done);
        else run.child.stdin?.once('drain', done);
        run.child.once('close', () => done());
      });
      sent += chunk.length;
    }
    const { code, stderr } = await exited;
    expect(code).toBe(2);
    expect(sent).toBeLessThan(16 * 1024 * 1024);
    expect(lines(stderr)).toEqual([
      `erdl: message 1 of standard input, at byte ${MAX_HEADER_BYTES.toLocaleString('en-US')}: its header is over 8 KiB: no empty line ends it (a header is a few \`Name: value\` lines, then an empty line)`,
      `erdl：标准输入的第 1 条消息，第 ${MAX_HEADER_BYTES.toLocaleString('en-US')} 字节处：消息头超过 8 KiB，仍没有结束它的空行（消息头是几行 \`Name: value\`，后跟一个空行）`,
    ]);
  }, 60_000);

  it('a header without Content-Length', async () => {
    const run = lsp();
    run.child.stdin?.write(
      'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{"jsonrpc":"2.0"}',
    );
    const { code, stderr } = await run.exited;
    expect(code).toBe(2);
    expect(lines(stderr)).toEqual([
      'erdl: message 1 of standard input, at byte 57: the header ends without Content-Length (the size of the body in bytes, such as Content-Length: 52)',
      'erdl：标准输入的第 1 条消息，第 57 字节处：消息头结束时仍没有 Content-Length（消息体的字节数，例如 Content-Length: 52）',
    ]);
  }, 60_000);

  it('a body that is not JSON; under --lang zh in Chinese alone', async () => {
    const run = lsp(['--lang', 'zh']);
    run.child.stdin?.write('Content-Length: 5\r\n\r\nhello');
    const { code, stderr } = await run.exited;
    expect(code).toBe(2);
    expect(lines(stderr)).toEqual([
      'erdl：标准输入的第 1 条消息，第 21 字节处：消息体不是 JSON：此处不能出现“h”',
    ]);
  }, 60_000);

  it('the input ending inside a message', async () => {
    const run = lsp();
    run.child.stdin?.end('Content-Length: 100\r\n\r\n{"jsonrpc"');
    const { code, stderr } = await run.exited;
    expect(code).toBe(2);
    expect(lines(stderr)).toEqual([
      'erdl: message 1 of standard input, at byte 33: the input ends inside its body: 10 of its 100 bytes came',
      'erdl：标准输入的第 1 条消息，第 33 字节处：输入在消息体中途结束：消息体应有 100 字节，只收到 10 字节',
    ]);
  }, 60_000);

  it('the input ending between messages ends as before: 1 without shutdown, no message', async () => {
    const run = lsp();
    run.child.stdin?.end();
    const { code, stderr } = await run.exited;
    expect(code).toBe(1);
    expect(stderr).toBe('');
  }, 60_000);
});

describe('erdl lsp still serves well-formed input', () => {
  it('initialize, shutdown, exit: 0, nothing on standard error', async () => {
    const client = LspClient.start([...erdlCommand(), 'lsp'], ROOT, ENV);
    const initialized = await client.initialize({ locale: 'en' });
    expect(initialized.serverInfo?.name).toBe('erdl');
    expect(await client.stop()).toBe(0);
    expect(client.stderr).toBe('');
  }, 60_000);

  it('a broken message after answered ones is refused by its ordinal', async () => {
    const client = LspClient.start([...erdlCommand(), 'lsp'], ROOT, ENV);
    await client.initialize({ locale: 'en' }); // messages 1 (initialize) and 2 (initialized)
    client.child.stdin?.write('Content-Length: 3\r\n\r\nabc');
    expect(await client.exited).toBe(2);
    expect(client.stderr).toMatch(
      /^erdl: message 3 of standard input, at byte \d+: its body is not JSON: "a" cannot be here\n/,
    );
    client.connection.dispose();
  }, 60_000);

  it('a document just over the kernel limit, every byte escaped 6 times, gets ERDL-E001', async () => {
    const client = LspClient.start([...erdlCommand(), 'lsp'], ROOT, ENV);
    await client.initialize({ locale: 'en' });
    const uri = 'file:///workspace/escaped.erdl.yaml';
    // JSON writes each control character as \u0001: a 12 MiB body for a 2 MiB document.
    await client.open(uri, '\u0001'.repeat(MAX_DOCUMENT_BYTES + 1));
    const published = await client.diagnostics(uri, 1);
    expect(published.diagnostics).toEqual([expect.objectContaining({ code: 'ERDL-E001' })]);
    expect(await client.stop()).toBe(0);
  }, 60_000);
});
