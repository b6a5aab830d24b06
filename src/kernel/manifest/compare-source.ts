import type { CompileResult } from '../compile';
import type { Diagnostic } from '../diagnostics/diagnostic';
import {
  diffRuleSets,
  type RuleSetVersion,
  ruleSetVersion,
  type SemanticDiff,
} from '../diff/semantic-diff';
import type { FieldDictionary } from '../gloss/names';
import { hashBytes, type Manifest } from './manifest';

/** How a rule file on hand relates to the manifest it was signed with. */
export interface SourceComparison {
  /** sha256 of the bytes on hand. */
  readonly source_sha256: string;
  /** The bytes are exactly the signed bytes. */
  readonly source_matches: boolean;
  /** The document hash recomputed from the bytes on hand; null when they no longer load. */
  readonly document_hash: string | null;
  readonly document_matches: boolean;
  /** Load errors of the bytes on hand (empty when they load). */
  readonly errors: readonly Diagnostic[];
  /** Signed version → version on hand; null when the bytes on hand do not load. */
  readonly diff: SemanticDiff | null;
}

/**
 * Compares the rule file on hand (its bytes, compiled) with the manifest: exact bytes, the
 * document hash, and per rule by canonical hash, so a changed rule is named even when other edits
 * (comments, formatting) also changed the bytes.
 */
/** The rule set a signed manifest describes, as the semantic diff reads it. */
export function manifestVersion(manifest: Manifest): RuleSetVersion {
  return {
    fallback: manifest.document.fallback,
    rules: manifest.rules.map((r) => ({
      name: r.name,
      then: r.canonical.then,
      hash: r.hash,
      canonical_hash: r.canonical_hash,
      gloss: r.gloss,
    })),
  };
}

export function compareWithManifest(
  manifest: Manifest,
  sourceBytes: Uint8Array,
  result: CompileResult,
  dictionary?: FieldDictionary,
): SourceComparison {
  const source = hashBytes(sourceBytes);
  const now = ruleSetVersion(result, dictionary);
  const signed = manifestVersion(manifest);
  const documentHash = result.document?.hash ?? null;
  return {
    source_sha256: source,
    source_matches: source === manifest.document.source_sha256,
    document_hash: documentHash,
    document_matches: documentHash === manifest.document.hash,
    errors: result.diagnostics.filter((d) => d.severity === 'error'),
    diff: now ? diffRuleSets(signed, now) : null,
  };
}
