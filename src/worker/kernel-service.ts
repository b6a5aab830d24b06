/**
 * What the kernel worker does for each request, as plain functions (no worker globals), so it is
 * unit-tested under Node and run unchanged inside the worker.
 */

import { bilingual } from '../i18n/format';
import {
  type CompiledDocument,
  type CompiledRule,
  type CompileResult,
  canonicalJson,
  childrenOf,
  collectEntries,
  convertRuleEdit,
  createIncrementalCompiler,
  createIncrementalGloss,
  Evaluator,
  type ExplainOptions,
  ExplanationCache,
  type ExprNode,
  explainEvaluation,
  type FieldDictionary,
  type IncrementalCompiler,
  type IncrementalGlossStats,
  type PlacedItem,
  parseData,
  parseFieldDictionary,
  parseInstant,
  parseTemporalState,
  type RuleConversion,
  readEntries,
  readFact,
  runSteps,
  runVector,
  SourceText,
  type TemporalState,
} from '../kernel';
import { bomShift, positionDiagnostic } from '../kernel/diagnostics/positioned';
import { type NewCaseFact, NO_TABLE, newCaseFact } from '../kernel/scenarios';
import {
  groupToTableEdit,
  newTableEdit,
  readTables,
  type TablesRead,
  tableEdit,
} from '../kernel/table-edit';
import { importCsvEdit } from '../kernel/table-import/csv';
import { zhQuote } from '../kernel/util/quote';
import { impactCaseAt } from './impact-job';
import {
  type Analysis,
  type AnalyzeRequest,
  type CanonicalRuleRequest,
  type CanonicalRuleView,
  type ConvertRequest,
  type EvaluateOutcome,
  type EvaluateRequest,
  type GlossOutcome,
  type GlossRequest,
  type ImpactTracesOutcome,
  type ImpactTracesRequest,
  PRIME_MIN_ROWS,
  type PrimeOutcome,
  type PrimeRequest,
  type RuleGlossText,
  type RuleSummary,
  type RuleTree,
  type ScenarioCaseRequest,
  type TableEditReply,
  type TableEditRequest,
  type TablesRequest,
  type TreeRequest,
  type VectorsOutcome,
  type VectorsRequest,
} from './kernel-protocol';
import { ruleCanonical } from './rule-canonical';
import { workerStrings } from './strings';

type WorkerText = (typeof workerStrings)['zh'];

/** Entries by name; only their column labels are read here (labels carry no positions). */
type EntryLabels = ReturnType<typeof readEntries>;

/** One language of a worker string, filled. */
const say = (
  lang: 'en' | 'zh',
  pick: (t: WorkerText) => string,
  values: Record<string, string | number>,
): string => bilingual(workerStrings, pick, values)[lang];

/** A rule's gloss before the gloss request answers (the studio keeps showing the last one). */
const NO_GLOSS: RuleGlossText = { zh: '', en: '', delegation: false };

/** Documents whose compilers are kept warm (least recently used are dropped). */
const MAX_WARM_DOCUMENTS = 8;

/** A monotonic clock for elapsed times only; results never depend on it. */
export type Clock = () => number;

export class KernelService {
  private readonly compilers = new Map<string, IncrementalCompiler>();
  /** Per document, the text `analyze` last answered for. */
  private readonly analyzed = new Map<string, string>();
  /**
   * Gloss on the editing path (kernel/incremental/gloss.ts): entry sources from the compilers'
   * cached rule items and renders cached per rule tree, so an edit re-renders about one rule
   * instead of loading the whole text and rendering every rule. Its caches are weakly keyed by
   * node identity, so one serves every document.
   */
  private readonly glosser = createIncrementalGloss();
  private dictionaryText = '';
  private dictionary: {
    map: FieldDictionary | undefined;
    problems: Analysis['dictionaryProblems'];
  } = { map: undefined, problems: [] };
  private evaluatorCache: { document: CompiledDocument; evaluator: Evaluator } | null = null;
  private readonly entriesRead = new WeakMap<CompileResult, EntryLabels>();
  /** Failed conditions' glosses, kept per condition node, dictionary and labels. */
  private readonly explanations = new ExplanationCache();

