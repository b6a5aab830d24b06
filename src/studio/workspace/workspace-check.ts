/**
 * The one check of a workspace (`.erdl-workspace.json`, a pasted workspace, the record the browser
 * saved): pure, importable in Node, and complete before anything is replaced or merged.
 *
 * - The size is checked before the text is parsed; the JSON is parsed by `JSON.parse` (an object
 *   key `__proto__` becomes an own property, never a prototype), and where it does not parse the
 *   first syntax error is named with its line and column (jsonc-parser's scanner, strict JSON).
 * - Every value is checked: the format and its version, the list of documents and how many, each
 *   document's fields, types and sizes, ids held in a `Map` (so `__proto__`, `constructor` or
 *   `toString` are ids like any other), a repeated id naming both documents.
 * - Every problem is found, not only the first, each in both languages and positioned: the
 *   document's number and name, the JSON path of the value, and its line and column in the text.
 *
 * `checkWorkspaceText`/`checkWorkspaceValue` accept a workspace only when it has no problem (an
 * import is all or nothing); `salvageWorkspace` keeps the documents that are valid and names the
 * others (reading a damaged saved record: nothing readable is thrown away).
 */
import { type JSONPath, printParseErrorCode, visit } from 'jsonc-parser';
import { bilingual, format } from '../../i18n/format';
import type { Bilingual } from '../../kernel';
import { MAX_DOCUMENT_BYTES, MAX_SUITE_CHARS } from '../../kernel/file-limits';
import { revealInline, stripHidden } from '../../kernel/util/visible-text';
import type { StudioDocument, WorkspaceSnapshot } from '../store/types';
import { workspaceCheckStrings } from './strings';

export const WORKSPACE_FORMAT = 'erdl-studio-workspace';
/** Fact and as_of of a document that did not come with them: visible, never a silent "now". */
export const DEFAULT_AS_OF = '2026-01-01T00:00:00.000Z';
export const EMPTY_FACT = 'fact: {}\n';

/** A workspace file holds many documents; each is still checked against MAX_DOCUMENT_BYTES. */
export const MAX_WORKSPACE_BYTES = MAX_DOCUMENT_BYTES * 32;
/** Documents in one workspace: the list, the store and every save stay responsive. */
export const MAX_WORKSPACE_DOCUMENTS = 1000;
/** A document's id: the studio makes `doc-<uuid>` (40 characters). */
export const MAX_ID_CHARS = 256;
/** A document's name: one line in the list, and a file name on export (file systems allow 255). */
export const MAX_NAME_CHARS = 200;
/** An as_of instant (`2026-01-01T00:00:00.000+08:00` is 29 characters). */
export const MAX_AS_OF_CHARS = 64;
/** A cursor line or column: no document of MAX_DOCUMENT_BYTES has more. */
const MAX_CURSOR = MAX_DOCUMENT_BYTES + 1;
/** Problems listed in one message (the count of the others follows). */
const LISTED = 5;

export type WorkspaceProblemCode =
  | 'too-large'
  | 'json-syntax'
  | 'not-object'
  | 'unknown-field'
  | 'format'
  | 'format-version'
  | 'documents-list'
  | 'too-many-documents'
  | 'dictionary'
  | 'dictionary-too-large'
  | 'active-id'
  | 'document-not-object'
  | 'missing'
  | 'not-text'
  | 'id-empty'
  | 'id-too-long'
  | 'id-repeats'
  | 'name-empty'
  | 'name-too-long'
  | 'name-control'
  | 'text-too-large'
  | 'field-too-large'
  | 'cursor';

export interface WorkspaceProblem {
  readonly code: WorkspaceProblemCode;
  /** The JSON path of the value (`documents[2].id`); '' for the file as a whole. */
  readonly path: string;
  /** The document it is in: its number (1-based) and, when it has a usable one, its name. */
  readonly document?: { readonly number: number; readonly name?: string };
  /** 1-based line and column of the value in the text (text checks only). */
  readonly line?: number;
  readonly column?: number;
  /** The problem, positioned, in both languages. */
  readonly message: Bilingual;
}

