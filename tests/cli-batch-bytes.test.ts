/**
 * Issue #41 point 4, the main thread's share driven toward nothing: `erdl eval --facts` on a JSON
 * Lines file cuts the raw bytes into parts of whole lines (split-bytes.ts) without decoding them,
 * and the workers write their output as bytes already made safe for a terminal.
 * - Properties of the byte splitter: the parts rebuild the text (a byte order mark at the start
 *   dropped, as the decoder drops it) with each part's first line number, whatever the byte chunks
 *   (cutting characters of 2, 3 and 4 bytes) and part sizes; a line over the limit in characters
 *   is refused by its number alone, the lines after it keep theirs; a malformed byte anywhere
 *   (in a part, cut across chunks, at the end, inside a dropped line) refuses the input with the
 *   decoder's own error.
 * - One spawn of the real command: its standard output, byte for byte, equals the in-process run's
 *   (the line-by-line path through safeIo) on facts with bidi controls, C1 controls, a byte order
 *   mark, U+FEFF inside, and characters outside the BMP, on 2 workers.
 * - Its reader closing standard output early (`| head`): the command stops, says how many result
 *   lines it wrote in both languages, and exits 2 — it used to wait forever for a pipe to drain.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { erdlCommand } from '../e2e/support/cli';
import { type BytePart, createByteSplitter } from '../src/cli/batch/split-bytes';
import { run } from '../src/cli/run';
import { NotUtf8 } from '../src/cli/utf8-position';
import { captureNodeIo, ROOT, spawnErdl } from './cli-support';
import { fuzzParams, fuzzTimeout } from './fuzz/runs';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

/** Feeds `bytes` to the splitter in chunks of `chunk` bytes. */
function split(bytes: Uint8Array, chunk: number, partBytes: number, maxLine?: number): BytePart[] {
  const s = createByteSplitter(partBytes, maxLine);
  const parts: BytePart[] = [];
  for (let i = 0; i < bytes.length; i += chunk) parts.push(...s.push(bytes.subarray(i, i + chunk)));
  parts.push(...s.end());
  return parts;
}

const lineArb = fc.oneof(
  fc.constantFrom('', '{}', '{"a":"é"}', '\uFEFF{}', '中文', '😀x', '\u202E', 'x\ry'),
  fc.string({ maxLength: 12, unit: 'binary' }).map((s) => s.replaceAll('\n', '')),
);
const textArb = fc
  .tuple(
    fc.array(lineArb, { maxLength: 30 }),
    fc.constantFrom('\n', '\r\n'),
    fc.boolean(),
    fc.boolean(),
  )
  .map(
    ([lines, eol, last, bom]) =>
      (bom ? '\uFEFF' : '') + lines.join(eol) + (last && lines.length > 0 ? eol : ''),
  );

