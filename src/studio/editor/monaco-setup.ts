/**
 * Monaco, loaded lazily (the studio's first paint never waits for it): the core editor with its
 * contributions, the YAML language (tokens + monaco-yaml with the ERDL JSON Schema), and the
 * studio's own providers — field-path completion, vocabulary hover, quick fixes that propose
 * (never apply) the kernel's fixes. Only the YAML language is bundled; no TS/CSS/HTML/JSON workers.
 */
import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import { configureMonacoYaml } from 'monaco-yaml';
import { format } from '../i18n/i18n';
import { whenStudioQuiet } from '../offline/quiet';
import { type StudioStore, studioStore } from '../store';
import { shouldComplete } from './completion-trigger';
import { registerFieldCompletion } from './field-completion';
import { registerFixActions } from './fix-actions';
import { markHiddenCharacters } from './hidden-chars';
import { schemaKeyDescriptions } from './hover-content';
import { registerHover } from './hover-provider';
import { installLegacyWebWorker } from './monaco-internals';
import { editorStrings } from './strings';
import { defineTheme } from './theme';
import { deferMirrorUpdates } from './worker-mirror';
import {
  dropYamlMarkersOnEdit,
  keepYamlMarkersBelowErrors,
  YAML_VALIDATION_MAX_MS,
  YAML_VALIDATION_QUIET_MS,
} from './yaml-markers';
import YamlWorker from './yaml-worker?worker';

export type Monaco = typeof monaco;
export { documentIdOf, uriForDocument } from './document-uri';
export { monaco };

export const SCHEMA_PATH = `${import.meta.env.BASE_URL}schema/erdl-v2.1.schema.json`;

let ready: Promise<void> | null = null;

/** Sets Monaco up once; resolves when the editor can be created (the schema may have failed). */
export function setupMonaco(store: StudioStore = studioStore): Promise<void> {
  ready ??= configure(store).catch((e: unknown) => {
    // A failed start (a chunk that did not load) may be retried from the editor's error state.
    ready = null;
    throw e;
  });
  return ready;
}

async function configure(store: StudioStore): Promise<void> {
  self.MonacoEnvironment = {
    // Both workers' copies of the document are updated after the keystroke's frame is painted
    // (worker-mirror.ts); every request still reaches them after every update before it.
    getWorker: (_workerId: string, label: string) =>
      deferMirrorUpdates(label === 'yaml' ? new YamlWorker() : new EditorWorker()),
  };
  // monaco-yaml's schema checks run once the studio is quiet (monaco-internals.ts): one wait
  // for all the documents' checks that are due, not one per document.
  let quiet: Promise<void> | null = null;
  installLegacyWebWorker(monaco, {
    validationTurn: () => {
      quiet ??= whenStudioQuiet(store, YAML_VALIDATION_QUIET_MS, YAML_VALIDATION_MAX_MS).then(
        () => {
          quiet = null;
        },
      );
      return quiet;
    },
  });
  ignoreMonacoCancellations();
  defineTheme();
  const schemaKeys = await loadSchema(store);
  registerFixActions(store);
  registerHover(store, schemaKeys);
  registerFieldCompletion(store);
  markHiddenCharacters(store);
  keepYamlMarkersBelowErrors();
  dropYamlMarkersOnEdit();
}

/**
 * Monaco cancels its own pending requests (code actions, hovers) when the editor moves on; the
 * cancelled request settles with its CancellationError ("Canceled"), which nothing awaits. That is
 * Monaco's bookkeeping, not an error: keep it from surfacing as an unhandled error. Any other error
 * still surfaces.
 */
function ignoreMonacoCancellations(): void {
  const isCancellation = (e: unknown) =>
    e instanceof Error && e.name === 'Canceled' && e.message === 'Canceled';
  self.addEventListener('unhandledrejection', (event) => {
    if (isCancellation(event.reason)) event.preventDefault();
  });
  self.addEventListener('error', (event) => {
    if (isCancellation(event.error)) event.preventDefault();
  });
}

async function loadSchema(
  store: StudioStore,
): Promise<ReadonlyMap<string, { en: string; zh: string }>> {
  let schema: unknown = null;
  try {
    const response = await fetch(SCHEMA_PATH);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    schema = await response.json();
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    store.getState().notify('warning', {
      en: format(editorStrings.en.schemaUnavailable, { detail }),
      zh: format(editorStrings.zh.schemaUnavailable, { detail }),
    });
  }
  withYamlProviderGuards(() =>
    configureMonacoYaml(monaco, {
      enableSchemaRequest: false,
      // The studio's own hover speaks the UI language and knows the vocabulary and glosses.
      hover: false,
      completion: true,
      validate: true,
      format: { enable: false },
      yamlVersion: '1.2',
      schemas:
        schema === null
          ? []
          : [
              {
                uri: new URL(SCHEMA_PATH, globalThis.location?.href ?? 'http://localhost/').href,
                fileMatch: ['**/*.erdl.yaml'],
                schema: schema as object,
              },
            ],
    }),
  );
  return schemaKeyDescriptions(schema);
}

/**
 * Runs `configure` (monaco-yaml's set-up) with the providers it registers guarded, so that the
 * YAML worker is not asked to parse the whole document for nothing while the user edits (on a
 * 1,000-rule document each such parse is ~1–2 s of its CPU, beside the keystrokes on a 2-core
 * machine; docs/performance-log.md, "Round 7"):
 * - completion only where `shouldComplete` says (a space typed inside a scalar asks nothing);
 * - code actions asked for automatically (Monaco's lightbulb follows every cursor move) only for a
 *   range with monaco-yaml's own markers, whose quick fixes they are; its one refactoring without
 *   a diagnostic (a long quoted string to a block string) is still offered when asked for
 *   (Ctrl+. or the context menu). Asking after every cursor move parsed the whole document;
 * - no link provider: monaco-yaml's finds JSON `$ref` links only, which ERDL documents never hold,
 *   and Monaco asked for them after every pause in the typing.
 */
function withYamlProviderGuards<T>(configure: () => T): T {
  const languages = monaco.languages;
  const { registerCompletionItemProvider, registerCodeActionProvider, registerLinkProvider } =
    languages;
  languages.registerCompletionItemProvider = (selector, provider) =>
    registerCompletionItemProvider(selector, {
      ...provider,
      provideCompletionItems(model, position, context, token) {
        const prefix = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
        if (!shouldComplete(prefix, context)) return { suggestions: [] };
        return provider.provideCompletionItems(model, position, context, token);
      },
    });
  languages.registerCodeActionProvider = (selector, provider, metadata) =>
    registerCodeActionProvider(
      selector,
      {
        ...provider,
        provideCodeActions(model, range, context, token) {
          const yamlMarkers = context.markers.some(
            // The standalone API passes the marker service's markers, owner included.
            (m) => (m as Partial<monaco.editor.IMarker>).owner === 'yaml',
          );
          if (!yamlMarkers && context.trigger !== monaco.languages.CodeActionTriggerType.Invoke) {
            return { actions: [], dispose: () => undefined };
          }
          return provider.provideCodeActions(model, range, context, token);
        },
      },
      metadata,
    );
  languages.registerLinkProvider = () => ({ dispose: () => undefined });
  try {
    return configure();
  } finally {
    Object.assign(languages, {
      registerCompletionItemProvider,
      registerCodeActionProvider,
      registerLinkProvider,
    });
  }
}
