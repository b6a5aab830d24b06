import type { Bilingual } from '../../kernel';
import type {
  Analysis,
  EvaluateOutcome,
  RuleSummary,
  SuiteOutcome,
  SuiteRequest,
} from '../../worker/kernel-protocol';

export type Lang = 'en' | 'zh';

export interface Cursor {
  readonly line: number;
  readonly column: number;
}

/** One rule document of the workspace, with what belongs to it. */
export interface StudioDocument {
  readonly id: string;
  /** File name shown in the list and used on export (`<name>.erdl.yaml`). */
  readonly name: string;
  readonly text: string;
  /** The sample fact (YAML/JSON text) evaluated in the Evaluate panel. */
  readonly fact: string;
  /** The evaluation instant, ISO 8601 UTC; never silently "now". */
  readonly asOf: string;
  /** within/rate state as YAML/JSON text; empty for none. */
  readonly temporalState: string;
  readonly cursor: Cursor;
  /** The document's fact suite (`.facts.yaml` text); absent or empty for none. */
  readonly suite?: string;
}

export type PanelId = 'table' | 'gloss' | 'evaluate' | 'tree' | 'export';

export interface Notice {
  readonly id: number;
  readonly kind: 'info' | 'warning' | 'error';
  readonly message: Bilingual;
  /** What the notice states about a document: shown only while that still holds (issue #37). */
  readonly subject?: NoticeSubject;
  /** A button the notice offers (e.g. attach a signature to the document it names). */
  readonly action?: NoticeAction;
}

/**
 * The state a notice states (shell/notice-subject.ts): a document, the exact text it was about and
 * what it said of that text (e.g. a signature verdict). At most one notice per `key`.
 */
export interface NoticeSubject {
  /** One notice per key: a new notice with the same key replaces the old one. */
  readonly key: string;
  readonly docId: string;
  /** The document text the notice is about: another text makes it stale. */
  readonly text: string;
  /** What it stated of that text (signature-notice state); another state makes it stale. */
  readonly state?: string;
}

export interface NoticeAction {
  readonly label: Bilingual;
  readonly run: () => void;
}

/** The persisted workspace (IndexedDB, export file). */
export interface WorkspaceSnapshot {
  readonly format: 'erdl-studio-workspace';
  readonly formatVersion: 1;
  readonly documents: readonly StudioDocument[];
  readonly activeId: string | null;
  /** The field dictionary (YAML text: path → {zh, en}). */
  readonly fieldDictionary: string;
}

export interface AnalysisEntry {
  readonly analysis: Analysis;
  /** The document text the analysis is of (compared by identity, never by content). */
  readonly text: string;
}

/** A fact-suite run of a document: its own suite (automatic) or an imported fact set. */
export interface SuiteRunEntry {
  readonly source: 'suite' | 'import';
  /** The imported file's name. */
  readonly name?: string;
  readonly pending: boolean;
  readonly progress: { readonly done: number; readonly total: number } | null;
  readonly outcome: SuiteOutcome | null;
  /** The document text the outcome is of. */
  readonly text: string;
  /** The suite text the outcome is of (the document's own suite; absent for an imported set). */
  readonly suite?: string;
  /** An imported fact set's text and format: it runs again when the document text changes. */
  readonly factSet?: { readonly text: string; readonly format: SuiteRequest['format'] };
}

export interface EvaluationEntry {
  readonly outcome: EvaluateOutcome | null;
  readonly pending: boolean;
  /**
   * The inputs the outcome is of (compared by identity): another text, fact, as_of or temporal
   * state on screen makes it a result of earlier inputs, shown as such (issue #37).
   */
  readonly of?: EvaluatedInputs;
}

/** What an evaluation is of: the document text and the Evaluate panel's inputs. */
export type EvaluatedInputs = Pick<StudioDocument, 'text' | 'fact' | 'asOf' | 'temporalState'>;

export type { Analysis, EvaluateOutcome, RuleSummary, SuiteOutcome };
