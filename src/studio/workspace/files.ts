/**
 * Import and export: rule documents (`.erdl.yaml`, `.yaml`, `.yml`, `.json`), fact suites
 * (`X.facts.yaml`: a document's tests, never a rule document) and fact sets (`.jsonl`, `.ndjson`,
 * `.csv`), and whole workspaces (`.erdl-workspace.json`). Files are data: read as UTF-8 text,
 * checked, never interpreted here.
 */

import { bilingual } from '../../i18n/format';
import type { Bilingual } from '../../kernel';
import {
  type FactSetFormat,
  factSetFormat,
  MAX_DOCUMENT_BYTES,
  MAX_SUITE_CHARS,
  MAX_TABLE_FILE_BYTES,
} from '../../kernel/file-limits';
import type { Lang, StudioDocument, WorkspaceSnapshot } from '../store/types';
import {
  type ForeignImport,
  isForeignFile,
  readForeignFile,
  type SheetChoice,
} from '../table-import/foreign-file';
import { isNameOf, metadataName } from './naming';
import { fileCheckStrings } from './strings';
import { templateStrings } from './template/strings';
import {
  checkWorkspaceText,
  checkWorkspaceValue,
  DEFAULT_AS_OF,
  EMPTY_FACT,
  MAX_WORKSPACE_BYTES,
  type WorkspaceProblem,
} from './workspace-check';

export {
  DEFAULT_AS_OF,
  EMPTY_FACT,
  MAX_WORKSPACE_BYTES,
  WORKSPACE_FORMAT,
  type WorkspaceProblem,
} from './workspace-check';

type FileCheckText = (typeof fileCheckStrings)['zh'];

/** A file-check message in both languages, from the string table. */
const says = (pick: (t: FileCheckText) => string, values: Record<string, string | number> = {}) =>
  bilingual(fileCheckStrings, pick, values);

export const WORKSPACE_EXTENSION = '.erdl-workspace.json';
export const WORKSPACE_FILE_NAME = `erdl-workspace${WORKSPACE_EXTENSION}`;
export const DOCUMENT_EXTENSION = '.erdl.yaml';
/** What the file picker offers. */
export const ACCEPTED_FILES =
  '.yaml,.yml,.json,.erdl.yaml,.erdl-workspace.json,.facts.yaml,.jsonl,.ndjson,.csv,.dmn,.xlsx';
/** A fact suite's file name (docs/fact-suites.md): `X.facts.yaml` belongs to `X.erdl.yaml`. */
const SUITE_FILE = /\.facts\.(ya?ml|json)$/i;
/** A fact set (JSON Lines, CSV) is read in chunks by the worker: larger than a suite. */
export const MAX_FACT_SET_BYTES = MAX_SUITE_CHARS * 8;

/** A document read from a file, paste or link: everything but the id. */
export type NewDocument = Omit<StudioDocument, 'id'>;

/**
 * A fact suite or fact set: the tests of the document named `stem` (`X.facts.yaml`, `X.jsonl`,
 * `X.csv` → `X`), never a rule document of its own.
 */
export interface ImportedSuite {
  readonly kind: 'suite';
  readonly fileName: string;
  readonly stem: string;
  readonly text: string;
  readonly format: 'suite' | FactSetFormat;
}

export type ImportedFile =
  | { readonly kind: 'document'; readonly doc: NewDocument }
  | ImportedSuite
  | { readonly kind: 'workspace'; readonly snapshot: WorkspaceSnapshot; readonly fileName: string }
  | {
      readonly kind: 'rejected';
      readonly message: Bilingual;
      /** A workspace file's problems, each positioned (workspace-check.ts). */
      readonly problems?: readonly WorkspaceProblem[];
    }
  /** A decision table from another tool (DMN, GoRules JDM, Excel) and its conversion report. */
  | ForeignImport
  /** A workbook of several sheets: the user picks one. */
  | SheetChoice;

/**
 * The minimal valid document a "New document" starts from, its texts (comment, descriptions,
 * message) in the UI language `lang`.
 */
