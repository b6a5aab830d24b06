import type { CompileResult } from '../compile';
import type { Bilingual } from '../diagnostics/diagnostic';
import type { CompiledRule } from '../document/compiled';
import { glossDocument } from '../gloss/document';
import type { FieldDictionary } from '../gloss/names';
import { hashCanonical } from '../tree/canonical';
import { canonicalRule } from '../tree/document-hash';
import type { Decision } from '../vocabulary/decisions';

/**
 * What the semantic diff and the manifest know about one compiled rule: its name, the §8 rule hash
 * (condition tree only), the hash of its whole canonical entry (docs/canonical-form.md §9 — the
 * twelve members that can change a result) and its gloss in both languages.
 */
export interface RuleSnapshot {
  readonly name: string;
  readonly then: Decision;
  /** §8 rule hash: sha256 of the canonical `when` tree. */
  readonly hash: string;
  /** sha256 of the canonical rule object (name, then, when, unless, texts, ordering fields). */
  readonly canonical_hash: string;
  readonly gloss: Bilingual;
}

/** The canonical rule object of a compiled rule and its hash (one serialization for both). */
export function canonicalRuleHash(rule: CompiledRule): { canonical: unknown; hash: string } {
  const canonical = canonicalRule(rule);
  return { canonical, hash: hashCanonical(canonical) };
}

/**
 * One snapshot per compiled rule in definition order, with its gloss rendered in zh and en (field
 * names from `dictionary`, as the studio shows them). Null when the document did not load.
 */
export function ruleSnapshots(
  result: CompileResult,
  dictionary?: FieldDictionary,
): RuleSnapshot[] | null {
  const document = result.document;
  if (!document) return null;
  const zh = glossDocument(result, { lang: 'zh', dictionary }) ?? [];
  const en = glossDocument(result, { lang: 'en', dictionary }) ?? [];
  return document.rules.map((rule, i) => ({
    name: rule.name,
    then: rule.then,
    hash: rule.hash,
    canonical_hash: canonicalRuleHash(rule).hash,
    gloss: { zh: zh[i]?.gloss.text ?? '', en: en[i]?.gloss.text ?? '' },
  }));
}
