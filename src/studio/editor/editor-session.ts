/**
 * The mounted editor: one Monaco model per workspace document (own undo stack and view state),
 * kept in step with the store both ways, kernel diagnostics as markers, and reveal requests.
 *
 * Typing costs one `setText` per change and no React render. Text that changes outside the editor
 * (import, grid edits, a quick fix, another tab) reaches the model as the edits its maker
 * announced (store/text-changes.ts; one minimal edit found by comparing texts when it announced
 * none), pushed on its undo stack as one step — never `setValue`, which would wipe the user's
 * undo history.
 */
import { applyTextEdits, diffText, type TextEdit } from '../../kernel/util/text-edit';
import { type AfterPaint, afterNextPaint } from '../scheduling/after-paint';
import type { StudioState, StudioStore } from '../store';
import { type AnnouncedChange, onTextChange, type TextChange } from '../store/text-changes';
import { REHEARSAL_MIN_LENGTH, rehearsalSpot } from './edit-rehearsal';
import type { EditorHost } from './editor-host';
import {
  changedChunks,
  chunkMarkers,
  type MarkerShape,
  markerOwner,
  toMarkers,
} from './marker-data';
import { type Monaco, monaco, setupMonaco, uriForDocument } from './monaco-setup';
import { editorStrings } from './strings';
import { EDITOR_VIEW_OPTIONS, TEXT_VISIBILITY_OPTIONS } from './view-options';
import { holdYamlWorker, releaseYamlWorker } from './yaml-gate';

/** Test and benchmark hook (like `__ERDL_STUDIO__`): the Monaco API and the mounted editor. */
declare global {
  var __ERDL_EDITOR__: { monaco: Monaco; editor: monaco.editor.IStandaloneCodeEditor } | undefined;
}

export async function mountEditor(container: HTMLElement, store: StudioStore): Promise<EditorHost> {
  await setupMonaco(store);
  return new EditorSession(container, store);
}

/**
 * Models and view states outlive one mounted editor (a remount must not wipe undo history).
 * `synced` is the text each model had when it last matched the store (compared by identity first).
 */
const models = new Map<string, monaco.editor.ITextModel>();
/** Markers wait at most this long for the frame after an analysis (a hidden page paints none). */
const MARKERS_FALLBACK_MS = 100;
const synced = new Map<string, string>();
const viewStates = new Map<string, monaco.editor.ICodeEditorViewState | null>();
/** Per model, its version when created: a model still at it has not been edited (rehearsal). */
const createdAt = new WeakMap<monaco.editor.ITextModel, number>();
/** Models whose first edit was rehearsed, or is scheduled to be (edit-rehearsal.ts). */
const rehearsed = new WeakSet<monaco.editor.ITextModel>();

/**
 * Per document, the steps announced since its model last matched the store (text-changes.ts):
 * applied to the model as they were made, when the model still holds `before`.
 */
const external = new Map<
  string,
  { readonly before: string; readonly steps: (readonly TextEdit[])[]; after: string }
>();

/**
 * Monaco's changes of one event as simultaneous edits of `before` (they come sorted from the end
 * of the text, each offset in the text before the event); undefined when they do not account for
 * the new text's length, so a change is never announced wrong.
 */
function changeOf(
  before: string,
  changes: readonly monaco.editor.IModelContentChange[],
  after: string,
): TextChange | undefined {
  if (changes.length === 0) return undefined;
  let length = before.length;
  const edits: TextEdit[] = [];
  for (const c of changes) {
    edits.push({
      range: { start: c.rangeOffset, end: c.rangeOffset + c.rangeLength },
      newText: c.text,
    });
    length += c.text.length - c.rangeLength;
  }
  return length === after.length ? { before, edits } : undefined;
}

class EditorSession implements EditorHost {
  private readonly editor: monaco.editor.IStandaloneCodeEditor;
  private readonly models = models;
  private readonly synced = synced;
  private readonly viewStates = viewStates;
  private readonly disposers: (() => void)[] = [];
  private activeId: string | null = null;
  private switching = false;
  private lastReveal: number | null;

