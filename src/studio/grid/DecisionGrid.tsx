import {
  type CSSProperties,
  Fragment,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { compiledRowName, rowId } from '../../kernel/document/row-rule-name';
import {
  columnType,
  ROW_TEXT_KEYS,
  type RowTextKey,
  type TableModel,
} from '../../kernel/table-edit';
import { revealInline } from '../../kernel/util/visible-text';
import { format, useT } from '../i18n/i18n';
import { ScenarioSheet } from '../scenarios/ScenarioSheet';
import { VisibleText } from '../shell/VisibleText';
import { useStudio } from '../store';
import type { Analysis, Lang } from '../store/types';
import { UncoveredBand } from './band/UncoveredBand';
import { type PreviousAnalysis, rowAnalysis } from './carried-findings';
import { columnLabel } from './column-label';
import { ColumnTypeButton } from './column-type/ColumnTypeButton';
import { PasteReadAsText } from './column-type/PasteReadAsText';
import { readAsText } from './column-type/read-as-text';
import { FocusInput } from './focus-input/FocusInput';
import { focusInputStrings } from './focus-input/strings';
import { type Editing, GridCellEditor } from './GridCellEditor';
import { GridHeader } from './GridHeader';
import {
  GridRow,
  NO_FINDINGS,
  needsMessage,
  type RowFindings,
  RowFindingsContext,
  type RowHandlers,
} from './GridRow';
import { GridStatusLine } from './GridStatusLine';
import { GridToolbar } from './GridToolbar';
import { FindingsRow } from './layout/FindingsMarker';
import { GridViewBar } from './layout/GridViewBar';
import { shownRow } from './layout/row-filter';
import { useGridLayout } from './layout/use-grid-layout';
import { keptOutputs } from './output-columns/OutputColumns';
import { PastePreview } from './PastePreview';
import { ShortcutsSheet } from './ShortcutsSheet';
import { cellText, selectionTsv } from './selection';
import { gridStrings } from './strings';
import { ColumnMenu } from './structure/ColumnMenu';
import { DefaultRowButton } from './structure/DefaultRowButton';
import { TableTitle } from './structure/TableTitle';
import { useGridCommands } from './use-grid-commands';
import { useGridEdits } from './use-grid-edits';
import { ROW_HEIGHT, useGridSelection, VIEWPORT } from './use-grid-selection';

export { columnLabel } from './column-label';

interface Props {
  readonly docId: string;
  readonly table: TableModel;
  readonly editable: boolean;
  readonly analysis: Analysis | null;
  /** The text the grid shows (the table was read from it). */
  readonly text: string;
  /** While `analysis` is null: the last analysis shown as current (see carried-findings.ts). */
  readonly previous: PreviousAnalysis | null;
  readonly lang: Lang;
}

/**
 * One decision table as a spreadsheet: condition columns (each with its type), decision,
 * priority, optional row texts, the compiled rule name and the kernel's findings per row.
 * This component lays the grid out; its state and jobs live in their own modules:
 * - selection, row window and roving focus: useGridSelection (use-grid-selection.ts);
 * - edits as kernel operations, one undo step each (fill, multi-cell edit, paste …): useGridEdits;
 * - keys, editor exits, clipboard, drag and drop, column widths: useGridCommands;
 * - rendering: GridToolbar, GridHeader, GridRow, GridCellEditor (the editor of the edited cell),
 *   PastePreview, GridStatusLine.
 */
export function DecisionGrid({ docId, table, editable, analysis, text, previous, lang }: Props) {
  const t = useT(gridStrings);
  const tf = useT(focusInputStrings);
  const conditions = table.columns.length;
  const [textsShown, setTextsShown] = useState(false);
  // The message column appears by itself when a blocking row needs one (a cell to fill), and
  // stays once it has appeared (it does not vanish under the message just typed).
  const [messageShown, setMessageShown] = useState(false);
  if (!messageShown && table.rows.some(needsMessage)) setMessageShown(true);
  const textKeys: readonly RowTextKey[] = textsShown
    ? ROW_TEXT_KEYS
    : messageShown || table.rows.some(needsMessage)
      ? ['message']
      : [];
  const navColumns = conditions + 2 + textKeys.length;
  const rowCount = table.rows.length;
  // Each column's type is voted over all its cells: once per table read, not once per render
  // (an analysis or a selection change re-renders the grid with the same table).
  const types = useMemo(() => table.columns.map((_, i) => columnType(table, i)), [table]);
  const [editing, setEditing] = useState<Editing>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const gridId = useId();
  // Search, open findings, fitted column widths, the height the grid scrolls in (layout/).
  const layout = useGridLayout({
    docId,
    table,
    lang,
    textKeys,
    gridRef,
    scroller,
    section: sectionRef,
    head: headRef,
  });
  const filter = layout.filter;
  const evaluation = useStudio((s) => s.evaluations[docId]?.outcome);
  const trace = evaluation?.kind === 'result' ? evaluation.result.eval_trace : null;
  const view = useGridSelection({
    docId,
    entry: table.entry,
    rowCount,
    navColumns,
    paused: editing !== null,
    gridRef,
    scroller,
    ...(filter
      ? { positions: { count: filter.rows.length, of: (row) => filter.rows.indexOf(row) } }
      : {}),
  });
  // While the search hides rows, the selection moves over the rows shown only.
  const shownView: typeof view = filter
    ? {
        ...view,
        select: (to, extend, adding) =>
          view.select({ ...to, row: shownRow(filter, view.active.row, to.row) }, extend, adding),
      }
    : view;
  const { selection, active, select } = shownView;
  const rowShown = filter ? (row: number) => filter.shown.has(row) : undefined;
  // A search that hides the selected row selects the first row it shows.
  const firstShown = filter?.rows[0];
  const activeHidden = filter !== null && !filter.shown.has(view.active.row);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the search hides the selected row
  useEffect(() => {
    if (activeHidden && firstShown !== undefined)
      view.select({ row: firstShown, col: view.active.col });
  }, [activeHidden, firstShown]);
  const edits = useGridEdits({ docId, table, types, textKeys, lang, filter });
  const commands = useGridCommands({
    docId,
    table,
    editable,
    lang,
    textKeys,
    view: shownView,
    edits,
    gridRef,
    openShortcuts: () => setShortcutsOpen(true),
    toggleFindings: layout.toggleFindings,
    editing,
    setEditing,
  });

  // The rows' handlers, one object for the grid's life: each calls the latest of the grid's own
  // (a row not rendered again keeps the handlers it was given, see GridRow).
  const latest = useRef({ select, commands, layout });
  useLayoutEffect(() => {
    latest.current = { select, commands, layout };
  });
  const handlers = useMemo<RowHandlers>(
    () => ({
      select: (cell, extend) => latest.current.select(cell, extend),
      edit: (cell) => latest.current.commands.startEditing(cell.row, cell.col, null),
      dragStart: (row) => latest.current.commands.dragStart('row', row),
      drop: (row, e) => latest.current.commands.onDrop('row', row)(e),
      toggleFindings: (row) => latest.current.layout.toggleFindings(row),
    }),
    [],
  );

  const glossIndex = new Map<Analysis, Map<string, string>>();
  const glossOf = (a: Analysis, rule: string) => {
    let byName = glossIndex.get(a);
    if (!byName) {
      byName = new Map(a.rules.map((r) => [r.name, r.gloss[lang]]));
      glossIndex.set(a, byName);
    }
    return byName.get(rule);
  };
  const label = format(t.gridLabel, { entry: revealInline(table.entry) });
  const cellLabel = (row: number, col: number) => {
    const key = commands.textKeyAt(col);
    const header =
      col < conditions
        ? (columnLabel(table.columns[col]?.label, lang) ?? table.columns[col]?.field ?? '')
        : col === conditions
          ? t.decision
          : key
            ? t[key]
            : t.priority;
    return `${t.row} ${row + 1}, ${revealInline(header)}`;
  };

  const renderEditor = (row: number, col: number) =>
    editing && (
      <GridCellEditor
        table={table}
        editing={editing}
        types={types}
        textKeys={textKeys}
        lang={lang}
        label={cellLabel(row, col)}
        onExit={commands.exitEditor}
        onReadAsText={(typed) => {
          // "Read as text" (I-91): the column becomes a text column and the text is written, as
          // one edit; the editor closes on the cell.
          commands.exitEditor({ kind: 'cancel' });
          void readAsText(edits, table, col, row, typed, lang);
        }}
      />
    );

  // While no cell is edited, the selected cell holds the focus input: what is typed on it, in any
  // script or from an input method, opens its editor with that text (focus-input/FocusInput.tsx).
  const focusText = cellText(table, active.row, active.col, textKeys);
  const focusInput = editing === null && (
    <FocusInput
      label={format(focusText === '' ? tf.empty : tf.label, {
        cell: cellLabel(active.row, active.col),
        text: revealInline(focusText),
      })}
      readOnly={!editable}
      onText={(typed) => commands.startEditing(active.row, active.col, typed)}
    />
  );

  const rows = [];
  const findingsByRow = new Map<number, RowFindings>();
  // The window is over the rows shown (all of them, or the ones the search finds).
  const shownCount = filter ? filter.rows.length : rowCount;
  for (let p = view.first; p < view.last; p++) {
    const i = filter ? (filter.rows[p] as number) : p;
    const r = table.rows[i];
    if (!r) continue;
    // The row's identity (I-75): its name, else its position.
    const ruleName = compiledRowName(table.entry, rowId(r));
    const shown = rowAnalysis(table, text, i, analysis, previous, glossOf);
    const findingsOpen = layout.expanded.has(i);
    findingsByRow.set(i, { findings: shown.findings, stale: shown.stale });
    rows.push(
      <Fragment key={i}>
        <GridRow
          docId={docId}
          table={table}
          index={i}
          textKeys={textKeys}
          selection={selection}
          active={active}
          editable={editable}
          editing={editing}
          renderEditor={renderEditor}
          focusInput={i === active.row ? focusInput : null}
          trace={trace?.find((x) => x.rule === ruleName)}
          ruleName={ruleName}
          gloss={shown.gloss}
          gridId={gridId}
          findingsOpen={findingsOpen}
          lang={lang}
          handlers={handlers}
        />
        {findingsOpen && shown.findings.length > 0 && (
          <FindingsRow
            gridId={gridId}
            docId={docId}
            table={table}
            index={i}
            findings={shown.findings}
            stale={shown.stale}
            columns={navColumns + 2 + (keptOutputs(table)?.length ?? 0)}
          />
        )}
      </Fragment>,
    );
  }

  // Structure edits (structure/): what they did, or why not, in the status line.
  const structureStatus = (said: string) =>
    edits.setStatus(said === '' ? null : { text: said, details: [] });

  // The table's test cases sit below the grid, outside its section: the grid's region holds the
  // grid alone (its header, status and pickers are the grid's own).
  return (
    <>
      <section
        ref={sectionRef}
        className="decision-grid"
        aria-label={label}
        data-testid="decision-grid"
        data-entry={table.entry}
      >
        <TableTitle
          docId={docId}
          table={table}
          lang={lang}
          editable={editable}
          onStatus={structureStatus}
        />
        {/* biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+Z / Ctrl+Y bubble from the toolbar's buttons */}
        <div ref={headRef} className="grid-head" onKeyDown={commands.onToolbarKeyDown}>
          <GridToolbar
            table={table}
            active={active}
            editable={editable}
            run={edits.run}
            onSelect={(cell) => select(cell, false, true)}
            copyText={() => selectionTsv(table, selection, textKeys, rowShown)}
            addRowAt={edits.addRowAt}
            textsShown={textsShown}
            onToggleTexts={() => setTextsShown((s) => !s)}
            onShortcuts={() => setShortcutsOpen(true)}
            defaultRow={
              <DefaultRowButton
                docId={docId}
                table={table}
                lang={lang}
                editable={editable}
                onStatus={structureStatus}
              />
            }
          />
          <GridViewBar
            gridId={gridId}
            query={layout.query}
            onQuery={layout.setQuery}
            filter={filter}
            onFit={() => {
              layout.fit();
              edits.setStatus(null);
            }}
          />
          {/* With the toolbar, always in view: what an edit did or why it was refused. */}
          <GridStatusLine status={edits.status} />
        </div>
        {shortcutsOpen && (
          <ShortcutsSheet
            onClose={() => {
              setShortcutsOpen(false);
              view.refocus();
            }}
          />
        )}
        {!table.structural && <p className="muted">{t.flowNote}</p>}
        {edits.pending && (
          <PastePreview
            plan={edits.pending.plan}
            header={edits.pending.header}
            table={table}
            lang={lang}
            onApply={() => {
              void edits.applyPaste();
              view.refocus();
            }}
            onCancel={() => {
              edits.cancelPaste();
              view.refocus();
            }}
            asks={
              <PasteReadAsText
                plan={edits.pending.plan}
                table={table}
                lang={lang}
                onRead={(column) =>
                  void edits.run({ kind: 'setColumnType', column, type: 'string' })
                }
              />
            }
          />
        )}
        <div
          ref={scroller}
          className="grid-scroll"
          style={{
            ...(view.windowed ? { height: VIEWPORT } : {}),
            ...(layout.maxHeight === null ? {} : { maxHeight: layout.maxHeight }),
          }}
          onScroll={(e) => view.onScroll(e.currentTarget.scrollTop)}
        >
          <table
            ref={gridRef}
            id={gridId}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table
            role="grid"
            aria-label={label}
            aria-rowcount={rowCount + 1}
            aria-colcount={navColumns + 2}
            aria-readonly={!editable}
            className={layout.fitted ? 'data-table grid-table fitted' : 'data-table grid-table'}
            style={
              layout.tableWidth === null
                ? undefined
                : ({ width: layout.tableWidth } as CSSProperties)
            }
            onKeyDown={commands.onKeyDown}
            onCopy={(e) => {
              // While the search hides rows, a copy takes the rows shown only.
              if (!rowShown || editing) return commands.onCopy(e);
              e.preventDefault();
              e.clipboardData.setData(
                'text/plain',
                selectionTsv(table, selection, textKeys, rowShown),
              );
            }}
            onPaste={commands.onPaste}
          >
            <caption>
              <VisibleText text={format(t.caption, { entry: table.entry, n: rowCount })} />
            </caption>
            <GridHeader
              table={table}
              types={types}
              textKeys={textKeys}
              activeCol={active.col}
              editable={editable}
              lang={lang}
              onDragStart={(col) => commands.dragStart('column', col)}
              onDrop={(col) => commands.onDrop('column', col)}
              widths={layout.widths}
              onResize={commands.resize}
              onFit={layout.fitColumn}
              typePicker={(col) => (
                <ColumnTypeButton
                  docId={docId}
                  table={table}
                  column={col}
                  type={types[col] ?? 'unknown'}
                  lang={lang}
                  editable={editable}
                  onStatus={(said) => edits.setStatus(said ? { text: said, details: [] } : null)}
                />
              )}
              columnMenu={(col) => (
                <ColumnMenu
                  docId={docId}
                  table={table}
                  column={col}
                  lang={lang}
                  editable={editable}
                  onStatus={structureStatus}
                />
              )}
            />
            <tbody>
              {view.first > 0 && <tr style={{ height: view.first * ROW_HEIGHT }} />}
              <RowFindingsContext.Provider value={(row) => findingsByRow.get(row) ?? NO_FINDINGS}>
                {rows}
              </RowFindingsContext.Provider>
              {view.last < shownCount && (
                <tr style={{ height: (shownCount - view.last) * ROW_HEIGHT }} />
              )}
            </tbody>
          </table>
        </div>
        <UncoveredBand
          docId={docId}
          table={table}
          analysis={analysis}
          editable={editable}
          lang={lang}
          onStatus={structureStatus}
        />
      </section>
      <ScenarioSheet
        docId={docId}
        table={table}
        types={types}
        editable={editable}
        lang={lang}
        activeRow={active.row}
      />
    </>
  );
}
