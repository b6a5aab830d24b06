import type { CompiledRule, Metadata } from '../document/compiled';
import { PROTOCOL } from '../vocabulary/document';
import { type CanonicalTexts, canonicalJson, TextHash } from './canonical';

/**
 * The canonical document (docs/canonical-form.md, "Document hash"): everything that can change an
 * evaluation result — the fallback decision and, per compiled rule in definition order, its name,
 * ordering fields (priority, override, ring), enabled, then, condition trees and the texts the
 * result carries (message, instruction, correction, explanation). Not: descriptions, metadata
 * names and tags, legal_basis, source_text, alternative, gloss (G4), comments or formatting.
 */
export function canonicalDocument(metadata: Metadata, rules: readonly CompiledRule[]): unknown {
  return {
    protocol: PROTOCOL,
    fallback: metadata.decision,
    rules: rules.map(canonicalRule),
  };
}

/** One compiled rule's entry in the canonical document. */
export function canonicalRule(r: CompiledRule): unknown {
  return {
    name: r.name,
    priority: r.priority,
    override: r.override,
    ring: r.ring,
    enabled: r.enabled,
    then: r.then,
    when: r.when,
    unless: r.unless,
    message: r.message ?? null,
    instruction: r.instruction ?? null,
    correction: r.correction ?? null,
    explanation: r.explanation ?? null,
  };
}

/**
 * The canonical bytes of `canonicalDocument` assembled from each rule's canonical JSON
 * (`canonicalJson(canonicalRule(r))`), so a caller that keeps those (the incremental compiler)
 * need not serialize unchanged rules again: `open`, the rule texts joined by `,`, then `close`.
 */
export function canonicalDocumentText(metadata: Metadata, ruleTexts: readonly string[]): string {
  const { open, close } = canonicalDocumentFrame(metadata);
  return `${open}${ruleTexts.join(',')}${close}`;
}

/** What surrounds the rule texts in the canonical document (`rules` sorts last in RFC 8785). */
export function canonicalDocumentFrame(metadata: Metadata): { open: string; close: string } {
  const empty = canonicalJson({ protocol: PROTOCOL, fallback: metadata.decision, rules: [] });
  if (!empty.endsWith(',"rules":[]}')) throw new Error('rules must sort last in the document');
  return { open: empty.slice(0, -2), close: ']}' };
}

/**
 * `known`: the rules' trees as already serialized for their hashes (CompileContext.canonical).
 * The bytes hashed are `canonicalDocumentText`'s, fed rule by rule (TextHash) rather than joined.
 */
export function documentHash(
  metadata: Metadata,
  rules: readonly CompiledRule[],
  known?: CanonicalTexts,
): string {
  const { open, close } = canonicalDocumentFrame(metadata);
  const hash = new TextHash().add(open);
  for (let i = 0; i < rules.length; i++) {
    const text = canonicalJson(canonicalRule(rules[i] as CompiledRule), known);
    hash.add(i > 0 ? `,${text}` : text);
  }
  return hash.add(close).digest();
}