export function skeletonText(name: string, lang: Lang = 'en'): string {
  const t = templateStrings[lang];
  return `# ${t.comment}
protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: ${JSON.stringify(name)}
  description: ${JSON.stringify(t.description)}
  category: coding
  decision: ALLOW
rules:
  - name: "COD-001-example"
    description: ${JSON.stringify(t.ruleDescription)}
    priority: 10
    when:
      logic: AND
      conditions:
        - field: "tool.name"
          operator: eq
          value: "run_tests"
    then: ALLOW
    message: ${JSON.stringify(t.message)}
    explanation:
      zh: ${JSON.stringify(templateStrings.zh.explanation)}
      en: ${JSON.stringify(templateStrings.en.explanation)}
`;
}

export function newDocument(name: string, text: string): NewDocument {
  return {
    name,
    text,
    fact: EMPTY_FACT,
    asOf: DEFAULT_AS_OF,
    temporalState: '',
    cursor: { line: 1, column: 1 },
  };
}

/** `refund.erdl.yaml` → `refund`; `rules.yml` → `rules`. */
export function documentNameFromFile(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const stripped = base.replace(/(\.erdl)?\.(ya?ml|json)$/i, '');
  return stripped.trim() === '' ? base : stripped;
}

const UNSAFE_IN_FILE_NAMES = '\\/:*?"<>|';

/** `<name>.erdl.yaml` (characters file systems refuse, and control characters, are replaced). */
export function documentFileName(name: string): string {
  const safe =
    [...name]
      .map((ch) => (ch.charCodeAt(0) < 0x20 || UNSAFE_IN_FILE_NAMES.includes(ch) ? '_' : ch))
      .join('')
      .trim() || 'document';
  return safe.endsWith(DOCUMENT_EXTENSION) ? safe : `${safe}${DOCUMENT_EXTENSION}`;
}

const rejected = (
  fileName: string,
  reason: Bilingual,
  problems?: readonly WorkspaceProblem[],
): ImportedFile => ({
  kind: 'rejected',
  message: {
    en: bilingual(fileCheckStrings, (t) => t.rejected, { file: fileName, reason: reason.en }).en,
    zh: bilingual(fileCheckStrings, (t) => t.rejected, { file: fileName, reason: reason.zh }).zh,
  },
  ...(problems ? { problems } : {}),
});

