import type { CompiledRule, Metadata } from '../document/compiled';
import { PROTOCOL } from '../vocabulary/document';
import { hashCanonical } from './canonical';

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
    rules: rules.map((r) => ({
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
    })),
  };
}

export function documentHash(metadata: Metadata, rules: readonly CompiledRule[]): string {
  return hashCanonical(canonicalDocument(metadata, rules));
}
