/**
 * `erdl lsp` given well-framed messages whose params are not what their method takes
 * (src/lsp/params.ts): a request is answered with InvalidParams (-32602) naming the field, what
 * was expected and what came, in both languages; a notification is ignored, said once on standard
 * error and through window/logMessage, and changes nothing — a didChange that cannot be applied
 * (outside its document, a version not raised) leaves the document out of step with the editor,
 * which one notice says instead of its diagnostics until it is opened again. Random JSON as the params of every method the
 * server handles never makes it throw or print a stack, and it goes on serving. The server runs in
 * this process on piped streams (messages written and read raw, so any params can be sent); the
 * last case spawns the command.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Message,
  type NotificationMessage,
  type ResponseMessage,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import { erdlCommand } from '../e2e/support/cli';
import type { Bilingual } from '../src/kernel';
import type { FramingRefusal } from '../src/lsp/framing';
import { PARAMS_OF } from '../src/lsp/params';
import { startLspServer } from '../src/lsp/server';
import { LspClient, ROOT } from '../src/lsp/test-support';

const EXAMPLE = readFileSync(path.join(ROOT, 'src/studio/examples/quick-start.erdl.yaml'), 'utf8');
const LINES = EXAMPLE.split('\n');
const lineOf = (needle: string) => LINES.findIndex((l) => l.includes(needle));
const lineOfIn = (text: string, needle: string) =>
  text.split('\n').findIndex((l) => l.includes(needle));
const at = (needle: string, within = 0) => {
  const line = lineOf(needle);
  return { line, character: (LINES[line] as string).indexOf(needle) + within };
};

interface Published {
  readonly uri: string;
  readonly version?: number;
  readonly diagnostics: readonly { code?: string; severity?: number }[];
}
interface Hover {
  contents: { value: string };
}

/** The server in this process, and a raw client: any message can be written, all are kept. */
class Harness {
  readonly toServer = new PassThrough();
  readonly fromServer = new PassThrough();
  readonly writer = new StreamMessageWriter(this.toServer);
  readonly received: Message[] = [];
  readonly warned: Bilingual[] = [];
  readonly refusals: FramingRefusal[] = [];
  private readonly waiters: { test: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  private nextId = 1;

  constructor() {
    startLspServer(this.toServer, this.fromServer, (r) => this.refusals.push(r), {
      warn: (text) => this.warned.push(text),
      end: () => {},
    });
    new StreamMessageReader(this.fromServer).listen((m) => {
      this.received.push(m);
      for (const w of [...this.waiters]) {
        if (!w.test(m)) continue;
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(m);
      }
    });
  }

  private next(test: (m: Message) => boolean): Promise<Message> {
    const seen = this.received.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  /** A request with exactly these params (`undefined`: none), and its response. */
  async request(method: string, params?: unknown): Promise<ResponseMessage> {
    const id = this.nextId++;
    const message = { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) };
    await this.writer.write(message as Message);
    return (await this.next((m) => (m as ResponseMessage).id === id)) as ResponseMessage;
  }

  async notify(method: string, params?: unknown): Promise<void> {
    const message = { jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) };
    await this.writer.write(message as Message);
  }

  /** Resolves once every message written before has been handled (the server answers in order). */
  async settle(): Promise<void> {
    await this.request('textDocument/documentSymbol', { textDocument: { uri: 'file:///none' } });
  }

  diagnostics(uri: string, version: number): Promise<Published> {
    return this.next((m) => {
      const n = m as NotificationMessage;
      const p = n.params as Published | undefined;
      return (
        n.method === 'textDocument/publishDiagnostics' && p?.uri === uri && p.version === version
      );
    }).then((m) => (m as NotificationMessage).params as Published);
  }

  published(uri: string): Published[] {
    return this.received
      .filter((m) => (m as NotificationMessage).method === 'textDocument/publishDiagnostics')
      .map((m) => (m as NotificationMessage).params as Published)
      .filter((p) => p.uri === uri);
  }

  logs(): { type: number; message: string }[] {
    return this.received
      .filter((m) => (m as NotificationMessage).method === 'window/logMessage')
      .map((m) => (m as NotificationMessage).params as { type: number; message: string });
  }

  open(uri: string, text: string, version = 1) {
    return this.notify('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version, text },
    });
  }

  hover(uri: string, position: { line: number; character: number }) {
    return this.request('textDocument/hover', { textDocument: { uri }, position });
  }
}

