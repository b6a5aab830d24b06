/** The one applier of text edits lives in util/text-edit.ts. */
export { applyTextEdits } from '../util/text-edit';
