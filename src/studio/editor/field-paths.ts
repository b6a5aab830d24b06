/**
 * Field paths offered after `field:`: from the workspace field dictionary, the active document's
 * sample fact and the paths the document already reads. Inputs that do not parse contribute
 * nothing here — the dictionary editor and the Evaluate panel report their problems.
 */
import { parseData, unwrapFact } from '../../kernel/data/parse-data';
import { type DisplayName, parseFieldDictionary } from '../../kernel/gloss/names';
import type { Lang } from '../store/types';

export type FieldSource = 'dictionary' | 'fact' | 'document';

export interface FieldCandidate {
  readonly path: string;
  readonly source: FieldSource;
  /** Display name in the requested language (the other language when only that one exists). */
  readonly name: string | null;
}

export interface FieldInputs {
  readonly dictionary: string;
  readonly fact: string;
  readonly documentFields: readonly string[];
}

/** Fact paths stop at this depth and count: a huge sample must not stall the completion list. */
const MAX_DEPTH = 12;
const MAX_FACT_PATHS = 2_000;

export function factPaths(value: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown, prefix: string, depth: number) => {
    if (out.length >= MAX_FACT_PATHS || depth > MAX_DEPTH) return;
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      if (key === '' || /[\s.]/.test(key)) continue;
      const path = prefix === '' ? key : `${prefix}.${key}`;
      out.push(path);
      walk(child, path, depth + 1);
    }
  };
  walk(value, '', 0);
  return out;
}

export function dictionaryNames(text: string): ReadonlyMap<string, DisplayName> {
  if (text.trim() === '') return new Map();
  const data = parseData('fields', text);
  if (!data.ok) return new Map();
  const parsed = parseFieldDictionary(data.value);
  return parsed.ok ? parsed.dictionary : new Map();
}

function nameIn(name: DisplayName | undefined, lang: Lang): string | null {
  if (!name) return null;
  return name[lang] ?? name[lang === 'zh' ? 'en' : 'zh'] ?? null;
}

/** Exact names first, then the longest `prefix.*` wildcard (as the gloss resolves names). */
function lookup(names: ReadonlyMap<string, DisplayName>, path: string): DisplayName | undefined {
  const exact = names.get(path);
  if (exact) return exact;
  const segments = path.split('.');
  for (let n = segments.length - 1; n > 0; n--) {
    const wildcard = names.get(`${segments.slice(0, n).join('.')}.*`);
    if (wildcard) return wildcard;
  }
  return undefined;
}

export function fieldCandidates(inputs: FieldInputs, lang: Lang): FieldCandidate[] {
  const names = dictionaryNames(inputs.dictionary);
  const fact = inputs.fact.trim() === '' ? null : parseData('fact', inputs.fact);
  const seen = new Map<string, FieldCandidate>();
  const add = (path: string, source: FieldSource) => {
    if (seen.has(path) || path.endsWith('.*')) return;
    seen.set(path, { path, source, name: nameIn(lookup(names, path), lang) });
  };
  for (const path of names.keys()) add(path, 'dictionary');
  if (fact?.ok) for (const path of factPaths(unwrapFact(fact.value))) add(path, 'fact');
  for (const path of inputs.documentFields) add(path, 'document');
  return [...seen.values()];
}