  /** The last texts read as tables: a grid edit reads the text the grid shows, then its result. */
  private readonly tableReads: { text: string; read: TablesRead }[] = [];

  constructor(private readonly clock: Clock) {}

  tables(request: TablesRequest): TablesRead {
    return this.readTablesCached(request.text);
  }

  /** A test case for the scenario sheet: its fact and expectation, on the document's warm compile. */
  scenarioCase(request: ScenarioCaseRequest): NewCaseFact {
    const compiled = this.compile(request.doc, request.text).document;
    const read = this.readTablesCached(request.text);
    const table = read.ok ? read.tables.find((t) => t.entry === request.entry) : undefined;
    if (!compiled || !table) return { ok: false, message: NO_TABLE };
    return newCaseFact(compiled, table, request.for, request.asOf);
  }

  tableEdit(request: TableEditRequest): TableEditReply {
    const { edit, text } = request;
    if (edit.kind === 'importCsv') {
      const imported = importCsvEdit(text, edit.csv, edit.name);
      return imported.ok
        ? { ok: true, edits: [imported.edit], rejected: [] }
        : {
            ok: false,
            // A problem in a condition column names the column by its label and field (I-91).
            messages: imported.problems.map((p) => ({
              en: say('en', (t) => (p.place ? t.csvAtColumn : t.csvAt), {
                line: p.line,
                column: p.column,
                place: p.place?.en ?? '',
                message: p.message.en,
              }),
              zh: say('zh', (t) => (p.place ? t.csvAtColumn : t.csvAt), {
                line: p.line,
                column: p.column,
                place: p.place?.zh ?? '',
                message: p.message.zh,
              }),
            })),
          };
    }
    if (edit.kind === 'newTable') {
      const created = newTableEdit(text, edit);
      return created.ok
        ? { ok: true, edits: [created.edit], rejected: [] }
        : { ok: false, messages: [created.message] };
    }
    if (edit.kind === 'groupToTable') {
      const converted = groupToTableEdit(text, edit.rules);
      return converted.ok
        ? { ok: true, edits: converted.fix.edits, rejected: [] }
        : { ok: false, messages: converted.messages };
    }
    const outcome = tableEdit(text, request.entry, edit, (t) => this.readTablesCached(t));
    if (!outcome.ok) return { ok: false, messages: [outcome.message] };
    return {
      ok: true,
      edits: outcome.edits,
      rejected: outcome.rejected,
      ...(outcome.note ? { note: outcome.note } : {}),
    };
  }

  private readTablesCached(text: string): TablesRead {
    const hit = this.tableReads.find((r) => r.text === text);
    if (hit) return hit.read;
    const read = readTables(text);
    this.tableReads.unshift({ text, read });
    this.tableReads.length = Math.min(this.tableReads.length, 3);
    return read;
  }

  /**
   * Diagnostics, hashes and the rule list: what the editor's markers need, at incremental-compile
   * speed. Gloss (and its lint) is left to `gloss`, run after it in the background (`glossSteps`);
   * the studio shows the last gloss per rule until it arrives. With `deferHash` the document hash
   * is left to `gloss` too (`documentHashPending`).
   */
  analyze(request: AnalyzeRequest): Analysis {
    this.analyzed.set(request.doc, request.text);
    return this.analysisOf(request);
  }