/** Reads a picked, dropped or pasted file. Never throws. */
export async function readImportedFile(
  file: Blob & { readonly name: string },
): Promise<ImportedFile> {
  const fileName = file.name;
  const isWorkspace = fileName.toLowerCase().endsWith(WORKSPACE_EXTENSION);
  const factSet = factSetFormat(fileName);
  if (isForeignFile(fileName)) {
    // A table file's size is checked before it is read (docs/table-import.md "Limits").
    if (file.size > MAX_TABLE_FILE_BYTES)
      return rejected(
        fileName,
        says((t) => t.tooLarge, { size: file.size, limit: MAX_TABLE_FILE_BYTES }),
      );
    return readForeignFile(fileName, new Uint8Array(await file.arrayBuffer()));
  }
  if (!isWorkspace && !factSet && !/\.(ya?ml|json)$/i.test(fileName)) {
    return rejected(
      fileName,
      says((t) => t.notOurs),
    );
  }
  const limit = isWorkspace
    ? MAX_WORKSPACE_BYTES
    : factSet
      ? MAX_FACT_SET_BYTES
      : SUITE_FILE.test(fileName)
        ? MAX_SUITE_CHARS
        : MAX_DOCUMENT_BYTES;
  if (file.size > limit) {
    return rejected(
      fileName,
      says((t) => t.tooLarge, { size: file.size, limit }),
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return rejected(
      fileName,
      says((t) => t.notUtf8),
    );
  }
  if (factSet) return { kind: 'suite', fileName, stem: suiteStem(fileName), text, format: factSet };
  if (isForeignFile(fileName, text))
    return readForeignFile(fileName, new TextEncoder().encode(text));
  return importText(fileName, text);
}

/** Classifies text from a file or the clipboard: a workspace file, else one rule document. */
export function importText(fileName: string, text: string): ImportedFile {
  if (fileName.toLowerCase().endsWith(WORKSPACE_EXTENSION) || looksLikeWorkspace(text)) {
    // Size, JSON and every value are checked before the file can replace or merge anything.
    const checked = checkWorkspaceText(text);
    if (!checked.ok) {
      return rejected(fileName, invalidWorkspace(checked.message), checked.problems);
    }
    return { kind: 'workspace', snapshot: checked.snapshot, fileName };
  }
  if (text.trim() === '')
    return rejected(
      fileName,
      says((t) => t.empty),
    );
  if (SUITE_FILE.test(fileName) || looksLikeSuite(text))
    return { kind: 'suite', fileName, stem: suiteStem(fileName), text, format: 'suite' };
  const name = metadataName(text) ?? documentNameFromFile(fileName);
  return { kind: 'document', doc: newDocument(name, text) };
}

/** `loan.facts.yaml`, `loan.facts.jsonl`, `loan.csv` → `loan`: the name of the document it tests. */
export function suiteStem(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const stripped = base.replace(/(\.facts)?\.(ya?ml|json|jsonl|ndjson|csv)$/i, '');
  return stripped.trim() === '' ? base : stripped;
}

/**
 * A suite written in a file not named `.facts.yaml`: top-level `cases:` / `sequences:` (or their
 * JSON keys) and no `protocol:` — a rule document always has `protocol`, a suite never does.
 */
export function looksLikeSuite(text: string): boolean {
  const head = text.slice(0, 65_536);
  if (/^\s*\{/.test(head))
    return /"(cases|sequences)"\s*:/.test(head) && !/"protocol"\s*:/.test(head);
  return /^(cases|sequences)\s*:/m.test(head) && !/^protocol\s*:/m.test(text);
}

/**
 * The document an imported suite belongs to: a rule document imported with it (`X.erdl.yaml`
 * beside `X.facts.yaml`), else the open document named `X`. Null when there is none.
 */
export function suiteTarget(
  suite: Pick<ImportedSuite, 'stem'>,
  importedWith: ReadonlyMap<string, string>,
  documents: Iterable<{ readonly id: string; readonly name: string }>,
): string | null {
  const withIt = importedWith.get(suite.stem);
  if (withIt !== undefined) return withIt;
  for (const doc of documents) if (doc.name === suite.stem) return doc.id;
  return null;
}

function looksLikeWorkspace(text: string): boolean {
  return /^\s*\{[\s\S]*"format"\s*:\s*"erdl-studio-workspace"/.test(text.slice(0, 4096));
}

export type CheckedSnapshot =
  | { readonly ok: true; readonly snapshot: WorkspaceSnapshot }
  | {
      readonly ok: false;
      readonly message: Bilingual;
      readonly problems: readonly WorkspaceProblem[];
    };

/** "not a valid workspace file: {reason}." around the problems' message. */
const invalidWorkspace = (reason: Bilingual): Bilingual => ({
  en: says((t) => t.badWorkspace, { reason: reason.en }).en,
  zh: says((t) => t.badWorkspace, { reason: reason.zh }).zh,
});

/** Checks a parsed workspace (a file's value, a stored record): every problem, all or nothing. */
export function checkSnapshot(value: unknown): CheckedSnapshot {
  const checked = checkWorkspaceValue(value);
  if (checked.ok) return checked;
  return { ok: false, message: invalidWorkspace(checked.message), problems: checked.problems };
}

/** The workspace file's text: the snapshot as indented JSON (texts verbatim, comments included). */
export function workspaceFileText(snapshot: WorkspaceSnapshot): string {
  return `${JSON.stringify(snapshot, null, 2)}\n`;
}

/** Starts a download of `text` as `fileName` (an object URL and a temporary `<a download>`). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The file name a document is exported under: its metadata.name when the document's name is that
 * name or the workspace's unique variant of it ("aml-screening (2)" while two are open), so
 * re-exports keep the document's own name; a name the user chose is kept.
 */
export function exportFileName(doc: Pick<StudioDocument, 'name' | 'text'>): string {
  const meta = metadataName(doc.text);
  return documentFileName(meta !== null && isNameOf(doc.name, meta) ? meta : doc.name);
}

export function exportDocument(doc: StudioDocument): void {
  downloadText(exportFileName(doc), doc.text, 'application/yaml');
}

export function exportWorkspace(snapshot: WorkspaceSnapshot): void {
  downloadText(WORKSPACE_FILE_NAME, workspaceFileText(snapshot), 'application/json');
}
