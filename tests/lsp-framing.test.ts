/**
 * The framing guard of `erdl lsp` (src/lsp/framing.ts), without a process: well-formed messages
 * pass byte for byte however the input is cut into chunks (inside CR LF, inside a multi-byte
 * character); every refusal names its message, its byte offset and what is accepted, in both
 * languages; the limits are checked before anything is buffered. The spawned command:
 * tests/lsp-framing-cli.test.ts.
 */
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../src/kernel';
import {
  type FramingRefusal,
  framingGuard,
  jsonErrorAt,
  LspFraming,
  MAX_BODY_BYTES,
  MAX_HEADER_BYTES,
} from '../src/lsp/framing';

const utf8 = (s: string) => new TextEncoder().encode(s);
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** One message as a client writes it: header (extra lines first), empty line, body. */
function frame(body: string, extra: readonly string[] = []): Uint8Array {
  const bytes = utf8(body);
  const header = [...extra, `Content-Length: ${bytes.length}`].map((l) => `${l}\r\n`).join('');
  const out = new Uint8Array(header.length + 2 + bytes.length);
  out.set(latin1(`${header}\r\n`));
  out.set(bytes, header.length + 2);
  return out;
}

const joined = (parts: readonly Uint8Array[]): Uint8Array => new Uint8Array(Buffer.concat(parts));

/** Feeds `input` cut at `cuts` (offsets): the messages passed on, and the refusal if any. */
function feed(input: Uint8Array, cuts: readonly number[] = [], end = true) {
  const framing = new LspFraming();
  const messages: Uint8Array[] = [];
  let refusal: FramingRefusal | null = null;
  const points = [
    0,
    ...[...new Set(cuts)].filter((c) => c > 0 && c < input.length).sort((a, b) => a - b),
    input.length,
  ];
  for (let k = 0; k + 1 < points.length && !refusal; k++) {
    const step = framing.push(input.subarray(points[k], points[k + 1]));
    messages.push(...step.messages);
    refusal = step.refusal;
  }
  if (!refusal && end) refusal = framing.end();
  return { messages, refusal };
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { processId: null, rootUri: null, capabilities: {}, locale: 'zh-cn' },
});
const DID_OPEN = JSON.stringify({
  jsonrpc: '2.0',
  method: 'textDocument/didOpen',
  params: {
    textDocument: {
      uri: 'file:///规则/退款.erdl.yaml',
      languageId: 'yaml',
      version: 1,
      text: 'metadata:\n  name: "退款 🚀 ü"\n\u0001\t"\\',
    },
  },
});
const MESSAGES = [
  frame(INITIALIZE),
  frame(DID_OPEN, ['Content-Type: application/vscode-jsonrpc; charset=utf-8']),
  frame('{"jsonrpc":"2.0","method":"initialized","params":{}}', ['X-Trace: on']),
  // Content-Type after Content-Length, "utf8", any case, spaces around the value.
  latin1(
    'content-length:   2  \r\nCONTENT-TYPE: Application/VSCode-JSONRPC;charset="UTF8"\r\n\r\n{}',
  ),
  frame(' { "jsonrpc" : "2.0" , "id" : 2 , "method" : "shutdown" } \n'),
];
const STREAM = joined(MESSAGES);

