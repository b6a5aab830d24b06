import { describe, expect, it } from 'vitest';
import type { PositionedDiagnostic } from '../../worker/kernel-protocol';
import { markerMessage, sameMarkers, toMarkers } from './marker-data';

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

  it('does not repeat a message that is the same in both languages', () => {
    expect(markerMessage(diagnostic({ message: { en: 'x', zh: 'x' } }), 'zh')).toBe('x');
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
