/**
 * What the differential properties compare (tests/fuzz/fast-load.property.test.ts,
 * tests/fuzz/compile-fast-path.property.test.ts): every vector and diagnostics-case file, the texts
 * embedded in them, and a compile result written out in full.
 */
import { readdirSync, statSync } from 'node:fs';
import type { CompileResult } from '../../src/kernel';

/** A compile result in full: trees carry their source-map range (the map itself is not JSON). */
export function serializeResult(r: CompileResult): string {
  const sourceMap = r.document?.sourceMap;
  return JSON.stringify(
    { ok: r.ok, diagnostics: r.diagnostics, document: r.document, text: r.source.text },
    (key, value) => {
      if (key === 'sourceMap') return undefined;
      if (value && typeof value === 'object' && sourceMap?.has(value))
        return { ...value, '@range': sourceMap.get(value) };
      return value;
    },
  );
}

function filesUnder(dir: URL, suffix: RegExp): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path).sort()) {
      const p = `${path}/${name}`;
      if (statSync(p).isDirectory()) walk(p);
      else if (suffix.test(name)) out.push(p);
    }
  };
  walk(dir.pathname.replace(/\/$/, ''));
  return out;
}

/** Every multi-line string inside a parsed YAML file (vector documents, case inputs). */
export function embeddedTexts(value: unknown, out: string[]): string[] {
  if (typeof value === 'string' && value.includes('\n')) out.push(value);
  else if (Array.isArray(value)) for (const v of value) embeddedTexts(v, out);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) embeddedTexts(v, out);
  return out;
}

export const VECTOR_FILES = filesUnder(new URL('../../vectors/', import.meta.url), /\.ya?ml$/);
export const CASE_FILES = filesUnder(new URL('../diagnostics-cases/', import.meta.url), /\.ya?ml$/);
