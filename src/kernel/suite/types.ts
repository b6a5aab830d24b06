/**
 * Fact suites (docs/fact-suites.md): a rule set's own tests. A suite is named facts with expected
 * decisions (cases) and timestamped event sequences for within/rate replay. Everything here is
 * plain data, so a suite and its results cross the worker boundary unchanged.
 */
import type { Bilingual, Range } from '../diagnostics/diagnostic';
import type { EvalWarning } from '../eval/errors';
import type { TemporalState } from '../eval/temporal';
import type { Value } from '../eval/values';
import type { Decision } from '../vocabulary/decisions';

/** What a case (or an event) must decide; `matched_rules` compares as a set (order ignored). */
export interface Expectation {
  readonly decision: Decision;
  readonly matched_rules?: readonly string[];
}

export interface SuiteCase {
  readonly name: string;
  /** A prepared fact (NFC strings, checked by prepareFact). */
  readonly fact: Value;
  /** Overrides the suite's `as_of` for this case. */
  readonly as_of?: string;
  /** Absent: the case is run and counted, but neither passes nor fails ("unchecked"). */
  readonly expect?: Expectation;
  /** Where the case is written (suite text offsets, or the imported file's line). */
  readonly range?: Range;
  /**
   * The lines of a fact-set record named by where it is written (it has no name of its own):
   * `name` is then `recordName(record)` — `line N`, or `lines N–M` — which a reader in another
   * language words from these numbers instead.
   */
  readonly record?: RecordLines;
}

/** The lines a fact-set record is written on (`lastLine` = `line` unless it spans lines). */
export interface RecordLines {
  readonly line: number;
  readonly lastLine: number;
}

export interface SuiteEvent {
  readonly as_of: string;
  readonly fact: Value;
  readonly expect?: Expectation;
  readonly range?: Range;
}

export interface SuiteSequence {
  readonly name: string;
  /** The state before the first event; empty when absent. */
  readonly temporal_state?: TemporalState;
  readonly events: readonly SuiteEvent[];
  readonly range?: Range;
}

export interface Suite {
  readonly name?: string;
  /** Default instant of cases without their own `as_of`. */
  readonly as_of?: string;
  readonly cases: readonly SuiteCase[];
  readonly sequences: readonly SuiteSequence[];
}

/** A problem in a suite or fact-set file, positioned like a kernel diagnostic. */
export interface SuiteDiagnostic {
  /** Stable code, e.g. `suite-unknown-key` (docs/fact-suites.md lists them). */
  readonly code: string;
  readonly severity: 'error' | 'warning';
  readonly message: Bilingual;
  /** UTF-16 offsets into the text (for imported files: into the whole file). */
  readonly range: Range;
  /** 1-based line and UTF-16 column of `range.start`. */
  readonly line: number;
  readonly column: number;
}

export type CaseStatus = 'pass' | 'fail' | 'unchecked';

/** One evaluation of a case or a sequence event. */
export interface CaseOutcome {
  readonly name: string;
  readonly as_of: string;
  readonly status: CaseStatus;
  readonly decision: Decision;
  readonly matched_rules: readonly string[];
  readonly unless_exemptions: readonly string[];
  /** The rule that decided, or null for the fallback decision. */
  readonly deciding_rule: string | null;
  readonly expect?: Expectation;
  /** Why a case failed (empty when it passed or is unchecked). */
  readonly mismatches: readonly Bilingual[];
  readonly eval_warnings: readonly EvalWarning[];
  readonly range?: Range;
}

/** One within/rate window as it stands after an event (§5.2, ruling I-35). */
export interface WindowCount {
  /** The temporal_state key. */
  readonly key: string;
  readonly kind: 'within' | 'rate';
  /** Events that make the modifier hold (`within` counts as 1). */
  readonly limit: number;
  /** Canonical window text, e.g. `1h`. */
  readonly window: string;
  /** The wrapped condition's canonical tree. */
  readonly condition: unknown;
  /** Rules that use this window, in definition order. */
  readonly rules: readonly string[];
  /** Events inside (as_of − window, as_of] after this event. */
  readonly count: number;
  /** This event was recorded in the window. */
  readonly counted: boolean;
  /** The modifier held at this event: the count had reached the limit. */
  readonly at_limit: boolean;
}

export interface EventOutcome extends CaseOutcome {
  readonly windows: readonly WindowCount[];
  /** The state after this event (the input of the next). */
  readonly temporal_state: TemporalState;
}

export interface SequenceOutcome {
  readonly name: string;
  readonly status: CaseStatus;
  readonly events: readonly EventOutcome[];
  readonly range?: Range;
}

export interface RuleCoverage {
  readonly rule: string;
  readonly enabled: boolean;
  readonly then: Decision;
  /** Evaluations (cases and events) where the rule matched. */
  readonly matched: number;
  /** Evaluations it decided. */
  readonly decided: number;
  /** Evaluations where its `unless` exempted the fact. */
  readonly exempted: number;
}

export interface SuiteTotals {
  /** Cases plus sequence events. */
  readonly evaluations: number;
  readonly passed: number;
  readonly failed: number;
  readonly unchecked: number;
}

export interface SuiteResult {
  readonly suite: string | null;
  readonly ruleset_hash: string;
  /** False while a run is in progress or was cancelled: the figures cover what ran. */
  readonly complete: boolean;
  readonly cases: readonly CaseOutcome[];
  readonly sequences: readonly SequenceOutcome[];
  readonly totals: SuiteTotals;
  /** Every rule in definition order (table rows as `<entry>#<n>`). */
  readonly rules: readonly RuleCoverage[];
  /** Enabled rules no evaluation matched (coverage gaps), in definition order. */
  readonly uncovered: readonly string[];
  /** How often each decision was reached, in the vocabulary's order; zero counts left out. */
  readonly distribution: readonly { readonly decision: Decision; readonly count: number }[];
}
