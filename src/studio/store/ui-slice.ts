import type { StateCreator } from 'zustand';
import type { Bilingual, Fix } from '../../kernel';
import {
  clampColumn,
  clampSide,
  type Layout,
  loadLayout,
  saveLayout,
  toggleId,
} from '../shell/layout';
import { withNotice } from '../shell/notice-subject';
import type { StudioState } from './index';
import type { Lang, Notice, PanelId } from './types';

const LANG_KEY = 'erdl-studio.lang';

/** The UI language: remembered, else the browser's preference (Chinese when it asks for zh). */
export function initialLang(): Lang {
  try {
    const saved = globalThis.localStorage?.getItem(LANG_KEY);
    if (saved === 'en' || saved === 'zh') return saved;
  } catch {
    // Storage can be blocked; the default still works.
  }
  const preferred = globalThis.navigator?.language ?? 'en';
  return preferred.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** A quick fix awaiting the user's review of its diff. */
export interface FixProposal {
  readonly docId: string;
  readonly code: string;
  readonly fix: Fix;
  /**
   * What the change does, in the user's words (a form conversion: "same decisions, same hash");
   * shown instead of the diagnostic code, with the fix's title as the dialog's heading.
   */
  readonly summary?: Bilingual;
}

/** A request to move the editor's cursor (from the diagnostics list, the gloss, the trace …). */
export interface RevealRequest {
  readonly docId: string;
  readonly line: number;
  readonly column: number;
  /** Distinguishes two requests for the same place. */
  readonly nonce: number;
}

/** A request to select a decision-table row in the grid (from the trace). */
export interface GridFocus {
  readonly docId: string;
  readonly entry: string;
  /** 1-based row. */
  readonly row: number;
}

export interface UiSlice {
  lang: Lang;
  panel: PanelId;
  notices: Notice[];
  fixProposal: FixProposal | null;
  reveal: RevealRequest | null;
  gridFocus: GridFocus | null;
  /** The side panel's width and the table view per document (remembered across reloads). */
  layout: Layout;
  setSideWidth(width: number): void;
  setTableView(docId: string, on: boolean): void;
  setYamlCollapsed(docId: string, collapsed: boolean): void;
  /** A grid column's width (`table` from layout.ts's tableKey), remembered across reloads. */
  setColumnWidth(table: string, key: string, width: number): void;
  /** Forgets every width set by hand in a grid ("Fit columns"). */
  clearColumnWidths(table: string): void;
  setLang(lang: Lang): void;
  /** Opens the Table panel on a compiled table row (`<entry>#<n>` or `<entry>#<name>`); false for other rules. */
  showInGrid(docId: string, rule: string): boolean;
  clearGridFocus(): void;
  setPanel(panel: PanelId): void;
  /** Shows a notice; one with a subject replaces the notice of the same subject (issue #37). */
  notify(
    kind: Notice['kind'],
    message: Notice['message'],
    about?: Pick<Notice, 'subject' | 'action'>,
  ): void;
  dismissNotice(id: number): void;
  proposeFix(proposal: FixProposal | null): void;
  revealAt(docId: string, line: number, column: number): void;
}

let noticeIds = 0;
let revealNonce = 0;

export const createUiSlice: StateCreator<StudioState, [], [], UiSlice> = (set, get) => ({
  lang: initialLang(),
  panel: 'gloss',
  notices: [],
  fixProposal: null,
  reveal: null,
  gridFocus: null,
  layout: loadLayout(),
  setSideWidth(width) {
    const layout = { ...get().layout, sideWidth: clampSide(width) };
    saveLayout(layout);
    set({ layout });
  },
  setTableView(docId, on) {
    const prev = get().layout;
    const layout = { ...prev, tableView: toggleId(prev.tableView, docId, on) };
    saveLayout(layout);
    set({ layout });
  },
  setYamlCollapsed(docId, collapsed) {
    const prev = get().layout;
    const layout = { ...prev, yamlCollapsed: toggleId(prev.yamlCollapsed, docId, collapsed) };
    saveLayout(layout);
    set({ layout });
  },
  setColumnWidth(table, key, width) {
    const prev = get().layout;
    const widths = { ...prev.columnWidths[table], [key]: clampColumn(width) };
    const layout = { ...prev, columnWidths: { ...prev.columnWidths, [table]: widths } };
    saveLayout(layout);
    set({ layout });
  },
  clearColumnWidths(table) {
    const prev = get().layout;
    if (!(table in prev.columnWidths)) return;
    const { [table]: _forgotten, ...rest } = prev.columnWidths;
    const layout = { ...prev, columnWidths: rest };
    saveLayout(layout);
    set({ layout });
  },
  showInGrid(docId, rule) {
    // A row is `<entry>#<n>` or, when named, `<entry>#<name>` (I-75): the analysis knows its row.
    const compiled = get().analyses[docId]?.analysis.rules.find((r) => r.name === rule);
    const match = /^(.*)#([1-9][0-9]*)$/s.exec(rule);
    const target =
      compiled?.row !== undefined
        ? { entry: compiled.entry, row: compiled.row }
        : match
          ? { entry: match[1] as string, row: Number(match[2]) }
          : null;
    if (!target) return false;
    if (get().activeId !== docId) get().setActive(docId);
    set({ panel: 'table', gridFocus: { docId, ...target } });
    return true;
  },
  clearGridFocus() {
    if (get().gridFocus) set({ gridFocus: null });
  },
  setLang(lang) {
    try {
      globalThis.localStorage?.setItem(LANG_KEY, lang);
    } catch {
      // Not remembered, but switched.
    }
    set({ lang });
  },
  setPanel(panel) {
    set({ panel });
  },
  notify(kind, message, about) {
    noticeIds += 1;
    set({ notices: withNotice(get().notices, { id: noticeIds, kind, message, ...about }) });
  },
  dismissNotice(id) {
    set({ notices: get().notices.filter((n) => n.id !== id) });
  },
  proposeFix(fixProposal) {
    set({ fixProposal });
  },
  revealAt(docId, line, column) {
    revealNonce += 1;
    if (get().activeId !== docId) get().setActive(docId);
    // Also the stored cursor: an editor that opens the document later (Monaco still loading,
    // another document shown) starts there.
    get().setCursor(docId, { line, column });
    set({ reveal: { docId, line, column, nonce: revealNonce } });
  },
});
