/** Impact of a change between two versions over a fact set (issue #19 point 4). */
export {
  analyzeImpact,
  IMPACT_SAMPLES,
  type ImpactCause,
  type ImpactCell,
  type ImpactOptions,
  type ImpactReport,
  ImpactRun,
  type ImpactSample,
  type ImpactSide,
  type ImpactTransition,
  mergeImpactReports,
} from './impact';
export { type FactLinesPart, splitFactLines } from './split';