let server: Harness;
/** Anything written to the process's standard error or console while the server runs. */
const printed: string[] = [];
const spies: { mockRestore(): void }[] = [];

beforeAll(async () => {
  const keep = (...args: unknown[]) => {
    printed.push(args.map(String).join(' '));
    return true;
  };
  spies.push(vi.spyOn(process.stderr, 'write').mockImplementation(keep));
  for (const name of ['error', 'warn', 'log', 'info', 'debug', 'trace'] as const) {
    spies.push(vi.spyOn(console, name).mockImplementation(keep));
  }
  server = new Harness();
  const init = await server.request('initialize', {
    processId: null,
    rootUri: null,
    capabilities: {},
    locale: 'en',
  });
  expect(init.error).toBeUndefined();
  await server.notify('initialized', {});
});

afterAll(() => {
  for (const spy of spies) spy.mockRestore();
  expect(server.refusals).toEqual([]);
});

const both = (text: Bilingual) => `${text.en}\n${text.zh}`;
const ignoredText = (method: string, en: string, zh: string): Bilingual => ({
  en: `${method} ignored, nothing changed: ${en}`,
  zh: `已忽略 ${method}，未做任何更改：${zh}`,
});

/** A request refused: -32602, the English line then the Chinese one; nothing printed. */
async function expectInvalid(method: string, params: unknown, en: string, zh: string) {
  const before = printed.length;
  const response = await server.request(method, params);
  expect(response.result).toBeUndefined();
  expect(response.error).toEqual({ code: -32602, message: `${en}\n${zh}` });
  expect(printed.slice(before)).toEqual([]);
}

/** A notification ignored: said once on standard error and once through window/logMessage. */
async function expectIgnored(method: string, params: unknown, en: string, zh: string) {
  const warned = server.warned.length;
  const logs = server.logs().length;
  const before = printed.length;
  await server.notify(method, params);
  await server.settle();
  const text = ignoredText(method, en, zh);
  expect(server.warned.slice(warned)).toEqual([text]);
  expect(server.logs().slice(logs)).toEqual([{ type: 1, message: both(text) }]);
  expect(printed.slice(before)).toEqual([]);
}

