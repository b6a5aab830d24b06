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

/** The kernel's input and YAML syntax errors: the document does not parse. */
export function isSyntaxCode(code: string): boolean {
  return /^ERDL-E0\d\d$/.test(code);
}
