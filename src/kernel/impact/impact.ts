/**
 * Impact of a change (issue #19 point 4): two compiled versions of a rule set evaluated over the
 * same facts. How many facts change decision, the transition matrix (old decision → new decision),
 * the first few facts of each changed transition with both versions' matched rules, and which
 * rules cause the change (matched in one version and not the other, counted over the facts whose
 * decision changed). Streaming: facts are added one at a time (or in budgeted steps), so the
 * studio's worker can report progress and stop, and memory does not grow with the fact count.
 */
import type { CompiledDocument } from '../document/compiled';
import {
  type EvaluateOptions,
  type EvaluationResult,
  Evaluator,
  type RuleOutcomes,
} from '../eval/evaluate';
import { exactJsonText, toJson } from '../eval/values';
import { DEFAULT_SUITE_AS_OF } from '../suite/run-suite';
import type { RecordLines, SuiteCase } from '../suite/types';
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
  /** The lines of an imported fact set's record named by them (`name` is then "line N"). */
  readonly record?: RecordLines;
  /** 0-based position of the fact in the input. */
  readonly index: number;
  readonly fact: unknown;
  /** The fact's JSON text with every digit, when `fact` (plain JSON) lost some (ruling I-89). */
  readonly exact?: string;
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
  /** Outcomes of the rules both versions share, reused for the new version (null: none). */
  private readonly shared: RuleOutcomes | null;
  private readonly asOf: string;
  private readonly sampleLimit: number;
  /** The matrix's cells by old decision, then new (no key string made per fact). */
  private readonly cells = new Map<
    Decision,
    Map<Decision, { from: Decision; to: Decision; count: number }>
  >();
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
    this.shared = Evaluator.shareOutcomes(this.oldEval, this.newEval);
    this.asOf = options.as_of ?? DEFAULT_SUITE_AS_OF;
    this.sampleLimit = options.samples ?? IMPACT_SAMPLES;
    this.options = this.optionsAt(this.asOf);
  }

  /** How both versions evaluate a fact: no hash, the shared outcomes when there are. */
  private readonly options: EvaluateOptions;

  private optionsAt(as_of: string): EvaluateOptions {
    return this.shared ? { as_of, hash: false, outcomes: this.shared } : { as_of, hash: false };
  }

  /** Facts evaluated so far. */
  get done(): number {
    return this.total;
  }

  /** Evaluates one fact in both versions and counts it. */
  add(c: Pick<SuiteCase, 'name' | 'fact' | 'as_of' | 'record'>): void {
    const shared = this.shared;
    // The run's own options for a fact without its own instant (most facts): none made per fact.
    const options = c.as_of === undefined ? this.options : this.optionsAt(c.as_of);
    shared?.clear();
    const a: EvaluationResult = this.oldEval.evaluate(c.fact, options);
    const b: EvaluationResult = this.newEval.evaluate(c.fact, options);
    const index = this.total++;
    let row = this.cells.get(a.decision);
    if (!row) {
      row = new Map();
      this.cells.set(a.decision, row);
    }
    const cell = row.get(b.decision);
    if (cell) cell.count++;
    else row.set(b.decision, { from: a.decision, to: b.decision, count: 1 });
    const ra = a.matched_rules;
    const rb = b.matched_rules;
    if (a.decision === b.decision) {
      // Most facts match the same rules in the same order: no sets needed to see that.
      if (!sameList(ra, rb) && !sameSet(ra, rb)) this.rulesChanged++;
      return;
    }
    this.changed++;
    const key = `${a.decision}\u0000${b.decision}`;
    const oldSet = new Set(ra);
    const newSet = new Set(rb);
    for (const r of ra) if (!newSet.has(r)) this.cause(r).only_old++;
    for (const r of rb) if (!oldSet.has(r)) this.cause(r).only_new++;
    let list = this.samples.get(key);
    if (!list) {
      list = [];
      this.samples.set(key, list);
    }
    if (list.length < this.sampleLimit)
      list.push({
        name: c.name,
        ...(c.record ? { record: c.record } : {}),
        index,
        fact: toJson(c.fact),
        ...exactText(c.fact),
        old: { decision: a.decision, matched_rules: [...ra] },
        new: { decision: b.decision, matched_rules: [...rb] },
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
    return finish({
      old_hash: this.oldDocument.hash,
      new_hash: this.newDocument.hash,
      total: this.total,
      changed: this.changed,
      rules_changed: this.rulesChanged,
      cells: [...this.cells.values()].flatMap((row) => [...row.values()]),
      samples: (from, to) => this.samples.get(`${from}\u0000${to}`) ?? [],
      causes: this.causes.entries(),
    });
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  if (sa.size !== sb.size) return false;
  for (const r of sa) if (!sb.has(r)) return false;
  return true;
}

/** The report from its counts, in the one order every report has (see ImpactReport). */
function finish(parts: {
  old_hash: string;
  new_hash: string;
  total: number;
  changed: number;
  rules_changed: number;
  cells: Iterable<ImpactCell>;
  samples: (from: Decision, to: Decision) => readonly ImpactSample[];
  causes: Iterable<[string, { only_old: number; only_new: number }]>;
}): ImpactReport {
  const matrix = [...parts.cells]
    .map((c) => ({ from: c.from, to: c.to, count: c.count }))
    .sort((x, y) => rank(x.from) - rank(y.from) || rank(x.to) - rank(y.to));
  const transitions = matrix
    .filter((c) => c.from !== c.to)
    .sort((x, y) => y.count - x.count || rank(x.from) - rank(y.from) || rank(x.to) - rank(y.to))
    .map((c) => ({ ...c, samples: [...parts.samples(c.from, c.to)] }));
  const causes = [...parts.causes]
    .map(([rule, c]) => ({ rule, only_old: c.only_old, only_new: c.only_new }))
    .sort(
      (x, y) =>
        y.only_old + y.only_new - (x.only_old + x.only_new) ||
        (x.rule < y.rule ? -1 : x.rule > y.rule ? 1 : 0),
    );
  return {
    old_hash: parts.old_hash,
    new_hash: parts.new_hash,
    total: parts.total,
    changed: parts.changed,
    rules_changed: parts.rules_changed,
    matrix,
    transitions,
    causes,
  };
}

/**
 * One report from the reports of consecutive parts of a fact set (each part's first fact follows
 * the previous part's last), as a worker pool produces them: counts add up, each sample's index
 * moves by the facts of the parts before it, and each transition keeps its first `samples` facts
 * in input order. The result is the report of the whole fact set, byte for byte, however it was
 * split. Every part must compare the same two versions with the same sample limit.
 */
export function mergeImpactReports(
  parts: readonly ImpactReport[],
  options: Pick<ImpactOptions, 'samples'> = {},
): ImpactReport {
  const first = parts[0];
  if (!first) throw new Error('mergeImpactReports: no parts');
  const limit = options.samples ?? IMPACT_SAMPLES;
  const cells = new Map<string, ImpactCell & { count: number }>();
  const samples = new Map<string, ImpactSample[]>();
  const causes = new Map<string, { only_old: number; only_new: number }>();
  let total = 0;
  let changed = 0;
  let rulesChanged = 0;
  for (const part of parts) {
    if (part.old_hash !== first.old_hash || part.new_hash !== first.new_hash)
      throw new Error('mergeImpactReports: the parts compare different versions');
    for (const c of part.matrix) {
      const key = `${c.from}\u0000${c.to}`;
      const cell = cells.get(key);
      if (cell) cell.count += c.count;
      else cells.set(key, { from: c.from, to: c.to, count: c.count });
    }
    for (const t of part.transitions) {
      const key = `${t.from}\u0000${t.to}`;
      let list = samples.get(key);
      if (!list) {
        list = [];
        samples.set(key, list);
      }
      for (const s of t.samples)
        if (list.length < limit) list.push({ ...s, index: s.index + total });
    }
    for (const c of part.causes) {
      const sum = causes.get(c.rule);
      if (sum) {
        sum.only_old += c.only_old;
        sum.only_new += c.only_new;
      } else causes.set(c.rule, { only_old: c.only_old, only_new: c.only_new });
    }
    total += part.total;
    changed += part.changed;
    rulesChanged += part.rules_changed;
  }
  return finish({
    old_hash: first.old_hash,
    new_hash: first.new_hash,
    total,
    changed,
    rules_changed: rulesChanged,
    cells: cells.values(),
    samples: (from, to) => samples.get(`${from}\u0000${to}`) ?? [],
    causes: causes.entries(),
  });
}

/** The whole impact of `newDocument` over `oldDocument` on `facts` (any iterable, read once). */
export function analyzeImpact(
  oldDocument: CompiledDocument,
  newDocument: CompiledDocument,
  facts: Iterable<Pick<SuiteCase, 'name' | 'fact' | 'as_of' | 'record'>>,
  options: ImpactOptions = {},
): ImpactReport {
  const run = new ImpactRun(oldDocument, newDocument, options);
  for (const f of facts) run.add(f);
  return run.report();
}

/** `{ exact }` when a fact's plain JSON would lose a digit of one of its numbers (ruling I-89). */
function exactText(fact: SuiteCase['fact']): { exact?: string } {
  const exact = exactJsonText(fact);
  return exact === undefined ? {} : { exact };
}
