/** The rule-set review report (issue #19 point 1) and its helpers. */
export { escapeHtml } from './escape-html';
export {
  REPORT_LANGS,
  type ReportLang,
  type ReviewReport,
  type ReviewReportInput,
  type ReviewSigner,
  reviewReportHtml,
} from './review-report';
export { shellQuote } from './shell-quote';