  /** `analyze` without recording the text as the document's latest (`prime` rehearses with it). */
  private analysisOf(request: AnalyzeRequest): Analysis {
    const started = this.clock();
    const result = this.compile(request.doc, request.text);
    const dictionary = this.readDictionary(request.dictionary);
    const bom = bomShift(request.text);
    const source = sourceOf(result, request.text);
    const diagnostics = result.diagnostics.map((d) => positionDiagnostic(d, bom, source));
    const rules = summarize(result, bom, source);
    const fields = new Set<string>();
    for (const rule of rules) for (const f of rule.fields) fields.add(f);
    // Read only when asked for: reading it works it out (the compiler leaves it lazy).
    const pending = request.deferHash === true && result.document !== null;
    return {
      ok: result.ok,
      diagnostics,
      documentHash: pending ? null : (result.document?.hash ?? null),
      ...(pending ? { documentHashPending: true as const } : {}),
      rulesetName: result.document?.metadata.name ?? null,
      fallbackDecision: result.document?.metadata.decision ?? null,
      rules,
      fields: [...fields],
      unnamedFields: [],
      missingNames: [],
      dictionaryProblems: dictionary.problems,
      elapsedMs: this.clock() - started,
    };
  }

  /**
   * Every rule's gloss in both languages, and the gloss lint (W901/W902/I903): exactly a fresh
   * `glossDocument` (zh, en) + `glossLint` of the text, computed incrementally when the compiler
   * assembled the text from cached parts and by the full path otherwise.
   */
  gloss(request: GlossRequest): GlossOutcome {
    return runSteps(this.glossSteps(request));
  }

  /**
   * `gloss` in steps, one per rule rendered: the kernel worker runs it as a background job, a
   * slice at a time, and answers other requests between slices. The text is compiled on the
   * first step (the worker has usually just analyzed it: no work) and the result kept, so
   * compiles of other texts between steps change nothing in the answer.
   */
  *glossSteps(request: GlossRequest): Generator<void, GlossOutcome, void> {
    const compiler = this.compilerFor(request.doc);
    const result = compiler.compile(request.text);
    const dictionary = this.readDictionary(request.dictionary);
    const bom = bomShift(request.text);
    // The document hash `analyze` left (deferHash), first and in a slice of its own.
    const documentHash = result.document?.hash ?? null;
    if (documentHash !== null) yield;
    const outcome = yield* this.glosser.glossSteps(compiler, result, {
      dictionary: dictionary.map,
    });
    const zh = outcome?.zh ?? [];
    const en = outcome?.en ?? [];
    const lint = outcome?.lint ?? [];
    const source = sourceOf(result, request.text);
    const rules: Record<string, RuleGlossText> = {};
    const unnamed = new Set<string>();
    for (const [i, g] of zh.entries()) {
      rules[g.name] = {
        zh: g.gloss.text,
        en: en[i]?.gloss.text ?? '',
        delegation: g.gloss.delegation,
      };
    }
    const missing = new Map<string, Set<'zh' | 'en'>>();
    for (const [lang, glosses] of [
      ['zh', zh],
      ['en', en],
    ] as const)
      for (const g of glosses)
        for (const f of g.gloss.unnamed) {
          unnamed.add(f.path);
          missing.set(f.path, (missing.get(f.path) ?? new Set()).add(lang));
        }
    return {
      rules,
      unnamedFields: [...unnamed],
      missingNames: [...missing].map(([path, langs]) => ({ path, langs: [...langs] })),
      diagnostics: lint.map((d) => positionDiagnostic(d, bom, source)),
      dictionaryProblems: dictionary.problems,
      documentHash,
    };
  }

