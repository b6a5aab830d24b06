// docs/gloss.md must say what the renderer does: its worked examples (§5.5 and §10.1, both
// languages) are rendered here, and its tables are compared with the vocabulary and gloss tables.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  AGGREGATE_FUNCTIONS,
  BUILTIN_FIELDS,
  compileDocument,
  DECISION_PHRASES,
  DECISIONS,
  type GlossLang,
  glossDocument,
  NODES,
  parseFieldDictionary,
} from '../src/kernel';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const read = (p: string) => readFileSync(resolve(ROOT, p), 'utf8');
const DOC = read('docs/gloss.md');
const FIELDS_TEXT = read('tests/fixtures/gloss/fields.yaml');

function gloss(file: string, lang: GlossLang, withFields: boolean): string {
  const fields = parseFieldDictionary(parse(FIELDS_TEXT));
  if (!fields.ok) throw new Error('fields.yaml is invalid');
  const result = compileDocument(read(file));
  const rules = glossDocument(result, {
    lang,
    dictionary: withFields ? fields.dictionary : undefined,
  });
  const only = rules?.length === 1 ? rules[0] : undefined;
  if (!only) throw new Error(`${file} must hold one rule`);
  return only.gloss.text;
}

const cell = (s: string) => `\`${s.replace(/\|/g, '\\|')}\``;

describe('docs/gloss.md', () => {
  it('§5.5 example: the spec sentence, in both languages, with display names', () => {
    const zh = gloss('tests/fixtures/gloss/margin.erdl.yaml', 'zh', true);
    const en = gloss('tests/fixtures/gloss/margin.erdl.yaml', 'en', true);
    // §5.5 (Chinese original): gloss: "当（售价 减 成本）除以 售价 低于 15% 时，需人工审批"; our
    // wording follows docs/gloss.md's Chinese rules (no spaces between Chinese words, ÷, §6's term).
    expect(zh).toBe('若（售价－成本）÷售价低于 15%，则需人工裁决');
    expect(en).toBe(
      'When (sale price minus cost) divided by sale price is less than 15%, human approval is required',
    );
    expect(DOC).toContain(`\n- zh: ${zh}\n- en: ${en}\n`);
  });

  it('§10.1 Quick Start: built-in display names, both languages', () => {
    // The §10.1 document as printed in the spec (English and Chinese originals).
    for (const file of [
      'src/kernel/document/__fixtures__/spec-10.1-quick-start.erdl.yaml',
      'src/kernel/document/__fixtures__/spec-10.1-quick-start.zh.erdl.yaml',
    ]) {
      const zh = gloss(file, 'zh', false);
      const en = gloss(file, 'en', false);
      expect(zh).toBe('若工具名称为“issue_refund”且金额超过 5,000，则需人工裁决');
      expect(en).toBe(
        'When the tool name is "issue_refund" and the amount is greater than 5,000, human approval is required',
      );
      expect(DOC).toContain(`\n- zh: ${zh}\n- en: ${en}\n`);
    }
  });

  it('shows the example dictionary file verbatim', () => {
    expect(DOC).toContain(`\`\`\`yaml\n${FIELDS_TEXT}\`\`\``);
  });

  it('lists every §5.5 template exactly as vocabulary/nodes.ts has it', () => {
    for (const n of NODES) {
      if (n.name === 'aggregate') continue;
      expect(DOC).toContain(`| \`${n.name}\` | ${cell(n.gloss.zh)} | ${cell(n.gloss.en)} |`);
    }
    for (const f of AGGREGATE_FUNCTIONS)
      expect(DOC).toContain(
        `| \`aggregate(${f.name})\` | ${cell(f.gloss.zh)} | ${cell(f.gloss.en)} |`,
      );
  });

  it('lists the 13 decision phrases and every built-in display name', () => {
    for (const d of DECISIONS) {
      const p = DECISION_PHRASES[d.name];
      expect(DOC).toContain(`| \`${d.name}\` | ${p.zh} | ${p.en} |`);
    }
    for (const [path, name] of BUILTIN_FIELDS)
      expect(DOC).toContain(`| \`${path}\` | ${name.zh} | ${name.en} |`);
  });
});