  constructor(
    container: HTMLElement,
    private readonly store: StudioStore,
  ) {
    const state = store.getState();
    this.lastReveal = state.reveal?.nonce ?? null;
    this.editor = monaco.editor.create(container, {
      model: null,
      ariaLabel: editorStrings[state.lang].editorLabel,
      ...EDITOR_VIEW_OPTIONS,
      lightbulb: { enabled: monaco.editor.ShowLightbulbIconMode.OnCode },
    });
    const cursorListener = this.editor.onDidChangeCursorPosition((e) => {
      if (this.activeId === null || this.switching) return;
      this.store
        .getState()
        .setCursor(this.activeId, { line: e.position.lineNumber, column: e.position.column });
    });
    this.disposers.push(() => cursorListener.dispose());
    // Models kept from an earlier mount: follow what the store did meanwhile, listen again.
    this.syncDocuments(state);
    for (const [id, model] of this.models) {
      this.listen(id, model);
      this.showMarkers(id);
    }
    this.disposers.push(onTextChange((change) => this.noteAnnounced(change)));
    this.disposers.push(store.subscribe((now, before) => this.onStoreChange(now, before)));
    this.activate(state.activeId);
    globalThis.__ERDL_EDITOR__ = { monaco, editor: this.editor };
  }

  // ── store → editor ────────────────────────────────────────────────────────────────────────

  private onStoreChange(now: StudioState, before: StudioState): void {
    if (now.documents !== before.documents) this.syncDocuments(now);
    if (now.activeId !== this.activeId) this.activate(now.activeId);
    if (now.lang !== before.lang) {
      this.editor.updateOptions({ ariaLabel: editorStrings[now.lang].editorLabel });
      for (const id of this.models.keys()) this.showMarkers(id);
    } else if (now.analyses !== before.analyses) {
      for (const id of this.models.keys()) {
        if (now.analyses[id] !== before.analyses[id]) this.showMarkers(id);
      }
    }
    if (now.reveal && now.reveal.nonce !== this.lastReveal) {
      this.lastReveal = now.reveal.nonce;
      if (now.reveal.docId === this.activeId) {
        const model = this.editor.getModel();
        const position = model
          ? model.validatePosition({ lineNumber: now.reveal.line, column: now.reveal.column })
          : { lineNumber: now.reveal.line, column: now.reveal.column };
        this.editor.setPosition(position);
        this.editor.revealPositionInCenter(position);
        this.editor.focus();
      }
    }
  }

  /** A change announced before the store takes it: kept to apply to the model as it was made. */
  private noteAnnounced(change: AnnouncedChange): void {
    const { docId } = change;
    const held = this.synced.get(docId);
    if (held === change.after) return; // the editor's own typing
    const pending = external.get(docId);
    if (pending && pending.after === change.before) {
      pending.steps.push(change.edits);
      pending.after = change.after;
    } else if (held === change.before)
      external.set(docId, { before: change.before, steps: [change.edits], after: change.after });
    else external.delete(docId);
  }