describe('a request whose params are not what its method takes: -32602, in both languages', () => {
  const DOC = 'file:///requests/quick-start.erdl.yaml';
  beforeAll(async () => {
    await server.open(DOC, EXAMPLE);
    await server.diagnostics(DOC, 1);
  });

  it('hover: a position missing, negative, not an integer; no textDocument; params not an object', async () => {
    await expectInvalid(
      'textDocument/hover',
      { textDocument: { uri: DOC } },
      'params.position: expected an object, but it is missing',
      'params.position：应为对象，但缺少此项',
    );
    await expectInvalid(
      'textDocument/hover',
      { textDocument: { uri: DOC }, position: { line: -1, character: 0 } },
      'params.position.line: expected an integer from 0 to 2147483647, got -1',
      'params.position.line：应为 0 到 2147483647 之间的整数，但收到 -1',
    );
    await expectInvalid(
      'textDocument/hover',
      { textDocument: { uri: DOC }, position: { line: 1, character: 2.5 } },
      'params.position.character: expected an integer from 0 to 2147483647, got 2.5',
      'params.position.character：应为 0 到 2147483647 之间的整数，但收到 2.5',
    );
    await expectInvalid(
      'textDocument/hover',
      { position: { line: 1, character: 2 } },
      'params.textDocument: expected an object, but it is missing',
      'params.textDocument：应为对象，但缺少此项',
    );
    await expectInvalid(
      'textDocument/hover',
      [DOC, { line: 1, character: 2 }],
      'params: expected an object, got an array',
      'params：应为对象，但收到数组',
    );
    await expectInvalid(
      'textDocument/hover',
      undefined,
      'params: expected an object, but it is missing',
      'params：应为对象，但缺少此项',
    );
  });

  it('completion: a position with a string line; a context whose triggerKind is not 1, 2 or 3', async () => {
    await expectInvalid(
      'textDocument/completion',
      { textDocument: { uri: DOC }, position: { line: '3', character: 0 } },
      'params.position.line: expected an integer from 0 to 2147483647, got a string',
      'params.position.line：应为 0 到 2147483647 之间的整数，但收到字符串',
    );
    await expectInvalid(
      'textDocument/completion',
      {
        textDocument: { uri: DOC },
        position: { line: 3, character: 0 },
        context: { triggerKind: 4 },
      },
      'params.context.triggerKind: expected one of 1, 2, 3, got 4',
      'params.context.triggerKind：应为 1、2、3 之一，但收到 4',
    );
  });

  it('definition: a uri that is null', async () => {
    await expectInvalid(
      'textDocument/definition',
      { textDocument: { uri: null }, position: { line: 0, character: 0 } },
      'params.textDocument.uri: expected a string, got null',
      'params.textDocument.uri：应为字符串，但收到 null',
    );
  });

  it('documentSymbol: a textDocument that is a string', async () => {
    await expectInvalid(
      'textDocument/documentSymbol',
      { textDocument: DOC },
      'params.textDocument: expected an object, got a string',
      'params.textDocument：应为对象，但收到字符串',
    );
  });

  it('codeAction: a range end missing its character; context.diagnostics not an array', async () => {
    await expectInvalid(
      'textDocument/codeAction',
      {
        textDocument: { uri: DOC },
        range: { start: { line: 0, character: 0 }, end: { line: 1 } },
        context: { diagnostics: [] },
      },
      'params.range.end.character: expected an integer from 0 to 2147483647, but it is missing',
      'params.range.end.character：应为 0 到 2147483647 之间的整数，但缺少此项',
    );
    const range = { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } };
    await expectInvalid(
      'textDocument/codeAction',
      { textDocument: { uri: DOC }, range, context: { diagnostics: {} } },
      'params.context.diagnostics: expected an array, got an object',
      'params.context.diagnostics：应为数组，但收到对象',
    );
  });

  it('initialize: capabilities missing, a processId that is a string, lang neither en nor zh', async () => {
    await expectInvalid(
      'initialize',
      { processId: null, rootUri: null },
      'params.capabilities: expected an object, but it is missing',
      'params.capabilities：应为对象，但缺少此项',
    );
    await expectInvalid(
      'initialize',
      { processId: '12', rootUri: null, capabilities: {} },
      'params.processId: expected an integer from -2147483648 to 2147483647, or null, got a string',
      'params.processId：应为 -2147483648 到 2147483647 之间的整数或 null，但收到字符串',
    );
    await expectInvalid(
      'initialize',
      { processId: null, capabilities: {}, initializationOptions: { lang: 'fr' } },
      'params.initializationOptions.lang: expected one of "en", "zh", got "fr"',
      'params.initializationOptions.lang：应为“en”、“zh”之一，但收到“fr”',
    );
  });

  it('shutdown: params where it takes none', async () => {
    await expectInvalid(
      'shutdown',
      { now: true },
      'params: expected no params, got an object',
      'params：应为不带参数，但收到对象',
    );
  });

  it('a method the server does not handle is still vscode-jsonrpc’s MethodNotFound', async () => {
    const response = await server.request('textDocument/rename', 7);
    expect(response.error?.code).toBe(-32601);
  });
});

