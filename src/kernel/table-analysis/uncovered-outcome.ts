import { failClosedDecision } from '../table-edit/structure-ops';
import { type Decision, isBlockingDecision, isDecision } from '../vocabulary/decisions';

export { failClosedDecision };

/**
 * What happens to the inputs no row of a decision table matches (ERDL-W511), from what the kernel
 * knows of the document (issue 36 §5, ruling I-93): the table decides nothing for them, so the
 * document's other rules do (§7.0.2: every enabled rule is evaluated) and, when none matches, its
 * fallback decision (`metadata.decision`, §2.2 / §7.0.2 step 4). The fallback is read from the
 * one vocabulary (vocabulary/decisions.ts): when it does not block (ALLOW, NOTIFY, GUIDE), a gap
 * lets these inputs through — the uncovered-inputs band says so as a warning.
 */
export interface UncoveredOutcome {
  /** The document's fallback decision; null when it has none the kernel read (it does not load). */
  readonly fallback: Decision | null;
  /** The fallback blocks (fails closed); false when it lets the inputs through or is unknown. */
  readonly blocking: boolean;
  /**
   * Another enabled rule of the document (outside this table) may match these inputs and decide
   * before the fallback applies: the fallback then decides only when none of them matches.
   */
  readonly othersMayDecide: boolean;
  /**
   * The decision a row the grid adds for these inputs takes (fails closed, I-84): the fallback
   * when that blocks, else DENY (`failClosedDecision`, the one the default row uses too).
   */
  readonly failClosed: Decision;
}

/** A rule as the outcome needs it: its rule entry (a table's rows share theirs) and whether it runs. */
export interface OutcomeRule {
  readonly entry: string;
  readonly enabled: boolean;
}

/**
 * `fallback`: the document's `metadata.decision` as read (any text; null when absent or the
 * document does not load). `rules`: every compiled rule of the document; `tableEntry`: the table's
 * rule entry.
 */
export function uncoveredOutcome(
  fallback: string | null,
  rules: readonly OutcomeRule[],
  tableEntry: string,
): UncoveredOutcome {
  const decision = fallback !== null && isDecision(fallback) ? fallback : null;
  return {
    fallback: decision,
    blocking: decision !== null && isBlockingDecision(decision),
    othersMayDecide: rules.some((r) => r.enabled && r.entry !== tableEntry),
    failClosed: failClosedDecision(decision),
  };
}
