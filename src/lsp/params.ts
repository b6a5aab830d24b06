/**
 * The params of every request and notification `erdl lsp` handles, checked before anything reads
 * them (docs/security.md "The language server's input"): one small schema per method, as the LSP
 * specification types it. The framing guard (framing.ts) makes sure a message is a JSON object;
 * this makes sure its params are what its method takes, so no handler — ours, vscode-languageserver's
 * or vscode-jsonrpc's — meets a `text` that is a number or a `position` that is missing. The
 * first field that is wrong is named by its path from `params` (`params.textDocument.text`), with
 * what was expected and what came, in English and Chinese. Fields a method does not define are
 * let through (the protocol is extensible); fields it defines are checked even when the server
 * does not read them, so a client's mistake is named where it is made.
 *
 * `changeProblem` checks what types cannot: that a didChange is for an open document and that
 * each of its ranges lies inside the text it applies to (the document's, after the changes before
 * it). vscode-languageserver-textdocument clamps a line past the last to the end of the text and
 * swaps a range whose start is after its end: such a change is refused, never applied as something
 * else. (A character past its line's end is that line's end, as the protocol defines it.)
 */
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fill, listed } from '../i18n/format';
import type { Bilingual } from '../kernel';
import { enQuote, zhQuote } from '../kernel/util/quote';
import { LSP_PARAMS_STRINGS as t } from './strings';

/** A field that is not what its method takes: its path from `params`, and the words. */
export interface ParamsProblem {
  readonly path: string;
  readonly text: Bilingual;
}

type Check = (value: unknown, path: string) => ParamsProblem | null;

/** At most this many characters of a string a client sent are quoted in a message. */
const QUOTED_CHARS = 40;

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

const kindOf = (value: unknown): keyof typeof t.got =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : (typeof value as 'string' | 'number' | 'boolean' | 'object');

/**
 * What came instead: its kind ("a number"), or the value itself when it is of the kind expected
 * but not a value accepted (an integer expected and 1.5 came, "verbose" expected and "loud").
 */
function got(value: unknown, sameKind: boolean): Bilingual {
  if (sameKind && typeof value === 'number') return { en: String(value), zh: String(value) };
  if (sameKind && typeof value === 'string') {
    return { en: enQuote(value, QUOTED_CHARS), zh: zhQuote(value, QUOTED_CHARS) };
  }
  return t.got[kindOf(value)];
}

function problem(path: string, expected: Bilingual, value: unknown, sameKind = false) {
  const text =
    value === undefined
      ? fill(t.missing, { path, expected }, { seams: true })
      : fill(t.wrong, { path, expected, got: got(value, sameKind) }, { seams: true });
  return { path, text };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown, min = INT_MIN): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= INT_MAX;

const string: Check = (v, path) =>
  typeof v === 'string' ? null : problem(path, t.expected.string, v);
const integer: Check = (v, path) =>
  isInt(v) ? null : problem(path, t.expected.integer, v, typeof v === 'number');
const uinteger: Check = (v, path) =>
  isInt(v, 0) ? null : problem(path, t.expected.uinteger, v, typeof v === 'number');
const stringOrNull: Check = (v, path) =>
  typeof v === 'string' || v === null ? null : problem(path, t.expected.stringOrNull, v);
const integerOrNull: Check = (v, path) =>
  isInt(v) || v === null ? null : problem(path, t.expected.integerOrNull, v, typeof v === 'number');
const integerOrString: Check = (v, path) =>
  isInt(v) || typeof v === 'string'
    ? null
    : problem(path, t.expected.integerOrString, v, typeof v === 'number');
const anything: Check = () => null;

function oneOf(...values: readonly (string | number)[]): Check {
  const expected = fill(
    t.expected.oneOf,
    {
      values: listed(
        values.map((v) =>
          typeof v === 'string' ? { en: enQuote(v), zh: zhQuote(v) } : { en: `${v}`, zh: `${v}` },
        ),
      ),
    },
    { seams: true },
  );
  return (v, path) =>
    values.includes(v as string | number)
      ? null
      : problem(path, expected, v, typeof v === typeof values[0]);
}

