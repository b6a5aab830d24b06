/** The incremental compiler for the editing path (docs/ARCHITECTURE.md, "Incremental compile"). */
export {
  createIncrementalCompiler,
  type IncrementalCompiler,
  type IncrementalOptions,
  type IncrementalStats,
} from './compiler';
