/**
 * The typed message protocol between the studio (main thread) and its kernel workers: one request
 * map per worker (`KernelOps`, `BatchOps`; `TestOps` in test builds only), one envelope and reply.
 *
 * Every request carries an `id` (increasing) and a `channel` (e.g. `analyze:<docId>`). The worker
 * answers every request exactly once; when a newer request on the same channel is already queued,
 * the older one is answered `superseded` without running, so fast typing never computes — or shows
 * — stale results. The client additionally drops any answer older than the newest it has shown.
 */
import type {
  Bilingual,
  EvaluationResult,
  EvalWarning,
  Explanation,
  FactSetFormat,
  Grade,
  ImpactReport,
  ProjectionTarget,
  RuleConversion,
  RuleForm,
  SuiteDiagnostic,
  SuiteResult,
  TextEdit,
} from '../kernel';
import type { Position, PositionedDiagnostic } from '../kernel/diagnostics/positioned';
import type { NewCaseFact, NewCaseFor } from '../kernel/scenarios';
import type { RejectedCell, TableOp, TablesRead } from '../kernel/table-edit';
import type {
  RuleFileVerification,
  SignedRuleFile,
  SignRuleFileInput,
  VerifyRuleFileInput,
} from '../signing';
import type { Delta } from './reply-delta';
import type { TextSync } from './text-sync';

/** 1-based line and UTF-16 column; a diagnostic placed in the text the studio sent (the kernel's). */
export type { Position, PositionedDiagnostic };

export interface AnalyzeRequest {
  readonly op: 'analyze';
  /** The workspace document id: the worker keeps one incremental compiler per document. */
  readonly doc: string;
  readonly text: string;
  /** The workspace field dictionary (YAML text, possibly empty). */
  readonly dictionary: string;
  /**
   * Leave the document hash to the gloss phase (`GlossOutcome.documentHash`): the answer then has
   * `documentHashPending` instead. On a 500-row table the hash is SHA-256 over 0.5 MB from the
   * edited row on, which the editor's markers never read.
   */
  readonly deferHash?: boolean;
}

export interface RuleSummary {
  readonly name: string;
  readonly entry: string;
  readonly row?: number;
  readonly form: RuleForm;
  readonly grade: Grade;
  readonly then: string;
  readonly ring: number;
  readonly priority: number;
  readonly override: string;
  readonly enabled: boolean;
  readonly hash: string;
  readonly start: Position;
  readonly end: Position;
  readonly gloss: { readonly zh: string; readonly en: string; readonly delegation: boolean };
  /** Field paths the rule reads, in first-use order. */
  readonly fields: readonly string[];
}

export interface Analysis {
  readonly ok: boolean;
  readonly diagnostics: readonly PositionedDiagnostic[];
  /**
   * sha256 of the canonical document; null when the document does not load, or while
   * `documentHashPending`.
   */
  readonly documentHash: string | null;
  /**
   * The document loads but its hash was left to the gloss phase (`AnalyzeRequest.deferHash`): it
   * is not known yet. Whatever is shown of the hash, or derived from it (a signature verdict),
   * waits.
   */
  readonly documentHashPending?: true;
  readonly rulesetName: string | null;
  readonly fallbackDecision: string | null;
  readonly rules: readonly RuleSummary[];
  /** Every field path the document reads (for the dictionary editor and completion). */
  readonly fields: readonly string[];
  /** Field paths some gloss had to read through the fallback: no display name (zh or en). */
  readonly unnamedFields: readonly string[];
  /** The same fields with the languages each lacks a display name in (the dictionary editor). */
  readonly missingNames: readonly MissingName[];
  /** Problems in the field dictionary itself. */
  readonly dictionaryProblems: readonly Bilingual[];
  /** Milliseconds the kernel spent (worker clock), for the status bar and benchmarks. */
  readonly elapsedMs: number;
}

export interface EvaluateRequest {
  readonly op: 'evaluate';
  readonly doc: string;
  readonly text: string;
  /** The fact as YAML or JSON text (a bare fact or `{fact: …}`). */
  readonly fact: string;
  /** The evaluation instant (ISO 8601, UTC); never read from a clock. */
  readonly asOf: string;
  /** The temporal state as YAML/JSON text; empty for none. */
  readonly temporalState: string;
  readonly trace: boolean;
}

