import type { CompiledDocument, CompiledRule, Text } from '../document/compiled';
import { canonicalJson } from '../tree/canonical';
import type { ExprNode } from '../tree/types';
import { zhJson, zhQuote } from '../util/quote';
import { type Decision, decisionInfo, isBlockingDecision } from '../vocabulary/decisions';
import { OVERRIDE_LEVELS, type OverrideLevel, type Ring } from '../vocabulary/document';
import { type EvalCode, EvaluationError, type EvalWarning } from './errors';
import { explainFailure, type TraceReason } from './explain';
import { checkFactShape, prepareFact } from './fact';
import {
  type CompiledTree,
  compileTree,
  type Env,
  type FieldSlot,
  literalNodeValue,
  nextEpoch,
} from './nodes';
import { resultHashOf } from './result-hash';
import { type IndexableRule, RuleIndex } from './rule-index/rule-index';
import {
  EMPTY_STATE,
  parseTemporalState,
  retentionOf,
  type TemporalState,
  TemporalWork,
} from './temporal';
import { parseInstant } from './time';
import { exactJsonText, toJson, type Value } from './values';

export interface EvaluateOptions {
  /** The evaluation instant, ISO 8601 (E1/E9: injected, never read from a clock). */
  readonly as_of: string;
  /** within/rate state from the previous evaluation (§5.2); empty when absent. */
  readonly temporal_state?: TemporalState;
  /** A Guard context (E12): every rule's evaluation error fails closed. */
  readonly guard?: boolean;
  /** Record each rule's status and every node's value in eval_trace (off for bulk evaluation). */
  readonly trace?: boolean;
  /** Compute result_hash (default true); bulk callers that only need decisions turn it off. */
  readonly hash?: boolean;
  /**
   * Rule outcomes shared with another version of the document evaluated on the same fact and
   * instant (`Evaluator.shareOutcomes`, impact analysis). Ignored when tracing or in a Guard context.
   */
  readonly outcomes?: RuleOutcomes;
}

/** A shared rule's outcome for one fact; 0 = not evaluated yet. */
const NOT_YET = 0;
const EXEMPTED = 1;
const JUDGED: readonly ('matched' | 'false' | 'error_fail_closed' | 'error_folded_false')[] = [
  'matched',
  'false',
  'error_fail_closed',
  'error_folded_false',
];

/**
 * Outcomes of the rules two evaluators share (same name, condition trees, grade and decision),
 * by slot: the first evaluation of a fact records each shared rule's outcome, the second reuses it
 * instead of running the rule again. Sound because a rule's outcome depends only on those and on
 * the fact and instant — `shareOutcomes` refuses documents with within/rate state, and Guard
 * contexts and traced evaluations ignore it. A reused rule adds no eval_warnings (impact analysis
 * reads decisions and matched rules only). `clear()` before each new fact.
 */
export class RuleOutcomes {
  readonly codes: Uint8Array;
  /**
   * One rule index over the rules of both versions (each rule both share filed once), so a fact's
   * candidates are selected once for the pair (`selection`), not once per version; null when no
   * rule is filed.
   */
  readonly index: RuleIndex | null;
  /** The pair index's answer for the current fact: UNSELECTED until the first version asks. */
  selection = UNSELECTED;
  /** The current fact's evaluation number (Env.epoch), one for both versions: fields read once. */
  epoch = nextEpoch();
  constructor(
    readonly slots: number,
    index: RuleIndex | null = null,
  ) {
    this.codes = new Uint8Array(slots);
    this.index = index;
  }
  clear(): void {
    this.codes.fill(NOT_YET);
    this.selection = UNSELECTED;
    this.epoch = nextEpoch();
  }
}

/** RuleOutcomes.selection: not asked yet for this fact, or the pair index's answer. */
const UNSELECTED = 0;
const SELECTED = 1;
const NOT_SELECTED = 2;

/**
 * An evaluator's view of its pair's index (RuleOutcomes.index): the union position of each of its
 * rules (`unionOf`), the own position of each union rule (`ownOf`, −1 for the partner's own), its
 * enabled rules the union index does not file (`always`), and scratch for the union candidates.
 */
interface PairView {
  readonly outcomes: RuleOutcomes;
  readonly index: RuleIndex;
  readonly unionOf: Int32Array;
  readonly ownOf: Int32Array;
  /** True when the union's first rules are this evaluator's, in its order (unionOf is identity). */
  readonly prefix: boolean;
  readonly always: Int32Array;
  readonly filed: Int32Array;
}

/** How one rule ended, so "not reached" is never confused with "false" (§7.0.2). */
export type RuleStatus =
  | 'matched'
  | 'false'
  | 'exempted'
  | 'disabled'
  | 'not_reached'
  | 'covered'
  | 'error_fail_closed'
  | 'error_folded_false';

