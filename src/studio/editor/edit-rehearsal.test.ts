import { describe, expect, it } from 'vitest';
import { type RehearsalView, rehearsalSpot } from './edit-rehearsal';

type Decoration = ReturnType<RehearsalView['decorationsAt']>[number];

function view(
  lines: string[],
  options: { selected?: number[]; decorations?: Decoration[]; visible?: [number, number][] } = {},
): RehearsalView {
  const decorations = options.decorations ?? [];
  return {
    visible: (options.visible ?? [[1, lines.length]]).map(([start, end]) => ({ start, end })),
    selected: (line) => (options.selected ?? []).includes(line),
    lineContent: (line) => lines[line - 1] ?? '',
    // The decorations that meet [column, column + 1) on the line, as Monaco's query returns them.
    decorationsAt: (line, column) =>
      decorations.filter(
        (d) =>
          (d.startLine < line || (d.startLine === line && d.startColumn <= column + 1)) &&
          (d.endLine > line || (d.endLine === line && d.endColumn >= column)),
      ),
  };
}

const TEXT = ['rules:', '  - name: a', '    when: x', '    then: ALLOW', '      # deep'];

describe('rehearsalSpot: the character a rehearsal retypes', () => {
  it('is the second space of the first visible line indented by three or more', () => {
    expect(rehearsalSpot(view(TEXT))).toEqual({ line: 3, column: 2 });
  });

  it('never takes a line a cursor or selection is on', () => {
    expect(rehearsalSpot(view(TEXT, { selected: [3, 4] }))).toEqual({ line: 5, column: 2 });
    expect(rehearsalSpot(view(TEXT, { selected: [3, 4, 5] }))).toBeNull();
  });

  it('only looks at the visible lines', () => {
    expect(rehearsalSpot(view(TEXT, { visible: [[1, 2]] }))).toBeNull();
    expect(rehearsalSpot(view(TEXT, { visible: [[4, 5]] }))).toEqual({ line: 4, column: 2 });
  });

  it('skips a line where a decoration starts or ends at the character, keeps one it lies inside', () => {
    const wholeRule: Decoration = { startLine: 2, startColumn: 3, endLine: 5, endColumn: 13 };
    const startsThere: Decoration = { startLine: 3, startColumn: 2, endLine: 3, endColumn: 11 };
    const endsThere: Decoration = { startLine: 4, startColumn: 1, endLine: 4, endColumn: 3 };
    expect(rehearsalSpot(view(TEXT, { decorations: [wholeRule] }))).toEqual({ line: 3, column: 2 });
    expect(rehearsalSpot(view(TEXT, { decorations: [wholeRule, startsThere] }))).toEqual({
      line: 4,
      column: 2,
    });
    expect(rehearsalSpot(view(TEXT, { decorations: [wholeRule, startsThere, endsThere] }))).toEqual(
      { line: 5, column: 2 },
    );
  });

  it('finds nothing in a document without deep indentation', () => {
    expect(rehearsalSpot(view(['a: 1', '  b: 2', '\tc: 3']))).toBeNull();
  });
});
