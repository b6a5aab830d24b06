// Issue #16 point 5: every shipped example, its fact suite and the New document template load
// with no diagnostic of any severity — what the studio shows (analysis + gloss lint) and what the
// suite reader reports.
import { describe, expect, it } from 'vitest';
import { parseSuite } from '../../kernel';
import { KernelService } from '../../worker/kernel-service';
import { skeletonText } from '../workspace/files';
import { workspaceStrings } from '../workspace/strings';
import { EXAMPLES } from './index';

function studioDiagnostics(name: string, text: string): string[] {
  const service = new KernelService(() => 0);
  const analysis = service.analyze({ op: 'analyze', doc: name, text, dictionary: '' });
  const gloss = service.gloss({ op: 'gloss', doc: name, text, dictionary: '' });
  return [...analysis.diagnostics, ...gloss.diagnostics].map(
    (d) => `${d.code}@${d.start.line}:${d.start.column} ${d.message.en}`,
  );
}

describe('zero diagnostics', () => {
  it.each(EXAMPLES.map((e) => [e.name, e] as const))('example %s', (name, example) => {
    expect(studioDiagnostics(name, example.text)).toEqual([]);
  });

  it.each(EXAMPLES.map((e) => [e.name, e] as const))('fact suite of %s', (_name, example) => {
    const suite = parseSuite(example.suite);
    expect(suite.diagnostics.map((d) => `${d.code} ${d.message.en}`)).toEqual([]);
  });

  it.each(['en', 'zh'] as const)('the New document template (%s)', (lang) => {
    const name = workspaceStrings[lang].newDocumentName;
    expect(studioDiagnostics('new', skeletonText(name, lang))).toEqual([]);
    expect(studioDiagnostics('new', skeletonText(`${name} (2)`, lang))).toEqual([]);
  });
});