export interface TraceNode {
  readonly node: string;
  /**
   * The node's value, absent when the node was not evaluated (short-circuit, or an error stopped
   * it: see `error`) and when it read a field the fact does not have (`missing`). A literal always
   * has its value, `null` included, whether or not the evaluation needed it.
   */
  readonly value?: unknown;
  /** A `field` or `var` node's path: which field the value (or `missing`) is of. */
  readonly path?: string;
  /** The node read a field (or element path) that is not there: not the same as a present null. */
  readonly missing?: true;
  /**
   * The evaluation error that stopped this node: `at` true on the node that raised it (its
   * message names the field), false on the nodes it stopped on its way up. Their arguments read
   * before the error keep their values.
   */
  readonly error?: { readonly code: EvalCode; readonly at: boolean };
  /**
   * The value's JSON text with every digit, when `value` (plain JSON, numbers as doubles) lost
   * some: a fact number no double holds, e.g. 9007199254740993 (ruling I-89). Show this instead.
   */
  readonly exact?: string;
  readonly args?: readonly TraceNode[];
}

export interface RuleTrace {
  readonly rule: string;
  readonly ring: Ring;
  readonly priority: number;
  readonly override: OverrideLevel;
  readonly then: Decision;
  readonly status: RuleStatus;
  /** Why: the ruling that produced this status (see docs/interpretations.md). */
  readonly note?: string;
  readonly unless?: TraceNode;
  readonly when?: TraceNode;
  /**
   * Why `when` did not hold (status false or an E12 fold): the condition, and whether it was a
   * type mismatch, a missing field, a null, plain false, or an evaluation error that stopped it.
   */
  readonly reason?: TraceReason;
}

/** §7.0.3's result fields, in the order `erdl eval` prints them (the one list CLI and vectors use). */
export const RESULT_FIELDS = [
  'decision',
  'matched_rules',
  'unless_exemptions',
  'primary_instruction',
  'primary_reason',
  'primary_explanation',
  'primary_correction',
  'total_evaluated',
  'total_matched',
  'temporal_state',
  'eval_warnings',
  'ruleset_hash',
  'result_hash',
] as const satisfies readonly (keyof EvaluationResult)[];

export interface EvaluationResult {
  readonly decision: Decision;
  readonly matched_rules: readonly string[];
  readonly unless_exemptions: readonly string[];
  readonly primary_instruction: string | null;
  readonly primary_reason: string | null;
  readonly primary_explanation: Text | null;
  readonly primary_correction: string | null;
  readonly total_evaluated: number;
  readonly total_matched: number;
  /** Present whenever any within/rate window holds state after this evaluation. */
  readonly temporal_state?: TemporalState;
  readonly eval_warnings: readonly EvalWarning[];
  readonly ruleset_hash: string;
  /** Empty when the caller asked for no hash (`hash: false`). */
  readonly result_hash: string;
  /** The rule that decided, or null for the fallback decision. */
  readonly deciding_rule: string | null;
  readonly eval_trace: readonly RuleTrace[];
}

interface PreparedRule {
  readonly rule: CompiledRule;
  /**
   * What the untraced path reads of `rule`, copied here: compiled rules differ in which optional
   * fields they have, so their shapes differ, while every PreparedRule has this one.
   */
  readonly name: string;
  readonly then: Decision;
  readonly ring: Ring;
  readonly enabled: boolean;
  /** The result's primary_instruction, _reason (blocking rules only), _explanation, _correction. */
  readonly instruction: string | null;
  readonly reason: string | null;
  readonly explanation: Text | null;
  readonly correction: string | null;
  /**
   * Its trees compiled to closures, made on the rule's first untraced evaluation (`untracedTrees`):
   * with the rule index most rules of a large document are never run for a given fact, and
   * building every rule's closures up front was most of `new Evaluator` (issue 41).
   */
  untraced: { readonly when: CompiledTree; readonly unless: CompiledTree | null } | undefined;
  /** The same trees built with value recording, made on the first traced evaluation. */
  traced: { readonly when: CompiledTree; readonly unless: CompiledTree | null } | undefined;
  readonly overrideRank: number;
  /** E12: tier ≤ 2 (Simple, table, "true" — Grade A) fails closed; Expression (tier ≥ 3) folds to false. */
  readonly failClosed: boolean;
  /** The rule's decision looked up once: blocking (I-9) and restrictiveness (I-30). */
  readonly blocking: boolean;
  readonly restrictiveness: number;
  /** Its slot in a RuleOutcomes shared with another evaluator, or -1. */
  slot: number;
  /** Its position in evaluation order (rings in turn): how the rule index numbers it. */
  id: number;
}

/** How an Evaluator is built. */
export interface EvaluatorOptions {
  /**
   * Build the rule index: untraced evaluations then skip the rules whose `when` is provably false
   * for the fact (rule-index/rule-index.ts), with the same result. By default it is built for a
   * document of INDEX_MIN_RULES rules or more (for fewer, probing the fields costs more than the
   * rules it skips); true builds it for any document (tests), false never — every rule evaluated,
   * the reference the index is proven against (tests) and measured against (bench).
   */
  readonly index?: boolean;
}

/** The fewest rules for which an Evaluator builds its rule index by default. */
export const INDEX_MIN_RULES = 4;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const OVERRIDE_RANK = new Map<string, number>(OVERRIDE_LEVELS.map((l) => [l.name, l.rank]));

/**
 * A document compiled once for evaluation (§7.0.2): rules sorted by priority, then override
 * (critical first), then definition order, grouped by ring 0 → 3, each tree compiled to closures.
 */
