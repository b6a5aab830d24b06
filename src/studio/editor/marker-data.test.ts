import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PositionedDiagnostic } from '../../worker/kernel-protocol';
import { EDITOR_MARKER_LIMIT } from '../shell/problem-order';
import {
  changedChunks,
  chunkMarkers,
  isKernelMarkerOwner,
  MARKER_CHUNK,
  type MarkerShape,
  markerMessage,
  markerOwner,
  sameMarkers,
  toMarkers,
} from './marker-data';

const diagnostic = (over: Partial<PositionedDiagnostic>): PositionedDiagnostic => ({
  code: 'ERDL-E207',
  severity: 'error',
  category: 'enum',
  message: { en: 'unknown decision', zh: '未知决策' },
  range: { start: 10, end: 14 },
  recoverable: true,
  start: { line: 3, column: 11 },
  end: { line: 3, column: 15 },
  ...over,
});

describe('toMarkers', () => {
  const severities = { error: 8, warning: 4, info: 2 };

  it('keeps exact ranges, maps severities and puts the UI language first', () => {
    const [zh] = toMarkers([diagnostic({})], 'zh', severities);
    expect(zh).toEqual({
      severity: 8,
      message: '未知决策\nunknown decision',
      code: 'ERDL-E207',
      source: 'ERDL',
      startLineNumber: 3,
      startColumn: 11,
      endLineNumber: 3,
      endColumn: 15,
    });
    const [en] = toMarkers([diagnostic({ severity: 'info' })], 'en', severities);
    expect(en?.message).toBe('unknown decision\n未知决策');
    expect(en?.severity).toBe(2);
    expect(toMarkers([diagnostic({ severity: 'warning' })], 'en', severities)[0]?.severity).toBe(4);
  });

  it('widens an empty range by one column so it stays visible', () => {
    const [m] = toMarkers([diagnostic({ end: { line: 3, column: 11 } })], 'en', severities);
    expect(m?.endColumn).toBe(12);
  });

  it('orders errors, then warnings, then notes, each in the analysis order: the editor limit drops notes first', () => {
    const note = (line: number) =>
      diagnostic({
        severity: 'info',
        code: 'ERDL-I703',
        start: { line, column: 3 },
        end: { line, column: 8 },
      });
    const notes = Array.from({ length: EDITOR_MARKER_LIMIT + 20 }, (_, i) => note(i + 1));
    const warning = diagnostic({
      severity: 'warning',
      code: 'ERDL-W510',
      start: { line: 900, column: 1 },
      end: { line: 900, column: 4 },
    });
    const error = diagnostic({ start: { line: 950, column: 1 }, end: { line: 950, column: 4 } });
    const early = diagnostic({ start: { line: 2, column: 1 }, end: { line: 2, column: 4 } });
    // The analysis's order (document order): line 2, the notes, line 900, line 950.
    const markers = toMarkers(
      [notes[0]!, early, ...notes.slice(1), warning, error],
      'en',
      severities,
    );
    expect(markers.slice(0, 3).map((m) => [m.severity, m.startLineNumber])).toEqual([
      [8, 2],
      [8, 950],
      [4, 900],
    ]);
    const shown = markers.slice(0, EDITOR_MARKER_LIMIT);
    expect(shown.filter((m) => m.severity === 2).map((m) => m.startLineNumber)).toEqual(
      Array.from({ length: EDITOR_MARKER_LIMIT - 3 }, (_, i) => i + 1),
    );
  });

  it('does not repeat a message that is the same in both languages', () => {
    expect(markerMessage(diagnostic({ message: { en: 'x', zh: 'x' } }), 'zh')).toBe('x');
  });

  it('writes out the hidden characters a message quotes (Monaco shows it as plain text)', () => {
    const message = {
      en: 'Rule "SEC-001\u200B" compares with "\u202Etnuocca_eteled\u202C"',
      zh: '规则“SEC-001\u200B”与“\u202Etnuocca_eteled\u202C”比较',
    };
    expect(markerMessage(diagnostic({ message }), 'zh')).toBe(
      '规则“SEC-001⟨U+200B⟩”与“⟨U+202E⟩tnuocca_eteled⟨U+202C⟩”比较\n' +
        'Rule "SEC-001⟨U+200B⟩" compares with "⟨U+202E⟩tnuocca_eteled⟨U+202C⟩"',
    );
  });
});

describe('one root cause, one marker', () => {
  const severities = { error: 8, warning: 4, info: 2 };
  it('a root says, in the UI language, how many problems it causes; they get no marker', () => {
    const caused = Array.from({ length: 54 }, () => diagnostic({}));
    const markers = toMarkers([diagnostic({ caused })], 'zh', severities);
    expect(markers).toHaveLength(1);
    expect(markers[0]?.message).toBe('未知决策\nunknown decision\n（另有 54 处由此引起）');
    expect(markerMessage(diagnostic({ caused }), 'en')).toBe(
      'unknown decision\n未知决策\n(and 54 more caused by this)',
    );
  });
});