export type EvaluateOutcome =
  | {
      readonly kind: 'result';
      readonly result: EvaluationResult;
      /**
       * The kernel's explanation (explainEvaluation): per rule, the condition its reason is about
       * in gloss, the reason's field by its display name, and why it did not match, worded.
       */
      readonly explanation: Explanation;
      readonly elapsedMs: number;
    }
  /** The document does not load: nothing can be evaluated. */
  | { readonly kind: 'document-invalid'; readonly errors: number }
  /** The fact, as_of or state could not be read; `offset` is into the fact text when known. */
  | {
      readonly kind: 'input-error';
      readonly input: 'fact' | 'as_of' | 'temporal_state';
      readonly message: Bilingual;
      readonly offset?: number;
      /** The fact box holds no fact (empty, only whitespace or comments): "write a fact". */
      readonly empty?: true;
    };

/** The canonical trees of one compiled rule, for the Tree & hash panel. */
export interface TreeRequest {
  readonly op: 'tree';
  readonly doc: string;
  readonly text: string;
  readonly rule: string;
}

export interface RuleTree {
  readonly rule: string;
  /** Canonical JSON (RFC 8785) of `when` — the bytes the rule hash is computed over. */
  readonly canonical: string;
  readonly when: unknown;
  readonly unless: unknown;
  readonly hash: string;
}

/** One rule entry rewritten in another writing form, as a reviewable edit. */
export interface ConvertRequest {
  readonly op: 'convert';
  readonly doc: string;
  readonly text: string;
  readonly rule: string;
  readonly to: ProjectionTarget;
}

/** The decision tables of a document as grid models (the Table panel). */
export interface TablesRequest {
  readonly op: 'tables';
  readonly doc: string;
  readonly text: string;
}

/** A grid operation → minimal text edits of `text`; also CSV import and Simple group → table. */
export interface TableEditRequest {
  readonly op: 'tableEdit';
  readonly doc: string;
  readonly text: string;
  readonly entry: string;
  readonly edit:
    | TableOp
    | { readonly kind: 'importCsv'; readonly csv: string; readonly name: string }
    | { readonly kind: 'groupToTable'; readonly rules: readonly string[] }
    /** A new table: one column, a first row and a default row failing closed (structure-ops.ts). */
    | {
        readonly kind: 'newTable';
        readonly name: string;
        readonly field: string;
        readonly lang: 'en' | 'zh';
      };
}

export type TableEditReply =
  | {
      readonly ok: true;
      readonly edits: readonly TextEdit[];
      /** Pasted cells the table could not take, with why. */
      readonly rejected: readonly RejectedCell[];
      /** Said with the edit, e.g. the rows it gave their numbers as names (I-90). */
      readonly note?: Bilingual;
    }
  | { readonly ok: false; readonly messages: readonly Bilingual[] };

/**
 * The fact and expectation of a test case added from the scenario sheet under a table: for a row
 * (a fact it matches, expecting its decision) or for an example of the uncovered-inputs band
 * (expecting what the document decides now), on the document's warm compile (scenarios/new-case.ts).
 */
export interface ScenarioCaseRequest {
  readonly op: 'scenarioCase';
  readonly doc: string;
  readonly text: string;
  readonly entry: string;
  readonly for: NewCaseFor;
  /** The instant the suite's cases run at. */
  readonly asOf: string;
}

/** One rule's canonical form with each tree node's gloss (the Tree & hash panel). */
export interface CanonicalRuleRequest {
  readonly op: 'canonicalRule';
  readonly doc: string;
  readonly text: string;
  readonly rule: string;
  /** The workspace field dictionary (YAML text), for the gloss. */
  readonly dictionary: string;
}

/** A canonical tree node: its own members (without `args`) and its gloss, then its arguments. */
export interface GlossedNode {
  readonly node: string;
  /** Canonical JSON of the node's members other than `args`. */
  readonly detail: string;
  readonly gloss: Bilingual | null;
  readonly children: readonly GlossedNode[];
}

export interface CanonicalRuleView {
  readonly rule: string;
  /** §8 rule hash: sha256 of `whenBytes`. */
  readonly hash: string;
  /** Canonical JSON (RFC 8785) of `when`. */
  readonly whenBytes: string;
  /** Canonical JSON of the canonical rule object (the manifest's `canonical`). */
  readonly canonicalBytes: string;
  /** sha256 of `canonicalBytes` (the manifest's `canonical_hash`). */
  readonly canonicalHash: string;
  readonly when: GlossedNode;
  readonly unless: GlossedNode | null;
}