export type WorkspaceCheck =
  | { readonly ok: true; readonly snapshot: WorkspaceSnapshot }
  | {
      readonly ok: false;
      readonly problems: readonly WorkspaceProblem[];
      /** The problems in one sentence (the first few, and how many more). */
      readonly message: Bilingual;
    };

export interface Salvaged {
  /** The valid documents (null when the record is not a workspace at all). */
  readonly snapshot: WorkspaceSnapshot | null;
  readonly problems: readonly WorkspaceProblem[];
}

type CheckText = (typeof workspaceCheckStrings)['zh'];
type What = (t: CheckText) => string;

/** A problem found in a value, not yet positioned in a text. */
interface Found {
  readonly code: WorkspaceProblemCode;
  readonly path: JSONPath;
  readonly document?: { readonly number: number; readonly name?: string };
  readonly what: What;
  readonly values: Record<string, string | number>;
}

const TOP_FIELDS = new Set(['format', 'formatVersion', 'documents', 'activeId', 'fieldDictionary']);
const DOCUMENT_FIELDS = new Set([
  'id',
  'name',
  'text',
  'fact',
  'asOf',
  'temporalState',
  'cursor',
  'suite',
]);
/** Optional text fields and their limits in UTF-8 bytes (the suite: in characters, as on import). */
const TEXT_LIMITS: readonly (readonly [
  'fact' | 'temporalState' | 'suite',
  number,
  'bytes' | 'chars',
])[] = [
  ['fact', MAX_DOCUMENT_BYTES, 'bytes'],
  ['temporalState', MAX_DOCUMENT_BYTES, 'bytes'],
  ['suite', MAX_SUITE_CHARS, 'chars'],
];
/** A C0 or C1 control character (DEL included): a name is one line of the list and a file name. */
const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);

export function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
}