  /**
   * Rehearses an edit of the document's biggest decision table, in the background once the
   * document is open (docs/performance-log.md, "Round 5: … the first grid edit"). The first edit of
   * a table otherwise runs the editing path's code for the first time and builds what its caches
   * keep per row (where each row's nodes are, the rows' reuse records): on a 500-row table that
   * made the first cell edit about twice as slow as the next ones. Here the table's part of the
   * text gets one more line break at its end (a text that means the same), which goes through that
   * path on the document's own table; the answer is thrown away. Nothing the studio shows reads it: the
   * compiler's caches are keyed by text, and the next analysis is of the text it is asked about.
   *
   * Only for a text `analyze` last answered for, and only if the document is still at it when the
   * step runs (an edit has already warmed the path itself); only for a table of PRIME_MIN_ROWS
   * rows or more.
   */
  *primeSteps(request: PrimeRequest): Generator<void, PrimeOutcome, void> {
    const text = this.analyzed.get(request.doc);
    if (text === undefined) return { primed: false };
    // First let whatever else waits run (the gloss phase queued before this is done already).
    yield;
    if (this.analyzed.get(request.doc) !== text) return { primed: false };
    const compiler = this.compilerFor(request.doc);
    const result = compiler.compile(text);
    const items = compiler.items(result);
    const end =
      items && result.document ? biggestTableEnd(items, result.document.rules, text) : null;
    if (end === null) return { primed: false };
    const analysis = this.analysisOf({
      op: 'analyze',
      doc: request.doc,
      text: `${text.slice(0, end)}\n${text.slice(end)}`,
      dictionary: request.dictionary,
      deferHash: true,
    });
    return { primed: true, analysis };
  }

  /** How the last `gloss` went: incrementally or by the full path, and how many renders (tests, bench). */
  get glossStats(): IncrementalGlossStats {
    return this.glosser.stats;
  }

  evaluate(request: EvaluateRequest): EvaluateOutcome {
    const started = this.clock();
    const result = this.compile(request.doc, request.text);
    if (!result.document) {
      return {
        kind: 'document-invalid',
        errors: result.diagnostics.filter((d) => d.severity === 'error').length,
      };
    }
    // The kernel's one fact reader (issue #35): an empty fact box or a fact that is not a mapping
    // gets no decision; numbers keep every digit.
    const fact = readFact(request.fact, { format: 'yaml' });
    if (!fact.ok) {
      return {
        kind: 'input-error',
        input: 'fact',
        message: fact.message,
        offset: fact.offset,
        ...(fact.empty ? { empty: true as const } : {}),
      };
    }
    if (parseInstant(request.asOf) === null) {
      return {
        kind: 'input-error',
        input: 'as_of',
        message: {
          en: say('en', (t) => t.asOf, { value: JSON.stringify(request.asOf) }),
          zh: say('zh', (t) => t.asOf, { value: zhQuote(request.asOf) }),
        },
      };
    }
    let temporalState: TemporalState | undefined;
    if (request.temporalState.trim() !== '') {
      const state = parseData('temporal_state', request.temporalState);
      const parsed = state.ok
        ? parseTemporalState(state.value)
        : { ok: false as const, message: state.message };
      if (!parsed.ok) {
        return { kind: 'input-error', input: 'temporal_state', message: parsed.message };
      }
      temporalState = parsed.state;
    }
    return this.explained(
      request.doc,
      result,
      result.document,
      fact.fact,
      {
        as_of: request.asOf,
        evaluator: this.evaluatorFor(result.document),
        ...(temporalState ? { temporal_state: temporalState } : {}),
      },
      started,
    );
  }

  /**
   * Both traces of one sample of an impact run: the fact the run read at `index` evaluated with
   * tracing in the old and the new text, at the instant the run evaluated it at, explained as the
   * Evaluate panel's trace is. Each version compiles on a channel of its own (its warm compiler).
   */
  impactTraces(request: ImpactTracesRequest): ImpactTracesOutcome {
    const found = impactCaseAt(request, request.index);
    if (!found || found.case.name !== request.name) return { kind: 'not-found' };
    this.readDictionary(request.dictionary);
    const side = (doc: string, text: string): EvaluateOutcome => {
      const started = this.clock();
      const result = this.compile(doc, text);
      if (!result.document)
        return {
          kind: 'document-invalid',
          errors: result.diagnostics.filter((d) => d.severity === 'error').length,
        };
      return this.explained(
        doc,
        result,
        result.document,
        found.case.fact,
        { as_of: found.asOf },
        started,
      );
    };
    return {
      kind: 'traces',
      asOf: found.asOf,
      old: side('impact-traces:old', request.oldText),
      new: side('impact-traces:new', request.newText),
    };
  }

