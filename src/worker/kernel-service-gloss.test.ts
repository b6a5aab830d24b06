// KernelService.gloss (the studio's gloss phase) answers exactly what a fresh glossDocument (zh,
// en) + glossLint of the text gives, positioned in the editor's text, whichever way it computed it.
import { describe, expect, it } from 'vitest';
import { generateDocument } from '../../bench/generate';
import {
  compileDocument,
  type FieldDictionary,
  glossDocument,
  glossLint,
  parseData,
  parseFieldDictionary,
  SourceText,
} from '../kernel';
import quickStart from '../studio/examples/quick-start.erdl.yaml?raw';
import type { GlossOutcome, RuleGlossText } from './kernel-protocol';
import { KernelService } from './kernel-service';

function readDictionary(text: string): FieldDictionary | undefined {
  if (text.trim() === '') return undefined;
  const data = parseData('fields', text);
  const parsed = data.ok ? parseFieldDictionary(data.value) : null;
  if (!parsed?.ok) throw new Error('test dictionary');
  return parsed.dictionary;
}

/** What `gloss` answered before it was incremental: the plain full path, positioned. */
function reference(text: string, dictionaryText: string): Omit<GlossOutcome, 'dictionaryProblems'> {
  const dictionary = readDictionary(dictionaryText);
  const result = compileDocument(text);
  const zh = glossDocument(result, { lang: 'zh', dictionary }) ?? [];
  const en = glossDocument(result, { lang: 'en', dictionary }) ?? [];
  const rules: Record<string, RuleGlossText> = {};
  zh.forEach((g, i) => {
    rules[g.name] = {
      zh: g.gloss.text,
      en: en[i]?.gloss.text ?? '',
      delegation: g.gloss.delegation,
    };
  });
  const unnamed = new Set([...zh, ...en].flatMap((g) => g.gloss.unnamed.map((f) => f.path)));
  const lacking = (lang: 'zh' | 'en') =>
    new Set((lang === 'zh' ? zh : en).flatMap((g) => g.gloss.unnamed.map((f) => f.path)));
  const missingNames = [...unnamed].map((path) => ({
    path,
    langs: (['zh', 'en'] as const).filter((l) => lacking(l).has(path)),
  }));
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const source = new SourceText(text);
  const at = (r: { start: number; end: number }) => ({ start: r.start + bom, end: r.end + bom });
  const diagnostics = glossLint(result, { dictionary }).map((d) => {
    const range = at(d.range);
    const fix = d.fix && {
      title: d.fix.title,
      edits: d.fix.edits.map((e) => ({ newText: e.newText, range: at(e.range) })),
    };
    return {
      ...d,
      range,
      ...(fix ? { fix } : {}),
      start: source.position(range.start),
      end: source.position(range.end),
    };
  });
  return {
    rules,
    unnamedFields: [...unnamed],
    missingNames,
    diagnostics,
    documentHash: result.document?.hash ?? null,
  };
}

const DICTIONARY = 'tool.args.amount: {zh: 退款金额, en: the refund amount}\ncontext.*: "{name}"\n';