/** The text without its C0 and C1 control characters. */
export function withoutControls(text: string): string {
  if (!hasControl(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) if (!isControl(text.charCodeAt(i))) out += text[i];
  return out;
}

/** UTF-8 length without encoding (a lone surrogate counts as the 3 bytes of U+FFFD). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** A name, id or value as a message shows it: one line, hidden characters visible, cut at 60. */
export function shown(text: string): string {
  const visible = revealInline(text);
  return visible.length > 60 ? `${visible.slice(0, 59)}…` : visible;
}

/** `documents[2].id`; a key that is not an identifier as `["a b"]`. */
export function jsonPathText(path: JSONPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${shown(JSON.stringify(segment))}]`;
  }
  return out;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a JSON value is, for "must be text, not a number". */
function kindOf(value: unknown): keyof CheckText['kinds'] {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return 'text';
}

/**
 * Every problem of a parsed workspace, and the snapshot of its valid documents (each document
 * with a problem left out; a later document repeating an earlier id left out). With `limits`, a
 * file's limits apply too: sizes, the number of documents, names (length, control characters),
 * ids' length and an active id that names no document.
 */
function examine(
  value: unknown,
  limits: boolean,
): { problems: Found[]; snapshot: WorkspaceSnapshot | null } {
  const problems: Found[] = [];
  const add = (
    code: WorkspaceProblemCode,
    path: JSONPath,
    what: What,
    values: Record<string, string | number> = {},
    document?: Found['document'],
  ) => problems.push({ code, path, what, values, ...(document ? { document } : {}) });

  if (!isRecord(value)) {
    add('not-object', [], (t) => t.notObject);
    return { problems, snapshot: null };
  }
  for (const key of Object.keys(value)) {
    if (!TOP_FIELDS.has(key)) add('unknown-field', [key], (t) => t.unknownTopField);
  }
  let usable = true;
  if (value.format === undefined) {
    add('format', ['format'], (t) => t.formatMissing, { format: WORKSPACE_FORMAT });
    usable = false;
  } else if (value.format !== WORKSPACE_FORMAT) {
    add('format', ['format'], (t) => t.format, {
      format: WORKSPACE_FORMAT,
      found: shown(String(JSON.stringify(value.format) ?? 'undefined')),
    });
    usable = false;
  }
  if (value.formatVersion === undefined) {
    add('format-version', ['formatVersion'], (t) => t.formatVersionMissing);
    usable = false;
  } else if (value.formatVersion !== 1) {
    add('format-version', ['formatVersion'], (t) => t.formatVersion, {
      version: shown(String(JSON.stringify(value.formatVersion) ?? 'undefined')),
    });
    usable = false;
  }
  const list = value.documents;
  if (!Array.isArray(list)) {
    add('documents-list', ['documents'], (t) => t.documentsList);
    usable = false;
  } else if (limits && list.length > MAX_WORKSPACE_DOCUMENTS) {
    add('too-many-documents', ['documents'], (t) => t.tooManyDocuments, {
      n: list.length,
      limit: MAX_WORKSPACE_DOCUMENTS,
    });
    usable = false;
  }
  let fieldDictionary = '';
  const dictionary = value.fieldDictionary ?? '';
  if (typeof dictionary !== 'string') {
    add('dictionary', ['fieldDictionary'], (t) => t.dictionary, {
      kind: kindOf(dictionary),
    });
  } else if (limits && utf8Length(dictionary) > MAX_DOCUMENT_BYTES) {
    add('dictionary-too-large', ['fieldDictionary'], (t) => t.dictionaryTooLarge, {
      size: utf8Length(dictionary),
      limit: MAX_DOCUMENT_BYTES,
    });
  } else fieldDictionary = dictionary;
  if (!usable || !Array.isArray(list)) return { problems, snapshot: null };

  const documents: StudioDocument[] = [];
  /** Id → the number and name of the first document that has it. */
  const firstById = new Map<string, { number: number; name: string | undefined }>();
  list.forEach((raw: unknown, index) => {
    const number = index + 1;
    const at = (...rest: JSONPath): JSONPath => ['documents', index, ...rest];
    if (!isRecord(raw)) {
      add(
        'document-not-object',
        at(),
        (t) => t.documentNotObject,
        { kind: kindOf(raw) },
        { number },
      );
      return;
    }
    const name =
      typeof raw.name === 'string' && raw.name.trim() !== '' && !(limits && hasControl(raw.name))
        ? raw.name
        : undefined;
    const doc = name === undefined ? { number } : { number, name };
    const before = problems.length;
    const problem = (
      code: WorkspaceProblemCode,
      path: JSONPath,
      what: What,
      values: Record<string, string | number> = {},
    ) => add(code, path, what, values, doc);

    for (const key of Object.keys(raw)) {
      if (!DOCUMENT_FIELDS.has(key)) problem('unknown-field', at(key), (t) => t.unknownField);
    }
    for (const key of ['id', 'name', 'text'] as const) {
      if (raw[key] === undefined) problem('missing', at(key), (t) => t.missing, { field: key });
      else if (typeof raw[key] !== 'string')
        problem('not-text', at(key), (t) => t.notText, { field: key, kind: kindOf(raw[key]) });
    }
    for (const [key] of TEXT_LIMITS) {
      if (raw[key] !== undefined && typeof raw[key] !== 'string')
        problem('not-text', at(key), (t) => t.notText, { field: key, kind: kindOf(raw[key]) });
    }
    if (raw.asOf !== undefined && typeof raw.asOf !== 'string')
      problem('not-text', at('asOf'), (t) => t.notText, { field: 'asOf', kind: kindOf(raw.asOf) });
    else if (limits && typeof raw.asOf === 'string' && raw.asOf.length > MAX_AS_OF_CHARS)
      problem('field-too-large', at('asOf'), (t) => t.fieldTooLong, {
        field: 'asOf',
        size: raw.asOf.length,
        limit: MAX_AS_OF_CHARS,
      });

    const id = raw.id;
    if (typeof id === 'string') {
      if (id === '') problem('id-empty', at('id'), (t) => t.idEmpty);
      else if (limits && id.length > MAX_ID_CHARS)
        problem('id-too-long', at('id'), (t) => t.idTooLong, {
          size: id.length,
          limit: MAX_ID_CHARS,
        });
      else {
        const first = firstById.get(id);
        if (first) {
          problem(
            'id-repeats',
            at('id'),
            first.name === undefined ? (t) => t.idRepeatsUnnamed : (t) => t.idRepeats,
            {
              id: shown(id),
              first: first.number,
              firstName: shown(first.name ?? ''),
            },
          );
        } else firstById.set(id, { number, name });
      }
    }
    if (typeof raw.name === 'string') {
      if (raw.name.trim() === '') problem('name-empty', at('name'), (t) => t.nameEmpty);
      else if (limits && raw.name.length > MAX_NAME_CHARS)
        problem('name-too-long', at('name'), (t) => t.nameTooLong, {
          size: raw.name.length,
          limit: MAX_NAME_CHARS,
        });
      else if (limits && hasControl(raw.name))
        problem('name-control', at('name'), (t) => t.nameControl, { name: shown(raw.name) });
    }
    if (limits && typeof raw.text === 'string') {
      const size = raw.text.length > MAX_DOCUMENT_BYTES / 3 ? utf8Length(raw.text) : 0;
      if (size > MAX_DOCUMENT_BYTES)
        problem('text-too-large', at('text'), (t) => t.textTooLarge, {
          size,
          limit: MAX_DOCUMENT_BYTES,
        });
    }
    for (const [key, limit, unit] of TEXT_LIMITS) {
      const text = raw[key];
      if (!limits || typeof text !== 'string') continue;
      const size = unit === 'chars' ? text.length : utf8Length(text);
      if (size > limit)
        problem(
          'field-too-large',
          at(key),
          unit === 'chars' ? (t) => t.fieldTooLong : (t) => t.fieldTooLarge,
          {
            field: key,
            size,
            limit,
          },
        );
    }
    const cursor = raw.cursor;
    const position = (n: unknown): n is number =>
      Number.isInteger(n) && (n as number) >= 1 && (n as number) <= MAX_CURSOR;
    const validCursor = isRecord(cursor) && position(cursor.line) && position(cursor.column);
    if (cursor !== undefined && !validCursor)
      problem('cursor', at('cursor'), (t) => t.cursor, { max: MAX_CURSOR });

    if (problems.length > before) return;
    documents.push({
      id: raw.id as string,
      name: raw.name as string,
      text: raw.text as string,
      fact: (raw.fact as string | undefined) ?? EMPTY_FACT,
      asOf: (raw.asOf as string | undefined) ?? DEFAULT_AS_OF,
      temporalState: (raw.temporalState as string | undefined) ?? '',
      ...(typeof raw.suite === 'string' ? { suite: raw.suite } : {}),
      cursor: validCursor
        ? { line: cursor.line as number, column: cursor.column as number }
        : { line: 1, column: 1 },
    });
  });

  const held = new Set(documents.map((d) => d.id));
  let activeId: string | null = documents[0]?.id ?? null;
  if (value.activeId !== undefined && value.activeId !== null) {
    if (typeof value.activeId !== 'string') {
      add('active-id', ['activeId'], (t) => t.activeIdType, { kind: kindOf(value.activeId) });
    } else if (limits && !firstById.has(value.activeId)) {
      add('active-id', ['activeId'], (t) => t.activeIdUnknown, { id: shown(value.activeId) });
    } else if (held.has(value.activeId)) activeId = value.activeId;
  }
  return {
    problems,
    snapshot: { format: WORKSPACE_FORMAT, formatVersion: 1, documents, activeId, fieldDictionary },
  };
}

/** A path segment standing for an object's key rather than its value. */
const keyMark = (key: string) => `${key}\u0000key`;

/** Line and column of the values (and keys) at the problems' paths, found by one scan of the text. */
function locate(
  text: string,
  paths: readonly JSONPath[],
): Map<string, { line: number; column: number }> {
  const wanted = new Set<string>();
  for (const path of paths) {
    for (let n = path.length; n >= 0; n--) wanted.add(JSON.stringify(path.slice(0, n)));
    const last = path[path.length - 1];
    if (typeof last === 'string') wanted.add(JSON.stringify([...path.slice(0, -1), keyMark(last)]));
  }
  const found = new Map<string, { line: number; column: number }>();
  const note = (path: JSONPath, line: number, character: number) => {
    const key = JSON.stringify(path);
    if (wanted.has(key) && !found.has(key))
      found.set(key, { line: line + 1, column: character + 1 });
  };
  visit(
    text,
    {
      onObjectBegin: (_o, _l, line, character, path) => note(path(), line, character),
      onArrayBegin: (_o, _l, line, character, path) => note(path(), line, character),
      onLiteralValue: (_v, _o, _l, line, character, path) => note(path(), line, character),
      // A key the format does not know is placed at the key itself.
      onObjectProperty: (property, _o, _l, line, character, path) =>
        note([...path(), keyMark(property)], line, character),
    },
    { disallowComments: true, allowTrailingComma: false },
  );
  return found;
}

/** The place of a problem: at its own value, else at the nearest enclosing value that exists. */
function placeOf(
  problem: Found,
  found: Map<string, { line: number; column: number }>,
): { line: number; column: number } | undefined {
  if (problem.code === 'unknown-field') {
    const key = problem.path[problem.path.length - 1] as string;
    const at = found.get(JSON.stringify([...problem.path.slice(0, -1), keyMark(key)]));
    if (at) return at;
  }
  for (let n = problem.path.length; n >= 0; n--) {
    const at = found.get(JSON.stringify(problem.path.slice(0, n)));
    if (at) return at;
  }
  return undefined;
}

/** The problem as the user reads it: where (document, path, line and column), then what. */
function finish(problem: Found, place?: { line: number; column: number }): WorkspaceProblem {
  const path = jsonPathText(problem.path);
  const message = {} as { en: string; zh: string };
  for (const lang of ['en', 'zh'] as const) {
    const t = workspaceCheckStrings[lang] as CheckText;
    const values: Record<string, string | number> = { ...problem.values };
    if (typeof values.kind === 'string')
      values.kind = t.kinds[values.kind as keyof CheckText['kinds']];
    const what = format(problem.what(t), values);
    const details: string[] = [];
    if (path !== '') details.push(path);
    if (place) details.push(format(t.lineColumn, place));
    const detail = details.join(t.detailSeparator);
    let where: string;
    if (problem.document) {
      const doc = problem.document;
      const label =
        doc.name === undefined
          ? format(t.document, { n: doc.number })
          : format(t.documentNamed, { n: doc.number, name: shown(doc.name) });
      where = detail === '' ? label : format(t.withDetail, { label, detail });
    } else where = detail === '' ? t.wholeFile : detail;
    message[lang] = format(t.problem, { where, what });
  }
  return {
    code: problem.code,
    path,
    ...(problem.document ? { document: problem.document } : {}),
    ...(place ? { line: place.line, column: place.column } : {}),
    message,
  };
}

/** The problems in one message: the first few, then how many more. */
export function problemsMessage(problems: readonly WorkspaceProblem[]): Bilingual {
  const out = {} as { en: string; zh: string };
  for (const lang of ['en', 'zh'] as const) {
    const t = workspaceCheckStrings[lang] as CheckText;
    const listed = problems.slice(0, LISTED).map((p) => p.message[lang]);
    const more = problems.length - listed.length;
    out[lang] = listed.join(t.separator) + (more > 0 ? format(t.more, { n: more }) : '');
  }
  return out;
}

const refused = (problems: WorkspaceProblem[]): WorkspaceCheck => ({
  ok: false,
  problems,
  message: problemsMessage(problems),
});

/** Checks a parsed workspace file (every limit applies): all or nothing. */
export function checkWorkspaceValue(value: unknown): WorkspaceCheck {
  const { problems, snapshot } = examine(value, true);
  if (problems.length > 0 || snapshot === null) return refused(problems.map((p) => finish(p)));
  return { ok: true, snapshot };
}

/**
 * Reads a workspace the browser saved (the record, a closed tab's unsaved work): its valid
 * documents, and a problem for each of the others. The shape, types and ids are checked as in a
 * file; the size and count limits of an import are not, since the studio itself let the user make
 * them (a document pasted over the limit is reported by the kernel, never dropped on reload).
 */
export function salvageWorkspace(value: unknown): Salvaged {
  const { problems, snapshot } = examine(value, false);
  return { snapshot, problems: problems.map((p) => finish(p)) };
}

/**
 * The document of a share link, checked as a document of an imported file is (types, sizes, fields
 * the format does not have); its problems are named by field (`fact`), not by document number.
 */
export function checkSharedDocument(
  fields: Record<string, unknown>,
): { readonly ok: true; readonly doc: StudioDocument } | Extract<WorkspaceCheck, { ok: false }> {
  const { problems, snapshot } = examine(
    { format: WORKSPACE_FORMAT, formatVersion: 1, documents: [{ id: 'shared', ...fields }] },
    true,
  );
  const doc = snapshot?.documents[0];
  if (problems.length === 0 && doc) return { ok: true, doc };
  const own = problems.map(({ document: _document, ...p }) =>
    finish({ ...p, path: p.path.slice(2) }),
  );
  return { ok: false, problems: own, message: problemsMessage(own) };
}

/**
 * A name from outside (a share link) made safe to show and to use as a file name: bidi controls,
 * invisible and control characters removed, spaces trimmed, at most MAX_NAME_CHARS characters
 * (a longer one cut, with "…"). Empty when nothing visible is left.
 */
export function visibleName(name: string): string {
  const clean = withoutControls(stripHidden(name)).trim();
  if (clean.length <= MAX_NAME_CHARS) return clean;
  let out = '';
  for (const ch of clean) {
    if (out.length + ch.length > MAX_NAME_CHARS - 1) break;
    out += ch;
  }
  return `${out.trimEnd()}…`;
}

/** The first syntax error of text `JSON.parse` refused, with its line and column. */
function syntaxProblem(text: string, error: unknown): WorkspaceProblem {
  let first: { code: string; line: number; column: number } | undefined;
  visit(
    text,
    {
      onError: (code, _offset, _length, line, character) => {
        first ??= { code: printParseErrorCode(code), line: line + 1, column: character + 1 };
      },
    },
    { disallowComments: true, allowTrailingComma: false },
  );
  const message = {} as { en: string; zh: string };
  let place: { line: number; column: number } | undefined =
    first === undefined ? undefined : { line: first.line, column: first.column };
  if (place === undefined) {
    // jsonc-parser saw nothing JSON.parse refuses: the engine's own position, if it gives one.
    const at = /position (\d+)/.exec(error instanceof Error ? error.message : '');
    if (at) {
      const before = text.slice(0, Number(at[1]));
      const lines = before.split('\n');
      place = { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
    }
  }
  for (const lang of ['en', 'zh'] as const) {
    const t = workspaceCheckStrings[lang] as CheckText;
    const syntax = t.syntax as Record<string, string>;
    const detail =
      first !== undefined && Object.hasOwn(syntax, first.code)
        ? (syntax[first.code] as string)
        : shown(error instanceof Error ? error.message : String(error));
    const what = format(t.jsonSyntax, { detail });
    const where = place ? format(t.lineColumn, place) : t.wholeFile;
    message[lang] = format(t.problem, { where, what });
  }
  return { code: 'json-syntax', path: '', ...(place ?? {}), message };
}

/**
 * Checks the text of a workspace file before anything else happens: its size (before parsing),
 * its JSON (line and column of the first syntax error), then every value (each problem with its
 * line and column). Never throws.
 */
export function checkWorkspaceText(text: string): WorkspaceCheck {
  // UTF-8 takes one to three bytes per UTF-16 unit: the exact size only when it could matter.
  const size = text.length * 3 > MAX_WORKSPACE_BYTES ? utf8Length(text) : text.length;
  if (size > MAX_WORKSPACE_BYTES) {
    return refused([
      {
        code: 'too-large',
        path: '',
        message: bilingual(workspaceCheckStrings, (t) => t.tooLarge, {
          size,
          limit: MAX_WORKSPACE_BYTES,
        }),
      },
    ]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return refused([syntaxProblem(text, error)]);
  }
  const { problems, snapshot } = examine(value, true);
  if (problems.length === 0 && snapshot !== null) return { ok: true, snapshot };
  const found = locate(
    text,
    problems.map((p) => p.path),
  );
  return refused(problems.map((p) => finish(p, placeOf(p, found))));
}