/**
 * Every rule's gloss in both languages and the gloss lint (W901/W902/I903) of a document. Kept
 * apart from `analyze` and run in the background (`BACKGROUND_OPS`), so the markers never wait for it
 * (computed incrementally: about one rule is re-rendered per edit; a text the compiler cannot
 * take apart costs the full path, every rule rendered).
 */
export interface GlossRequest {
  readonly op: 'gloss';
  readonly doc: string;
  readonly text: string;
  readonly dictionary: string;
}

/**
 * Rehearse the first edit of the document's biggest decision table, in the background
 * (KernelService.primeSteps): asked once a document is open, so that its first grid edit does not
 * run cold. `dictionary` as for `analyze`.
 */
export interface PrimeRequest {
  readonly op: 'prime';
  readonly doc: string;
  readonly dictionary: string;
  /** The channel the document's analyses answer on: the rehearsal's answer is diffed as theirs. */
  readonly analysisChannel: string;
}

/** Tables with fewer rows are edited fast enough cold: `prime` leaves them alone. */
export const PRIME_MIN_ROWS = 100;

export interface PrimeOutcome {
  /** Whether an edit was rehearsed (a table of PRIME_MIN_ROWS rows, the text still the latest). */
  readonly primed: boolean;
  /** The rehearsal's analysis (in the worker only: the answer posted holds `primed` alone). */
  readonly analysis?: Analysis;
}

export interface RuleGlossText {
  readonly zh: string;
  readonly en: string;
  readonly delegation: boolean;
}

/** A field the document reads that has no display name in `langs` (G3). */
export interface MissingName {
  readonly path: string;
  readonly langs: readonly ('zh' | 'en')[];
}

export interface GlossOutcome {
  /** By compiled rule name; empty when the document does not load. */
  readonly rules: Readonly<Record<string, RuleGlossText>>;
  /** Field paths some gloss read through the fallback: no display name (zh or en). */
  readonly unnamedFields: readonly string[];
  /** The same fields with the languages each lacks a display name in. */
  readonly missingNames: readonly MissingName[];
  /** W901 / W902 / I903, positioned in the text sent. */
  readonly diagnostics: readonly PositionedDiagnostic[];
  /** Problems in the field dictionary itself. */
  readonly dictionaryProblems: readonly Bilingual[];
  /** sha256 of the canonical document (as `Analysis.documentHash`); null when it does not load. */
  readonly documentHash: string | null;
}

/**
 * Run a fact suite (a `.facts.yaml`, or a JSON Lines / CSV fact set) against the document. Runs in
 * the batch worker, reports progress, and can be cancelled; a cancelled run answers with the
 * results so far (`result.complete` false).
 */
export interface SuiteRequest {
  readonly op: 'suite';
  readonly doc: string;
  readonly text: string;
  readonly suite: string;
  readonly format: 'suite' | FactSetFormat;
}

export type SuiteOutcome =
  | {
      readonly kind: 'result';
      readonly result: SuiteResult;
      /** Warnings of the suite, and rows of a fact set that could not be read (skipped). */
      readonly problems: readonly SuiteDiagnostic[];
      /**
       * Every record of an imported fact set that could not be read and so was left out of the
       * run — all of them, whatever the cap on `problems` — by its first and last line.
       */
      readonly skipped?: readonly { readonly line: number; readonly lastLine: number }[];
      readonly cancelled: boolean;
      readonly elapsedMs: number;
    }
  | { readonly kind: 'document-invalid'; readonly errors: number }
  | { readonly kind: 'suite-invalid'; readonly problems: readonly SuiteDiagnostic[] };

/**
 * Impact of a change (issue #19 point 4): `oldText` and `newText` evaluated over the facts (the
 * document's suite cases, or an imported JSON Lines / CSV fact set). Progress, cancel: the
 * matrix so far (`cancelled` true).
 */
