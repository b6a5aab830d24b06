// Property tests of text that reads as it runs (issue #35 point 6, ruling I-88): hidden characters
// injected into a rule's name, value and message — as the characters themselves or as escapes —
// always get a diagnostic positioned exactly on them (inside the scalar), a bidi control an error
// and an invisible character a warning, with a fix giving back the document without them; and
// whatever the kernel shows of such a document — messages, gloss in both languages, the review
// report, a trace reason — holds no hidden character.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileDocument,
  createIncrementalCompiler,
  type Diagnostic,
  Evaluator,
  findHidden,
  glossDocument,
  reviewReportHtml,
} from '../../src/kernel';
import { applyEdits } from '../../src/kernel/test-support';
import { fuzzParams, fuzzTimeout } from './runs';

const BIDI = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e];
const INVISIBLE = [
  0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2064, 0x00ad, 0xfeff, 0x034f, 0x3164, 0x180e, 0xfe0f,
  0xe0041, 0xe007f,
];

/** One injected character and how it is written in a double-quoted YAML string. */
interface Injected {
  readonly cp: number;
  readonly escaped: boolean;
}

const injectedArb: fc.Arbitrary<Injected> = fc.record({
  cp: fc.constantFrom(...BIDI, ...INVISIBLE),
  escaped: fc.boolean(),
});

/** Visible text: letters, digits, `_`, `-`, a Chinese word. */
const visibleArb = fc
  .array(fc.constantFrom('a', 'b', 'z', '0', '7', '_', '-', '规', '则'), {
    minLength: 1,
    maxLength: 12,
  })
  .map((cs) => cs.join(''));

/** A string with characters injected at the given places, as YAML source and as its value. */
interface Written {
  readonly source: string;
  readonly value: string;
  /** The source of each injected character, as [start, end) in `source` (quotes excluded). */
  readonly spans: readonly (readonly [number, number])[];
}

function write(visible: string, at: readonly [number, Injected][]): Written {
  const chars = [...visible];
  const inserts = new Map<number, Injected[]>();
  for (const [pos, inj] of at) {
    const p = pos % (chars.length + 1);
    inserts.set(p, [...(inserts.get(p) ?? []), inj]);
  }
  let source = '';
  let value = '';
  const spans: [number, number][] = [];
  for (let i = 0; i <= chars.length; i++) {
    for (const inj of inserts.get(i) ?? []) {
      const ch = String.fromCodePoint(inj.cp);
      const text = inj.escaped
        ? inj.cp > 0xffff
          ? `\\U${inj.cp.toString(16).toUpperCase().padStart(8, '0')}`
          : `\\u${inj.cp.toString(16).toUpperCase().padStart(4, '0')}`
        : ch;
      spans.push([source.length, source.length + text.length]);
      source += text;
      value += ch;
    }
    if (i < chars.length) {
      source += chars[i];
      value += chars[i];
    }
  }
  return { source, value, spans };
}

const placesArb = fc.array(fc.tuple(fc.nat(20), injectedArb), { minLength: 1, maxLength: 5 });

/** Where the injection goes: the rule's name, its value or its message. */
const targetArb = fc.constantFrom('name', 'value', 'message') as fc.Arbitrary<
  'name' | 'value' | 'message'
>;

function documentWith(target: 'name' | 'value' | 'message', text: string): string {
  const name = target === 'name' ? `SEC-001-${text}` : 'SEC-001-a';
  const value = target === 'value' ? text : 'issue_refund';
  const message = target === 'message' ? text : 'm';
  return [
    'protocol: "erdl/v2"',
    'version: "2.1.0"',
    'metadata:',
    '  name: "t"',
    '  decision: ALLOW',
    'rules:',
    `  - name: "${name}"`,
    '    description: "d"',
    '    priority: 10',
    '    when:',
    '      logic: AND',
    '      conditions:',
    '        - field: "tool.name"',
    '          operator: eq',
    `          value: "${value}"`,
    '        - field: "tool.args.at"',
    '          operator: exists',
    '    then: DENY',
    `    message: "${message}"`,
    '',
  ].join('\n');
}

/** Where the injected text starts in the document (its scalar's opening quote + 1). */
function textStart(target: 'name' | 'value' | 'message', doc: string): number {
  const marker = { name: 'name: "SEC-001-', value: 'value: "', message: 'message: "' }[target];
  return doc.indexOf(marker) + marker.length;
}

const params = fuzzParams(3535, 150);
const visibleText = (s: string) => findHidden(s).length === 0;
const messagesVisible = (ds: readonly Diagnostic[]) =>
  ds.every((d) => visibleText(d.message.en) && visibleText(d.message.zh));