describe('sameMarkers', () => {
  const severities = { error: 8, warning: 4, info: 2 };
  const base = [
    diagnostic({}),
    diagnostic({ code: 'ERDL-W510', severity: 'warning', start: { line: 9, column: 3 } }),
  ];
  const markers = toMarkers(base, 'en', severities);

  it('is true for the same diagnostics at offsets an edit elsewhere moved (same line:column)', () => {
    const moved = base.map((d) => ({
      ...d,
      range: { start: d.range.start + 5, end: d.range.end + 5 },
    }));
    expect(sameMarkers(markers, toMarkers(moved, 'en', severities))).toBe(true);
  });

  it.each<[string, (d: PositionedDiagnostic) => PositionedDiagnostic]>([
    ['a column', (d) => ({ ...d, start: { ...d.start, column: d.start.column + 1 } })],
    ['an end line', (d) => ({ ...d, end: { ...d.end, line: d.end.line + 1 } })],
    ['a severity', (d) => ({ ...d, severity: 'info' })],
    ['a code', (d) => ({ ...d, code: 'ERDL-E208' })],
    ['a message', (d) => ({ ...d, message: { ...d.message, en: 'other' } })],
    ['a cause count', (d) => ({ ...d, caused: [{ code: 'ERDL-E209', range: d.range }] as never })],
  ])('is false when %s differs', (_what, change) => {
    const changed = [base[0]!, change(base[1]!)];
    expect(sameMarkers(markers, toMarkers(changed, 'en', severities))).toBe(false);
  });

  it('is false for another count or language', () => {
    expect(sameMarkers(markers, toMarkers(base.slice(1), 'en', severities))).toBe(false);
    expect(sameMarkers(markers, toMarkers(base, 'zh', severities))).toBe(false);
  });
});

describe('marker chunks', () => {
  const marker = (line: number, message = 'm'): MarkerShape => ({
    severity: 8,
    message,
    code: 'ERDL-E207',
    source: 'ERDL',
    startLineNumber: line,
    startColumn: 1,
    endLineNumber: line,
    endColumn: 2,
  });
  const list = (n: number, from = 1) => Array.from({ length: n }, (_, i) => marker(from + i));

  it('splits markers in document order into chunks of MARKER_CHUNK, owners erdl, erdl.1, …', () => {
    const chunks = chunkMarkers(list(2 * MARKER_CHUNK + 3));
    expect(chunks.map((c) => c.length)).toEqual([MARKER_CHUNK, MARKER_CHUNK, 3]);
    expect(chunks.flat()).toEqual(list(2 * MARKER_CHUNK + 3));
    expect(chunkMarkers([])).toEqual([]);
    expect([0, 1, 2].map(markerOwner)).toEqual(['erdl', 'erdl.1', 'erdl.2']);
    expect(['erdl', 'erdl.12', 'yaml', 'erdlx', 'erdl.'].map(isKernelMarkerOwner)).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
  });

  it('names only the chunks that differ, and the ones to empty at the end', () => {
    const before = chunkMarkers(list(3 * MARKER_CHUNK));
    expect(changedChunks(before, chunkMarkers(list(3 * MARKER_CHUNK)))).toEqual([]);
    const oneMoved = list(3 * MARKER_CHUNK);
    oneMoved[MARKER_CHUNK + 4] = marker(9999);
    expect(changedChunks(before, chunkMarkers(oneMoved))).toEqual([1]);
    // One marker fewer at the start: every chunk shifts.
    expect(changedChunks(before, chunkMarkers(list(3 * MARKER_CHUNK - 1, 2)))).toEqual([0, 1, 2]);
    // Fewer chunks: the last is emptied; more: the new one is set.
    expect(changedChunks(before, chunkMarkers(list(2 * MARKER_CHUNK)))).toEqual([2]);
    expect(changedChunks(before, chunkMarkers(list(3 * MARKER_CHUNK + 1)))).toEqual([3]);
    expect(changedChunks([], [])).toEqual([]);
  });

  it('applying the changed chunks over what is shown gives the new markers, in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 260 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 260 }),
        (a, b) => {
          const shown = chunkMarkers(a.map((l) => marker(l)));
          const next = chunkMarkers(b.map((l) => marker(l)));
          const held = [...shown];
          for (const i of changedChunks(shown, next)) held[i] = next[i] ?? [];
          expect(held.flat()).toEqual(b.map((l) => marker(l)));
        },
      ),
    );
  });
});