describe('cutting bytes into parts of whole lines (split-bytes.ts)', () => {
  it(
    'rebuilds the decoded text, each part starting on a line and knowing its number',
    () => {
      fc.assert(
        fc.property(
          textArb,
          fc.integer({ min: 1, max: 30 }),
          fc.integer({ min: 1, max: 60 }),
          (text, chunk, partBytes) => {
            // What the strict decoder of the whole file gives: a mark at the start dropped.
            const expected = text.startsWith('\uFEFF') ? text.slice(1) : text;
            const parts = split(encode(text), chunk, partBytes);
            let offset = 0;
            for (const [i, p] of parts.entries()) {
              if (p.kind !== 'lines') throw new Error('no line is over the limit here');
              const part = decode(p.bytes);
              expect(p.bytes.length).toBeGreaterThan(0);
              expect(expected.startsWith(part, offset)).toBe(true);
              expect(p.line).toBe(expected.slice(0, offset).split('\n').length);
              offset += part.length;
              if (offset < expected.length) expect(part.endsWith('\n')).toBe(true);
              if (i < parts.length - 2) expect(p.bytes.length).toBeGreaterThanOrEqual(partBytes);
            }
            expect(offset).toBe(expected.length);
          },
        ),
        fuzzParams(41, 300),
      );
    },
    fuzzTimeout(300),
  );

  it(
    'refuses a line over the limit in characters by its number, and keeps the others whole',
    () => {
      fc.assert(
        fc.property(
          fc.array(
            fc.oneof(
              fc.constantFrom('{}', 'ab'),
              fc.nat({ max: 40 }).map((n) => '中'.repeat(n)),
              fc.nat({ max: 40 }).map((n) => '😀'.repeat(n)),
            ),
            { maxLength: 12 },
          ),
          fc.integer({ min: 1, max: 9 }),
          fc.integer({ min: 1, max: 40 }),
          (lines, chunk, partBytes) => {
            const maxLine = 10;
            const parts = split(
              encode(lines.map((l) => `${l}\n`).join('')),
              chunk,
              partBytes,
              maxLine,
            );
            const seen = new Map<number, string | null>();
            for (const p of parts) {
              if (p.kind === 'overlong') seen.set(p.line, null);
              else
                for (const [i, l] of decode(p.bytes).split('\n').slice(0, -1).entries())
                  seen.set(p.line + i, l);
            }
            for (const [i, l] of lines.entries()) {
              const got = seen.get(i + 1);
              if (got === null) expect(l.length).toBeGreaterThan(maxLine);
              else expect(got).toBe(l);
              // A line still arriving over the limit after a whole chunk is always refused.
              if (encode(l).length > 3 * maxLine + 2 * chunk) expect(got).toBeNull();
            }
            expect(seen.size).toBe(lines.length);
          },
        ),
        fuzzParams(41, 300),
      );
    },
    fuzzTimeout(300),
  );

  it('refuses a malformed byte wherever it stands, naming its offset in the input', () => {
    const good = encode('{"a":"中"}\n');
    const cases: [string, Uint8Array, number, number][] = [
      ['in a part', Uint8Array.of(...good, 0xff, 0x0a, ...good), 64, good.length],
      ['cut across chunks', Uint8Array.of(...good, 0xe4, 0xb8, 0x0a), 1, good.length],
      ['truncated at the end', Uint8Array.of(...good, 0xe4, 0xb8), 3, good.length],
      ['in a dropped line', Uint8Array.of(...encode('x'.repeat(40)), 0xc3, 0x0a), 4, 40],
    ];
    for (const [name, bytes, chunk, byte] of cases) {
      let error: unknown = null;
      try {
        split(bytes, chunk, 16, 10);
      } catch (e) {
        error = e;
      }
      expect(error, name).toBeInstanceOf(NotUtf8);
      expect((error as NotUtf8).byte, name).toBe(byte);
    }
    expect(
      split(encode('\uFEFF\uFEFF{}\n'), 1, 4).map((p) => p.kind === 'lines' && decode(p.bytes)),
    ).toEqual(['\uFEFF{}\n']);
  });
});

describe('erdl eval --facts: the workers’ bytes on the real standard output', () => {
  it('are byte for byte the lines the in-process run prints', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'erdl-bytes-'));
    try {
      const file = path.join(dir, 'facts.jsonl');
      const odd = ['\u202Eevil', '\u009b2J', '\u001b[1A', '😀', '中文', '\uFEFFmark', 'é'];
      const lines = Array.from({ length: 3000 }, (_, i) =>
        i % 997 === 5
          ? '{oops'
          : JSON.stringify({
              tool: { name: i % 3 ? 'issue_refund' : 'send_email', args: { amount: i * 7 } },
              context: { note: odd[i % odd.length] },
            }),
      );
      writeFileSync(file, `\uFEFF${lines.join('\n')}\n`);
      const args = [
        'eval',
        path.join(ROOT, 'tests/fixtures/cli/quickstart.erdl.yaml'),
        '--facts',
        file,
      ];
      const cap = captureNodeIo();
      const code = await run(args, cap);
      const spawned = await spawnErdl([...args, '--workers', '2']);
      expect(code).toBe(2);
      expect(spawned.code).toBe(2);
      expect(cap.stdout).toHaveLength(3000);
      expect(spawned.stdout.equals(Buffer.from(`${cap.stdout.join('\n')}\n`))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('erdl eval --facts: standard output closed by its reader', () => {
  it('stops, says how far it got, and exits 2 (never waits for a closed pipe)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'erdl-epipe-'));
    try {
      const file = path.join(dir, 'facts.jsonl');
      const facts = 50_000;
      const line = (i: number) =>
        JSON.stringify({ tool: { name: 'send_email', args: { amount: i } }, context: {} });
      writeFileSync(file, `${Array.from({ length: facts }, (_, i) => line(i)).join('\n')}\n`);
      const [program, ...leading] = erdlCommand();
      const child = spawn(
        program as string,
        [
          ...leading,
          'eval',
          path.join(ROOT, 'tests/fixtures/cli/quickstart.erdl.yaml'),
          '--facts',
          file,
          '--workers',
          '2',
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LANG: 'C' } },
      );
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (text: string) => {
        stderr += text;
      });
      // As `head -1` does: read the first bytes, then close the pipe.
      child.stdout.once('data', () => child.stdout.destroy());
      const code = await new Promise<number | null>((done) => child.on('close', done));
      expect(code).toBe(2);
      const written = /closed by its reader after (\d+) result line\(s\)/.exec(stderr);
      expect(written, stderr).not.toBeNull();
      expect(Number(written?.[1])).toBeLessThan(facts);
      expect(stderr).toContain('标准输出在写出');
      expect(stderr).toContain('其余事实未求值');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
