import { describe, expect, it } from 'vitest';
import {
  analyzeImpact,
  compileDocument,
  createJsonLinesParser,
  parseFactSet,
} from '../../../kernel';
import { doc } from '../../../kernel/test-support';
import { reviewStrings } from '../strings';
import { sampleLabel } from './sample-label';

const DOC = (decision: string) =>
  doc(`  - name: "FIN-001-big"
    description: "big amounts"
    priority: 10
    when:
      logic: AND
      conditions: [{ field: "tool.args.amount", operator: gt, value: 100 }]
    then: ${decision}
    message: "m"
`);

function samples(facts: string) {
  const before = compileDocument(DOC('ALLOW')).document;
  const after = compileDocument(DOC('DENY')).document;
  if (!before || !after) throw new Error('documents do not compile');
  const { cases } = parseFactSet(createJsonLinesParser(), facts);
  return analyzeImpact(before, after, cases).transitions.flatMap((t) => t.samples);
}

describe('an impact sample is labelled from the line numbers the kernel returns', () => {
  it('a record named by its line is worded in the UI language; a name of its own is shown as is', () => {
    const got = samples(
      [
        '{"tool":{"args":{"amount":500}}}',
        '{"name":"line 7","fact":{"tool":{"args":{"amount":600}}}}',
        '{"fact":{"tool":{"args":{"amount":700}}}}',
      ].join('\n'),
    );
    expect(got.map((s) => [s.name, s.record])).toEqual([
      ['line 1', { line: 1, lastLine: 1 }],
      ['line 7', undefined],
      ['line 3', { line: 3, lastLine: 3 }],
    ]);
    expect(got.map((s) => sampleLabel(s, reviewStrings.en.impactLine))).toEqual([
      'line 1',
      'line 7',
      'line 3',
    ]);
    // A case that names itself "line 7" is not read back as a line number.
    expect(got.map((s) => sampleLabel(s, reviewStrings.zh.impactLine))).toEqual([
      '第 1 行',
      'line 7',
      '第 3 行',
    ]);
  });

  it('a record spanning lines keeps its name (lines N–M), as before', () => {
    expect(
      sampleLabel(
        { name: 'lines 3–4', record: { line: 3, lastLine: 4 } },
        reviewStrings.zh.impactLine,
      ),
    ).toBe('lines 3–4');
  });
});