export class Evaluator {
  private readonly rings: readonly (readonly PreparedRule[])[];
  /** Whether any rule uses within/rate (only then is temporal state carried, and as_of matters). */
  readonly stateful: boolean;
  /** Each within/rate key's widest window in the document: how long its events are kept (I-35). */
  private readonly retention: ReadonlyMap<string, number>;

  /** The rule index over the rules in evaluation order, or null (none asked for, or none filed). */
  private readonly index: RuleIndex | null;
  /** The rules in evaluation order (the rings in turn); `id` is the position here. */
  private readonly ordered: readonly PreparedRule[];
  /** Where each ring starts in `ordered` (and, last, its length). */
  private readonly ringStart: readonly number[];
  /** Per rule: how many enabled rules of its ring come before it. */
  private readonly enabledBefore: Int32Array;
  /** The enabled rules in evaluation order (rings in turn): what `runAllUntraced` runs. */
  private readonly enabled: readonly PreparedRule[];
  /** Per ring: how many of its rules are enabled. */
  private readonly ringEnabled: readonly number[];
  /** The enabled rules the index does not file (evaluated for every fact), ascending ids. */
  private readonly always: Int32Array;
  /** Scratch for one fact's candidates (the index's and `always`, merged). */
  private readonly candidates: Int32Array;
  private readonly filed: Int32Array;

  constructor(
    readonly document: CompiledDocument,
    options: EvaluatorOptions = {},
  ) {
    const prepared = document.rules.map((rule): PreparedRule => {
      const blocking = isBlockingDecision(rule.then);
      return {
        rule,
        name: rule.name,
        then: rule.then,
        ring: rule.ring,
        enabled: rule.enabled,
        instruction: rule.instruction ?? null,
        reason: blocking ? (rule.message ?? null) : null,
        explanation: rule.explanation ?? null,
        correction: rule.correction ?? null,
        untraced: undefined,
        traced: undefined,
        overrideRank: OVERRIDE_RANK.get(rule.override) ?? 2,
        failClosed: rule.grade === 'A',
        blocking,
        restrictiveness: restrictiveness(rule.then),
        slot: -1,
        id: -1,
      };
    });
    prepared.sort(
      (a, b) =>
        a.rule.priority - b.rule.priority ||
        a.overrideRank - b.overrideRank ||
        a.rule.index - b.rule.index,
    );
    this.rings = [0, 1, 2, 3].map((ring) => prepared.filter((p) => p.rule.ring === ring));
    const ordered = this.rings.flat();
    this.ordered = ordered;
    this.ringStart = [0, 1, 2, 3, 4].map((k) =>
      this.rings.slice(0, k).reduce((n, ring) => n + ring.length, 0),
    );
    ordered.forEach((p, id) => {
      p.id = id;
    });
    this.enabledBefore = new Int32Array(ordered.length);
    this.ringEnabled = this.rings.map((ring) => {
      let enabled = 0;
      for (const p of ring) {
        this.enabledBefore[p.id] = enabled;
        if (p.rule.enabled) enabled++;
      }
      return enabled;
    });
    const nodes: ExprNode[] = [];
    for (const p of prepared) {
      windowNodes(p.rule.when, nodes);
      if (p.rule.unless) windowNodes(p.rule.unless, nodes);
    }
    this.retention = retentionOf(nodes);
    this.stateful = this.retention.size > 0;
    const index = options.index ?? document.rules.length >= INDEX_MIN_RULES;
    this.index = index
      ? RuleIndex.build(
          ordered.map((p) => p.rule),
          this.fieldSlots,
        )
      : null;
    this.enabled = ordered.filter((p) => p.rule.enabled);
    const always = this.enabled.filter((p) => !this.index?.isFiled(p.id));
    this.always = Int32Array.from(always, (p) => p.id);
    this.filed = new Int32Array(ordered.length);
    this.candidates = new Int32Array(ordered.length);
  }

  /**
   * Pairs two evaluators (each with at most one partner): every rule of `b` whose name, `when`,
   * `unless`, grade and decision equal a rule of `a` gets a shared slot. Null when either document
   * keeps within/rate state (a rule's outcome then depends on the rules before it).
   */
  static shareOutcomes(a: Evaluator, b: Evaluator): RuleOutcomes | null {
    if (a.stateful || b.stateful) return null;
    const key = (p: PreparedRule) =>
      JSON.stringify([
        p.rule.name,
        p.rule.hash,
        p.rule.unless ? canonicalJson(p.rule.unless) : null,
        p.rule.grade,
        p.rule.then,
      ]);
    const mine = new Map<string, PreparedRule>();
    for (const p of a.rings.flat()) mine.set(key(p), p);
    let slots = 0;
    // The pair's index: a's rules in a's order, then b's rules without an a twin filed the same
    // way (same `when`, `unless` and enabled: the index files a rule by those alone).
    const union: IndexableRule[] = a.ordered.map((p) => p.rule);
    const bUnion = new Int32Array(b.ordered.length);
    for (const p of b.ordered) {
      const twin = mine.get(key(p));
      if (twin) {
        mine.delete(key(p));
        twin.slot = slots;
        p.slot = slots++;
      }
      if (twin && twin.rule.enabled === p.rule.enabled) bUnion[p.id] = twin.id;
      else bUnion[p.id] = union.push(p.rule) - 1;
    }
    const index = a.index && b.index ? RuleIndex.build(union, a.fieldSlots) : null;
    // Both versions read a fact's fields under one epoch (RuleOutcomes.epoch), in one set of slots
    // (a condition of b compiled before this keeps its own slot: read again, the same value).
    b.fieldSlots = a.fieldSlots;
    const outcomes = new RuleOutcomes(slots, index);
    if (index) {
      a.pair = a.viewPair(
        outcomes,
        index,
        Int32Array.from(a.ordered, (p) => p.id),
        union.length,
      );
      b.pair = b.viewPair(outcomes, index, bUnion, union.length);
    }
    return outcomes;
  }

