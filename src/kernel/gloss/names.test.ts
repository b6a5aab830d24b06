import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../vocabulary/document';
import {
  BUILTIN_FIELDS,
  fallbackName,
  fieldDisplayName,
  humanize,
  parseFieldDictionary,
} from './names';

describe('parseFieldDictionary', () => {
  it('accepts {zh, en}, one language, a plain string and wildcards; texts are NFC', () => {
    const r = parseFieldDictionary({
      'tool.args.price': { zh: '售价', en: 'sale price' },
      'context.cost': { en: 'cost' },
      'context.sku': 'SKU',
      'tool.args.line_items.*': { en: 'line item {name}' },
      'context.cafe': 'cafe\u0301',
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect([...r.dictionary.entries()]).toEqual([
      ['tool.args.price', { zh: '售价', en: 'sale price' }],
      ['context.cost', { en: 'cost' }],
      ['context.sku', { zh: 'SKU', en: 'SKU' }],
      ['tool.args.line_items.*', { en: 'line item {name}' }],
      ['context.cafe', { zh: 'café', en: 'café' }],
    ]);
  });

  it('rejects anything that is not a mapping', () => {
    for (const v of [null, [], 'x', 3]) {
      const r = parseFieldDictionary(v);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problems[0]?.en).toMatch(/mapping of field paths/);
    }
  });

  it('reports every bad entry, in both languages', () => {
    const r = parseFieldDictionary({
      'tool name': 'x',
      'tool..name': 'x',
      '*': 'x',
      'a.*.b': 'x',
      'tool.a': 3,
      'tool.b': { fr: 'x' },
      'tool.c': { en: '' },
      'tool.d': {},
      'tool.e': ['x'],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.en)).toEqual([
      '"tool name" is not a field path (dot-separated segments, optionally ending in ".*")',
      '"tool..name" is not a field path (dot-separated segments, optionally ending in ".*")',
      '"*" is not a field path (dot-separated segments, optionally ending in ".*")',
      '"a.*.b" is not a field path (dot-separated segments, optionally ending in ".*")',
      '"tool.a": the display name must be a string or a mapping {zh, en}',
      '"tool.b": unknown key "fr" (only zh, en and values)',
      '"tool.c": display names must be non-empty strings',
      '"tool.d": give at least one of zh and en',
      '"tool.e": the display name must be a string or a mapping {zh, en}',
    ]);
    for (const p of r.problems) expect(p.zh).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('dictionary values', () => {
  it('an entry may list the known values of its field (grid completions)', () => {
    const r = parseFieldDictionary({
      'context.channel': { zh: '渠道', en: 'the channel', values: ['web', 'app', 7, true] },
    });
    expect(r.ok && r.dictionary.get('context.channel')?.values).toEqual(['web', 'app', 7, true]);
    const bad = parseFieldDictionary({ 'context.x': { en: 'x', values: [{ a: 1 }] } });
    expect(bad.ok ? null : bad.problems[0]?.en).toBe(
      '"context.x": values must be a list of texts, numbers or yes/no values',
    );
  });
});

describe('display names', () => {
  it('built-ins name the six entities and context, from the vocabulary', () => {
    for (const e of ENTITIES) {
      expect(BUILTIN_FIELDS.get(e.name)).toEqual({ zh: e.zh, en: `the ${e.en}` });
    }
  });

  it('humanize: words from snake, kebab and camel case; acronyms kept; never a dot', () => {
    expect(humanize(['trust_level'])).toBe('trust level');
    expect(humanize(['customer', 'emailAddress'])).toBe('customer email address');
    expect(humanize(['userID', 'URL-path'])).toBe('user ID URL path');
    expect(humanize(['Amount'])).toBe('amount');
    expect(humanize(['_'])).toBe('_');
  });

  it('fallbacks: entity + rest, the entity alone, or the humanized path', () => {
    expect(fallbackName('guardian.alert_level', 'en')).toBe("the guardian's alert level");
    expect(fallbackName('guardian.alert_level', 'zh')).toBe('“guardian.alert_level”');
    expect(fallbackName('billing.total', 'en')).toBe('the billing total');
    expect(fallbackName('billing.total', 'zh')).toBe('“billing.total”');
  });

  it('resolution reports whether a name was found', () => {
    expect(fieldDisplayName('tool.name', 'zh')).toEqual({ text: '工具名称', named: true });
    expect(fieldDisplayName('task.priority', 'en')).toEqual({
      text: "the task's priority",
      named: false,
    });
    // Without the built-ins, even tool.name falls back.
    expect(fieldDisplayName('tool.name', 'en', { builtins: new Map() })).toEqual({
      text: "the tool's name",
      named: false,
    });
  });
});
