import type { Range } from '../diagnostics/diagnostic';
import type { SourceMap } from '../tree/context';
import type { Grade } from '../tree/limits';
import type { ExprNode } from '../tree/types';
import type { Decision } from '../vocabulary/decisions';
import type { OverrideLevel, Ring } from '../vocabulary/document';

/** A string field or a bilingual {zh, en} mapping (§4.1 explanation / alternative). */
export type Text = string | { readonly zh?: string; readonly en?: string };

export type RuleForm = 'simple' | 'expression' | 'table' | 'true';

/**
 * One evaluable rule after compilation: a §4 rule entry, or one decision-table row (named
 * `<entry>#<n>`, or `<entry>#<name>` for a row with a name, I-75). Defaults are applied (override normal, ring 0, enabled true), so two documents
 * that differ only in spelled-out defaults compile identically.
 */
export interface CompiledRule {
  readonly name: string;
  /** The rule entry it came from (equal to `name` unless it is a table row). */
  readonly entry: string;
  /** 1-based table row number, for table rows. */
  readonly row?: number;
  /** The row's `name`, for a named table row (its rule is `<entry>#<rowName>`, I-75). */
  readonly rowName?: string;
  /** Position in definition order (table rows expanded in place). */
  readonly index: number;
  readonly form: RuleForm;
  readonly grade: Grade;
  readonly description: string;
  /** Effective category: the rule's, else metadata.category. */
  readonly category?: string;
  readonly priority: number;
  readonly override: OverrideLevel;
  readonly ring: Ring;
  readonly enabled: boolean;
  readonly then: Decision;
  readonly message?: string;
  readonly instruction?: string;
  readonly correction?: string;
  readonly explanation?: Text;
  readonly alternative?: Text;
  readonly legal_basis?: string;
  readonly source_text?: string;
  /** The canonical condition tree (§8.2). */
  readonly when: ExprNode;
  /** The exemption tree, or null when the rule has no `unless`. */
  readonly unless: ExprNode | null;
  /** sha256 of the canonical bytes of `when` — the rule's hash. */
  readonly hash: string;
  /** Source range of the entry (or of the table row). */
  readonly range: Range;
}

export interface Metadata {
  readonly name?: string;
  readonly description?: string;
  readonly category?: string;
  /** The fallback decision (§2.2). */
  readonly decision: Decision;
  readonly tags?: readonly string[];
}

export interface CompiledDocument {
  readonly protocol: string;
  readonly version: string;
  readonly metadata: Metadata;
  readonly rules: readonly CompiledRule[];
  /** sha256 of the canonical document (docs/canonical-form.md §Document hash). */
  readonly hash: string;
  /** Source range of every tree node (never hashed). */
  readonly sourceMap: SourceMap;
}
