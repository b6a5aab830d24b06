// The diagnostic catalogue, case by case (issue #16 point 5): every code in
// src/kernel/diagnostics/codes.ts is produced by one small input in tests/diagnostics-cases/
// (<code>.yaml, cel-spec style), with its exact English and Chinese message; a case marked
// `fix: true` offers a fix that, applied, removes the diagnostic, and one marked `fix: false`
// offers none (so a fix added or lost is a visible change of this catalogue).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  CODES,
  compileDocument,
  type Diagnostic,
  type Fix,
  glossLint,
  MAX_DOCUMENT_BYTES,
} from '../src/kernel';

const DIR = new URL('./diagnostics-cases/', import.meta.url);

/** Codes no input can produce, and why. */
const UNREACHABLE: Record<string, string> = {
  'ERDL-E000': 'a kernel bug reported as a diagnostic (load catches what it throws)',
};

interface Case {
  readonly code: string;
  readonly note: string;
  readonly en: string;
  readonly zh: string;
  readonly fix: boolean;
  readonly input?: string;
  readonly input_base64?: string;
  readonly generate?: keyof typeof GENERATORS;
}

/** Inputs too large to write down. */
const GENERATORS = {
  oversize: () => 'a'.repeat(MAX_DOCUMENT_BYTES + 1),
  'alias-bomb': () => {
    const ten = (s: string) => `[${Array.from({ length: 10 }, () => s).join(', ')}]`;
    return `a: &a ${ten('x')}\nb: &b ${ten('*a')}\nc: &c ${ten('*b')}\nd: &d ${ten('*c')}\ne: ${ten('*d')}\n`;
  },
  deep: () => `${'['.repeat(201)}${']'.repeat(201)}\n`,
  'many-nodes': () => `x: [${'1,'.repeat(200_001)}]\n`,
} as const;

/** `{{x*N}}` is x written N times (a 1025-character pattern, a 257-item list). */
function expand(text: string): string {
  return text.replace(/\{\{(.+?)\*(\d+)\}\}/g, (_whole, x: string, n: string) =>
    Array.from({ length: Number(n) }, () => x).join(''),
  );
}

function inputOf(c: Case): string | Uint8Array {
  if (c.generate) return GENERATORS[c.generate]();
  if (c.input_base64 !== undefined) return Uint8Array.from(Buffer.from(c.input_base64, 'base64'));
  return expand(c.input ?? '');
}

/** What the studio shows for a text: the compile's diagnostics and the gloss lint (roots only). */
function diagnosticsOf(input: string | Uint8Array): Diagnostic[] {
  const result = compileDocument(input);
  return [...result.diagnostics, ...glossLint(result)];
}

function applyFix(text: string, fix: Fix): string {
  let out = text;
  for (const e of [...fix.edits].sort((a, b) => b.range.start - a.range.start))
    out = out.slice(0, e.range.start) + e.newText + out.slice(e.range.end);
  return out;
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml'));
const cases: Case[] = files.map((f) => parse(readFileSync(new URL(f, DIR), 'utf8')) as Case);

describe('the diagnostic catalogue', () => {
  it('every code has exactly one case (or is unreachable by input, with the reason)', () => {
    const covered = cases.map((c) => c.code).sort();
    const expected = Object.keys(CODES)
      .filter((c) => !(c in UNREACHABLE))
      .sort();
    expect(covered).toEqual(expected);
    expect(files.sort()).toEqual(expected.map((c) => `${c}.yaml`));
  });

  it('Chinese messages quote names and values with “”, no space beside them (docs/gloss.md)', () => {
    const problems: string[] = [];
    for (const [code, entry] of Object.entries(CODES)) {
      const zh = entry.zh;
      // ASCII quotes only where the user types them: a YAML value (`when: "true"`).
      const outsideYaml = zh.replace(/:\s?"[^"]*"/g, '');
      if (outsideYaml.includes('"')) problems.push(`${code}: ASCII quotes in ${zh}`);
      if (/[\u4e00-\u9fff\uff00-\uffef\u3000-\u303f] “|” [\u4e00-\u9fff{]/.test(zh))
        problems.push(`${code}: a space beside “” in ${zh}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(cases.map((c) => [c.code, c] as const))(
    '%s',
    (code, c) => {
      const input = inputOf(c);
      const found = diagnosticsOf(input);
      const d = found.find((x) => x.code === code);
      expect(d, `${code} (${c.note}) among ${found.map((x) => x.code).join(', ')}`).toBeDefined();
      if (!d) return;
      expect(d.message.en).toBe(c.en);
      expect(d.message.zh).toBe(c.zh);
      // Both languages, never the parser's or the engine's own words.
      expect(d.message.zh).toMatch(/[\u4e00-\u9fff]/);
      for (const m of [d.message.en, d.message.zh])
        expect(m).not.toMatch(/token|YAML stream|invalid named capture|Perl syntax|indicator/i);
      if (c.fix) {
        expect(d.fix, `${code} offers a fix`).toBeDefined();
        if (!d.fix || typeof input !== 'string') return;
        const fixed = applyFix(input, d.fix);
        expect(diagnosticsOf(fixed).map((x) => x.code)).not.toContain(code);
      } else {
        expect(d.fix, `${code} offers no fix`).toBeUndefined();
      }
      // 200,000 YAML nodes (E012) take seconds to parse on a loaded machine.
    },
    60_000,
  );
});
