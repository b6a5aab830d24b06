import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import { isKernelMarkerOwner } from './marker-data';

/**
 * monaco-yaml reports schema violations with its own severities; the kernel's diagnostics are the
 * truth, so anything monaco-yaml says is shown as a warning at most — and nothing while the kernel
 * reports a YAML syntax error (ERDL-E0xx): what a schema check says about text that does not parse
 * is a consequence of that one root cause ("Missing property version" for a stray space).
 */
export function keepYamlMarkersBelowErrors(): void {
  monaco.editor.onDidChangeMarkers((uris) => {
    for (const uri of uris) {
      const markers = monaco.editor.getModelMarkers({ owner: 'yaml', resource: uri });
      if (markers.length === 0) continue;
      const model = monaco.editor.getModel(uri);
      if (!model) continue;
      const syntax = monaco.editor
        .getModelMarkers({ resource: uri })
        .some(
          (m) =>
            isKernelMarkerOwner(m.owner) &&
            isSyntaxCode(String(typeof m.code === 'object' ? m.code.value : m.code)),
        );
      if (syntax) {
        monaco.editor.setModelMarkers(model, 'yaml', []);
        continue;
      }
      if (!markers.some((m) => m.severity > monaco.MarkerSeverity.Warning)) continue;
      monaco.editor.setModelMarkers(
        model,
        'yaml',
        markers.map((m) => ({
          ...m,
          severity: Math.min(m.severity, monaco.MarkerSeverity.Warning),
        })),
      );
    }
  });
}

/**
 * How long the studio stays quiet (no edit, no analysis arriving, no click, key or scroll:
 * offline/quiet.ts) before monaco-yaml checks a changed document against the schema, and the
 * longest such a check waits. Its warnings add little to the kernel's diagnostics, which come at
 * once; on a 2-core machine its check of a 1,000-rule document (~2 s of CPU) ran beside the
 * first keystrokes, and its check of the 500-row table beside each next grid edit.
 */
export const YAML_VALIDATION_QUIET_MS = 1_000;
export const YAML_VALIDATION_MAX_MS = 30_000;

/**
 * monaco-yaml's markers are about the text it checked: at the first edit after they were set they
 * go, and the next check (once the studio is quiet) sets what holds for the new text. So a schema
 * warning is never shown for text that has changed since — the kernel's markers, which follow
 * every edit, stay.
 */
export function dropYamlMarkersOnEdit(): void {
  monaco.editor.onDidCreateModel((model) => {
    model.onDidChangeContent(() => {
      if (monaco.editor.getModelMarkers({ owner: 'yaml', resource: model.uri }).length === 0)
        return;
      monaco.editor.setModelMarkers(model, 'yaml', []);
    });
  });
}

/** The kernel's input and YAML syntax errors: the document does not parse. */
export function isSyntaxCode(code: string): boolean {
  return /^ERDL-E0\d\d$/.test(code);
}
