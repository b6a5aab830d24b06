/**
 * The typed message protocol between the studio (main thread) and the kernel worker.
 *
 * Every request carries an `id` (increasing) and a `channel` (e.g. `analyze:<docId>`). The worker
 * answers every request exactly once; when a newer request on the same channel is already queued,
 * the older one is answered `superseded` without running, so fast typing never computes — or shows
 * — stale results. The client additionally drops any answer older than the newest it has shown.
 */
import type {
  Bilingual,
  Diagnostic,
  EvaluationResult,
  EvalWarning,
  Grade,
  ProjectionTarget,
  RuleConversion,
  RuleForm,
  TextEdit,
} from '../kernel';
import type { RejectedCell, TableOp, TablesRead } from '../kernel/table-edit';

export interface Position {
  /** 1-based line. */
  readonly line: number;
  /** 1-based column in UTF-16 units (Monaco's unit). */
  readonly column: number;
}

/** A diagnostic with its range also as line/column in the text the studio sent. */
export interface PositionedDiagnostic extends Diagnostic {
  readonly start: Position;
  readonly end: Position;
}

export interface AnalyzeRequest {
  readonly op: 'analyze';
  /** The workspace document id: the worker keeps one incremental compiler per document. */
  readonly doc: string;
  readonly text: string;
  /** The workspace field dictionary (YAML text, possibly empty). */
  readonly dictionary: string;
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
  /** sha256 of the canonical document; null when the document does not load. */
  readonly documentHash: string | null;
  readonly rulesetName: string | null;
  readonly fallbackDecision: string | null;
  readonly rules: readonly RuleSummary[];
  /** Every field path the document reads (for the dictionary editor and completion). */
  readonly fields: readonly string[];
  /** Field paths some gloss had to read through the fallback: no display name (zh or en). */
  readonly unnamedFields: readonly string[];
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
      /** For each rule that did not match: the first condition that failed, in gloss. */
      readonly failedConditions: Readonly<Record<string, Bilingual>>;
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
    | { readonly kind: 'groupToTable'; readonly rules: readonly string[] };
}

export type TableEditReply =
  | {
      readonly ok: true;
      readonly edits: readonly TextEdit[];
      /** Pasted cells the table could not take, with why. */
      readonly rejected: readonly RejectedCell[];
    }
  | { readonly ok: false; readonly messages: readonly Bilingual[] };

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

/** Test hook: spin for `ms` (proves the watchdog). Only honoured when the client allows it. */
export interface SpinRequest {
  readonly op: 'spin';
  readonly ms: number;
}

export type KernelRequest =
  | AnalyzeRequest
  | EvaluateRequest
  | TreeRequest
  | ConvertRequest
  | VectorsRequest
  | SpinRequest
  | TablesRequest
  | TableEditRequest;

export interface KernelResponses {
  analyze: Analysis;
  evaluate: EvaluateOutcome;
  /** Null when the document does not compile or has no such rule. */
  tree: RuleTree | null;
  convert: RuleConversion;
  vectors: VectorsOutcome;
  spin: { readonly spun: number };
  tables: TablesRead;
  tableEdit: TableEditReply;
}

export type Op = KernelRequest['op'];

export type RequestFor<O extends Op> = Extract<KernelRequest, { op: O }>;

/** Main → worker. */
export interface Envelope {
  readonly id: number;
  readonly channel: string;
  readonly request: KernelRequest;
}

/** Worker → main. */
export type Reply =
  | { readonly id: number; readonly status: 'done'; readonly value: unknown }
  | { readonly id: number; readonly status: 'superseded' }
  | { readonly id: number; readonly status: 'failed'; readonly message: Bilingual };

export type { EvalWarning };