export interface ImpactRequest {
  readonly op: 'impact';
  readonly oldText: string;
  readonly newText: string;
  readonly facts: string;
  readonly format: 'suite' | FactSetFormat;
  /**
   * `facts` is one part of a larger JSON Lines text (a worker pool's share, see impact-pool.ts):
   * where it starts there, so facts are named and problems placed as in the whole text. The
   * report's sample indexes count from the part's first fact (mergeImpactReports moves them).
   */
  readonly part?: { readonly offset: number; readonly line: number };
}

/**
 * Read-ahead for an impact run (issue #41 point 5), sent when the Impact section opens or its fact
 * set is chosen: the worker compiles both versions and reads its part of the fact set, so the run
 * that follows only evaluates. Background work: anything else the worker is asked goes first.
 */
export interface ImpactPrepareRequest extends Omit<ImpactRequest, 'op'> {
  readonly op: 'impactPrepare';
}

/** Facts read ahead (0: a suite, or a part too long to keep). */
export interface ImpactPrepared {
  readonly facts: number;
}

export type ImpactOutcome =
  | {
      readonly kind: 'result';
      readonly report: ImpactReport;
      /** Rows of a fact set that could not be read (skipped), and suite warnings. */
      readonly problems: readonly SuiteDiagnostic[];
      /** Every record of the fact set left out because it could not be read, by its lines. */
      readonly skipped?: readonly { readonly line: number; readonly lastLine: number }[];
      readonly cancelled: boolean;
      readonly elapsedMs: number;
    }
  | { readonly kind: 'document-invalid'; readonly which: 'old' | 'new'; readonly errors: number }
  | { readonly kind: 'facts-invalid'; readonly problems: readonly SuiteDiagnostic[] };

/**
 * Both traces of one sample of an impact run (issue #19 point 4), on demand: the `index`-th fact of
 * `facts` evaluated with tracing in `oldText` and in `newText`, at the instant the run used. The
 * request carries the texts the run compared, so the traces are of exactly those texts.
 */
export interface ImpactTracesRequest {
  readonly op: 'impactTraces';
  readonly oldText: string;
  readonly newText: string;
  readonly facts: string;
  readonly format: 'suite' | FactSetFormat;
  /** The sample's index in the report (0-based, over the facts the run read). */
  readonly index: number;
  /** The sample's name: the fact found at `index` must carry it (else `not-found`). */
  readonly name: string;
  /** The workspace field dictionary (YAML text, possibly empty): names in the traces' reasons. */
  readonly dictionary: string;
}

export type ImpactTracesOutcome =
  | {
      readonly kind: 'traces';
      /** The instant both versions were evaluated at (the one the run used for this fact). */
      readonly asOf: string;
      readonly old: EvaluateOutcome;
      readonly new: EvaluateOutcome;
    }
  /** The facts hold no such fact (they are not the ones the run read). */
  | { readonly kind: 'not-found' };

/** For the browser tests: run vector files in this worker. */
export interface VectorsRequest {
  readonly op: 'vectors';
  readonly files: readonly { readonly name: string; readonly text: string }[];
}

export interface VectorsOutcome {
  readonly total: number;
  readonly passed: number;
  readonly failures: readonly { readonly file: string; readonly failures: readonly string[] }[];
}

/**
 * Test hook: spin for `ms`, answering nothing meanwhile (proves the watchdog). A test-only
 * operation (`TestOps`): only a test build's kernel worker serves it (test-ops.ts).
 */
export interface SpinRequest {
  readonly op: 'spin';
  readonly ms: number;
}

/**
 * Signs a rule file as `erdl sign` does (`signRuleFile`), in the batch worker: compiling a
 * 1,000-rule document to build its manifest takes most of a second. The private key is a
 * non-extractable CryptoKey, which crosses to the worker as a handle, never as key material.
 */
export interface SignRequest extends Omit<SignRuleFileInput, 'signer'> {
  readonly op: 'sign';
  readonly privateKey: CryptoKey;
  readonly publicKey: SignRuleFileInput['signer']['publicKey'];
}

/** Verifies a rule file against its signature file (`verifyRuleFile`), in the batch worker. */
export interface VerifyRequest extends Omit<VerifyRuleFileInput, 'backend'> {
  readonly op: 'verify';
}

/**
 * A worker's operations: for each, the request it takes (whose `op` is its key) and the value it
 * answers. A `KernelClient<M>` asks only for the operations of `M`; the worker's dispatcher is
 * exhaustive over them.
 */
