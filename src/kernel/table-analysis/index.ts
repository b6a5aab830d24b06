export {
  type AnalysisRow,
  type AnalysisTable,
  analyzeTable,
  type TableAnalysis,
} from './analyze-table';
export { reportTableAnalysis } from './report';