describe('a notification whose params are wrong: ignored, said once, nothing changed', () => {
  const DOC = 'file:///notifications/quick-start.erdl.yaml';
  beforeAll(async () => {
    await server.open(DOC, EXAMPLE);
    await server.diagnostics(DOC, 1);
  });

  it('didOpen: text 7, uri null, version a string, textDocument missing', async () => {
    const NEW = 'file:///notifications/never.erdl.yaml';
    await expectIgnored(
      'textDocument/didOpen',
      { textDocument: { uri: NEW, languageId: 'yaml', version: 1, text: 7 } },
      'params.textDocument.text: expected a string, got a number',
      'params.textDocument.text：应为字符串，但收到数字',
    );
    await expectIgnored(
      'textDocument/didOpen',
      { textDocument: { uri: null, languageId: 'yaml', version: 1, text: '' } },
      'params.textDocument.uri: expected a string, got null',
      'params.textDocument.uri：应为字符串，但收到 null',
    );
    await expectIgnored(
      'textDocument/didOpen',
      { textDocument: { uri: NEW, languageId: 'yaml', version: '1', text: '' } },
      'params.textDocument.version: expected an integer from -2147483648 to 2147483647, got a string',
      'params.textDocument.version：应为 -2147483648 到 2147483647 之间的整数，但收到字符串',
    );
    await expectIgnored(
      'textDocument/didOpen',
      {},
      'params.textDocument: expected an object, but it is missing',
      'params.textDocument：应为对象，但缺少此项',
    );
    // Never opened: no diagnostics for it, and a hover answers null (no document).
    expect(server.published(NEW)).toEqual([]);
    expect((await server.hover(NEW, { line: 0, character: 0 })).result).toBeNull();
  });

  it('didChange: contentChanges not an array, a range of strings, a version null', async () => {
    await expectIgnored(
      'textDocument/didChange',
      { textDocument: { uri: DOC, version: 2 }, contentChanges: { text: 'x' } },
      'params.contentChanges: expected an array, got an object',
      'params.contentChanges：应为数组，但收到对象',
    );
    await expectIgnored(
      'textDocument/didChange',
      {
        textDocument: { uri: DOC, version: 2 },
        contentChanges: [{ range: { start: { line: '0', character: 0 }, end: 0 }, text: 'x' }],
      },
      'params.contentChanges[0].range.start.line: expected an integer from 0 to 2147483647, got a string',
      'params.contentChanges[0].range.start.line：应为 0 到 2147483647 之间的整数，但收到字符串',
    );
    await expectIgnored(
      'textDocument/didChange',
      { textDocument: { uri: DOC, version: null }, contentChanges: [{ text: '' }] },
      'params.textDocument.version: expected an integer from -2147483648 to 2147483647, got null',
      'params.textDocument.version：应为 -2147483648 到 2147483647 之间的整数，但收到 null',
    );
    expect(server.published(DOC).map((p) => p.version)).toEqual([1]);
  });

  it('didClose: a textDocument without its uri leaves the document open', async () => {
    await expectIgnored(
      'textDocument/didClose',
      { textDocument: {} },
      'params.textDocument.uri: expected a string, but it is missing',
      'params.textDocument.uri：应为字符串，但缺少此项',
    );
    const hover = await server.hover(DOC, at('REQUEST_HUMAN', 2));
    expect((hover.result as Hover).contents.value).toContain('**REQUEST_HUMAN** — Decision');
  });

  it('initialized, exit, $/cancelRequest, $/setTrace, $/progress and the workspace’s notifications', async () => {
    await expectIgnored(
      'initialized',
      [],
      'params: expected an object, got an array',
      'params：应为对象，但收到数组',
    );
    // An exit with params is not an exit: the server goes on (it answers settle()).
    await expectIgnored(
      'exit',
      { code: 0 },
      'params: expected no params, got an object',
      'params：应为不带参数，但收到对象',
    );
    await expectIgnored(
      '$/cancelRequest',
      { id: true },
      'params.id: expected an integer from -2147483648 to 2147483647, or a string, got a boolean',
      'params.id：应为 -2147483648 到 2147483647 之间的整数或字符串，但收到布尔值',
    );
    await expectIgnored(
      '$/setTrace',
      { value: 'loud' },
      'params.value: expected one of "off", "messages", "verbose", got "loud"',
      'params.value：应为“off”、“messages”、“verbose”之一，但收到“loud”',
    );
    await expectIgnored(
      '$/progress',
      { value: 1 },
      'params.token: expected an integer from -2147483648 to 2147483647, or a string, but it is missing',
      'params.token：应为 -2147483648 到 2147483647 之间的整数或字符串，但缺少此项',
    );
    await expectIgnored(
      'window/workDoneProgress/cancel',
      null,
      'params: expected an object, got null',
      'params：应为对象，但收到 null',
    );
    await expectIgnored(
      'workspace/didChangeWorkspaceFolders',
      { event: { added: [{ uri: 'file:///w' }], removed: [] } },
      'params.event.added[0].name: expected a string, but it is missing',
      'params.event.added[0].name：应为字符串，但缺少此项',
    );
  });
});

