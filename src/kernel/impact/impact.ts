/**
 * Impact of a change (issue #19 point 4): two compiled versions of a rule set evaluated over the
 * same facts. How many facts change decision, the transition matrix (old decision → new decision),
 * the first few facts of each changed transition with both versions' matched rules, and which
 * rules cause the change (matched in one version and not the other, counted over the facts whose
 * decision changed). Streaming: facts are added one at a time (or in budgeted steps), so the
 * studio's worker can report progress and stop, and memory does not grow with the fact count.
 */
import type { CompiledDocument } from '../document/compiled';
import { Evaluator } from '../eval/evaluate';
import { toJson } from '../eval/values';
import { DEFAULT_SUITE_AS_OF } from '../suite/run-suite';
import type { SuiteCase } from '../suite/types';
import { DECISION_NAMES, type Decision } from '../vocabulary/decisions';

/** Samples kept per changed transition (the first ones met, in fact order). */
export const IMPACT_SAMPLES = 3;

export interface ImpactSide {
  readonly decision: Decision;
  readonly matched_rules: readonly string[];
}

export interface ImpactSample {
  /** The fact's name (a suite case's name, or "line N" of an imported fact set). */
  readonly name: string;
  /** 0-based position of the fact in the input. */
  readonly index: number;
  readonly fact: unknown;
  readonly old: ImpactSide;
  readonly new: ImpactSide;
}

export interface ImpactCell {
  readonly from: Decision;
  readonly to: Decision;
  readonly count: number;
}

export interface ImpactTransition extends ImpactCell {
  readonly samples: readonly ImpactSample[];
}

/** A rule matched in one version and not the other, over the facts whose decision changed. */
export interface ImpactCause {
  readonly rule: string;
  /** Changed facts the old version matched this rule on and the new one did not. */
  readonly only_old: number;
  /** Changed facts the new version matched this rule on and the old one did not. */
  readonly only_new: number;
}

export interface ImpactReport {
  readonly old_hash: string;
  readonly new_hash: string;
  /** Facts evaluated. */
  readonly total: number;
  /** Facts whose decision differs between the two versions. */
  readonly changed: number;
  /** Facts with the same decision but a different set of matched rules. */
  readonly rules_changed: number;
  /** Every non-empty (from, to) cell, unchanged ones included, in decision-vocabulary order. */
  readonly matrix: readonly ImpactCell[];
  /** The cells with from ≠ to, with their first samples, most frequent first. */
  readonly transitions: readonly ImpactTransition[];
  /** Rules that cause the change, most facts first, then by name. */
  readonly causes: readonly ImpactCause[];
}

export interface ImpactOptions {
  /** Instant for facts without their own `as_of` (default DEFAULT_SUITE_AS_OF). */
  readonly as_of?: string;
  /** Samples kept per transition (default IMPACT_SAMPLES). */
  readonly samples?: number;
}

const ORDER = new Map<string, number>(DECISION_NAMES.map((d, i) => [d, i]));
const rank = (d: string) => ORDER.get(d) ?? DECISION_NAMES.length;

/** Incremental impact analysis: `add` each fact, then `report()` (callable at any point). */
export class ImpactRun {
  private readonly oldEval: Evaluator;
  private readonly newEval: Evaluator;
  private readonly asOf: string;
  private readonly sampleLimit: number;
  private readonly cells = new Map<string, { from: Decision; to: Decision; count: number }>();
  private readonly samples = new Map<string, ImpactSample[]>();
  private readonly causes = new Map<string, { only_old: number; only_new: number }>();
  private total = 0;
  private changed = 0;
  private rulesChanged = 0;

  constructor(
    readonly oldDocument: CompiledDocument,
    readonly newDocument: CompiledDocument,
    options: ImpactOptions = {},
  ) {
    this.oldEval = new Evaluator(oldDocument);
    this.newEval = new Evaluator(newDocument);
    this.asOf = options.as_of ?? DEFAULT_SUITE_AS_OF;
    this.sampleLimit = options.samples ?? IMPACT_SAMPLES;
  }

  /** Facts evaluated so far. */
  get done(): number {
    return this.total;
  }

  /** Evaluates one fact in both versions and counts it. */
  add(c: Pick<SuiteCase, 'name' | 'fact' | 'as_of'>): void {
    const as_of = c.as_of ?? this.asOf;
    const a = this.oldEval.evaluate(c.fact, { as_of, hash: false });
    const b = this.newEval.evaluate(c.fact, { as_of, hash: false });
    const index = this.total++;
    const key = `${a.decision}\u0000${b.decision}`;
    const cell = this.cells.get(key);
    if (cell) cell.count++;
    else this.cells.set(key, { from: a.decision, to: b.decision, count: 1 });
    const oldSet = new Set(a.matched_rules);
    const newSet = new Set(b.matched_rules);
    if (a.decision === b.decision) {
      if (oldSet.size !== newSet.size || a.matched_rules.some((r) => !newSet.has(r)))
        this.rulesChanged++;
      return;
    }
    this.changed++;
    for (const r of a.matched_rules) if (!newSet.has(r)) this.cause(r).only_old++;
    for (const r of b.matched_rules) if (!oldSet.has(r)) this.cause(r).only_new++;
    let list = this.samples.get(key);
    if (!list) {
      list = [];
      this.samples.set(key, list);
    }
    if (list.length < this.sampleLimit)
      list.push({
        name: c.name,
        index,
        fact: toJson(c.fact),
        old: { decision: a.decision, matched_rules: [...a.matched_rules] },
        new: { decision: b.decision, matched_rules: [...b.matched_rules] },
      });
  }

  private cause(rule: string): { only_old: number; only_new: number } {
    let c = this.causes.get(rule);
    if (!c) {
      c = { only_old: 0, only_new: 0 };
      this.causes.set(rule, c);
    }
    return c;
  }

  report(): ImpactReport {
    const matrix = [...this.cells.values()]
      .map((c) => ({ ...c }))
      .sort((x, y) => rank(x.from) - rank(y.from) || rank(x.to) - rank(y.to));
    const transitions = matrix
      .filter((c) => c.from !== c.to)
      .sort((x, y) => y.count - x.count || rank(x.from) - rank(y.from) || rank(x.to) - rank(y.to))
      .map((c) => ({ ...c, samples: [...(this.samples.get(`${c.from}\u0000${c.to}`) ?? [])] }));
    const causes = [...this.causes.entries()]
      .map(([rule, c]) => ({ rule, ...c }))
      .sort(
        (x, y) =>
          y.only_old + y.only_new - (x.only_old + x.only_new) ||
          (x.rule < y.rule ? -1 : x.rule > y.rule ? 1 : 0),
      );
    return {
      old_hash: this.oldDocument.hash,
      new_hash: this.newDocument.hash,
      total: this.total,
      changed: this.changed,
      rules_changed: this.rulesChanged,
      matrix,
      transitions,
      causes,
    };
  }
}

/** The whole impact of `newDocument` over `oldDocument` on `facts` (any iterable, read once). */
export function analyzeImpact(
  oldDocument: CompiledDocument,
  newDocument: CompiledDocument,
  facts: Iterable<Pick<SuiteCase, 'name' | 'fact' | 'as_of'>>,
  options: ImpactOptions = {},
): ImpactReport {
  const run = new ImpactRun(oldDocument, newDocument, options);
  for (const f of facts) run.add(f);
  return run.report();
}