function arrayOf(item: Check): Check {
  return (v, path) => {
    if (!Array.isArray(v)) return problem(path, t.expected.array, v);
    for (let i = 0; i < v.length; i++) {
      const found = item(v[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  };
}

/** An object with the `required` fields and, when present, the `optional` ones. */
function object(
  required: Readonly<Record<string, Check>>,
  optional: Readonly<Record<string, Check>> = {},
): Check {
  return (v, path) => {
    if (!isObject(v)) return problem(path, t.expected.object, v);
    for (const [key, check] of Object.entries(required)) {
      const found = check(Object.hasOwn(v, key) ? v[key] : undefined, `${path}.${key}`);
      if (found) return found;
    }
    for (const [key, check] of Object.entries(optional)) {
      if (!Object.hasOwn(v, key)) continue;
      const found = check(v[key], `${path}.${key}`);
      if (found) return found;
    }
    return null;
  };
}

/** No params (`shutdown`, `exit`): absent, or null as some clients write it. */
const nothing: Check = (v, path) =>
  v === undefined || v === null ? null : problem(path, t.expected.nothing, v);
/** An object, or no params (`initialized`, whose params are `{}`). */
const objectOrNothing: Check = (v, path) => (v === undefined ? null : object({})(v, path));

const position = object({ line: uinteger, character: uinteger });
const range = object({ start: position, end: position });
const textDocument = object({ uri: string });
const progress = { workDoneToken: integerOrString };
const partial = { ...progress, partialResultToken: integerOrString };
const positionParams = { textDocument, position };
const folder = object({ uri: string, name: string });
const traceValue = oneOf('off', 'messages', 'verbose');

/** `initializationOptions` is the server's own: `lang`, when given, is "en" or "zh". */
const initializationOptions: Check = (v, path) =>
  isObject(v) ? object({}, { lang: oneOf('en', 'zh') })(v, path) : null;

/** Every method the server handles (its handlers and vscode-languageserver's), and its params. */
export const PARAMS_OF: Readonly<Record<string, Check>> = {
  initialize: object(
    { processId: integerOrNull, capabilities: object({}) },
    {
      clientInfo: object({ name: string }, { version: string }),
      locale: string,
      rootPath: stringOrNull,
      rootUri: stringOrNull,
      initializationOptions,
      trace: traceValue,
      workspaceFolders: (v, path) => (v === null ? null : arrayOf(folder)(v, path)),
      ...progress,
    },
  ),
  initialized: objectOrNothing,
  shutdown: nothing,
  exit: nothing,
  '$/cancelRequest': object({ id: integerOrString }),
  '$/setTrace': object({ value: traceValue }),
  '$/progress': object({ token: integerOrString, value: anything }),
  'window/workDoneProgress/cancel': object({ token: integerOrString }),
  'workspace/didChangeWorkspaceFolders': object({
    event: object({ added: arrayOf(folder), removed: arrayOf(folder) }),
  }),
  'textDocument/didOpen': object({
    textDocument: object({ uri: string, languageId: string, version: integer, text: string }),
  }),
  'textDocument/didChange': object({
    textDocument: object({ uri: string, version: integer }),
    contentChanges: arrayOf(object({ text: string }, { range, rangeLength: uinteger })),
  }),
  'textDocument/didClose': object({ textDocument }),
  'textDocument/hover': object(positionParams, progress),
  'textDocument/completion': object(positionParams, {
    ...partial,
    context: object({ triggerKind: oneOf(1, 2, 3) }, { triggerCharacter: string }),
  }),
  'textDocument/definition': object(positionParams, partial),
  'textDocument/documentSymbol': object({ textDocument }, partial),
  'textDocument/codeAction': object(
    {
      textDocument,
      range,
      context: object(
        { diagnostics: arrayOf(object({ range, message: anything })) },
        { only: arrayOf(string), triggerKind: oneOf(1, 2) },
      ),
    },
    partial,
  ),
};

/**
 * The first field of `params` that is not what `method` takes, or null when they are (or the
 * method is not one the server handles: vscode-jsonrpc answers it, or ignores a notification).
 */
/**
 * Why a message is not a JSON-RPC request, notification or response (as vscode-jsonrpc tells them
 * apart), or null: a method with an `id` that is no integer or string, or neither a method nor a
 * result or an error. vscode-jsonrpc would log the whole message, in English only.
 */
export function messageProblem(message: unknown): ParamsProblem | null {
  if (!isObject(message)) return { path: 'message', text: t.noMethod };
  if (typeof message.method === 'string') {
    return message.id === undefined ? null : integerOrString(message.id, 'id');
  }
  const id = message.id;
  const identified = typeof id === 'string' || typeof id === 'number' || id === null;
  const answers = message.result !== undefined || Boolean(message.error);
  return identified && answers ? null : { path: 'message', text: t.noMethod };
}

export function paramsProblem(method: string, params: unknown): ParamsProblem | null {
  const check = Object.hasOwn(PARAMS_OF, method) ? PARAMS_OF[method] : undefined;
  return check ? check(params, 'params') : null;
}

interface Position {
  readonly line: number;
  readonly character: number;
}

const at = (p: Position) => `${p.line}:${p.character}`;

/**
 * Where `p` is past the last line of `doc`, or null. A character past its line's end is the
 * line's end: the protocol says so ("defaults back to the line length"), so it is not refused.
 */
function outside(doc: TextDocument, p: Position, path: string): ParamsProblem | null {
  const last = doc.lineCount - 1;
  if (p.line > last) {
    return {
      path: `${path}.line`,
      text: fill(t.lineOutside, { path: `${path}.line`, line: p.line, last }),
    };
  }
  // Between the two UTF-16 units of one character: an edit there would leave two lone halves,
  // text no editor shows.
  const offset = doc.offsetAt(p);
  const text = doc.getText();
  const high = text.charCodeAt(offset - 1);
  const low = text.charCodeAt(offset);
  if (high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
    const at = `${path}.character`;
    const { character, line } = p;
    const before = character - 1;
    const after = character + 1;
    return {
      path: at,
      text: fill(t.insideCharacter, { path: at, character, line, before, after }),
    };
  }
  return null;
}

/**
 * Why a didChange (its params already checked by PARAMS_OF) cannot be applied to `doc`, the
 * document open at its URI (undefined: none is), or null. Each range is checked against the text
 * the changes before it leave, on a copy: the document itself is changed only once all hold.
 */
export function changeProblem(
  doc: TextDocument | undefined,
  uri: string,
  changes: readonly TextDocumentContentChangeEvent[],
): ParamsProblem | null {
  if (!doc) {
    const path = 'params.textDocument.uri';
    return {
      path,
      text: fill(t.notOpen, { path, uri: { en: enQuote(uri, 200), zh: zhQuote(uri, 200) } }),
    };
  }
  let text: TextDocument = doc;
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i] as TextDocumentContentChangeEvent;
    if ('range' in change) {
      const path = `params.contentChanges[${i}].range`;
      const { start, end } = change.range;
      if (start.line > end.line || (start.line === end.line && start.character > end.character)) {
        return { path, text: fill(t.reversed, { path, start: at(start), end: at(end) }) };
      }
      const found = outside(text, start, `${path}.start`) ?? outside(text, end, `${path}.end`);
      if (found) return found;
    }
    if (i < changes.length - 1) {
      // The next change applies to this one's result: on a copy, never the document itself.
      if (text === doc) text = TextDocument.create(doc.uri, doc.languageId, 0, doc.getText());
      TextDocument.update(text, [change], 0);
    }
  }
  return null;
}

/**
 * A didChange's version that does not come after the document's (the protocol raises it with
 * every change): a change out of order, or sent twice, which applied would corrupt the text.
 */
export function versionProblem(
  doc: TextDocument | undefined,
  version: number,
): ParamsProblem | null {
  if (!doc || version > doc.version) return null;
  const path = 'params.textDocument.version';
  return { path, text: fill(t.versionNotAfter, { path, version, current: doc.version }) };
}