describe('a didChange that cannot be applied: the document is out of step, and says so', () => {
  const last = LINES.length - 1;
  // The text with one error: REQUEST_HUMANN (ERDL-E207).
  const then = at('REQUEST_HUMAN');
  const after = { line: then.line, character: then.character + 'REQUEST_HUMAN'.length };
  const broken = LINES.map((l, i) =>
    i === then.line ? `${l.slice(0, after.character)}N${l.slice(after.character)}` : l,
  ).join('\n');
  const pastEnd = {
    start: { line: last + 1, character: 0 },
    end: { line: last + 1, character: 0 },
  };
  const change = (uri: string, range: unknown, version = 2) => ({
    textDocument: { uri, version },
    contentChanges: [{ range, text: 'oops: [' }],
  });
  let n = 0;
  /** A document of its own, opened (version `version`) and checked once. */
  const opened = async (text = EXAMPLE, version = 1) => {
    const uri = `file:///ranges/${++n}.erdl.yaml`;
    await server.open(uri, text, version);
    await server.diagnostics(uri, version);
    return uri;
  };

  it('a range past the last line, reversed, past the text an earlier change leaves; a version not raised; a document never opened: each refused in its words', async () => {
    await expectIgnored(
      'textDocument/didChange',
      change(await opened(), pastEnd),
      `params.contentChanges[0].range.start.line: line ${last + 1} is past the end of the document, whose last line is ${last} (lines count from 0)`,
      `params.contentChanges[0].range.start.line：行 ${last + 1} 超出文档末尾，文档的最后一行是 ${last}（行号从 0 起计）`,
    );
    await expectIgnored(
      'textDocument/didChange',
      change(await opened(), { start: { line: 2, character: 0 }, end: { line: 1, character: 0 } }),
      'params.contentChanges[0].range: its start (2:0) is after its end (1:0)',
      'params.contentChanges[0].range：起点（2:0）在终点（1:0）之后',
    );
    // Two changes: the second is checked against the text the first leaves (one line fewer).
    await expectIgnored(
      'textDocument/didChange',
      {
        textDocument: { uri: await opened(), version: 2 },
        contentChanges: [
          { range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }, text: '' },
          {
            range: { start: { line: last, character: 0 }, end: { line: last, character: 0 } },
            text: 'x',
          },
        ],
      },
      `params.contentChanges[1].range.start.line: line ${last} is past the end of the document, whose last line is ${last - 1} (lines count from 0)`,
      `params.contentChanges[1].range.start.line：行 ${last} 超出文档末尾，文档的最后一行是 ${last - 1}（行号从 0 起计）`,
    );
    // Between the two halves of 😀 (U+1F600, two UTF-16 units): an edit there would leave two
    // lone halves.
    const emoji = EXAMPLE.replace('metadata:', '# 😀\nmetadata:');
    expect(emoji).not.toBe(EXAMPLE);
    const inside = { line: lineOfIn(emoji, '😀'), character: 3 };
    await expectIgnored(
      'textDocument/didChange',
      change(await opened(emoji), { start: inside, end: inside }),
      `params.contentChanges[0].range.start.character: character 3 on line ${inside.line} falls between the two UTF-16 units of one character (positions count UTF-16 units from 0: 2 or 4 would do)`,
      `params.contentChanges[0].range.start.character：行 ${inside.line} 的位置 3 落在一个字符的两个 UTF-16 码元之间（位置按 UTF-16 码元从 0 起计：可改为 2 或 4）`,
    );
    // A change out of order (or sent twice) would corrupt the text.
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    await expectIgnored(
      'textDocument/didChange',
      change(await opened(EXAMPLE, 5), range, 5),
      'params.textDocument.version: version 5 does not come after the document’s version 5 (each change raises it)',
      'params.textDocument.version：版本 5 不在文档当前版本 5 之后（每次更改都应递增版本）',
    );
    const never = 'file:///ranges/never-opened.erdl.yaml';
    await expectIgnored(
      'textDocument/didChange',
      { textDocument: { uri: never, version: 2 }, contentChanges: [{ text: 'rules: []' }] },
      `params.textDocument.uri: no document "${never}" is open (didOpen comes first)`,
      `params.textDocument.uri：文档“${never}”未打开（应先发送 didOpen）`,
    );
    expect(server.published(never)).toEqual([]);
  });

  it('out of step: one notice instead of its diagnostics, no hover, later changes ignored quietly, until it is opened again', async () => {
    const uri = await opened(broken);
    expect(server.published(uri).map((p) => p.diagnostics.map((d) => d.code))).toEqual([
      ['ERDL-E207'],
    ]);
    await expectIgnored(
      'textDocument/didChange',
      change(uri, pastEnd),
      `params.contentChanges[0].range.start.line: line ${last + 1} is past the end of the document, whose last line is ${last} (lines count from 0)`,
      `params.contentChanges[0].range.start.line：行 ${last + 1} 超出文档末尾，文档的最后一行是 ${last}（行号从 0 起计）`,
    );
    // The editor has the change, this text has not: its diagnostics would be of a text the
    // editor does not show. One notice replaces them, at the document's start.
    const notice = server.published(uri).at(-1) as Published & {
      diagnostics: { message: string; range: unknown }[];
    };
    expect(notice.diagnostics).toHaveLength(1);
    expect(notice.diagnostics[0]).toMatchObject({
      code: 'out-of-step',
      severity: 1,
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    });
    expect(notice.diagnostics[0]?.message).toBe(
      [
        `This document is out of step with the editor: a change could not be applied (params.contentChanges[0].range.start.line: line ${last + 1} is past the end of the document, whose last line is ${last} (lines count from 0)). Nothing in it is checked until it is closed and opened again.`,
        `此文档与编辑器中的内容已不一致：有一项更改无法应用（params.contentChanges[0].range.start.line：行 ${last + 1} 超出文档末尾，文档的最后一行是 ${last}（行号从 0 起计））。关闭并重新打开此文档之前，不再检查其中的任何内容。`,
      ].join('\n'),
    );
    expect((await server.hover(uri, at('priority: 10', 1))).result).toBeNull();
    // The fix at the original position: not applied to a text that is not the editor's, and
    // not said again.
    const published = server.published(uri).length;
    const logs = server.logs().length;
    await server.notify('textDocument/didChange', {
      textDocument: { uri, version: 3 },
      contentChanges: [
        {
          range: { start: after, end: { line: after.line, character: after.character + 1 } },
          text: '',
        },
      ],
    });
    await server.settle();
    expect(server.published(uri)).toHaveLength(published);
    expect(server.logs()).toHaveLength(logs);
    // Opened again, with the editor's text: checked again.
    await server.open(uri, EXAMPLE, 10);
    expect((await server.diagnostics(uri, 10)).diagnostics).toEqual([]);
    const hover = await server.hover(uri, at('priority: 10', 1));
    expect((hover.result as Hover).contents.value).toMatch(/^\*\*priority\*\*/);
    // Closed while out of step: its notice is cleared.
    const other = await opened();
    await expectIgnored(
      'textDocument/didChange',
      change(other, pastEnd),
      `params.contentChanges[0].range.start.line: line ${last + 1} is past the end of the document, whose last line is ${last} (lines count from 0)`,
      `params.contentChanges[0].range.start.line：行 ${last + 1} 超出文档末尾，文档的最后一行是 ${last}（行号从 0 起计）`,
    );
    await server.notify('textDocument/didClose', { textDocument: { uri: other } });
    await server.settle();
    expect(server.published(other).at(-1)?.diagnostics).toEqual([]);
  });

  it('opened twice without a close: the second didOpen’s text is the document’s, and that is said once', async () => {
    const uri = await opened();
    expect(server.published(uri).at(-1)?.diagnostics).toEqual([]);
    const warned = server.warned.length;
    const logs = server.logs().length;
    await server.open(uri, broken, 1);
    const text = {
      en: `textDocument/didOpen of "${uri}", which is already open (no didClose came between): its text is now the one this didOpen carries`,
      zh: `收到 textDocument/didOpen，但文档“${uri}”已处于打开状态（其间没有 didClose）：现以此次 didOpen 所带的文本为准`,
    };
    // The editor's text, as it sent it whole: checked as that text (its N is ERDL-E207).
    await vi.waitFor(() =>
      expect(
        server
          .published(uri)
          .at(-1)
          ?.diagnostics.map((d) => d.code),
      ).toEqual(['ERDL-E207']),
    );
    expect(server.warned.slice(warned)).toEqual([text]);
    expect(server.logs().slice(logs)).toEqual([{ type: 2, message: both(text) }]);
    // Changes now apply to that text, from its version.
    await server.notify('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: EXAMPLE }],
    });
    expect((await server.diagnostics(uri, 2)).diagnostics).toEqual([]);
  });

  it('a character past its line’s end is the line’s end, as the protocol defines it', async () => {
    const uri = await opened();
    // The line ends with REQUEST_HUMAN, so an N appended past its end is ERDL-E207.
    const line = LINES[then.line] as string;
    expect(line.endsWith('REQUEST_HUMAN')).toBe(true);
    const end = { line: then.line, character: line.length + 40 };
    await server.notify('textDocument/didChange', {
      textDocument: { uri, version: 4 },
      contentChanges: [{ range: { start: end, end }, text: 'N' }],
    });
    const published = (await server.diagnostics(uri, 4)).diagnostics;
    expect(published.map((d) => d.code)).toEqual(['ERDL-E207']);
  });
});

