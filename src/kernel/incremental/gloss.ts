import type { CompileResult } from '../compile';
import type { YNode } from '../document/ynode';
import {
  type DocumentGloss,
  type GlossLintOptions,
  glossAllSteps,
  runSteps,
} from '../gloss/document';
import { type EntrySource, readEntry, shiftEntry } from '../gloss/entries';
import { RenderCache } from '../gloss/render-cache';
import type { IncrementalCompiler } from './compiler';

/**
 * The studio's gloss phase on the editing path (docs/incremental-compile.md).
 *
 * `gloss(compiler, result)` returns exactly `glossAll(result)` — the same rule sentences and the
 * same lint (codes, ranges, messages, fixes, order) as a fresh `glossDocument` + `glossLint` —
 * without re-loading the whole text and re-rendering every rule:
 * - the entries' gloss sources (column labels, stored gloss, name range) are read from the rule
 *   items the incremental compiler already parsed and cached, once per item node (so once per
 *   distinct item text), with item-relative ranges shifted to the item's offset, as the compiler
 *   shifts diagnostics;
 * - rule sentences come from a RenderCache keyed by what a render reads, so an edit that
 *   recompiles one rule re-renders that rule; the lint itself is linear bookkeeping.
 * When the compiler did not assemble `result` from parts (it fell back to a full compile, or the
 * result is not its last), nothing says its items are the text's items: the plain full path runs.
 *
 * `glossSteps` is the same in steps (`glossAllSteps`): it reads the items on its first step, so
 * the compiler may compile other texts between the later ones (the result and the items read are
 * kept); `gloss` runs it without pausing.
 */
export interface IncrementalGloss {
  gloss(
    compiler: IncrementalCompiler,
    result: CompileResult,
    options?: GlossLintOptions,
  ): DocumentGloss | null;
  glossSteps(
    compiler: IncrementalCompiler,
    result: CompileResult,
    options?: GlossLintOptions,
  ): Generator<void, DocumentGloss | null, void>;
  /** How the last call went (tests and benchmarks). */
  readonly stats: IncrementalGlossStats;
}

export interface IncrementalGlossStats {
  /** 'incremental' when the last call read the compiler's items, 'full' when it re-read the text. */
  readonly mode: 'incremental' | 'full';
  /** Rule sentences rendered by the last call (both languages; cache misses). */
  readonly rendered: number;
}

type Entry = ReturnType<typeof readEntry>;

export function createIncrementalGloss(): IncrementalGloss {
  const entryOf = new WeakMap<YNode, Entry>();
  const renders = new RenderCache();
  let stats: IncrementalGlossStats = { mode: 'full', rendered: 0 };

  function* glossSteps(
    compiler: IncrementalCompiler,
    result: CompileResult,
    options: GlossLintOptions = {},
  ): Generator<void, DocumentGloss | null, void> {
    const items = result.document ? compiler.items(result) : null;
    if (!items) {
      stats = { mode: 'full', rendered: 0 };
      return yield* glossAllSteps(result, options);
    }
    // First definition of a name wins, as readEntries reads the whole text.
    const entries = new Map<string, EntrySource>();
    for (const { item, offset } of items) {
      let entry = entryOf.get(item);
      if (entry === undefined) {
        entry = readEntry(item);
        entryOf.set(item, entry);
      }
      if (entry && !entries.has(entry.name))
        entries.set(entry.name, shiftEntry(entry.source, offset));
    }
    const before = renders.rendered;
    const outcome = yield* glossAllSteps(result, options, {
      entries,
      render: (rule, o) => renders.render(rule, o),
    });
    stats = { mode: 'incremental', rendered: renders.rendered - before };
    return outcome;
  }

  return {
    gloss: (compiler, result, options) => runSteps(glossSteps(compiler, result, options)),
    glossSteps,
    get stats() {
      return stats;
    },
  };
}
