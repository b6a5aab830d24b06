/**
 * The editor's view options: one list for the studio's editor (editor-session.ts) and for the
 * bare-Monaco page `npm run bench:ui` compares it with (bench/bare-monaco), so the benchmark's
 * baseline renders exactly what the studio renders, minus the studio.
 */
export const EDITOR_VIEW_OPTIONS = {
  automaticLayout: true,
  minimap: { enabled: false },
  tabSize: 2,
  insertSpaces: true,
  detectIndentation: false,
  wordBasedSuggestions: 'off',
  // Suggestions open on monaco-yaml's and the field completion's trigger characters (space,
  // colon, dot, quote); not on every letter typed inside a string, which on a 1,000-rule
  // document would ask the YAML worker for a completion per keystroke of a message.
  quickSuggestions: { other: true, strings: false, comments: false },
  // Sticky scroll rebuilds an outline of the whole document after every edit.
  stickyScroll: { enabled: false },
  fixedOverflowWidgets: true,
  scrollBeyondLastLine: false,
  renderWhitespace: 'boundary',
  // Occurrence highlighting searches the whole model for the word under the cursor after every
  // cursor move (the whole of a 1,000-rule document), and Monaco 0.54's word highlighter lets the
  // cancellation of that search escape as an unhandled "Canceled" error when the editor switches
  // documents mid-search. Field paths are found with completion and the Problems list instead.
  occurrencesHighlight: 'off',
  // Folding from indentation, computed in the editor, as the bare page has it (no YAML folding
  // provider there): with monaco-yaml's provider ('auto') every edit asked the YAML worker for the
  // document's ~5,000 ranges of a 1,000-rule document and replaced all their decorations.
  foldingStrategy: 'indentation',
} as const;