export type OpMap<M> = {
  readonly [O in keyof M]: { readonly request: { readonly op: O }; readonly reply: unknown };
};

/** The kernel worker (kernel-worker.ts): the editor's, the panels' and the grid's requests. */
export interface KernelOps {
  analyze: { request: AnalyzeRequest; reply: Analysis };
  evaluate: { request: EvaluateRequest; reply: EvaluateOutcome };
  /** Null when the document does not compile or has no such rule. */
  tree: { request: TreeRequest; reply: RuleTree | null };
  convert: { request: ConvertRequest; reply: RuleConversion };
  tables: { request: TablesRequest; reply: TablesRead };
  tableEdit: { request: TableEditRequest; reply: TableEditReply };
  scenarioCase: { request: ScenarioCaseRequest; reply: NewCaseFact };
  /** Null when the document does not compile or has no such rule. */
  canonicalRule: { request: CanonicalRuleRequest; reply: CanonicalRuleView | null };
  gloss: { request: GlossRequest; reply: GlossOutcome };
  prime: { request: PrimeRequest; reply: { readonly primed: boolean } };
  vectors: { request: VectorsRequest; reply: VectorsOutcome };
}

/** The batch worker (batch-worker.ts): long jobs and signing. */
export interface BatchOps {
  suite: { request: SuiteRequest; reply: SuiteOutcome };
  impact: { request: ImpactRequest; reply: ImpactOutcome };
  impactPrepare: { request: ImpactPrepareRequest; reply: ImpactPrepared };
  impactTraces: { request: ImpactTracesRequest; reply: ImpactTracesOutcome };
  sign: { request: SignRequest; reply: SignedRuleFile };
  verify: { request: VerifyRequest; reply: RuleFileVerification };
}

/** Operations only a test build's kernel worker serves (test-ops.ts; never in the product). */
export interface TestOps {
  spin: { request: SpinRequest; reply: { readonly spun: number } };
}

export type KernelRequest = KernelOps[keyof KernelOps]['request'];
export type BatchRequest = BatchOps[keyof BatchOps]['request'];
export type TestRequest = TestOps[keyof TestOps]['request'];
/** Any worker's request: what an envelope carries. */
export type AnyRequest = KernelRequest | BatchRequest | TestRequest;
/** Any worker's operation (budgets, incidents). */
export type Op = AnyRequest['op'];

/**
 * Operations the kernel worker (gloss, prime) and the batch worker (impactPrepare) run in the
 * background: in slices, behind every other request (request-queue.ts). A client waiting only for
 * these is not busy: the editor's markers do not wait for them.
 */
export const BACKGROUND_OPS: ReadonlySet<string> = new Set<Op>(['gloss', 'prime', 'impactPrepare']);

/** Main → worker: a request of type `R` (a worker's own, e.g. `KernelRequest`). */
export interface Envelope<R extends { readonly op: string } = AnyRequest> {
  readonly id: number;
  readonly channel: string;
  readonly request: R;
  /**
   * The id of the request whose value the client holds for this channel: the worker may answer
   * with the difference from it (`delta`, see reply-delta.ts).
   */
  readonly base?: number;
  /**
   * For text-synced operations (`analyze`): the request's text as a version the worker keeps, or
   * as an edit of the version it holds — then `request.text` is empty (text-sync.ts).
   */
  readonly textSync?: TextSync;
}

/** Main → worker: stop request `cancel` at its next batch (long jobs only). */
export interface CancelMessage {
  readonly cancel: number;
}

/** Worker → main. */
export type Reply =
  /** A long job is alive and this far along (resets the watchdog). */
  | {
      readonly id: number;
      readonly status: 'progress';
      readonly done: number;
      readonly total: number;
      /** What runs next (e.g. `case "big refund"`), named if the watchdog has to stop it. */
      readonly at?: string;
    }
  | { readonly id: number; readonly status: 'done'; readonly value: unknown }
  /** The value as a difference from the value of request `base` on the same channel. */
  | { readonly id: number; readonly status: 'delta'; readonly base: number; readonly delta: Delta }
  | { readonly id: number; readonly status: 'superseded' }
  /** The request's text edit named a version the worker does not hold: post the whole text. */
  | { readonly id: number; readonly status: 'resync' }
  | { readonly id: number; readonly status: 'failed'; readonly message: Bilingual };

export type { Delta, EvalWarning };
