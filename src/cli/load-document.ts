import { fill } from '../i18n/format';
import {
  type Bilingual,
  type CompiledDocument,
  type CompileResult,
  compileDocument,
} from '../kernel';
import { EXIT_INVALID, EXIT_USAGE, type ExitCode } from './exit-codes';
import type { CliIo } from './io';
import { printError } from './messages';
import { diagnosticLines } from './printer';
import { readRules } from './reader';
import { LOAD_DOCUMENT_STRINGS as msg } from './strings/load-document';

export type Compiled =
  | { readonly ok: true; readonly result: CompileResult }
  | { readonly ok: false; readonly code: ExitCode };

/** Reads and compiles RULES; an unreadable file is reported here (exit 2). */
export async function compileFile(io: CliIo, file: string): Promise<Compiled> {
  const read = await readRules(io, file);
  if (!read.ok) {
    printError(io, read.message);
    return { ok: false, code: EXIT_USAGE };
  }
  return { ok: true, result: compileDocument(read.bytes) };
}

export type Loaded =
  | { readonly ok: true; readonly document: CompiledDocument }
  | { readonly ok: false; readonly code: ExitCode };

/**
 * For verbs that need a loaded document (hash, tree, …): on load errors the diagnostics go to
 * stderr in the `check` format and the verb exits 1, so stdout only ever carries the result.
 */
export async function loadDocument(io: CliIo, file: string): Promise<Loaded> {
  const compiled = await compileFile(io, file);
  if (!compiled.ok) return compiled;
  const { result } = compiled;
  if (!result.ok || !result.document) {
    for (const line of diagnosticLines(file, result, io.lang)) io.err(line);
    return { ok: false, code: EXIT_INVALID };
  }
  return { ok: true, document: result.document };
}

export type LoadedWithBytes =
  | { readonly ok: true; readonly document: CompiledDocument; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly code: ExitCode };

/**
 * For verbs that use RULES as one input among others (test, report, impact): an unreadable file
 * exits 2, rules that do not load exit 1 as in every verb (exit-codes.ts); the diagnostics go to
 * stderr in the `check` format, then a line saying what could not be done (`consequence`, e.g.
 * "the suite cannot run").
 */
export async function loadRulesFor(
  io: CliIo,
  file: string,
  consequence: Bilingual,
): Promise<LoadedWithBytes> {
  const read = await readRules(io, file);
  if (!read.ok) {
    printError(io, read.message);
    return { ok: false, code: EXIT_USAGE };
  }
  const compiled = compileDocument(read.bytes);
  if (!compiled.document) {
    for (const line of diagnosticLines(file, compiled, io.lang)) io.err(line);
    printError(io, fill(msg.rulesDoNotLoad, { file, consequence }));
    return { ok: false, code: EXIT_INVALID };
  }
  return { ok: true, document: compiled.document, bytes: read.bytes };
}
