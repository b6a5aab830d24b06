/** The incremental compiler for the editing path (docs/incremental-compile.md). */
export {
  createIncrementalCompiler,
  type IncrementalCompiler,
  type IncrementalOptions,
  type IncrementalStats,
  type PlacedItem,
} from './compiler';
export {
  createIncrementalGloss,
  type IncrementalGloss,
  type IncrementalGlossStats,
} from './gloss';