  /** The pair index seen from here, where rule i is the union's rule unionOf[i]. */
  private viewPair(
    outcomes: RuleOutcomes,
    index: RuleIndex,
    unionOf: Int32Array,
    unionCount: number,
  ): PairView {
    const ownOf = new Int32Array(unionCount).fill(-1);
    unionOf.forEach((u, own) => {
      ownOf[u] = own;
    });
    const ordered = this.ordered;
    const always = Int32Array.from(
      ordered.filter((p) => p.rule.enabled && !index.isFiled(unionOf[p.id] as number)),
      (p) => p.id,
    );
    return {
      outcomes,
      index,
      unionOf,
      ownOf,
      prefix: unionOf.every((u, own) => u === own),
      always,
      filed: new Int32Array(unionCount),
    };
  }

  /** The fields the index and the untraced conditions read, a slot per path (nodes.ts FieldSlot). */
  private fieldSlots = new Map<string, FieldSlot>();

  /** Set by shareOutcomes when both versions are indexed: the pair's index, seen from here. */
  private pair: PairView | null = null;

  /**
   * The last as_of read: its instant and, once a result hash needed it, the instant's ISO text
   * (null until then).
   */
  private lastAsOf: { text: string; ms: number | null; iso: string | null } = {
    text: '',
    ms: null,
    iso: null,
  };
  /** The evaluation error `judge` folded last (for the trace's reason). */
  private lastError: EvaluationError | null = null;

  /** as_of parsing, cached: bulk evaluation usually repeats one instant. */
  private instant(text: string): number | null {
    if (this.lastAsOf.text !== text) this.lastAsOf = { text, ms: parseInstant(text), iso: null };
    return this.lastAsOf.ms;
  }

  /**
   * The hashed as_of (the instant `instant` just read, as ISO text), cached with it: formatting
   * the date on every evaluation showed in the batch worker's profile, and bulk evaluation
   * usually repeats one instant.
   */
  private instantIso(ms: number): string {
    const last = this.lastAsOf;
    // Another instant since (a fact's getter evaluated again with its own as_of): not cached.
    if (last.ms !== ms) return new Date(ms).toISOString();
    last.iso ??= new Date(ms).toISOString();
    return last.iso;
  }