  /**
   * The kernel's explanation of the evaluation (explainEvaluation: the trace, and per rule that
   * did not match its failed condition, reason and wording), with the workspace field dictionary,
   * table column labels read from the warm compiler's items, and condition glosses remembered.
   */
  private explained(
    doc: string,
    result: CompileResult,
    document: CompiledDocument,
    fact: unknown,
    options: ExplainOptions,
    started: number,
  ): EvaluateOutcome {
    let entries: EntryLabels | undefined;
    const explanation = explainEvaluation(document, fact, {
      ...options,
      dictionary: this.dictionary.map,
      // A table row's condition reads its fields through the table's column labels, as its gloss
      // does: one name per field across gloss and trace (read only when a row failed).
      labels: (entry: string) => {
        entries ??= this.entriesOf(doc, result);
        return entries.get(entry)?.labels;
      },
      cache: this.explanations,
    });
    return {
      kind: 'result',
      // The result as the Evaluator gives it: the explanation's rules without their wording.
      result: {
        ...explanation.result,
        eval_trace: explanation.rules.map(
          ({ status_text, condition, field_name, why, ...step }) => step,
        ),
      },
      explanation,
      elapsedMs: this.clock() - started,
    };
  }

  tree(request: TreeRequest): RuleTree | null {
    const rule = this.compile(request.doc, request.text).document?.rules.find(
      (r) => r.name === request.rule,
    );
    if (!rule) return null;
    return {
      rule: rule.name,
      canonical: canonicalJson(rule.when),
      when: rule.when,
      unless: rule.unless,
      hash: rule.hash,
    };
  }

  canonicalRule(request: CanonicalRuleRequest): CanonicalRuleView | null {
    const dictionary = this.readDictionary(request.dictionary).map;
    return ruleCanonical(this.compile(request.doc, request.text), request.rule, dictionary);
  }

  convert(request: ConvertRequest): RuleConversion {
    return convertRuleEdit(request.text, request.rule, request.to);
  }

  vectors(request: VectorsRequest): VectorsOutcome {
    let passed = 0;
    const failures: { file: string; failures: readonly string[] }[] = [];
    for (const { name, text } of request.files) {
      const data = parseData(name, text);
      const outcome = data.ok
        ? runVector(data.value)
        : { passed: false, failures: [`could not parse: ${data.message.en}`] };
      if (outcome.passed && outcome.failures.length === 0) passed += 1;
      // The reasons in English: the vectors test page reads them (e2e/vectors-page.ts).
      else
        failures.push({
          file: name,
          failures: outcome.failures.map((f) => (typeof f === 'string' ? f : f.en)),
        });
    }
    return { total: request.files.length, passed, failures };
  }

  private compile(doc: string, text: string): CompileResult {
    return this.compilerFor(doc).compile(text);
  }

  /** The document's warm compiler (the most recently used documents keep theirs). */
  private compilerFor(doc: string): IncrementalCompiler {
    let compiler = this.compilers.get(doc);
    if (compiler) this.compilers.delete(doc);
    else compiler = createIncrementalCompiler();
    this.compilers.set(doc, compiler);
    for (const key of this.compilers.keys()) {
      if (this.compilers.size <= MAX_WARM_DOCUMENTS) break;
      this.compilers.delete(key);
    }
    return compiler;
  }

  /**
   * The document's entries, for their column labels only: from the rule items the warm compiler
   * already parsed when it has them (a fact keystroke used to re-read the whole text here, ~0.3 s
   * at 1,000 rules), else from the text; kept per compile result, so the same text reads once.
   */
  private entriesOf(doc: string, result: CompileResult): EntryLabels {
    let entries = this.entriesRead.get(result);
    if (entries) return entries;
    const items = this.compilerFor(doc).items(result);
    entries = items
      ? collectEntries(items.map((placed) => placed.item))
      : readEntries(result.source.text);
    this.entriesRead.set(result, entries);
    return entries;
  }

