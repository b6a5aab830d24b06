// Every UI string table (defineStrings in src/studio/**/strings.ts): both languages have every key,
// and the Chinese side is Chinese — no Latin-only text outside a whitelist (codes, field paths,
// values, product and format names), full-width punctuation next to Chinese, no space between two
// Chinese characters, one ellipsis ("…"), and none of the wordings docs/terminology.md says not to use.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  METADATA_FIELDS,
  RULE_FIELDS,
  TABLE_COLUMN_FIELDS,
  TABLE_ROW_FIELDS,
  TOP_LEVEL_FIELDS,
} from '../src/kernel/vocabulary/document';
import { MODIFIERS, SIMPLE_OPERATORS } from '../src/kernel/vocabulary/operators';
import { TERMS } from '../src/kernel/vocabulary/terms';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function stringFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return stringFiles(path);
    return name === 'strings.ts' ? [path] : [];
  });
}

type Tree = { readonly [key: string]: string | Tree };

/** Every leaf: dotted key → text. */
function leaves(t: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(t)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

/**
 * Latin words a Chinese string may contain: product, format and standard names, codes and the
 * ERDL keywords and values a user types (field names of the format, decision and operator names).
 */
const LATIN_WHITELIST = new Set([
  'ERDL',
  'YAML',
  'JSON',
  'DSSE',
  'CSV',
  'HTML',
  'PNG',
  'SHA',
  'UTC',
  'ISO',
  'URL',
  'ID',
  'Monaco',
  'English',
  'Ed25519',
  'ECDSA',
  'P-256',
  'RSA',
  'PEM',
  'JWK',
  'SPKI',
  'CLI',
  'IndexedDB',
  'WebCrypto',
  'Studio',
  'Lines',
  'Ctrl',
  'Cmd',
  'Shift',
  'Alt',
  'Enter',
  'Esc',
  'Tab',
  'V',
  'Z',
  'Y',
  'S',
  'F8',
  'F2',
  'C',
  'D',
  'Escape',
  'Delete',
  'null',
  'true',
  'false',
  'v',
  // ERDL's own keywords, written as the user writes them in YAML (the format is not translated)
  ...TOP_LEVEL_FIELDS,
  ...METADATA_FIELDS.map((f) => f.name),
  ...RULE_FIELDS.map((f) => f.name).filter((n) => n !== 'gloss'),
  ...TABLE_ROW_FIELDS,
  ...TABLE_COLUMN_FIELDS,
  ...SIMPLE_OPERATORS.map((o) => o.name),
  ...MODIFIERS,
  'as_of',
  'temporal_state',
  'canonical',
  'canonical_hash',
  'kind',
  'decision_table',
  'fact',
  'expr',
]);

/** A Chinese-table string is acceptable Latin when it is only whitelisted words, code or values. */
function latinAllowed(text: string): boolean {
  const stripped = text
    .replace(/\{\w+\}/g, ' ') // placeholders
    .replace(/`[^`]*`/g, ' ') // code
    .replace(/"[^"]*"|“[^”]*”|「[^」]*」/g, ' ') // quoted values and names
    .replace(/\b[a-z_]+(?:\.[a-z_*]+)+\b/g, ' ') // field paths
    .replace(/(?<![\w.])\.[a-z][\w.-]*/g, ' ') // file extensions (.erdl.yaml, .csv)
    .replace(/\b(?:[a-z]+_[a-z_]+|[A-Z][A-Z_]+[A-Z]|[A-Z]+-?\d+\w*)\b/g, ' '); // keys, enums, codes
  return stripped
    .split(/[^A-Za-z0-9-]+/)
    .filter((w) => /[A-Za-z]/.test(w))
    .every((w) => LATIN_WHITELIST.has(w) || /^\d/.test(w));
}

const CJK = /[\u3400-\u4DBF\u4E00-\u9FFF]/;
const AVOID = TERMS.flatMap((t) => ('avoid' in t ? t.avoid.map((a) => ({ a, t })) : []));

const tables = stringFiles(join(ROOT, 'src/studio'));

describe('UI string tables', () => {
  it('are found', () => expect(tables.length).toBeGreaterThanOrEqual(7));

  for (const file of tables) {
    const name = relative(ROOT, file);
    it(`${name}: every key in both languages, the Chinese side in Chinese`, async () => {
      const mod = (await import(file)) as Record<string, unknown>;
      const defined = Object.values(mod).filter(
        (v): v is { en: Tree; zh: Tree } =>
          typeof v === 'object' && v !== null && 'en' in v && 'zh' in v,
      );
      expect(defined.length, name).toBeGreaterThan(0);
      const problems: string[] = [];
      for (const table of defined) {
        const en = leaves(table.en);
        const zh = leaves(table.zh);
        for (const k of en.keys()) if (!zh.has(k)) problems.push(`${k}: no Chinese`);
        for (const k of zh.keys()) if (!en.has(k)) problems.push(`${k}: no English`);
        for (const [k, v] of [...en, ...zh]) if (v.trim() === '') problems.push(`${k}: empty`);
        for (const [k, text] of en)
          if (
            /\{(?:n|total|count)\} (?:[a-z]+ )?(?!pass\b)[a-z]+s\b/.test(
              text.replace(/\{\w+:[^}]*\}/g, ''),
            )
          )
            problems.push(`${k}: a count without a plural form ({n:one|other}): ${text}`);
        for (const [k, text] of zh) {
          if (/\{\w+:[^}]*\}/.test(text)) problems.push(`${k}: plural forms in Chinese: ${text}`);
          if (k === 'en' || k.endsWith('.en')) continue; // the name of the English language itself
          // a default name such as "table-{n}" is a value the user sees in YAML, not prose
          const isValue = /^[a-z][a-z0-9-]*\{\w+\}$/.test(text);
          if (!CJK.test(text) && !isValue && !latinAllowed(text))
            problems.push(`${k}: Latin-only text in the Chinese table: ${JSON.stringify(text)}`);
          // Values quoted “…” or 「…」 count as quoted (latinAllowed), before the rest of the
          // Chinese is blanked out.
          const latin = text.replace(/“[^”]*”|「[^」]*」/g, ' ').replace(/[^\x20-\x7e]+/g, ' ');
          if (CJK.test(text) && !latinAllowed(latin))
            problems.push(`${k}: English words in a Chinese string: ${JSON.stringify(text)}`);
          const plain = text.replace(/`[^`]*`|"[^"]*"|\{\w+\}/g, 'x');
          if (/[\u3400-\u9FFF] +[\u3400-\u9FFF]/.test(plain))
            problems.push(`${k}: space between Chinese characters: ${JSON.stringify(text)}`);
          if (
            /[\u3400-\u9FFF][:,;!?]|[:,;!?][\u3400-\u9FFF]|[\u3400-\u9FFF] ?\(|\) ?[\u3400-\u9FFF]/.test(
              plain,
            )
          )
            problems.push(`${k}: half-width punctuation next to Chinese: ${JSON.stringify(text)}`);
          // One ellipsis in the UI, as zh-CN interfaces write it for "opens a dialog" and "in
          // progress": a single "…" (U+2026), never "……" (prose) or "...".
          if (/……|\.\.\./.test(text))
            problems.push(`${k}: the UI ellipsis is a single "…": ${JSON.stringify(text)}`);
          for (const { a, t } of AVOID)
            if (
              // a longer word the term allows (命中策略 is DMN's hit policy) does not count
              (('allow' in t ? t.allow : []) as readonly string[])
                .reduce((s, w) => s.split(w).join('□'), text.replace(/`[^`]*`|\{\w+\}/g, '0'))
                .includes(a)
            )
              problems.push(`${k}: "${a}" — the term is 「${t.zh}」 (docs/terminology.md)`);
        }
      }
      expect(problems, name).toEqual([]);
    });
  }
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== 'strings.ts'
      ? [path]
      : [];
  });
}

describe('UI text lives in the string tables', () => {
  it('no studio or worker module writes Chinese text outside comments', () => {
    const offenders: string[] = [];
    for (const file of [
      ...sourceFiles(join(ROOT, 'src/studio')),
      ...sourceFiles(join(ROOT, 'src/worker')),
    ]) {
      const name = relative(ROOT, file);
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
      if (/[\u3400-\u9fff]/.test(code)) offenders.push(name);
    }
    expect(offenders).toEqual([]);
  });
});