  evaluate(factInput: unknown, options: EvaluateOptions): EvaluationResult {
    const warnings: EvalWarning[] = [];
    const asOf = typeof options.as_of === 'string' ? this.instant(options.as_of) : null;
    if (asOf === null) {
      warnings.push({
        code: 'invalid_date',
        rule: '',
        message: {
          en: `as_of ${JSON.stringify(options.as_of)} is not an ISO 8601 instant; within/rate conditions cannot be counted`,
          zh: `as_of${typeof options.as_of === 'string' ? zhQuote(options.as_of) : ` ${zhJson(options.as_of)} `}不是 ISO 8601 时刻；within/rate 条件无法计数`,
        },
      });
    }
    // Fact strings are NFC-normalized as they are read (nodes.ts); the full walk happens only for
    // the result hash, which needs the canonical fact.
    const fact = factInput as Value;
    const factInvalid = checkFactShape(factInput);
    if (factInvalid) warnings.push({ code: 'fact_invalid', rule: '', message: factInvalid });
    // A state given by the caller is checked, so a malformed one is reported (and within/rate
    // fail per E12) rather than crashing or silently resetting the counts.
    let stateIn: TemporalState | null = EMPTY_STATE;
    if (options.temporal_state !== undefined) {
      const parsed = parseTemporalState(options.temporal_state);
      stateIn = parsed.ok ? parsed.state : null;
      if (!parsed.ok)
        warnings.push({
          code: 'state_invalid',
          rule: '',
          message: {
            en: `${parsed.message.en}; within/rate conditions cannot be counted`,
            zh: `${parsed.message.zh}；within/rate 条件无法计数`,
          },
        });
    }
    const tracing = options.trace === true;
    const guardContext = options.guard === true || factInvalid !== null;
    const shared = tracing || guardContext ? null : (options.outcomes ?? null);
    const epoch = shared !== null ? shared.epoch : nextEpoch();
    const env: Env = {
      fact,
      element: undefined,
      asOf,
      // No within/rate in the document: nothing ever reads the window state.
      temporal: this.stateful ? new TemporalWork(stateIn, this.retention) : NO_WINDOWS,
      warnings,
      rule: '',
      // A fact that is not a mapping never gets the document's default: every rule's evaluation
      // is an error, judged as in a Guard context (ruling I-89).
      guardContext,
      factInvalid,
      trace: null,
      steps: 0,
      epoch,
    };
    const trace: RuleTrace[] = [];
    const matched: PreparedRule[] = [];
    const exemptions: string[] = [];
    // The rule index (untraced, on a mapping): a rule it rules out is judged false unevaluated.
    const pair = shared !== null && this.pair?.outcomes === shared ? this.pair : null;
    let evaluated: number;
    if (pair !== null && factInvalid === null) {
      // Both versions read one selection of the pair's index per fact (the first one makes it).
      if (shared?.selection === UNSELECTED)
        shared.selection = pair.index.select(fact, epoch) ? SELECTED : NOT_SELECTED;
      evaluated =
        shared?.selection === SELECTED
          ? this.runIndexed(
              pair.index,
              this.pairCandidates(pair),
              pair.unionOf,
              env,
              shared,
              matched,
              exemptions,
            )
          : this.runAllUntraced(env, shared, matched, exemptions);
    } else
      evaluated =
        this.index !== null && !tracing && factInvalid === null && this.index.select(fact, epoch)
          ? this.runIndexed(
              this.index,
              mergeAscending(
                this.filed,
                this.index.candidates(this.filed),
                this.always,
                this.candidates,
              ),
              null,
              env,
              shared,
              matched,
              exemptions,
            )
          : tracing
            ? this.runAllTraced(env, trace, matched, exemptions)
            : this.runAllUntraced(env, shared, matched, exemptions);
    env.trace = null;

    // Ring results combine by safety (ruling I-30): a DENY covered by a matched ALLOW of strictly
    // higher override drops out; of the rest, the most restrictive decision wins (earliest on ties).
    let decider: PreparedRule | null = null;
    for (const p of matched) {
      if (p.then === 'DENY' && isCovered(p, matched)) {
        const t = trace.find((x) => x.rule === p.name);
        if (t)
          trace[trace.indexOf(t)] = {
            ...t,
            status: 'covered',
            note: 'DENY covered by an ALLOW with a higher override (§7.1)',
          };
        continue;
      }
      if (!decider || p.restrictiveness > decider.restrictiveness) decider = p;
    }
    const decision = decider ? decider.then : this.document.metadata.decision;
    // Pushed into a literal, not `matched.map`: map's arrays change their elements kind when the
    // first name is stored (an empty one keeps the other), and code optimized for one kind was
    // thrown away and compiled again at the first fact with the other (issue #41, round 7).
    const matchedNames: string[] = [];
    for (let i = 0; i < matched.length; i++) matchedNames.push((matched[i] as PreparedRule).name);
    const result_hash =
      options.hash === false
        ? ''
        : resultHash({
            ruleset_hash: this.document.hash,
            fact: factInvalid ? null : canonicalFact(factInput, warnings),
            as_of: asOf === null ? String(options.as_of) : this.instantIso(asOf),
            temporal_state: stateIn,
            decision,
            matched_rules: matchedNames,
          });
    // Built as one literal (no spreads): this object is made once per evaluation.
    const result: Mutable<EvaluationResult> = {
      decision,
      matched_rules: matchedNames,
      unless_exemptions: exemptions,
      primary_instruction: decider ? decider.instruction : null,
      primary_reason: decider ? decider.reason : null,
      primary_explanation: decider ? decider.explanation : null,
      primary_correction: decider ? decider.correction : null,
      total_evaluated: evaluated,
      total_matched: matchedNames.length,
      eval_warnings: warnings,
      ruleset_hash: this.document.hash,
      result_hash,
      deciding_rule: decider ? decider.name : null,
      eval_trace: trace,
    };
    if (this.stateful && stateIn) {
      const temporal = env.temporal.result();
      if (Object.keys(temporal.windows).length > 0) result.temporal_state = temporal;
    }
    return result;
  }

  /**
   * Every rule in order, traced (§7.0.2): each rule's status in `trace`; returns how many were
   * evaluated. Untraced evaluations run `runAllUntraced` (or `runIndexed`).
   */
  private runAllTraced(
    env: Env,
    trace: RuleTrace[],
    matched: PreparedRule[],
    exemptions: string[],
  ): number {
    let evaluated = 0;
    let halted = false;

    for (const ring of this.rings) {
      let winner: PreparedRule | null = null;
      for (const p of ring) {
        const r = p.rule;
        if (!r.enabled) {
          trace.push({ ...traceBase(r), status: 'disabled' });
          continue;
        }
        // After a match the ring is decided; only an ALLOW with a higher override may still run,
        // to see whether it covers a DENY (§7.0.2 d, §7.1).
        const mayCover = winner?.then === 'DENY' && covers(p, winner);
        if (halted || (winner && !mayCover)) {
          trace.push({
            ...traceBase(r),
            status: 'not_reached',
            ...(halted ? { note: 'EMERGENCY_HALT short-circuits evaluation' } : {}),
          });
          continue;
        }
        evaluated++;
        const base = traceBase(r);
        // Traced (never shared: a traced evaluation ignores shared outcomes).
        env.rule = r.name;
        env.steps = 0;
        const nodeValues: unknown[] = [];
        const unlessValues: unknown[] = [];
        const trees = tracedTrees(p);
        if (trees.unless) {
          env.trace = unlessValues;
          if (this.judge(env, p, trees.unless, true) === true) {
            exemptions.push(r.name);
            trace.push({ ...base, status: 'exempted', ...traceTrees(p, unlessValues, null) });
            continue;
          }
        }
        env.trace = nodeValues;
        this.lastError = null;
        const outcome = this.judge(env, p, trees.when, false);
        const status: RuleStatus =
          outcome === true ? 'matched' : outcome === false ? 'false' : outcome;
        const error = status === 'matched' || status === 'false' ? null : this.lastError;
        const reason =
          status === 'matched' ? null : explainFailure(trees.when.nodes, nodeValues, status, error);
        trace.push({
          ...base,
          status,
          ...traceTrees(p, unlessValues, nodeValues, error),
          ...(reason ? { reason } : {}),
        });
        if (status !== 'matched' && status !== 'error_fail_closed') continue;
        matched.push(p);
        if (!winner) winner = p;
        if (r.then === 'EMERGENCY_HALT') halted = true;
      }
    }
    return evaluated;
  }