/** A well-formed message of each method, on `uri` (an open document), for mutating. */
function wellFormed(method: string, uri: string): unknown {
  const position = { line: 3, character: 4 };
  const range = { start: { line: 1, character: 0 }, end: { line: 2, character: 3 } };
  const textDocument = { uri };
  switch (method) {
    case 'initialize':
      return { processId: null, rootUri: null, capabilities: {}, locale: 'en', trace: 'off' };
    case 'initialized':
      return {};
    case 'shutdown':
    case 'exit':
      return undefined;
    case '$/cancelRequest':
      return { id: 1 };
    case '$/setTrace':
      return { value: 'off' };
    case '$/progress':
    case 'window/workDoneProgress/cancel':
      return { token: 'a', value: {} };
    case 'workspace/didChangeWorkspaceFolders':
      return { event: { added: [{ uri: 'file:///w', name: 'w' }], removed: [] } };
    case 'textDocument/didOpen':
      return { textDocument: { uri, languageId: 'yaml', version: 1, text: EXAMPLE } };
    case 'textDocument/didChange':
      return { textDocument: { uri, version: 2 }, contentChanges: [{ range, text: 'x: 1\n' }] };
    case 'textDocument/didClose':
    case 'textDocument/documentSymbol':
      return { textDocument };
    case 'textDocument/codeAction':
      return { textDocument, range, context: { diagnostics: [{ range, message: 'm' }] } };
    case 'textDocument/completion':
      return { textDocument, position, context: { triggerKind: 2, triggerCharacter: ':' } };
    default:
      return { textDocument, position };
  }
}