describe('well-formed messages pass unchanged', () => {
  it('whole, one byte at a time, and cut at every offset', () => {
    const whole = feed(STREAM);
    expect(whole.refusal).toBeNull();
    expect(whole.messages).toEqual(MESSAGES);
    const bytewise = feed(
      STREAM,
      Array.from({ length: STREAM.length }, (_, i) => i),
    );
    expect(bytewise.refusal).toBeNull();
    expect(bytewise.messages).toEqual(MESSAGES);
    for (let cut = 1; cut < STREAM.length; cut++) {
      const { messages, refusal } = feed(STREAM, [cut]);
      expect(refusal, `cut at ${cut}`).toBeNull();
      expect(joined(messages), `cut at ${cut}`).toEqual(STREAM);
    }
  });

  it('cut inside CR LF and inside a multi-byte character', () => {
    const crlf = STREAM.findIndex((b, i) => b === 0x0d && STREAM[i + 1] === 0x0a);
    const emoji = STREAM.indexOf(0xf0); // 🚀: 4 bytes
    expect(crlf).toBeGreaterThan(0);
    expect(emoji).toBeGreaterThan(0);
    const { messages, refusal } = feed(STREAM, [crlf + 1, emoji + 1, emoji + 2, emoji + 3]);
    expect(refusal).toBeNull();
    expect(messages).toEqual(MESSAGES);
  });

  it('any chunking of any stream of valid messages passes through identically', () => {
    const body = fc
      .dictionary(fc.string({ unit: 'grapheme', maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), {
        maxKeys: 4,
      })
      .map((o) => JSON.stringify({ jsonrpc: '2.0', ...o }));
    const message = fc
      .tuple(
        body,
        fc.subarray(['Content-Type: application/vscode-jsonrpc; charset=utf-8', 'X-Other: 1']),
      )
      .map(([b, extra]) => frame(b, extra));
    fc.assert(
      fc.property(
        fc.array(message, { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (messages, cuts) => {
          const input = joined(messages);
          const out = feed(
            input,
            cuts.map((c) => c % (input.length + 1)),
          );
          expect(out.refusal).toBeNull();
          expect(out.messages).toEqual(messages);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the input ending between messages is no refusal', () => {
    expect(new LspFraming().end()).toBeNull();
    expect(feed(STREAM).refusal).toBeNull();
  });

  it('a stream: the guard passes every byte through in order', async () => {
    const refusals: FramingRefusal[] = [];
    const guard = framingGuard((r) => refusals.push(r));
    const chunks = [1, 7, 40, 3, 200, 1, 5000].reduce<Uint8Array[]>((out, size) => {
      const at = out.reduce((n, c) => n + c.length, 0);
      if (at < STREAM.length) out.push(STREAM.subarray(at, at + size));
      return out;
    }, []);
    const rest = chunks.reduce((n, c) => n + c.length, 0);
    if (rest < STREAM.length) chunks.push(STREAM.subarray(rest));
    const out: Uint8Array[] = [];
    for await (const chunk of Readable.from(chunks.map((c) => Buffer.from(c))).pipe(guard))
      out.push(chunk as Uint8Array);
    expect(refusals).toEqual([]);
    expect(Buffer.concat(out)).toEqual(Buffer.from(STREAM));
  });
});

/** The single refusal of `input` (fed whole, then cut byte by byte: the same refusal). */
function refusalOf(input: Uint8Array | string, end = true): FramingRefusal {
  const bytes = typeof input === 'string' ? latin1(input) : input;
  const whole = feed(bytes, [], end);
  const bytewise = feed(
    bytes,
    Array.from({ length: bytes.length }, (_, i) => i),
    end,
  );
  expect(whole.refusal).not.toBeNull();
  expect(bytewise.refusal).toEqual(whole.refusal);
  return whole.refusal as FramingRefusal;
}

describe('what is refused, where, and in which words', () => {
  const good = text(frame('{"jsonrpc":"2.0","method":"initialized","params":{}}'));
  const second = good.length;

  it('a Content-Length over the limit, from its header line alone (no body, no empty line)', () => {
    const r = refusalOf(`${good}Content-Length: 99999999999\r\n`, false);
    expect(r).toMatchObject({ problem: 'contentLengthOver', message: 2, offset: second + 16 });
    expect(r.text.en).toBe(
      `message 2 of standard input, at byte ${second + 16}: Content-Length 99999999999 is over the limit of 16,777,216 bytes (16 MiB)`,
    );
    expect(r.text.zh).toBe(
      `标准输入的第 2 条消息，第 ${second + 16} 字节处：Content-Length 99999999999 超过上限 16,777,216 字节（16 MiB）`,
    );
    // A thousand digits are as much over it as eleven.
    expect(refusalOf(`Content-Length: ${'9'.repeat(1000)}\r\n`, false).problem).toBe(
      'contentLengthOver',
    );
  });

  it('the limits themselves: a header of MAX_HEADER_BYTES and a body of MAX_BODY_BYTES are taken', () => {
    const line = `Content-Length: ${MAX_BODY_BYTES}\r\n`;
    const pad = `X-Pad: ${'p'.repeat(MAX_HEADER_BYTES - line.length - 'X-Pad: '.length - 4)}\r\n`;
    const header = `${line}${pad}\r\n`;
    expect(header.length).toBe(MAX_HEADER_BYTES);
    const framing = new LspFraming();
    expect(framing.push(latin1(header)).refusal).toBeNull();
    expect(framing.end()).toMatchObject({ problem: 'endInBody', offset: MAX_HEADER_BYTES });
    const over = refusalOf(`Content-Length: ${MAX_BODY_BYTES + 1}\r\n`, false);
    expect(over.problem).toBe('contentLengthOver');
  });

  it('a header that never ends: refused at the byte past 8 KiB, whatever follows', () => {
    const endless = `Content-Length: 12${'3'.repeat(20_000)}`;
    const r = refusalOf(endless, false);
    expect(r).toMatchObject({ problem: 'headerTooLong', message: 1, offset: MAX_HEADER_BYTES });
    expect(r.text.en).toBe(
      'message 1 of standard input, at byte 8,192: its header is over 8 KiB: no empty line ends it (a header is a few `Name: value` lines, then an empty line)',
    );
    expect(r.text.zh).toBe(
      '标准输入的第 1 条消息，第 8,192 字节处：消息头超过 8 KiB，仍没有结束它的空行（消息头是几行 `Name: value`，后跟一个空行）',
    );
    // Many short lines are the same header.
    expect(refusalOf('X-A: b\r\n'.repeat(2000), false).problem).toBe('headerTooLong');
  });

  it('a header without Content-Length', () => {
    const r = refusalOf(`${good}Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}`);
    expect(r).toMatchObject({ problem: 'noContentLength', message: 2, offset: second + 57 });
    expect(r.text.en).toContain(
      'the header ends without Content-Length (the size of the body in bytes, such as Content-Length: 52)',
    );
    expect(r.text.zh).toContain('消息头结束时仍没有 Content-Length');
    expect(refusalOf('\r\n{}')).toMatchObject({ problem: 'noContentLength', offset: 0 });
  });

  it('a Content-Length that is not a number, given twice, or a header line without ":"', () => {
    for (const value of ['12ab', '-1', '+5', '0x10', '1.5', '1 2', '']) {
      const r = refusalOf(`Content-Length: ${value}\r\n\r\n`);
      expect(r.problem, value).toBe('contentLengthNotNumber');
      expect(r.offset, value).toBe(16);
    }
    expect(refusalOf('Content-Length: 12ab\r\n\r\n').text).toEqual({
      en: 'message 1 of standard input, at byte 16: Content-Length "12ab" is not a number of bytes (digits only, such as Content-Length: 52)',
      zh: '标准输入的第 1 条消息，第 16 字节处：Content-Length“12ab”不是字节数（只能由数字组成，例如 Content-Length: 52）',
    });
    expect(refusalOf('Content-Length: 2\r\ncontent-length: 2\r\n\r\n{}')).toMatchObject({
      problem: 'contentLengthTwice',
      offset: 19,
    });
    const colon = refusalOf(`${good}Content-Length 2\r\n\r\n{}`);
    expect(colon).toMatchObject({ problem: 'noColon', message: 2, offset: second });
    expect(colon.text.en).toContain('the header line "Content-Length 2" has no ":"');
    expect(colon.text.zh).toContain('消息头行“Content-Length 2”中没有“:”');
    for (const line of [': 2', 'Content Length: 2', 'Content-Length : 2', '"x": 1']) {
      expect(refusalOf(`${line}\r\n\r\n`).problem, line).toBe('badName');
    }
  });

  it('a header line that does not end with CR LF, or holds a byte that is not printable ASCII', () => {
    expect(refusalOf('Content-Length: 2\n\n{}')).toMatchObject({
      problem: 'lfWithoutCr',
      offset: 17,
    });
    expect(refusalOf('Content-Length: 2\r\r\n{}')).toMatchObject({
      problem: 'crWithoutLf',
      offset: 17,
    });
    const nul = refusalOf('Content-Length: 2\u0000\r\n\r\n{}');
    expect(nul).toMatchObject({ problem: 'headerByte', offset: 17 });
    expect(nul.text.en).toContain('byte 0x00 in the header');
    expect(refusalOf(utf8('X-Name: é\r\n')).problem).toBe('headerByte');
  });

  it('a Content-Type other than JSON-RPC in UTF-8', () => {
    for (const type of [
      'text/plain',
      'application/json',
      'application/vscode-jsonrpc; charset=utf-16',
      'application/vscode-jsonrpc; charset=latin1',
    ]) {
      const r = refusalOf(`Content-Length: 2\r\nContent-Type: ${type}\r\n\r\n{}`);
      expect(r, type).toMatchObject({ problem: 'contentType', offset: 33 });
    }
    expect(refusalOf('Content-Type: text/plain\r\n\r\n').text.en).toBe(
      'message 1 of standard input, at byte 14: Content-Type "text/plain" is not accepted: the body is JSON in UTF-8 (application/vscode-jsonrpc; charset=utf-8, or no Content-Type)',
    );
  });

  it('a body that is not UTF-8, not JSON, or not an object', () => {
    const start = second + 'Content-Length: 5\r\n\r\n'.length;
    const bad = joined([
      latin1(`${good}Content-Length: 5\r\n\r\n`),
      Uint8Array.of(0x22, 0x61, 0xc3, 0x28, 0x22),
    ]);
    expect(refusalOf(bad)).toMatchObject({ problem: 'bodyNotUtf8', message: 2, offset: start + 2 });
    const json = refusalOf(`${good}Content-Length: 5\r\n\r\nhello`);
    expect(json).toMatchObject({ problem: 'bodyNotJson', message: 2, offset: start });
    expect(json.text.en).toBe(
      `message 2 of standard input, at byte ${start}: its body is not JSON: "h" cannot be here`,
    );
    expect(json.text.zh).toBe(
      `标准输入的第 2 条消息，第 ${start} 字节处：消息体不是 JSON：此处不能出现“h”`,
    );
    const cut = refusalOf('Content-Length: 6\r\n\r\n{"a":1');
    expect(cut).toMatchObject({ problem: 'bodyNotJson', offset: 27 });
    expect(cut.text.en).toContain('the body ends before the JSON value does');
    expect(refusalOf('Content-Length: 0\r\n\r\n')).toMatchObject({
      problem: 'bodyNotJson',
      offset: 21,
    });
    // A character of several bytes is quoted whole, at its first byte.
    const han = refusalOf(frame('{"a":中}'));
    expect(han).toMatchObject({ problem: 'bodyNotJson', offset: 21 + 5 });
    expect(han.text.zh).toContain('此处不能出现“中”');
    for (const [body, kind] of [
      ['[]', 'array'],
      ['"x"', 'string'],
      [' 42', 'number'],
      ['true', 'boolean'],
      ['null', 'null'],
    ] as const) {
      const r = refusalOf(frame(body));
      expect(r, body).toMatchObject({
        problem: 'bodyNotObject',
        offset: 21 + (body === ' 42' ? 1 : 0),
      });
      expect(r.text.en).toContain(`its body is a JSON ${kind}, not an object`);
    }
  });

  it('the input ending inside a message: in its header, or in its body', () => {
    const header = refusalOf(`${good}Content-Len`);
    expect(header).toMatchObject({ problem: 'endInHeader', message: 2, offset: second + 11 });
    expect(header.text).toEqual({
      en: `message 2 of standard input, at byte ${second + 11}: the input ends inside its header`,
      zh: `标准输入的第 2 条消息，第 ${second + 11} 字节处：输入在消息头中途结束`,
    });
    const body = refusalOf(`${good}Content-Length: 100\r\n\r\n{"jsonrpc"`);
    expect(body).toMatchObject({ problem: 'endInBody', message: 2, offset: second + 33 });
    expect(body.text.en).toContain('the input ends inside its body: 10 of its 100 bytes came');
    expect(body.text.zh).toContain('输入在消息体中途结束：消息体应有 100 字节，只收到 10 字节');
  });

  it('after a refusal nothing more is taken, and the stream passes nothing more on', async () => {
    const framing = new LspFraming();
    const first = framing.push(latin1(`${good}X\r\n${good}`));
    expect(first.messages.map(text)).toEqual([good]);
    expect(first.refusal?.problem).toBe('noColon');
    expect(framing.push(latin1(good))).toEqual({ messages: [], refusal: first.refusal });
    expect(framing.end()).toBe(first.refusal);

    const refusals: FramingRefusal[] = [];
    const guard = framingGuard((r) => refusals.push(r));
    const out: Buffer[] = [];
    guard.on('data', (c: Buffer) => out.push(c));
    guard.write(latin1(`${good}Content-Length: 5\r\n\r\nhello${good}`));
    guard.write(latin1(good));
    guard.end();
    await new Promise((r) => setImmediate(r));
    expect(refusals.map((r) => r.problem)).toEqual(['bodyNotJson']);
    expect(Buffer.concat(out).toString('latin1')).toBe(good);
    expect(guard.readableEnded).toBe(false);
  });
});

describe('the body limit lets every document reach ERDL-E001', () => {
  it('a didOpen of a document just over MAX_DOCUMENT_BYTES, every byte escaped 6 times, fits', () => {
    // A control character is the longest escape JSON has for one byte of text: \u0001.
    const worst = JSON.stringify({
      jsonrpc: '2.0',
      method: 'textDocument/didOpen',
      params: {
        textDocument: {
          uri: `file:///${'d/'.repeat(1000)}huge.erdl.yaml`,
          languageId: 'yaml',
          version: 1,
          text: '\u0001'.repeat(MAX_DOCUMENT_BYTES + 1),
        },
      },
    });
    expect(worst.length).toBeGreaterThan(6 * MAX_DOCUMENT_BYTES);
    expect(worst.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(MAX_BODY_BYTES).toBe(8 * MAX_DOCUMENT_BYTES);
  });
});

describe('where a body stops being JSON (jsonErrorAt)', () => {
  it('agrees with JSON.parse on what is JSON, and finds the first wrong byte', () => {
    const cases: [string, number][] = [
      ['{}', -1],
      [' [1, -2.5e+3, "a\\u00e9", true, false, null, {"x": []}] ', -1],
      ['nope', 1],
      ['{"a":1}x', 7],
      ['[1,]', 3],
      ['', 0],
      ['{"a":1', 6],
      ['"abc', 4],
      ['-', 1],
      ['01', 1],
      ['{"a":.5}', 5],
      ['{"a":1e}', 7],
      ['{"\\x":1}', 3],
      ['"\\u12g4"', 5],
      ['{"a" 1}', 5],
      ['{,}', 1],
      ['[1 2]', 3],
      ['"a\tb"', 2],
      ['\ufeff{}', 0],
      ['tru', 3],
      ['{"a":1,}', 7],
      ['{"a":1,"b"}', 10],
    ];
    for (const [json, at] of cases) {
      expect(jsonErrorAt(utf8(json)), JSON.stringify(json)).toBe(at);
      let parses = true;
      try {
        JSON.parse(json);
      } catch {
        parses = false;
      }
      expect(parses, JSON.stringify(json)).toBe(at === -1);
    }
  });

  it('a random text is JSON for jsonErrorAt exactly when JSON.parse reads it', () => {
    const alphabet = fc.constantFrom(...'{}[]",:-+.eE0123456789 \n\\tuafnlrsx'.split(''));
    const texts = fc.oneof(
      fc.string({ unit: alphabet, maxLength: 24 }),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc
        .tuple(
          fc.jsonValue().map((v) => JSON.stringify(v)),
          fc.nat(),
          fc.string({ maxLength: 2 }),
        )
        .map(
          ([s, at, junk]) => s.slice(0, at % (s.length + 1)) + junk + s.slice(at % (s.length + 1)),
        ),
    );
    fc.assert(
      fc.property(texts, (s) => {
        let parses = true;
        try {
          JSON.parse(s);
        } catch {
          parses = false;
        }
        expect(jsonErrorAt(utf8(s)) === -1).toBe(parses);
      }),
      { numRuns: 2000 },
    );
  });

  it('any nesting in one pass: a million open brackets, and a million closed', () => {
    expect(jsonErrorAt(latin1('['.repeat(1_000_000)))).toBe(1_000_000);
    expect(jsonErrorAt(latin1(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`))).toBe(-1);
    const deep = refusalOf(frame('{"a":'.repeat(200_000)));
    expect(deep).toMatchObject({ problem: 'bodyNotJson' });
  });
});