  /**
   * `runAllTraced` untraced (no index, or the index did not select the fact): the rules by position in
   * evaluation order, with the same outcome, matches and count. After an EMERGENCY_HALT nothing is
   * evaluated, so it returns at once.
   */
  private runAllUntraced(
    env: Env,
    shared: RuleOutcomes | null,
    matched: PreparedRule[],
    exemptions: string[],
  ): number {
    const rules = this.enabled;
    let evaluated = 0;
    let ring = -1;
    let winner: PreparedRule | null = null;
    for (let k = 0; k < rules.length; k++) {
      const p = rules[k] as PreparedRule;
      if (p.ring !== ring) {
        ring = p.ring;
        winner = null;
      } else if (
        // After a match the ring is decided; only an ALLOW with a higher override may still run,
        // to see whether it covers a DENY (§7.0.2 d, §7.1).
        winner !== null &&
        !(winner.then === 'DENY' && covers(p, winner))
      )
        continue;
      evaluated++;
      if (this.runUntraced(env, p, shared, exemptions)) {
        matched.push(p);
        if (winner === null) winner = p;
        if (p.then === 'EMERGENCY_HALT') return evaluated;
      }
    }
    return evaluated;
  }

  /**
   * Untraced, after the index selected the fact: only the candidates (the rules it did not rule
   * out) are run, in order; a rule ruled out is counted as evaluated and judged false, exactly as
   * `runAllUntraced` would have found it. Returns how many rules were evaluated.
   */
  private runIndexed(
    index: RuleIndex,
    n: number,
    unionOf: Int32Array | null,
    env: Env,
    shared: RuleOutcomes | null,
    matched: PreparedRule[],
    exemptions: string[],
  ): number {
    const cands = this.candidates;
    const ordered = this.ordered;
    let evaluated = 0;
    let c = 0;
    for (let ring = 0; ring < 4; ring++) {
      const end = this.ringStart[ring + 1] as number;
      let winner: PreparedRule | null = null;
      while (c < n && (cands[c] as number) < end) {
        const p = ordered[cands[c++] as number] as PreparedRule;
        if (this.runUntraced(env, p, shared, exemptions)) {
          matched.push(p);
          winner = p;
          break;
        }
      }
      if (winner === null) {
        evaluated += this.ringEnabled[ring] as number;
        continue;
      }
      evaluated += (this.enabledBefore[winner.id] as number) + 1;
      // After a match the ring is decided (EMERGENCY_HALT: every ring); only an ALLOW with a
      // higher override may still run, to see whether it covers a DENY (§7.0.2 d, §7.1).
      if (winner.then === 'EMERGENCY_HALT') break;
      if (winner.then === 'DENY')
        for (let id = winner.id + 1; id < end; id++) {
          const p = ordered[id] as PreparedRule;
          if (!p.enabled || !covers(p, winner)) continue;
          evaluated++;
          const filedAs = unionOf === null ? id : (unionOf[id] as number);
          if (index.mayMatch(filedAs) && this.runUntraced(env, p, shared, exemptions))
            matched.push(p);
        }
      while (c < n && (cands[c] as number) < end) c++;
    }
    return evaluated;
  }

  /**
   * After the pair's index selected the fact: this version's candidates (the union candidates
   * that are its rules, as its own positions, ascending, merged with its `always`) in
   * `this.candidates`; returns how many.
   */
  private pairCandidates(pair: PairView): number {
    const filed = pair.filed;
    const m = pair.index.candidates(filed);
    let k = 0;
    if (pair.prefix) {
      // Its rules are the union's first ones, in its order: the candidates below its count.
      const count = this.ordered.length;
      while (k < m && (filed[k] as number) < count) k++;
    } else {
      const ownOf = pair.ownOf;
      for (let i = 0; i < m; i++) {
        const own = ownOf[filed[i] as number] as number;
        if (own < 0) continue;
        // Insertion (k ≤ i: only the part already read is written): few candidates per fact.
        let at = k++;
        while (at > 0 && (filed[at - 1] as number) > own) {
          filed[at] = filed[at - 1] as number;
          at--;
        }
        filed[at] = own;
      }
    }
    return mergeAscending(filed, k, pair.always, this.candidates);
  }

