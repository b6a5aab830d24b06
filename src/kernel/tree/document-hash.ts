import type { CompiledRule, Metadata } from '../document/compiled';
import { PROTOCOL } from '../vocabulary/document';
import { type CanonicalBytes, canonicalBytes, hashCanonical } from './canonical';

/**
 * The canonical document (docs/canonical-form.md, "Document hash"): everything that can change an
 * evaluation result — the fallback decision and, per compiled rule in definition order, its name,
 * ordering fields (priority, override, ring), enabled, then, condition trees and the texts the
 * result carries (message, instruction, correction, explanation). Not: descriptions, metadata
 * names and tags, legal_basis, source_text, alternative, gloss (G4), comments or formatting.
 */
export function canonicalDocument(metadata: Metadata, rules: readonly CompiledRule[]): unknown {
  return canonicalDocumentOf(metadata, rules.map(canonicalRule));
}

/** The canonical document of rule entries already in canonical form (a manifest's). */
export function canonicalDocumentOf(
  metadata: Pick<Metadata, 'decision'>,
  entries: readonly unknown[],
): unknown {
  return { fallback: metadata.decision, protocol: PROTOCOL, rules: entries };
}

/**
 * One compiled rule's entry in the canonical document. Its keys are written in RFC 8785 order, so
 * the serializer's sort of them finds them sorted (one comparison per key).
 */
export function canonicalRule(r: CompiledRule): unknown {
  return {
    correction: r.correction ?? null,
    enabled: r.enabled,
    explanation: r.explanation ?? null,
    instruction: r.instruction ?? null,
    message: r.message ?? null,
    name: r.name,
    override: r.override,
    priority: r.priority,
    ring: r.ring,
    then: r.then,
    unless: r.unless,
    when: r.when,
  };
}

/**
 * What surrounds the rule entries in the canonical document (`rules` sorts last in RFC 8785):
 * the document's bytes are `open`, each rule's `canonicalRuleBytes` joined by `,`, then `close`.
 */
export function canonicalDocumentFrame(metadata: Metadata): {
  open: Uint8Array;
  close: Uint8Array;
} {
  const empty = canonicalBytes({ protocol: PROTOCOL, fallback: metadata.decision, rules: [] });
  // …,"rules":[]}: open ends after the [, close is ]}
  const tail = ',"rules":[]}';
  for (let i = 1; i <= tail.length; i++)
    if (empty[empty.length - i] !== tail.charCodeAt(tail.length - i))
      throw new Error('rules must sort last in the document');
  return { open: empty.slice(0, -2), close: CLOSE };
}

const CLOSE = new Uint8Array([0x5d, 0x7d]);
export const COMMA = new Uint8Array([0x2c]);

/**
 * One rule's entry in the canonical document as bytes; `known`: its trees as serialized for
 * their hashes (CompileContext.canonical), written as they are.
 */
export function canonicalRuleBytes(rule: CompiledRule, known?: CanonicalBytes): Uint8Array {
  return canonicalBytes(canonicalRule(rule), known);
}

/**
 * sha256 of `canonicalDocument(metadata, rules)`'s canonical bytes, written into the hash as they
 * are made. `known`: the rules' trees as already serialized for their hashes.
 */
export function documentHash(
  metadata: Metadata,
  rules: readonly CompiledRule[],
  known?: CanonicalBytes,
): string {
  return hashCanonical(canonicalDocument(metadata, rules), known);
}
