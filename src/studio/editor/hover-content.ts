/**
 * What a hover shows, as Markdown, from the kernel vocabulary (decisions, operators, document
 * fields), the JSON Schema's key descriptions and the analysis' rule glosses. Pure (no Monaco) so
 * it is unit-tested under Node. Document text is data: every piece of it is Markdown-escaped.
 */
import type { Bilingual } from '../../kernel/diagnostics/diagnostic';
import { revealInline, revealText } from '../../kernel/util/visible-text';
import { decisionInfo } from '../../kernel/vocabulary/decisions';
import { METADATA_FIELDS, RULE_FIELDS } from '../../kernel/vocabulary/document';
import { OPERATOR_ALIASES, simpleOperatorInfo } from '../../kernel/vocabulary/operators';
import type { RuleSummary } from '../../worker/kernel-protocol';
import { format } from '../i18n/i18n';
import type { Lang } from '../store/types';
import { editorStrings } from './strings';
import { enclosingKeys, readLine } from './yaml-context';

export interface HoverInput {
  readonly lineAt: (index: number) => string;
  /** 0-based line index. */
  readonly line: number;
  /** 0-based UTF-16 column of the pointer. */
  readonly column: number;
  readonly lang: Lang;
  /** The current analysis' rules, or null when none matches the text. */
  readonly rules: readonly RuleSummary[] | null;
  /** Key → description, read from the JSON Schema (`schemaKeyDescriptions`). */
  readonly keys: ReadonlyMap<string, Bilingual>;
}

export interface HoverContent {
  readonly markdown: readonly string[];
  /** 0-based columns of the hovered word in its line. */
  readonly start: number;
  readonly end: number;
}

export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~&]/g, (c) => `\\${c}`);
}

const both = (zh: string, en: string) => `${escapeMarkdown(zh)} · ${escapeMarkdown(en)}`;

export function hoverAt(input: HoverInput): HoverContent | null {
  const text = input.lineAt(input.line);
  const entry = readLine(text);
  const t = editorStrings[input.lang];
  const col = input.column;

  if (entry.key !== null && col >= entry.keyStart && col <= entry.keyEnd) {
    const chain = enclosingKeys(input.lineAt, input.line);
    const described = describeKey(entry.key, chain, input.lang, input.keys);
    return described ? { markdown: described, start: entry.keyStart, end: entry.keyEnd } : null;
  }

  const inValue = entry.value !== null && col >= entry.valueStart && col <= entry.valueEnd;
  if (inValue && entry.key === 'operator') {
    const markdown = describeOperator(entry.value!, input.lang);
    if (markdown) return { markdown, start: entry.valueStart, end: entry.valueEnd };
  }
  if (inValue && entry.key === 'name' && input.rules) {
    const chain = enclosingKeys(input.lineAt, input.line);
    if (chain.length === 2 && chain[0] === 'rules' && chain[1] === '-') {
      const glosses = input.rules.filter((r) => r.name === entry.value || r.entry === entry.value);
      if (glosses.length > 0) {
        const markdown = glosses.slice(0, 5).map((r) => {
          // Hidden characters written out (`⟨U+202E⟩`): the hover must read as the rule runs.
          const head = `**${t.hover.gloss}** · ${escapeMarkdown(revealInline(r.name))}`;
          const extra = r.gloss.delegation ? `\n\n_${t.hover.delegation}_` : '';
          const zh = escapeMarkdown(revealText(r.gloss.zh));
          const en = escapeMarkdown(revealText(r.gloss.en));
          return `${head}\n\n${zh}\n\n${en}${extra}`;
        });
        return { markdown, start: entry.valueStart, end: entry.valueEnd };
      }
    }
  }

  // A decision name anywhere in a value (then:, metadata.decision, table rows, flow style).
  const word = wordAt(text, col);
  if (word) {
    const markdown = describeDecision(word.text, input.lang);
    if (markdown) return { markdown, start: word.start, end: word.end };
  }
  return null;
}

function wordAt(text: string, col: number): { text: string; start: number; end: number } | null {
  const isWord = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);
  let start = col;
  while (start > 0 && isWord(text[start - 1])) start--;
  let end = col;
  while (end < text.length && isWord(text[end])) end++;
  return end > start ? { text: text.slice(start, end), start, end } : null;
}

export function describeDecision(name: string, lang: Lang): string[] | null {
  const info = decisionInfo(name);
  if (!info) return null;
  const t = editorStrings[lang];
  return [
    `**${info.name}** — ${t.hover.decision}`,
    `${both(info.zh, info.en)}\n\n${both(info.phrase.zh, info.phrase.en)}\n\n${
      info.blocking ? t.hover.blocking : t.hover.nonBlocking
    }`,
  ];
}

export function describeOperator(name: string, lang: Lang): string[] | null {
  const t = editorStrings[lang];
  const alias = OPERATOR_ALIASES[name];
  const info = simpleOperatorInfo(alias ?? name);
  if (!info) return null;
  const head = `**${escapeMarkdown(revealInline(name))}** — ${t.hover.operator}${
    alias ? ` (${format(t.hover.aliasOf, { name: alias })})` : ''
  }`;
  return [
    head,
    `${both(info.zh, info.en)}\n\n${format(t.hover.operand, { kind: t.operand[info.operand] })}`,
  ];
}

function describeKey(
  key: string,
  chain: readonly string[],
  lang: Lang,
  keys: ReadonlyMap<string, Bilingual>,
): string[] | null {
  const t = editorStrings[lang];
  const last2 = chain.slice(-2).join('/');
  const field =
    chain.length === 1 && chain[0] === 'metadata'
      ? METADATA_FIELDS.find((f) => f.name === key)
      : chain.length === 2 && last2 === 'rules/-'
        ? RULE_FIELDS.find((f) => f.name === key)
        : undefined;
  if (field) {
    return [
      format(t.hover.fieldLine, {
        key: escapeMarkdown(key),
        what: escapeMarkdown(field[lang]),
        need: field.required ? t.hover.required : t.hover.optional,
      }),
    ];
  }
  const described = keys.get(key);
  return described ? [`**${escapeMarkdown(key)}** — ${escapeMarkdown(described[lang])}`] : null;
}

/**
 * Every property description in the schema (`"English · 中文"`, as `document/schema.ts` writes
 * them), by key; the first description of a key wins (the schema lists the outer ones first).
 */
export function schemaKeyDescriptions(schema: unknown): Map<string, Bilingual> {
  const out = new Map<string, Bilingual>();
  const seen = new Set<unknown>();
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    const properties = (node as { properties?: unknown }).properties;
    if (typeof properties === 'object' && properties !== null) {
      for (const [key, value] of Object.entries(properties)) {
        const description = (value as { description?: unknown } | null)?.description;
        if (out.has(key) || typeof description !== 'string') continue;
        const split = description.lastIndexOf(' · ');
        out.set(
          key,
          split === -1
            ? { en: description, zh: description }
            : { en: description.slice(0, split), zh: description.slice(split + 3) },
        );
      }
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(schema);
  return out;
}