describe('KernelService.gloss on the editing path', () => {
  it('equals the full path after every edit, for two documents in turn, with and without a BOM', () => {
    const service = new KernelService(() => 0);
    const docs = { a: quickStart, b: generateDocument(30) };
    let dictionary = '';
    const edits: ((t: string) => string)[] = [
      (t) => t.replace('message: "', 'message: "x'),
      (t) => t.replace('priority: 1', 'priority: 12'),
      (t) => t.replace(/message: "[^"]*"\n/, (m) => `${m}    gloss: "hand written"\n`),
      (t) => `\uFEFF${t}`,
      (t) => t.replace('value: ', 'value: 7'),
      (t) => t.replace('name: "', 'name: "R'),
      (t) => t.replace('\uFEFF', ''),
    ];
    for (const [k, edit] of edits.entries()) {
      if (k === 3) dictionary = DICTIONARY;
      if (k === 5) dictionary = '';
      for (const doc of ['a', 'b'] as const) {
        docs[doc] = edit(docs[doc]);
        const text = docs[doc];
        const got = service.gloss({ op: 'gloss', doc, text, dictionary });
        const { dictionaryProblems, ...outcome } = got;
        expect(dictionaryProblems).toEqual([]);
        expect(outcome, `edit ${k} of ${doc}`).toStrictEqual(reference(text, dictionary));
      }
    }
  });

  it('re-renders one rule after a one-character edit; falls back to the full path for JSON', () => {
    const service = new KernelService(() => 0);
    // One stored gloss (hand written, so W902; the rules without one then get I903).
    const text = generateDocument(40).replace(
      /message: "[^"]*"\n/,
      (m) => `${m}    gloss: "hand written"\n`,
    );
    service.gloss({ op: 'gloss', doc: 'd', text, dictionary: '' });
    const edited = text.replace('"Generated rule 7 decided', '"Generated rule 7 decidedx');
    const outcome = service.gloss({ op: 'gloss', doc: 'd', text: edited, dictionary: '' });
    expect(service.glossStats).toEqual({ mode: 'incremental', rendered: 2 });
    expect(outcome.diagnostics.length).toBeGreaterThan(0);
    // The same document written as JSON: the compiler does not cut JSON into parts.
    const parsed = parseData('quick-start', quickStart);
    if (!parsed.ok) throw new Error('quick start');
    // A stale stored gloss, so the lint has something to say (W902).
    const value = parsed.value as { rules: { gloss?: string }[] };
    if (value.rules[0]) value.rules[0].gloss = 'stale';
    const json = JSON.stringify(value, null, 2);
    const { dictionaryProblems: _, ...full } = service.gloss({
      op: 'gloss',
      doc: 'd',
      text: json,
      dictionary: '',
    });
    expect(service.glossStats.mode).toBe('full');
    expect(full).toStrictEqual(reference(json, ''));
    expect(full.diagnostics.map((d) => d.code)).toContain('ERDL-W902');
  });

  it('answers the same in steps, with analyses of other texts of the document between the steps', () => {
    // The kernel worker runs the gloss phase a slice at a time and analyzes newer texts (the next
    // edits) between slices: the answer must still be the gloss of the text it was asked for.
    const service = new KernelService(() => 0);
    const base = generateDocument(30).replace(
      /message: "[^"]*"\n/,
      (m) => `${m}    gloss: "hand written"\n`,
    );
    const texts = [
      base,
      base.replace('"Generated rule 3 decided', '"Generated rule 3 decidedx'),
      base.replace('priority: 1', 'priority: 12'),
      base.replace('value: ', 'value: 7'),
      'rules: [',
      base.replace('"Generated rule 9 decided', '"Generated rule 9 decidedy'),
    ];
    for (const [k, text] of texts.entries()) {
      const dictionary = k % 2 === 0 ? '' : DICTIONARY;
      service.analyze({ op: 'analyze', doc: 'd', text, dictionary });
      const steps = service.glossSteps({ op: 'gloss', doc: 'd', text, dictionary });
      let step = steps.next();
      let n = 0;
      while (!step.done) {
        // Every 7th step, the document moves on to the next text (and once to broken YAML).
        if (++n % 7 === 0) {
          const other = texts[(k + n / 7) % texts.length] ?? base;
          service.analyze({ op: 'analyze', doc: 'd', text: other, dictionary: '' });
        }
        step = steps.next();
      }
      // A text that does not load has no rules to render: one step, its answer.
      if (text === 'rules: [') expect(n).toBe(0);
      else expect(n, `steps for text ${k}`).toBeGreaterThan(7);
      const { dictionaryProblems: _, ...outcome } = step.value;
      expect(outcome, `text ${k}`).toStrictEqual(reference(text, dictionary));
    }
  });
});