describe('hidden characters injected into a rule', () => {
  it(
    'are found, positioned on the characters as written, and removed by the fix',
    () => {
      fc.assert(
        fc.property(targetArb, visibleArb, placesArb, (target, visible, at) => {
          const w = write(visible, at);
          const doc = documentWith(target, w.source);
          const clean = documentWith(target, visible);
          const r = compileDocument(doc);
          const found = r.diagnostics.filter(
            (d) => d.code === 'ERDL-E025' || d.code === 'ERDL-W026',
          );
          expect(found).toHaveLength(1);
          const d = found[0] as Diagnostic;
          const bidi = at.some(([, inj]) => BIDI.includes(inj.cp));
          expect(d.code).toBe(bidi ? 'ERDL-E025' : 'ERDL-W026');
          expect(r.ok).toBe(!bidi);
          // Exactly from the first injected character to the end of the last, inside the scalar.
          const base = textStart(target, doc);
          const first = w.spans[0] as readonly [number, number];
          const last = w.spans[w.spans.length - 1] as readonly [number, number];
          expect(d.range).toEqual({ start: base + first[0], end: base + last[1] });
          const open = doc.lastIndexOf('"', base - 1);
          const close = doc.indexOf('"', base);
          expect(close).toBe(base + w.source.length);
          expect(d.range.start > open && d.range.end <= close).toBe(true);
          // The fix removes every one of them, and only them.
          expect(d.fix?.edits).toHaveLength(w.spans.length);
          expect(applyEdits(doc, d.fix?.edits ?? [])).toBe(clean);
          expect(messagesVisible(r.diagnostics)).toBe(true);
        }),
        params,
      );
    },
    fuzzTimeout(40),
  );

  it(
    'what the kernel shows of a document that loads holds none of them',
    () => {
      const invisible = fc.array(
        fc.tuple(
          fc.nat(20),
          fc.record({ cp: fc.constantFrom(...INVISIBLE), escaped: fc.boolean() }),
        ),
        { minLength: 1, maxLength: 5 },
      );
      fc.assert(
        fc.property(targetArb, visibleArb, invisible, (target, visible, at) => {
          const w = write(visible, at);
          const doc = documentWith(target, w.source);
          const r = compileDocument(doc);
          expect(r.ok).toBe(true);
          expect(messagesVisible(r.diagnostics)).toBe(true);
          for (const lang of ['zh', 'en'] as const) {
            const gloss = glossDocument(r, { lang }) ?? [];
            for (const g of gloss) expect(visibleText(g.gloss.text), g.gloss.text).toBe(true);
          }
          const report = reviewReportHtml({
            lang: 'both',
            file: `${w.value}.erdl.yaml`,
            sourceBytes: new TextEncoder().encode(doc),
            signers: [],
            date: null,
          });
          expect(report.ok).toBe(true);
          expect(visibleText(report.ok ? report.html : '')).toBe(true);
          // A trace reason quoting the hidden value (an evaluation error) shows it too.
          const e = new Evaluator(r.document as NonNullable<typeof r.document>);
          const timed = compileDocument(
            doc.replace(
              / {4}when:\n[\s\S]*? {4}then:/,
              '    when: { expr: { gt: [{ epoch_ms: [{ field: "d" }] }, 0] } }\n    then:',
            ),
          );
          const result = new Evaluator(
            timed.document as NonNullable<typeof timed.document>,
          ).evaluate({ d: w.value }, { as_of: '2026-01-01T00:00:00Z', trace: true });
          const reason = result.eval_trace[0]?.reason;
          expect(reason?.kind).toBe('error');
          expect(visibleText(`${reason?.error?.message.en}${reason?.error?.message.zh}`)).toBe(
            true,
          );
          expect(
            e.evaluate(
              { tool: { name: w.value, args: { at: 1 } } },
              {
                as_of: '2026-01-01T00:00:00Z',
              },
            ).decision,
          ).toBe(target === 'value' ? 'DENY' : 'ALLOW');
        }),
        params,
      );
    },
    fuzzTimeout(80),
  );

  it(
    'the incremental compile reports exactly what compileDocument reports, wherever they are',
    () => {
      const inc = createIncrementalCompiler();
      let incremental = 0;
      const base = [
        documentWith('value', 'a'),
        documentWith('message', 'b').replace('  - name: "SEC-001-a"', '  - name: "SEC-002-b"'),
      ]
        .join('')
        .replace(/\nprotocol[\s\S]*?rules:\n/, '\n');
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.nat(base.length), injectedArb, fc.boolean()), {
            minLength: 1,
            maxLength: 4,
          }),
          (at) => {
            // Characters (or comments holding them) put anywhere on a line; escapes only inside a
            // double-quoted string would be one, elsewhere they are plain text.
            let text = base;
            for (const [pos, inj, comment] of [...at].sort((x, y) => y[0] - x[0])) {
              const ch = String.fromCodePoint(inj.cp);
              const lineEnd = text.indexOf('\n', pos);
              text = comment
                ? `${text.slice(0, lineEnd)}  # ${ch}${text.slice(lineEnd)}`
                : `${text.slice(0, pos)}${ch}${text.slice(pos)}`;
            }
            const full = compileDocument(text);
            const part = inc.compile(text);
            if (inc.stats.mode === 'incremental') incremental++;
            expect(part.diagnostics).toEqual(full.diagnostics);
            expect(part.ok).toBe(full.ok);
            if (full.document) expect(part.document?.hash).toBe(full.document.hash);
          },
        ),
        params,
      );
      // Most texts are compiled from their parts (a character in a key or a keyword breaks none).
      expect(incremental).toBeGreaterThan(params.numRuns / 2);
    },
    fuzzTimeout(60),
  );
});