  /**
   * One rule, untraced: its `unless` (an exemption is recorded), then its `when`, or the outcome a
   * shared evaluator recorded for it. True when it matched (or failed closed).
   */
  private runUntraced(
    env: Env,
    p: PreparedRule,
    shared: RuleOutcomes | null,
    exemptions: string[],
  ): boolean {
    const slot = shared ? p.slot : -1;
    const known = slot >= 0 ? ((shared as RuleOutcomes).codes[slot] as number) : NOT_YET;
    if (known === EXEMPTED) {
      exemptions.push(p.name);
      return false;
    }
    if (known !== NOT_YET) {
      const status = JUDGED[known - 2] as RuleStatus;
      return status === 'matched' || status === 'error_fail_closed';
    }
    env.rule = p.name;
    env.steps = 0;
    const trees = p.untraced ?? untracedTrees(p, this.fieldSlots);
    if (trees.unless !== null && this.judge(env, p, trees.unless, true) === true) {
      exemptions.push(p.name);
      if (slot >= 0) (shared as RuleOutcomes).codes[slot] = EXEMPTED;
      return false;
    }
    this.lastError = null;
    const outcome = this.judge(env, p, trees.when, false);
    if (slot >= 0)
      (shared as RuleOutcomes).codes[slot] =
        (outcome === true ? 0 : outcome === false ? 1 : JUDGED.indexOf(outcome)) + 2;
    return outcome === true || outcome === 'error_fail_closed';
  }

  /** Runs one tree; folds an evaluation error per E12 (ruling I-31). */
  private judge(
    env: Env,
    p: PreparedRule,
    tree: CompiledTree,
    isUnless: boolean,
  ): boolean | 'error_fail_closed' | 'error_folded_false' {
    try {
      // A fact that is not a mapping: said once (evaluate's fact_invalid warning), judged here.
      if (env.factInvalid) throw NO_FACT;
      return tree.fn(env) === true;
    } catch (caught) {
      return this.fold(env, p, caught, isUnless);
    }
  }

  /**
   * `judge`'s evaluation error, folded per E12 (ruling I-31) and said in the warnings: apart, so
   * that `judge` itself stays small enough to be inlined where every rule is judged.
   */
  private fold(
    env: Env,
    p: PreparedRule,
    caught: unknown,
    isUnless: boolean,
  ): 'error_fail_closed' | 'error_folded_false' {
    if (caught !== NO_FACT) {
      // Anything else thrown inside a condition (a kernel bug, a fact whose getters throw) is
      // still an evaluation error of this rule: evaluation never throws, and E12 folds it.
      const e =
        caught instanceof EvaluationError
          ? caught
          : new EvaluationError('internal_error', {
              en: `internal error: ${caught instanceof Error ? caught.message : String(caught)}`,
              zh: `内部错误：${caught instanceof Error ? caught.message : String(caught)}`,
            });
      this.lastError = e;
      env.warnings.push({ code: e.code, rule: p.rule.name, message: e.bilingual });
    }
    // An error never exempts (unless) and never lets a non-blocking rule match.
    const closed = !isUnless && (p.failClosed || env.guardContext) && p.blocking;
    env.warnings.push(
      closed
        ? {
            code: 'error_fail_closed',
            rule: p.rule.name,
            message: {
              en: `evaluation error: rule fails closed and applies ${p.rule.then} (E12)`,
              zh: `求值错误：规则失败关闭，采用 ${p.rule.then}（E12）`,
            },
          }
        : {
            code: 'error_folded_false',
            rule: p.rule.name,
            message: {
              en: 'evaluation error: condition folded to false (E12)',
              zh: '求值错误：条件折叠为 false（E12）',
            },
          },
    );
    return closed ? 'error_fail_closed' : 'error_folded_false';
  }
}

/** Merges two ascending runs (`a` of length `na`, all of `b`) into `out`; returns the length. */
function mergeAscending(a: Int32Array, na: number, b: Int32Array, out: Int32Array): number {
  let i = 0;
  let j = 0;
  let n = 0;
  const nb = b.length;
  while (i < na && j < nb)
    out[n++] = (a[i] as number) < (b[j] as number) ? (a[i++] as number) : (b[j++] as number);
  while (i < na) out[n++] = a[i++] as number;
  while (j < nb) out[n++] = b[j++] as number;
  return n;
}

/** The window state of every evaluation of a document without within/rate: never read. */
const NO_WINDOWS = new TemporalWork(EMPTY_STATE);

/** Thrown by `judge` for every rule when the fact is not a mapping (ruling I-89). */
const NO_FACT = Symbol('no fact');

/** The fact as hashed: NFC strings; an invalid fact is reported and hashed as null. */
function canonicalFact(input: unknown, warnings: EvalWarning[]): Value {
  const prepared = prepareFact(input);
  if (prepared.ok) return prepared.fact;
  warnings.push({
    code: 'fact_invalid',
    rule: '',
    message: {
      en: `fact ${prepared.path || '(root)'}: ${prepared.problem}`,
      zh: `事实 ${prepared.path || '（根）'}：${prepared.problem}`,
    },
  });
  return null;
}

