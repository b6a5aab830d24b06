import { type CompileResult, compileDocument } from '../compile';
import type { CompiledRule } from '../document/compiled';
import { headerLines } from '../test-support';
import { canonicalJson } from './canonical';
import type { ExprNode, LiteralValue } from './types';

/**
 * Helpers for the tree/*.test.ts files: wrap a `when` in a minimal, well-formatted document, run
 * the real pipeline (compileDocument: load → validate → compile → normalize → hash) and read the
 * result back as canonical JSON. Pure (no vitest import), so it type-checks with the kernel.
 */

/** A one-entry document: `when` (YAML) indented under the entry's `when:` key, then `tail` lines. */
function entryDocument(name: string, description: string, when: string, tail: string[]): string {
  const body = when
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n');
  return [
    ...headerLines('test'),
    `  - name: "${name}"`,
    `    description: "${description}"`,
    '    priority: 10',
    '    when:',
    body,
    ...tail,
    '',
  ].join('\n');
}

/** A one-rule document; `when` is YAML placed under the rule's `when:` key. */
export function ruleDocument(when: string, then = 'NOTIFY', extra = ''): string {
  return entryDocument('TST-001-rule', 'test rule', when, [
    `    then: ${then}`,
    ...(extra ? [extra] : []),
  ]);
}

/**
 * The §5.4 example table (priorities 100, 90, 1; rows ≥10000, ≥5000, default), rows verbatim:
 * YAML for `tableDocument`, whose entry then needs the message its blocking rows need (§4.1).
 */
export const SPEC_TABLE = `kind: decision_table
columns:
  - field: "context.amount"
    label: "application amount"
rows:
  - when: [["gte", 10000]]
    then: "REQUEST_HUMAN"
    priority: 100
  - when: [["gte", 5000]]
    then: "ESCALATE"
    priority: 90
  - when: []                       # default row (unconditional, fallback)
    then: "ALLOW"
    priority: 1`;

/** A document whose only rule is a decision table; `table` is YAML placed under `when:`. */
export function tableDocument(table: string, entryExtra = ''): string {
  return entryDocument('TST-002-table', 'test table', table, entryExtra ? [entryExtra] : []);
}

export function compileWhenText(when: string, then = 'NOTIFY', extra = ''): CompileResult {
  return compileDocument(ruleDocument(when, then, extra));
}

/** Codes of the diagnostics, in position order (optionally only one severity). */
export function codes(r: CompileResult, severity?: 'error' | 'warning' | 'info'): string[] {
  return r.diagnostics.filter((d) => !severity || d.severity === severity).map((d) => d.code);
}

/** English messages of the diagnostics with the given code. */
export function messages(r: CompileResult, code: string): string[] {
  return r.diagnostics.filter((d) => d.code === code).map((d) => d.message.en);
}

/** The compiled rules; throws with the diagnostics when the document did not compile. */
export function rulesOf(r: CompileResult): readonly CompiledRule[] {
  if (!r.document) {
    const why = r.diagnostics.map((d) => `${d.code} ${d.message.en}`).join('\n');
    throw new Error(`document did not compile:\n${why}`);
  }
  return r.document.rules;
}

/** The single rule of a one-rule document. */
export function onlyRule(r: CompileResult): CompiledRule {
  const rules = rulesOf(r);
  if (rules.length !== 1) throw new Error(`expected one rule, got ${rules.length}`);
  return rules[0] as CompiledRule;
}

/** The canonical JSON of a tree, parsed back (what the hash is computed over). */
export function canonical(n: ExprNode): unknown {
  return JSON.parse(canonicalJson(n));
}

/** Canonical JSON of the `when` tree of a one-rule document with this `when`. */
export function treeOf(when: string): unknown {
  return canonical(onlyRule(compileWhenText(when)).when);
}

// Builders for expected trees (plain objects in the canonical shape).
export const field = (path: string) => ({ node: 'field', path });
export const variable = (path: string) => ({ node: 'var', path });
/** A number literal from its canonical scale-14 text. */
export const num = (value: string) => ({ node: 'literal', type: 'number', value });
export const str = (value: string) => ({ node: 'literal', type: 'string', value });
export const bool = (value: boolean) => ({ node: 'literal', type: 'boolean', value });
export const nul = () => ({ node: 'literal', type: 'null' });
export const duration = (value: string) => ({ node: 'literal', type: 'duration', value });
export const list = (value: readonly LiteralValue[]) => ({ node: 'literal', type: 'list', value });
export const n = (node: string, ...args: unknown[]) => ({ node, args });
