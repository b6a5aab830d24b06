// Runner for the canonical golden vectors (vectors/README.md). Every directory under
// vectors/canonical/ is one case: its input document is compiled by the kernel and every rule's
// canonical bytes and hash, and the document hash, must equal expected.json exactly. The hashes are
// also recomputed here with node:crypto (not the kernel's @noble/hashes), as a third party would.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalJson, compileDocument } from '../src/kernel';

const CASES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'canonical');
const INPUTS = ['input.erdl.yaml', 'input.erdl.json'];
const HASH = /^sha256:[0-9a-f]{64}$/;

interface Expected {
  readonly rules: Readonly<Record<string, { readonly canonical: string; readonly hash: string }>>;
  readonly document: string;
}

function sha256(text: string): string {
  return `sha256:${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex')}`;
}

const cases = readdirSync(CASES_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe('canonical vectors', () => {
  it('has at least 12 well-formed cases named NNNN-slug', () => {
    expect(cases.length).toBeGreaterThanOrEqual(12);
    for (const name of cases) {
      expect(name).toMatch(/^\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*$/);
      const inputs = INPUTS.filter((f) => existsSync(join(CASES_DIR, name, f)));
      expect(inputs, `${name}: exactly one input file`).toHaveLength(1);
      expect(existsSync(join(CASES_DIR, name, 'expected.json')), `${name}: expected.json`).toBe(
        true,
      );
    }
  });

  it('expected.json files are self-consistent: hash = sha256(canonical bytes)', () => {
    for (const name of cases) {
      const expected = JSON.parse(
        readFileSync(join(CASES_DIR, name, 'expected.json'), 'utf8'),
      ) as Expected;
      expect(Object.keys(expected).sort(), name).toEqual(['document', 'rules']);
      expect(expected.document, name).toMatch(HASH);
      for (const [rule, e] of Object.entries(expected.rules)) {
        expect(Object.keys(e).sort(), `${name} ${rule}`).toEqual(['canonical', 'hash']);
        expect(sha256(e.canonical), `${name} ${rule}`).toBe(e.hash);
        // The canonical bytes are RFC 8785 output: re-serializing the parsed value gives them back.
        expect(canonicalJson(JSON.parse(e.canonical)), `${name} ${rule}`).toBe(e.canonical);
      }
    }
  });

  for (const name of cases) {
    it(name, () => {
      const dir = join(CASES_DIR, name);
      const input = INPUTS.map((f) => join(dir, f)).find((p) => existsSync(p)) as string;
      const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Expected;
      const result = compileDocument(new Uint8Array(readFileSync(input)));
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      expect(errors.map((d) => `${d.code} ${d.message.en}`)).toEqual([]);
      const document = result.document;
      if (!document) throw new Error('document did not load');

      // Rules: the same names in the same (definition) order.
      expect(document.rules.map((r) => r.name)).toEqual(Object.keys(expected.rules));
      for (const rule of document.rules) {
        const e = expected.rules[rule.name];
        if (!e) throw new Error(`unexpected rule ${rule.name}`);
        const bytes = canonicalJson(rule.when);
        expect(bytes, `${rule.name} canonical bytes`).toBe(e.canonical);
        expect(rule.hash, `${rule.name} hash`).toBe(e.hash);
        expect(sha256(bytes), `${rule.name} hash recomputed`).toBe(e.hash);
      }
      expect(document.hash, 'document hash').toBe(expected.document);
    });
  }
});
