import {
  compileDocument,
  diffDocuments,
  diffRuleSets,
  type FieldDictionary,
  type Manifest,
  manifestVersion,
  ruleSetVersion,
  type SemanticDiff,
} from '../../kernel';

/** Compare versions' choice of the version a document was opened with a signature file for. */
export const SIGNED_VERSION = 'signed-version';

/** Compare versions' choice of the document's last signed export from this studio. */
export const LAST_SIGNED = 'last-signed';

/** before → after by canonical hash; null when either text does not load. */
export function compareTexts(
  before: string,
  after: string,
  dictionary?: FieldDictionary,
): SemanticDiff | null {
  return diffDocuments(compileDocument(before), compileDocument(after), dictionary);
}

/** The signed version → the text now; null when the text does not load. */
export function compareWithSigned(
  manifest: Manifest,
  after: string,
  dictionary?: FieldDictionary,
): SemanticDiff | null {
  const now = ruleSetVersion(compileDocument(after), dictionary);
  return now ? diffRuleSets(manifestVersion(manifest), now) : null;
}