/** The fields every rule trace starts with. */
function traceBase(r: CompiledRule) {
  return { rule: r.name, ring: r.ring, priority: r.priority, override: r.override, then: r.then };
}

/** A rule's untraced closures, built on first use. */
function untracedTrees(
  p: PreparedRule,
  slots: Map<string, FieldSlot>,
): {
  readonly when: CompiledTree;
  readonly unless: CompiledTree | null;
} {
  p.untraced ??= {
    when: compileTree(p.rule.when, false, slots),
    unless: p.rule.unless ? compileTree(p.rule.unless, false, slots) : null,
  };
  return p.untraced;
}

/**
 * Appends a tree's within/rate nodes (all `retentionOf` reads), not every node: on 1,000 rules a
 * list of every node was 7% of `new Evaluator`.
 */
function windowNodes(n: ExprNode, out: ExprNode[]): void {
  if (n.node === 'within' || n.node === 'rate') out.push(n);
  if ('args' in n) for (const a of n.args) windowNodes(a, out);
}

function tracedTrees(p: PreparedRule): {
  readonly when: CompiledTree;
  readonly unless: CompiledTree | null;
} {
  p.traced ??= {
    when: compileTree(p.rule.when, true),
    unless: p.rule.unless ? compileTree(p.rule.unless, true) : null,
  };
  return p.traced;
}

/** Whether `rule` is an ALLOW of strictly higher override than `deny`, so covers it (ruling I-30). */
function covers(rule: PreparedRule, deny: PreparedRule): boolean {
  return rule.then === 'ALLOW' && rule.overrideRank < deny.overrideRank;
}

function isCovered(deny: PreparedRule, matched: readonly PreparedRule[]): boolean {
  for (const a of matched) if (covers(a, deny)) return true;
  return false;
}

function restrictiveness(d: Decision): number {
  return decisionInfo(d)?.restrictiveness ?? Number.MAX_SAFE_INTEGER;
}

function traceTrees(
  p: PreparedRule,
  unlessValues: unknown[] | null,
  whenValues: unknown[] | null,
  whenError: EvaluationError | null = null,
): { unless?: TraceNode; when?: TraceNode } {
  const out: { unless?: TraceNode; when?: TraceNode } = {};
  const trees = tracedTrees(p);
  if (unlessValues && trees.unless) out.unless = traceTree(trees.unless.nodes, unlessValues, null);
  if (whenValues) out.when = traceTree(trees.when.nodes, whenValues, whenError);
  return out;
}

/**
 * Rebuilds the node tree (preorder ids) with each evaluated node's value: a read of a field that
 * is not there is `missing` (not `null`), a literal shows its value, and the node an evaluation
 * error was raised at (`error.node`, stamped by the traced build) and the nodes it stopped on the
 * way up say so.
 */
function traceTree(
  nodes: readonly ExprNode[],
  values: readonly unknown[],
  error: EvaluationError | null,
): TraceNode {
  let i = 0;
  const at = error?.node;
  const next = (): { trace: TraceNode; failed: boolean } => {
    const id = i++;
    const n = nodes[id] as ExprNode;
    const children = 'args' in n ? n.args.map(() => next()) : undefined;
    const args = children?.map((c) => c.trace);
    const evaluated = id in values;
    const raw = evaluated
      ? (values[id] as Value)
      : n.node === 'literal'
        ? literalNodeValue(n)
        : undefined;
    const known = evaluated || n.node === 'literal';
    const read = n.node === 'field' || n.node === 'var';
    const missing = evaluated && raw === undefined && read;
    const exact = known && !missing ? exactJsonText(raw) : undefined;
    // The error passed up from the node it was raised at, through every node that had not answered.
    const failed =
      error !== null &&
      at !== undefined &&
      !evaluated &&
      (id === at || children?.some((c) => c.failed) === true);
    return {
      trace: {
        node: n.node,
        ...(read ? { path: (n as { path: string }).path } : {}),
        ...(known && !missing ? { value: toJson(raw) } : {}),
        ...(missing ? { missing: true as const } : {}),
        ...(exact === undefined ? {} : { exact }),
        ...(failed && error ? { error: { code: error.code, at: id === at } } : {}),
        ...(args ? { args } : {}),
      },
      failed,
    };
  };
  return next().trace;
}

/**
 * The result hash (docs/canonical-form.md §11): sha256 of the RFC 8785 JSON of
 * {ruleset_hash, fact, as_of, temporal_state (as given), decision, matched_rules}.
 */
export function resultHash(preimage: {
  ruleset_hash: string;
  fact: Value;
  as_of: string;
  /** The state as given; null when the given state was invalid. */
  temporal_state: TemporalState | null;
  decision: Decision;
  matched_rules: readonly string[];
}): string {
  return resultHashOf(preimage);
}

/** One-shot convenience: compile for evaluation and evaluate. Prefer `new Evaluator(doc)` for many facts. */
export function evaluate(
  document: CompiledDocument,
  fact: unknown,
  options: EvaluateOptions,
): EvaluationResult {
  return new Evaluator(document).evaluate(fact, options);
}
