import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';

/**
 * monaco-yaml reports schema violations with its own severities; the kernel's diagnostics are the
 * truth, so anything monaco-yaml says is shown as a warning at most.
 */
export function keepYamlMarkersBelowErrors(): void {
  monaco.editor.onDidChangeMarkers((uris) => {
    for (const uri of uris) {
      const markers = monaco.editor.getModelMarkers({ owner: 'yaml', resource: uri });
      if (!markers.some((m) => m.severity > monaco.MarkerSeverity.Warning)) continue;
      const model = monaco.editor.getModel(uri);
      if (!model) continue;
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