  private syncDocuments(state: StudioState): void {
    for (const [id, model] of this.models) {
      const doc = state.documents[id];
      if (!doc) {
        this.models.delete(id);
        this.synced.delete(id);
        this.viewStates.delete(id);
        if (this.activeId === id) {
          this.activeId = null;
          this.editor.setModel(null);
        }
        releaseYamlWorker(model.uri.toString());
        model.dispose();
        continue;
      }
      if (doc.text === this.synced.get(id)) continue;
      const current = model.getValue();
      this.synced.set(id, doc.text);
      if (current === doc.text) continue;
      // The edits as their maker announced them (a grid edit, a fix); found by comparing texts
      // only when a change came without them.
      const announced = external.get(id);
      external.delete(id);
      const steps =
        announced && announced.before === current && announced.after === doc.text
          ? announced.steps
          : [[diffText(current, doc.text)]];
      model.pushStackElement();
      for (const step of steps) {
        model.pushEditOperations(
          [],
          step.map((edit) => {
            const start = model.getPositionAt(edit.range.start);
            const end = model.getPositionAt(edit.range.end);
            return {
              range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column),
              text: edit.newText,
            };
          }),
          () => null,
        );
      }
      model.pushStackElement();
    }
  }

  private modelFor(docId: string): monaco.editor.ITextModel | null {
    const existing = this.models.get(docId);
    if (existing) return existing;
    const doc = this.store.getState().documents[docId];
    if (!doc) return null;
    const uri = uriForDocument(docId);
    monaco.editor.getModel(uri)?.dispose();
    // monaco-yaml's worker reads the document after the kernel's first markers (yaml-gate.ts).
    holdYamlWorker(uri.toString());
    const model = monaco.editor.createModel(doc.text, 'yaml', uri);
    model.updateOptions({ tabSize: 2, insertSpaces: true });
    createdAt.set(model, model.getAlternativeVersionId());
    this.models.set(docId, model);
    this.listen(docId, model);
    const text = model.getValue();
    this.synced.set(docId, text);
    // Monaco keeps one line-break style per model: a text mixing CRLF and LF is stored as Monaco
    // holds it, so the kernel analyzes exactly what the editor shows.
    if (text !== doc.text) this.store.getState().setText(docId, text);
    this.showMarkers(docId);
    return model;
  }

  private listen(docId: string, model: monaco.editor.ITextModel): void {
    const listener = model.onDidChangeContent((event) => {
      const text = model.getValue();
      const before = this.synced.get(docId);
      if (text === before) return;
      this.synced.set(docId, text);
      // The change as Monaco reports it (simultaneous edits of `before`): the store announces it
      // to the kernel clients' text sync, and where it starts lets the store skip reading the new
      // text's name (naming.ts): on a large document that read alone was a third of the studio's
      // own work per keystroke.
      const change =
        before !== undefined && !event.isFlush ? changeOf(before, event.changes, text) : undefined;
      this.store.getState().setText(docId, text, 'typing', change);
    });
    this.disposers.push(() => listener.dispose());
  }

  private activate(docId: string | null): void {
    if (docId === this.activeId && (docId === null || this.editor.getModel())) return;
    if (this.activeId !== null && this.models.has(this.activeId)) {
      this.viewStates.set(this.activeId, this.editor.saveViewState());
    }
    // Swapping models moves the cursor to 1:1 first: not a user move, never stored.
    this.switching = true;
    this.activeId = docId;
    const cursor = docId ? this.store.getState().documents[docId]?.cursor : undefined;
    const model = docId ? this.modelFor(docId) : null;
    this.editor.setModel(model);
    this.switching = false;
    if (!model || !docId) return;
    this.showMarkers(docId);
    const viewState = this.viewStates.get(docId);
    if (viewState) this.editor.restoreViewState(viewState);
    else if (cursor) {
      const position = model.validatePosition({ lineNumber: cursor.line, column: cursor.column });
      this.editor.setPosition(position);
      this.editor.revealPositionInCenterIfOutsideViewport(position);
    }
  }

  /** Documents whose markers wait for the frame after the keystroke (see `showMarkers`). */
  private readonly markersDue = new Set<string>();
  private markersPending: AfterPaint | null = null;
  /**
   * Per model, the kernel markers set on it, chunk by chunk (marker-data.ts `chunkMarkers`), and
   * the diagnostics (and language) they were made from — `null` while only some chunks are.
   */
  private readonly markersShown = new WeakMap<
    monaco.editor.ITextModel,
    { diagnostics: readonly unknown[] | null; lang: string; chunks: (readonly MarkerShape[])[] }
  >();
  /** A marker update being applied one changed chunk per task (see `setMarkers`). */
  private markerJob: {
    readonly model: monaco.editor.ITextModel;
    readonly lang: string;
    /** What Monaco holds so far, chunk by chunk. */
    readonly applied: (readonly MarkerShape[])[];
    timer: ReturnType<typeof setTimeout> | null;
  } | null = null;

  /**
   * Asks for `docId`'s markers to follow its analysis — after the current frame is painted, so an
   * analysis answering mid-keystroke never delays the keystroke's paint. Only the visible model's
   * markers are set; another document's are set when it is shown. A text that did not come from
   * typing in the editor (a grid edit, a fix, an import: `textOrigins`) gets its markers at once,
   * all of them: nobody is typing, and they then show in the same frame as the grid's findings.
   */
  private showMarkers(docId: string): void {
    if (this.store.getState().textOrigins[docId] !== 'typing') {
      this.markersDue.delete(docId);
      this.setMarkers(docId, true);
      return;
    }
    this.markersDue.add(docId);
    if (this.markersPending !== null) return;
    // After the next paint (a page that paints no frames, hidden, gets its markers from the
    // fallback timer).
    this.markersPending = afterNextPaint(() => this.flushMarkers(), MARKERS_FALLBACK_MS);
  }

  private flushMarkers(): void {
    this.markersPending?.cancel();
    this.markersPending = null;
    const due = [...this.markersDue];
    this.markersDue.clear();
    for (const id of due) this.setMarkers(id);
  }

  /**
   * Markers only for an analysis of exactly the model's text: a stale one is never shown. The
   * model's text is read from `synced`, which every content change updates before anything else
   * runs — usually the very string the analysis is of, so the check is an identity comparison
   * rather than `getValue()` and a comparison of 0.5 MB on every analysis of a 1,000-rule document.
   *
   * Only chunks whose markers changed are set (Monaco re-creates the decorations, and redraws the
   * overview ruler, of the chunks it is given). A model's first markers, and those of a text not
   * typed (`atOnce`), are set at once; later changes while typing go one chunk per task, so a
   * keystroke never waits behind Monaco re-creating hundreds
   * of decorations — and each chunk is set only while the text, the analysis, the language and
   * the visible model are still the ones it was made for: once any moves on, the rest is dropped
   * (the next analysis sets what differs from what Monaco holds by then).
   */
  private setMarkers(docId: string, atOnce = false): void {
    const model = this.models.get(docId);
    if (!model || this.editor.getModel() !== model) return;
    const state = this.store.getState();
    const entry = state.analyses[docId];
    if (!entry || entry.text !== this.synced.get(docId)) return;
    const { diagnostics } = entry.analysis;
    const lang = state.lang;
    const shown = this.markersShown.get(model);
    const mark = (count: number) => performance.mark('erdl:markers', { detail: { docId, count } });
    if (shown && shown.diagnostics === diagnostics && shown.lang === lang) {
      mark(shown.chunks.reduce((n, c) => n + c.length, 0));
      return;
    }
    this.stopMarkerJob();
    const markers = toMarkers(diagnostics, lang, {
      error: monaco.MarkerSeverity.Error,
      warning: monaco.MarkerSeverity.Warning,
      info: monaco.MarkerSeverity.Info,
    });
    const chunks = chunkMarkers(markers);
    const applied = [...(this.markersShown.get(model)?.chunks ?? [])];
    const pending = changedChunks(applied, chunks);
    const put = (index: number) => {
      const chunk = chunks[index] ?? [];
      monaco.editor.setModelMarkers(model, markerOwner(index), chunk);
      applied[index] = chunk;
    };
    const finish = () => {
      this.markersShown.set(model, { diagnostics, lang, chunks });
      mark(markers.length);
      if (!shown) this.scheduleRehearsal(model);
      // After the frame that paints them (or the fallback, on a page that paints none).
      const uri = model.uri.toString();
      afterNextPaint(() => releaseYamlWorker(uri), MARKERS_FALLBACK_MS);
    };
    if (!shown || atOnce) {
      // The model's first markers, or markers of a text not typed: all at once (a document just
      // opened, a grid edit — nobody typing).
      for (const index of pending) put(index);
      finish();
      return;
    }
    const job: NonNullable<EditorSession['markerJob']> = { model, lang, applied, timer: null };
    const step = () => {
      job.timer = null;
      const now = this.store.getState();
      const stale =
        this.editor.getModel() !== model ||
        now.analyses[docId] !== entry ||
        now.lang !== lang ||
        this.synced.get(docId) !== entry.text;
      if (stale) {
        this.stopMarkerJob();
        return;
      }
      const index = pending.shift();
      if (index !== undefined) put(index);
      if (pending.length > 0) {
        job.timer = setTimeout(step, 0);
        return;
      }
      this.markerJob = null;
      finish();
    };
    this.markerJob = job;
    step();
  }

  /**
   * Once per long model, after its first markers: when the page is next idle, rehearse its first
   * edit (edit-rehearsal.ts). Skipped if the model has been edited by then, or is no longer shown.
   */
  private scheduleRehearsal(model: monaco.editor.ITextModel): void {
    if (rehearsed.has(model) || model.getValueLength() < REHEARSAL_MIN_LENGTH) return;
    rehearsed.add(model);
    const run = () => {
      if (model.isDisposed() || this.editor.getModel() !== model) return;
      if (model.getAlternativeVersionId() !== createdAt.get(model)) return;
      const selections = this.editor.getSelections() ?? [];
      const spot = rehearsalSpot({
        visible: this.editor
          .getVisibleRanges()
          .map((r) => ({ start: r.startLineNumber, end: r.endLineNumber })),
        selected: (line) =>
          selections.some((s) => s.startLineNumber <= line && line <= s.endLineNumber),
        lineContent: (line) => model.getLineContent(line),
        decorationsAt: (line, column) =>
          model
            .getDecorationsInRange(new monaco.Range(line, column, line, column + 1))
            .map((d) => ({
              startLine: d.range.startLineNumber,
              startColumn: d.range.startColumn,
              endLine: d.range.endLineNumber,
              endColumn: d.range.endColumn,
            })),
      });
      if (!spot) return;
      const range = new monaco.Range(spot.line, spot.column, spot.line, spot.column + 1);
      // The same character again, with no undo entry: the text does not change.
      model.applyEdits([{ range, text: model.getValueInRange(range) }]);
      performance.mark('erdl:edit-rehearsed', { detail: { uri: model.uri.toString() } });
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1_000 });
    else setTimeout(run, 0);
  }

  /** Stops a chunked marker update, recording what Monaco holds so far. */
  private stopMarkerJob(): void {
    const job = this.markerJob;
    if (!job) return;
    this.markerJob = null;
    if (job.timer !== null) clearTimeout(job.timer);
    while (job.applied.length > 0 && (job.applied.at(-1)?.length ?? 0) === 0) job.applied.pop();
    this.markersShown.set(job.model, { diagnostics: null, lang: job.lang, chunks: job.applied });
  }

  // ── EditorHost (the fix preview) ──────────────────────────────────────────────────────────

  currentText(docId: string): string | null {
    return this.modelFor(docId)?.getValue() ?? null;
  }

  apply(docId: string, edits: Parameters<EditorHost['apply']>[1]): boolean {
    const model = this.modelFor(docId);
    if (!model || applyTextEdits(model.getValue(), edits) === null) return false;
    const operations = edits.map((e) => {
      const start = model.getPositionAt(e.range.start);
      const end = model.getPositionAt(e.range.end);
      return {
        range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column),
        text: e.newText,
      };
    });
    model.pushStackElement();
    model.pushEditOperations(
      this.editor.getModel() === model ? this.editor.getSelections() : [],
      operations,
      () => null,
    );
    model.pushStackElement();
    return true;
  }

  mountDiff(
    container: HTMLElement,
    original: string,
    modified: string,
    labels: { readonly original: string; readonly modified: string },
  ): () => void {
    // The diff editor gets an element of its own inside `container`, removed at once on close:
    // a diff still being computed must not leave its editor in the container a new one mounts in.
    const element = document.createElement('div');
    element.style.width = '100%';
    element.style.height = '100%';
    container.append(element);
    const diff = monaco.editor.createDiffEditor(element, {
      readOnly: true,
      originalEditable: false,
      automaticLayout: true,
      renderSideBySide: true,
      useInlineViewWhenSpaceIsLimited: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      renderOverviewRuler: false,
      ...TEXT_VISIBILITY_OPTIONS,
    });
    // Preview models are plain YAML (no `.erdl.yaml`): no schema, no kernel markers.
    const originalModel = monaco.editor.createModel(original, 'yaml');
    const modifiedModel = monaco.editor.createModel(modified, 'yaml');
    diff.setModel({ original: originalModel, modified: modifiedModel });
    diff.getOriginalEditor().updateOptions({ ariaLabel: labels.original });
    diff.getModifiedEditor().updateOptions({ ariaLabel: labels.modified });
    // Open at the first change rather than at the top of a long document. The models live until
    // the diff of them is computed: disposed earlier (the dialog closed at once, or React's
    // StrictMode mounting effects twice), the worker finds no models, returns no result, and
    // Monaco reports "no diff result available" as an unhandled error.
    let computed = false;
    let closed = false;
    const release = () => {
      onDiff.dispose();
      diff.dispose();
      originalModel.dispose();
      modifiedModel.dispose();
    };
    const onDiff = diff.onDidUpdateDiff(() => {
      if (computed) return;
      computed = true;
      if (closed) {
        release();
        return;
      }
      const first = diff.getLineChanges()?.[0];
      if (first)
        diff.getModifiedEditor().revealLineInCenter(Math.max(first.modifiedStartLineNumber, 1));
    });
    return () => {
      closed = true;
      element.remove();
      if (computed) release();
    };
  }

  focus(): void {
    this.editor.focus();
  }

  dispose(): void {
    for (const dispose of this.disposers.splice(0)) dispose();
    this.markersPending?.cancel();
    this.markersPending = null;
    this.markersDue.clear();
    this.stopMarkerJob();
    if (this.activeId !== null && this.models.has(this.activeId)) {
      this.viewStates.set(this.activeId, this.editor.saveViewState());
    }
    this.editor.dispose();
    if (globalThis.__ERDL_EDITOR__?.editor === this.editor) globalThis.__ERDL_EDITOR__ = undefined;
  }
}
