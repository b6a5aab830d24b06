/**
 * `erdl eval RULES --facts -` on a producer that writes slowly (`tail -f events.jsonl | erdl …`):
 * each line is answered as it arrives, not once parts of 256 KiB have filled or the input has
 * ended. The command is spawned with standard input a pipe this test writes to, one line at a
 * time, waiting for each line's answer before writing the next (it would wait for ever — until
 * the test's time-out — where answers were held back), then ending the input.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { erdlCommand } from '../e2e/support/cli';
import { createByteSplitter } from '../src/cli/batch/split-bytes';
import { createLineSplitter } from '../src/cli/batch/split-lines';
import { ROOT } from './cli-support';

const RULES = 'tests/fixtures/cli/quickstart.erdl.yaml';
const REFUND = (amount: number) =>
  JSON.stringify({ tool: { name: 'issue_refund', args: { amount } } });

/** A fact as a CSV record under CSV_HEADER. */
const CSV_HEADER = 'tool.name,tool.args.amount';
const CSV_REFUND = (amount: number) => `issue_refund,${amount}`;

describe('a slow producer on standard input', () => {
  const runs: [string, string[], (amount: number) => string, string[]][] = [
    ['JSON Lines, default workers', [], REFUND, []],
    ['JSON Lines, --workers 1', ['--workers', '1'], REFUND, []],
    ['JSON Lines, --workers 2', ['--workers', '2'], REFUND, []],
    // A quoted cell spanning lines: its record is answered once its closing quote and line end come.
    ['CSV, --workers 2', ['--workers', '2', '--format', 'csv'], CSV_REFUND, [`${CSV_HEADER}\r\n`]],
  ];
  for (const [name, options, record, first] of runs)
    it(`gets each record's answer before it writes the next (${name})`, async () => {
      const [program, ...leading] = erdlCommand();
      const child = spawn(
        program as string,
        [...leading, 'eval', RULES, '--facts', '-', '--fields', 'name,decision', ...options],
        { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
      );
      for (const text of first) child.stdin.write(text);
      const csv = first.length > 0;
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
      });
      child.stderr.setEncoding('utf8').on('data', (d: string) => {
        err += d;
      });
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      const lines = () => out.split('\n').filter((l) => l !== '');
      const amounts = [100, 9000, 50];
      for (const [i, amount] of amounts.entries()) {
        child.stdin.write(`${record(amount)}${csv ? '\r\n' : '\n'}`);
        await expect.poll(lines, { timeout: 30_000, interval: 20 }).toHaveLength(i + 1);
      }
      // A record whose end has not come yet is not answered until it has.
      const last = csv ? `"issue_refund",6000` : REFUND(6000);
      child.stdin.write(last.slice(0, 5));
      child.stdin.end(`${last.slice(5)}\n`);
      expect(await exited, err).toBe(0);
      const at = (n: number) => (csv ? n + 1 : n);
      expect(lines()).toEqual([
        `{"name":"line ${at(1)}","decision":"ALLOW"}`,
        `{"name":"line ${at(2)}","decision":"REQUEST_HUMAN"}`,
        `{"name":"line ${at(3)}","decision":"ALLOW"}`,
        `{"name":"line ${at(4)}","decision":"REQUEST_HUMAN"}`,
      ]);
    }, 120_000);
});

describe('flush: the whole lines held, the line still arriving kept', () => {
  it('as text and as bytes, numbering lines on', () => {
    const text = createLineSplitter(1 << 20);
    expect(text.push('a\nb\nc')).toEqual([]);
    expect(text.flush()).toEqual([{ kind: 'lines', text: 'a\nb\n', line: 1 }]);
    expect(text.flush()).toEqual([]);
    expect(text.push('c\nd')).toEqual([]);
    expect(text.flush()).toEqual([{ kind: 'lines', text: 'cc\n', line: 3 }]);
    expect(text.end()).toEqual([{ kind: 'lines', text: 'd', line: 4 }]);

    const bytes = createByteSplitter(1 << 20);
    const utf8 = (s: string) => new TextEncoder().encode(s);
    const plain = (parts: ReturnType<typeof bytes.flush>) =>
      parts.map((p) =>
        p.kind === 'lines' ? { ...p, bytes: new TextDecoder().decode(p.bytes) } : p,
      );
    // Before 3 bytes a byte order mark is not known yet: nothing is handed on.
    expect(bytes.push(utf8('a\n'))).toEqual([]);
    expect(bytes.flush()).toEqual([]);
    expect(bytes.push(utf8('b\nc'))).toEqual([]);
    expect(plain(bytes.flush())).toEqual([{ kind: 'lines', bytes: 'a\nb\n', line: 1 }]);
    expect(plain(bytes.end())).toEqual([{ kind: 'lines', bytes: 'c', line: 3 }]);
  });

  it('gives the same lines, in the same parts’ order, as the file read whole', () => {
    const file = Array.from({ length: 50 }, (_, i) => REFUND(i)).join('\n');
    const splitter = createLineSplitter(64);
    const got: string[] = [];
    for (let at = 0; at < file.length; at += 7) {
      for (const p of splitter.push(file.slice(at, at + 7)))
        if (p.kind === 'lines') got.push(p.text);
      if (at % 3 === 0) for (const p of splitter.flush()) if (p.kind === 'lines') got.push(p.text);
    }
    for (const p of splitter.end()) if (p.kind === 'lines') got.push(p.text);
    expect(got.join('')).toBe(file);
  });
});
