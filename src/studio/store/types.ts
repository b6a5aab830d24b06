import type { Bilingual } from '../../kernel';
import type {
  Analysis,
  EvaluateOutcome,
  RuleSummary,
  SuiteOutcome,
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
}

export interface EvaluationEntry {
  readonly outcome: EvaluateOutcome | null;
  readonly pending: boolean;
}

export type { Analysis, EvaluateOutcome, RuleSummary, SuiteOutcome };