  private evaluatorFor(document: CompiledDocument): Evaluator {
    // Same hash means the same rules in the same order, so the prepared closures can be reused.
    if (this.evaluatorCache?.document.hash !== document.hash) {
      this.evaluatorCache = { document, evaluator: new Evaluator(document) };
    }
    return this.evaluatorCache.evaluator;
  }

  private readDictionary(text: string) {
    if (text === this.dictionaryText) return this.dictionary;
    this.dictionaryText = text;
    if (text.trim() === '') {
      this.dictionary = { map: undefined, problems: [] };
      return this.dictionary;
    }
    const data = parseData('fields', text);
    if (!data.ok) {
      this.dictionary = { map: undefined, problems: [data.message] };
      return this.dictionary;
    }
    const parsed = parseFieldDictionary(data.value ?? {});
    this.dictionary = parsed.ok
      ? { map: parsed.dictionary, problems: [] }
      : { map: undefined, problems: parsed.problems };
    return this.dictionary;
  }
}

/** The compile's own line index when it read the text as sent (no BOM): one less 0.5 MB scan. */
function sourceOf(result: CompileResult, text: string): SourceText {
  return result.source.text === text ? result.source : new SourceText(text);
}

function fieldsOf(tree: ExprNode | null, into: Set<string>): void {
  if (!tree) return;
  if (tree.node === 'field') into.add(tree.path);
  for (const child of childrenOf(tree)) fieldsOf(child, into);
}

/**
 * Where the rule item holding the most decision-table rows ends (the start of the next item, or the
 * end of the text); null when no table has PRIME_MIN_ROWS rows.
 */
function biggestTableEnd(
  items: readonly PlacedItem[],
  rules: readonly CompiledRule[],
  text: string,
): number | null {
  const rows = new Array<number>(items.length).fill(0);
  let item = 0;
  for (const rule of rules) {
    if (rule.form !== 'table') continue;
    // Rules come in text order, as items do.
    while (item + 1 < items.length && (items[item + 1] as PlacedItem).offset <= rule.range.start)
      item++;
    rows[item] = (rows[item] as number) + 1;
  }
  let best = -1;
  rows.forEach((n, i) => {
    if (n >= PRIME_MIN_ROWS && (best === -1 || n > (rows[best] as number))) best = i;
  });
  if (best === -1) return null;
  return items[best + 1]?.offset ?? text.length;
}

function summarize(result: CompileResult, bom: number, source: SourceText): RuleSummary[] {
  return (result.document?.rules ?? []).map((rule) => {
    return {
      name: rule.name,
      entry: rule.entry,
      ...(rule.row === undefined ? {} : { row: rule.row }),
      form: rule.form,
      grade: rule.grade,
      then: rule.then,
      ring: rule.ring,
      priority: rule.priority,
      override: rule.override,
      enabled: rule.enabled,
      hash: rule.hash,
      start: source.position(rule.range.start + bom),
      end: source.position(rule.range.end + bom),
      gloss: NO_GLOSS,
      fields: ruleFields(rule),
    };
  });
}

/**
 * The fields a rule reads, kept per rule tree (a table's rows come back from the row cache with the
 * same trees, so a grid edit walks about one row's tree, not all of them). Never modified.
 */
const fieldsByTree = new WeakMap<ExprNode, { unless: ExprNode | null; fields: string[] }>();

function ruleFields(rule: CompiledRule): string[] {
  const hit = fieldsByTree.get(rule.when);
  if (hit && hit.unless === rule.unless) return hit.fields;
  const into = new Set<string>();
  fieldsOf(rule.when, into);
  fieldsOf(rule.unless, into);
  const fields = [...into];
  fieldsByTree.set(rule.when, { unless: rule.unless, fields });
  return fields;
}