/** Every place in a JSON value (the value itself first), as paths of keys and indices. */
function places(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) out.push(...places(v, [...at, i]));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...places(v, [...at, k]));
  }
  return out;
}

/** `value` with the place at `path` replaced by `by` (or removed, `by` undefined). */
function mutate(value: unknown, path: readonly (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = mutate(copy[head as number], rest, by);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  const inner = mutate(copy[head], rest, by);
  if (inner === undefined) delete copy[head];
  else copy[head] = inner;
  return copy;
}

const REQUESTS = new Set([
  'initialize',
  'shutdown',
  'textDocument/hover',
  'textDocument/completion',
  'textDocument/definition',
  'textDocument/documentSymbol',
  'textDocument/codeAction',
]);

describe('a message that is not JSON-RPC: Invalid Request (id null), said once, in both languages', () => {
  it('an id that is neither an integer nor a string; neither a method nor a result or an error', async () => {
    const cases: [unknown, string, string][] = [
      [
        { jsonrpc: '2.0', id: true, method: 'textDocument/hover', params: {} },
        'id: expected an integer from -2147483648 to 2147483647, or a string, got a boolean',
        'id：应为 -2147483648 到 2147483647 之间的整数或字符串，但收到布尔值',
      ],
      [
        { jsonrpc: '2.0', id: 7 },
        'it has neither a method (as a request or a notification has) nor a result or an error (as a response has)',
        '它既没有 method（请求和通知都有），也没有 result 或 error（响应才有）',
      ],
    ];
    for (const [message, en, zh] of cases) {
      const warned = server.warned.length;
      const logs = server.logs().length;
      const answers = server.received.length;
      const before = printed.length;
      await server.writer.write(message as Message);
      await server.settle();
      const text = {
        en: `a message that is not a JSON-RPC request, notification or response ignored: ${en}`,
        zh: `已忽略一条既非 JSON-RPC 请求、通知也非响应的消息：${zh}`,
      };
      expect(server.warned.slice(warned)).toEqual([text]);
      expect(server.logs().slice(logs)).toEqual([{ type: 1, message: both(text) }]);
      const replies = server.received
        .slice(answers)
        .filter((m) => (m as ResponseMessage).id === null) as ResponseMessage[];
      expect(replies.map((r) => r.error)).toEqual([{ code: -32600, message: both(text) }]);
      expect(printed.slice(before)).toEqual([]);
    }
  });
});

describe('random params never make the server throw or print, and it goes on serving', () => {
  // `exit` with no params ends the process, as it must: its refusals are tested above.
  const methods = Object.keys(PARAMS_OF).filter((m) => m !== 'exit');

  it('covers every method of the schema table, requests and notifications', () => {
    expect(methods.length).toBe(Object.keys(PARAMS_OF).length - 1);
    for (const m of REQUESTS) expect(methods).toContain(m);
  });

  for (const method of methods) {
    it(method, async () => {
      let n = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            // Any JSON at all, or none…
            fc
              .option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined })
              .map((p) => (_uri: string) => p),
            // …or a well-formed message on an open document with one place replaced by any
            // JSON, or removed.
            fc
              .tuple(fc.nat(), fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }))
              .map(([i, by]) => (uri: string) => {
                const base = wellFormed(method, uri);
                const all = places(base);
                return mutate(base, all[i % all.length] as (string | number)[], by);
              }),
          ),
          async (paramsOn) => {
            n++;
            const uri = `file:///random/${method.replace(/\W/g, '-')}-${n}.erdl.yaml`;
            let params = paramsOn(uri);
            // A live processId makes vscode-languageserver watch that process and exit when it
            // is gone (the protocol's intent); in this process, only its own.
            if (method === 'initialize' && params && typeof params === 'object') {
              const pid = (params as { processId?: unknown }).processId;
              if (typeof pid === 'number') params = { ...params, processId: process.pid };
            }
            await server.open(uri, EXAMPLE);
            const before = printed.length;
            const logs = server.logs().length;
            if (REQUESTS.has(method)) {
              const response = await server.request(method, params);
              // Answered, or refused as InvalidParams: never an internal error (a throw).
              if (response.error) expect(response.error.code).toBe(-32602);
            } else {
              await server.notify(method, params);
            }
            await server.settle();
            expect(printed.slice(before)).toEqual([]);
            const said = server.logs().slice(logs);
            expect(said.length).toBeLessThanOrEqual(1);
            for (const log of said) {
              // A didOpen still well-formed opens `uri` a second time (the test opened it): its
              // text replaces the first, which is said (a warning), not ignored.
              if (method === 'textDocument/didOpen' && log.type === 2) {
                expect(
                  log.message.startsWith(`textDocument/didOpen of "${uri}", which is already open`),
                ).toBe(true);
                continue;
              }
              expect(log.type).toBe(1);
              expect(log.message.startsWith(`${method} ignored, nothing changed: params`)).toBe(
                true,
              );
              expect(log.message).not.toMatch(/\n\s+at /);
            }
            // A well-formed initialize may have asked for Chinese first: back to English.
            if (method === 'initialize') {
              await server.request('initialize', {
                processId: null,
                capabilities: {},
                locale: 'en',
              });
            }
          },
        ),
        { numRuns: 60 },
      );
      // Afterwards a well-formed didOpen and hover still work.
      const uri = `file:///random/after-${method.replace(/\W/g, '-')}.erdl.yaml`;
      await server.open(uri, EXAMPLE);
      const hover = await server.hover(uri, at('REQUEST_HUMAN', 2));
      expect((hover.result as Hover).contents.value).toContain('**REQUEST_HUMAN** — Decision');
    }, 60_000);
  }
});

