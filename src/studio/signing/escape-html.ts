/** One escaper for every HTML report (the kernel's, shared with `erdl report`). */
export { escapeHtml } from '../../kernel';
