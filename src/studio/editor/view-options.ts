/**
 * The editor's view options: one list for the studio's editor (editor-session.ts) and for the
 * bare-Monaco page `npm run bench:ui` compares it with (bench/bare-monaco), so the benchmark's
 * baseline renders exactly what the studio renders, minus the studio.
 */
/**
 * Full-width punctuation (U+FF01–FF0F, FF1A–FF20, FF3B–FF40, FF5B–FF65) and the ideographic space
 * U+3000: ordinary in Chinese text, so never boxed as look-alikes of ASCII. Full-width letters and
 * digits are not here: beside ASCII they still read as what they are not.
 */
const CJK_PUNCTUATION: Readonly<Record<string, true>> = Object.fromEntries(
  [
    [0xff01, 0xff0f],
    [0xff1a, 0xff20],
    [0xff3b, 0xff40],
    [0xff5b, 0xff65],
    [0x3000, 0x3000],
  ].flatMap(([from, to]) =>
    Array.from({ length: (to as number) - (from as number) + 1 }, (_, i) => [
      String.fromCodePoint((from as number) + i),
      true as const,
    ]),
  ),
);

/**
 * Text that reads as it runs (issue #35): characters that render as nothing, or reorder the text
 * around them, are boxed wherever they are (strings and comments included); bidi controls are
 * also drawn as `[U+202E]` (`renderControlCharacters`, Monaco's default, kept explicit). Look-alikes
 * of ASCII letters (a Cyrillic `о` in `tool.name`) stay flagged, but not the full-width punctuation
 * of Chinese prose (，。：；（）“”): the zh locales make those ordinary, and the full-width forms
 * Chinese text uses beside ASCII (！％～…) and the ideographic space are allowed outright. Monaco
 * leaves a hidden character inside a word of CJK letters alone; hidden-chars.ts marks those too.
 * The editor and the quick fix's diff editor both have these.
 */
export const TEXT_VISIBILITY_OPTIONS = {
  renderControlCharacters: true,
  unicodeHighlight: {
    invisibleCharacters: true,
    ambiguousCharacters: true,
    nonBasicASCII: false,
    includeComments: true,
    includeStrings: true,
    allowedLocales: { 'zh-hans': true, 'zh-hant': true },
    allowedCharacters: CJK_PUNCTUATION,
  },
} as const;

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
  ...TEXT_VISIBILITY_OPTIONS,
} as const;