describe('erdl lsp, spawned, given a didOpen whose text is 7', () => {
  it('prints one line per language and no stack, and answers the next request', async () => {
    const env = { ...process.env, LANG: 'C', LC_ALL: '', LC_MESSAGES: '', ERDL_DEBUG: '' };
    const client = LspClient.start([...erdlCommand(), 'lsp'], ROOT, env);
    await client.initialize({ locale: 'en' });
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: 'file:///w/a.erdl.yaml', languageId: 'yaml', version: 1, text: 7 },
    });
    const uri = 'file:///w/quick-start.erdl.yaml';
    await client.open(uri, EXAMPLE);
    expect((await client.diagnostics(uri, 1)).diagnostics).toEqual([]);
    const hover = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri },
      position: at('REQUEST_HUMAN', 2),
    });
    expect(hover.contents.value).toContain('**REQUEST_HUMAN** — Decision');
    expect(await client.stop()).toBe(0);
    expect(client.stderr).not.toMatch(/\bat |TypeError/);
    expect(client.stderr.trimEnd().split('\n')).toEqual([
      'erdl: textDocument/didOpen ignored, nothing changed: params.textDocument.text: expected a string, got a number',
      'erdl：已忽略 textDocument/didOpen，未做任何更改：params.textDocument.text：应为字符串，但收到数字',
    ]);
  }, 60_000);
});
