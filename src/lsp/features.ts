/**
 * The language server's answers, as plain functions of an analysis and the text (no connection):
 * diagnostics, quick fixes, hover, completion, document symbols and rule locations. LSP positions
 * are 0-based lines and UTF-16 characters; the kernel's are 1-based (positioned.ts).
 */
import type {
  CodeAction,
  CompletionItem,
  CompletionItemKind,
  DocumentSymbol,
  Hover,
  Location,
  Diagnostic as LspDiagnostic,
  Position as LspPosition,
  Range as LspRange,
} from 'vscode-languageserver';
import { fill } from '../i18n/format';
import type { Bilingual, CompiledRule } from '../kernel';
import {
  CONDITION_OPERATOR_NAMES,
  childrenOf as childrenOfNode,
  DECISIONS,
  decisionInfo,
  METADATA_FIELDS,
  OPERATOR_ALIASES,
  OVERRIDE_LEVELS,
  RINGS,
  RULE_FIELDS,
  SIMPLE_LOGIC,
  simpleOperatorInfo,
  TABLE_ROW_FIELDS,
  TOP_LEVEL_FIELDS,
} from '../kernel';
import type { PositionedDiagnostic } from '../kernel/diagnostics/positioned';
import { revealInline, revealText } from '../kernel/util/visible-text';
import type { Analysis, RuleGlossText } from './analysis';
import { type LspLang, lspStrings } from './strings';
import { enclosingKeys, lineParts, wordAt } from './text-context';

/** LSP's numbers (DiagnosticSeverity, CompletionItemKind, SymbolKind), named. */
const SEVERITY = { error: 1, warning: 2, info: 3 } as const;
const KIND = { property: 10, enumMember: 20, value: 12, field: 5, operator: 24 } as const;
const SYMBOL = { object: 19, field: 8 } as const;

const other = (lang: LspLang): LspLang => (lang === 'zh' ? 'en' : 'zh');
const t = (lang: LspLang) => lspStrings[lang];
const say = (lang: LspLang, template: string, values: Record<string, string | number>) =>
  fill({ en: template, zh: template }, values)[lang];

/** Both languages of a text, `lang` first (one line when they are the same). */
function both(text: Bilingual, lang: LspLang): string {
  return text[lang] === text[other(lang)] ? text[lang] : `${text[lang]}\n${text[other(lang)]}`;
}

const toLsp = (p: { line: number; column: number }): LspPosition => ({
  line: p.line - 1,
  character: p.column - 1,
});

export function offsetRange(analysis: Analysis, start: number, end: number): LspRange {
  return {
    start: toLsp(analysis.source.position(start)),
    end: toLsp(analysis.source.position(end)),
  };
}

/**
 * The LSP diagnostic of a kernel diagnostic: the editor's language first, then the other; a root
 * cause says how many it causes (they get none of their own); hidden characters written out.
 */
export function toLspDiagnostic(d: PositionedDiagnostic, lang: LspLang): LspDiagnostic {
  const caused = d.caused?.length ?? 0;
  const message =
    caused === 0
      ? both(d.message, lang)
      : `${both(d.message, lang)}\n${say(lang, t(lang).causedMore, { n: caused })}`;
  return {
    range: { start: toLsp(d.start), end: toLsp(d.end) },
    severity: SEVERITY[d.severity],
    code: d.code,
    source: 'ERDL',
    message: revealText(message),
  };
}

const touches = (d: PositionedDiagnostic, range: LspRange) => {
  const s = toLsp(d.start);
  const e = toLsp(d.end);
  const before = (a: LspPosition, b: LspPosition) =>
    a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(range.start, e) && before(s, range.end);
};

/** The kernel's quick fixes of the diagnostics touching `range`, as workspace edits. */
export function codeActions(
  uri: string,
  analysis: Analysis,
  diagnostics: readonly PositionedDiagnostic[],
  range: LspRange,
  lang: LspLang,
): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    if (!d.fix || !touches(d, range)) continue;
    actions.push({
      title: revealInline(say(lang, t(lang).fix, { title: d.fix.title[lang], code: d.code })),
      kind: 'quickfix',
      isPreferred: true,
      diagnostics: [toLspDiagnostic(d, lang)],
      edit: {
        changes: {
          [uri]: d.fix.edits.map((e) => ({
            range: offsetRange(analysis, e.range.start, e.range.end),
            newText: e.newText,
          })),
        },
      },
    });
  }
  return actions;
}

const escapeMarkdown = (text: string) =>
  text.replace(/[\\`*_{}[\]()#+\-.!|<>~&]/g, (c) => `\\${c}`);
const pair = (zh: string, en: string, lang: LspLang) =>
  lang === 'zh'
    ? `${escapeMarkdown(zh)} · ${escapeMarkdown(en)}`
    : `${escapeMarkdown(en)} · ${escapeMarkdown(zh)}`;

export interface HoverInput {
  readonly lineAt: (i: number) => string;
  readonly position: LspPosition;
  readonly lang: LspLang;
  readonly rules: readonly CompiledRule[];
  /** The glosses by rule name, or null while they are being written. */
  readonly glosses: ReadonlyMap<string, RuleGlossText> | null;
}

const hoverOf = (markdown: string[], line: number, start: number, end: number): Hover => ({
  contents: { kind: 'markdown', value: markdown.join('\n\n---\n\n') },
  range: { start: { line, character: start }, end: { line, character: end } },
});

/** A hover: a key's meaning, an operator, a decision, a rule's gloss (both languages), a field. */
export function hover(input: HoverInput): Hover | null {
  const { line, character: col } = input.position;
  const text = input.lineAt(line);
  const parts = lineParts(text);
  const s = t(input.lang);
  if (parts.key !== null && col >= parts.keyStart && col <= parts.keyEnd) {
    const chain = enclosingKeys(input.lineAt, line, parts.keyStart);
    const spec = keySpecs(chain).find((f) => f.name === parts.key);
    if (!spec) return null;
    const need = 'required' in spec ? (spec.required ? s.hover.required : s.hover.optional) : null;
    const what = pair(spec.zh, spec.en, input.lang);
    const value =
      need === null
        ? `**${escapeMarkdown(spec.name)}** — ${what}`
        : say(input.lang, s.hover.fieldLine, { key: escapeMarkdown(spec.name), what, need });
    return hoverOf([value], line, parts.keyStart, parts.keyEnd);
  }
  const inValue = parts.value !== null && col >= parts.valueStart && col <= parts.valueEnd;
  if (inValue && parts.key === 'operator') {
    const alias = OPERATOR_ALIASES[parts.value as string];
    const info = simpleOperatorInfo(alias ?? (parts.value as string));
    if (info) {
      const head = `**${escapeMarkdown(parts.value as string)}** — ${s.hover.operator}${
        alias ? ` (${say(input.lang, s.hover.aliasOf, { name: alias })})` : ''
      }`;
      const operand = say(input.lang, s.hover.operand, { kind: s.operand[info.operand] });
      return hoverOf(
        [head, `${pair(info.zh, info.en, input.lang)}\n\n${operand}`],
        line,
        parts.valueStart,
        parts.valueEnd,
      );
    }
  }
  if (inValue && parts.key === 'name') {
    const chain = enclosingKeys(input.lineAt, line, parts.keyStart);
    const name = parts.value as string;
    const rules =
      chain.length === 2 && chain[0] === 'rules'
        ? input.rules.filter((r) => r.entry === name)
        : chain.at(-2) === 'rows'
          ? input.rules.filter((r) => r.rowName === name && r.row !== undefined)
          : [];
    if (rules.length > 0 && input.glosses) {
      const markdown = rules.slice(0, 5).flatMap((r) => {
        const g = input.glosses?.get(r.name);
        if (!g) return [];
        const head = `**${s.hover.gloss}** · ${escapeMarkdown(revealInline(r.name))}`;
        const first = input.lang === 'zh' ? g.zh : g.en;
        const second = input.lang === 'zh' ? g.en : g.zh;
        const extra = g.delegation ? `\n\n_${s.hover.delegation}_` : '';
        return [
          `${head}\n\n${escapeMarkdown(revealText(first))}\n\n${escapeMarkdown(revealText(second))}${extra}`,
        ];
      });
      if (markdown.length > 0) return hoverOf(markdown, line, parts.valueStart, parts.valueEnd);
    }
  }
  if (inValue && parts.key === 'field') {
    const path = parts.value as string;
    const readers = input.rules.filter((r) => readsField(r, path)).map((r) => r.name);
    const names = readers
      .slice(0, 5)
      .map((n) => `\`${n.replace(/`/g, '')}\``)
      .join(', ');
    const more = readers.length > 5 ? ', …' : '';
    return hoverOf(
      [
        `**${escapeMarkdown(path)}** — ${s.hover.field}`,
        say(input.lang, s.hover.readBy, { n: readers.length, names: names + more }),
      ],
      line,
      parts.valueStart,
      parts.valueEnd,
    );
  }
  const word = wordAt(text, col);
  const info = word ? decisionInfo(word.text) : undefined;
  if (word && info) {
    return hoverOf(
      [
        `**${info.name}** — ${s.hover.decision}`,
        `${pair(info.zh, info.en, input.lang)}\n\n${pair(info.phrase.zh, info.phrase.en, input.lang)}\n\n${
          info.blocking ? s.hover.blocking : s.hover.nonBlocking
        }`,
      ],
      line,
      word.start,
      word.end,
    );
  }
  return null;
}

function readsField(rule: CompiledRule, path: string): boolean {
  const stack = [rule.when, rule.unless];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node) continue;
    if (node.node === 'field' && node.path === path) return true;
    for (const child of childrenOfNode(node)) stack.push(child);
  }
  return false;
}

interface KeySpec {
  readonly name: string;
  readonly zh: string;
  readonly en: string;
  readonly required?: boolean;
}

const TOP_LEVEL: readonly KeySpec[] = TOP_LEVEL_FIELDS.map((name) => ({
  name,
  zh: name,
  en: name,
}));
const ROW_KEYS: readonly KeySpec[] = TABLE_ROW_FIELDS.map(
  (name) => RULE_FIELDS.find((f) => f.name === name) ?? { name, zh: name, en: name },
);
const CONDITION_KEYS: readonly KeySpec[] = [
  'field',
  'operator',
  'value',
  'logic',
  'conditions',
].map((name) => ({ name, zh: name, en: name }));

/** The keys a mapping at `chain` may hold (the kernel's vocabulary of the format). */
function keySpecs(chain: readonly string[]): readonly KeySpec[] {
  const path = chain.join('/');
  if (path === '') return TOP_LEVEL;
  if (path === 'metadata') return METADATA_FIELDS;
  if (path === 'rules/-') return RULE_FIELDS;
  if (chain.at(-1) === '-' && chain.at(-2) === 'rows') return ROW_KEYS;
  if (chain.includes('when') || chain.includes('unless')) return CONDITION_KEYS;
  return [];
}

/** Completion at `position`: a key of the mapping, or a value for the key on the line. */
export function completion(
  lineAt: (i: number) => string,
  position: LspPosition,
  fields: readonly string[],
  lang: LspLang,
): CompletionItem[] {
  const s = t(lang);
  const text = lineAt(position.line).slice(0, position.character);
  const parts = lineParts(text);
  const typingKey = /^\s*(-\s+)?[A-Za-z_]*$/.test(text);
  if (typingKey) {
    const indent = text.length - text.replace(/^\s*(-\s+)?/, '').length;
    const chain = enclosingKeys(lineAt, position.line, indent);
    return keySpecs(chain).map((f) => ({
      label: f.name,
      kind: KIND.property,
      detail: f.zh === f.en ? s.completion.key : pair(f.zh, f.en, lang).replace(/\\/g, ''),
      insertText: `${f.name}: `,
    }));
  }
  if (parts.key === null) return [];
  const values = (
    labels: readonly string[],
    kind: CompletionItemKind,
    detail: (l: string) => string,
  ) => labels.map((label) => ({ label, kind, detail: detail(label) }));
  switch (parts.key) {
    case 'then':
    case 'decision':
      return DECISIONS.map((d) => ({
        label: d.name,
        kind: KIND.enumMember,
        detail: `${s.completion.decision} · ${lang === 'zh' ? d.zh : d.en}`,
      }));
    case 'operator':
      return values(
        [...CONDITION_OPERATOR_NAMES, ...Object.keys(OPERATOR_ALIASES)],
        KIND.operator,
        (name) => {
          const info = simpleOperatorInfo(OPERATOR_ALIASES[name] ?? name);
          return `${s.completion.operator} · ${info ? info[lang] : name}`;
        },
      );
    case 'field':
      return values(fields, KIND.field, () => s.completion.field);
    case 'logic':
      return values(SIMPLE_LOGIC, KIND.value, (l) => l);
    case 'override':
      return OVERRIDE_LEVELS.map((o) => ({ label: o.name, kind: KIND.value, detail: o[lang] }));
    case 'ring':
      return RINGS.map((r) => ({ label: String(r.ring), kind: KIND.value, detail: r[lang] }));
    case 'enabled':
      return values(['true', 'false'], KIND.value, (l) => l);
    default:
      return [];
  }
}

/** Document symbols: each rule entry, with a table's rows under it. */
export function documentSymbols(analysis: Analysis): DocumentSymbol[] {
  const document = analysis.result.document;
  if (!document) return [];
  const out: DocumentSymbol[] = [];
  type Table = { entry: string; symbol: DocumentSymbol; end: number };
  let current = null as Table | null;
  for (const rule of document.rules) {
    const start = rule.range.start + analysis.bom;
    const end = rule.range.end + analysis.bom;
    if (rule.row === undefined) {
      const range = offsetRange(analysis, start, end);
      out.push({
        name: rule.name,
        detail: rule.then,
        kind: SYMBOL.object,
        range,
        selectionRange: nameRange(analysis, rule, start, end) ?? range,
      });
      current = null;
      continue;
    }
    if (current?.entry !== rule.entry) {
      const range = offsetRange(analysis, start, end);
      current = {
        entry: rule.entry,
        end,
        symbol: {
          name: rule.entry,
          kind: SYMBOL.object,
          range,
          selectionRange: range,
          children: [],
        },
      };
      out.push(current.symbol);
    }
    const rowRange = offsetRange(analysis, start, end);
    current.symbol.children?.push({
      name: rule.name,
      detail: rule.then,
      kind: SYMBOL.field,
      range: rowRange,
      selectionRange: nameRange(analysis, rule, start, end) ?? rowRange,
    });
    current.end = Math.max(current.end, end);
    current.symbol.range = {
      start: current.symbol.range.start,
      end: offsetRange(analysis, end, end).end,
    };
  }
  // A table entry's own name line is above its first row: its symbol starts there.
  for (const symbol of out) {
    if (!symbol.children) continue;
    const entry = locateEntryName(analysis, symbol.name, symbol.range.start.line);
    if (entry) {
      symbol.range = { start: entry.start, end: symbol.range.end };
      symbol.selectionRange = entry;
    }
  }
  return out;
}

/** The `name:` value of a rule (an entry's name, or a named row's) inside its range. */
function nameRange(
  analysis: Analysis,
  rule: CompiledRule,
  start: number,
  end: number,
): LspRange | null {
  const name = rule.row === undefined ? rule.entry : rule.rowName;
  if (name === undefined) return null;
  const text = analysis.text.slice(start, end);
  const match = new RegExp(`name:[ \\t]*["']?${escapeRegex(name)}["']?`).exec(text);
  if (!match) return null;
  const at = start + match.index + match[0].indexOf(name, 5);
  return offsetRange(analysis, at, at + name.length);
}

/** The line `- name: <entry>` at or above `line` (a table entry's own name). */
function locateEntryName(analysis: Analysis, entry: string, line: number): LspRange | null {
  const lines = analysis.text.split(/\r\n|\r|\n/);
  for (let i = Math.min(line, lines.length - 1); i >= 0; i--) {
    const parts = lineParts(lines[i] as string);
    if (parts.key === 'name' && parts.dash !== -1 && parts.value === entry) {
      const quoted = /["']/.test((lines[i] as string)[parts.valueStart] ?? '') ? 1 : 0;
      const start = parts.valueStart + quoted;
      return {
        start: { line: i, character: start },
        end: { line: i, character: start + entry.length },
      };
    }
  }
  return null;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where the rule named at `position` is defined (its `name:`), in any open rule document: a rule's
 * name, a table row's `<entry>#<row>`, or an entry's name, wherever it is written (a suite's
 * `matched_rules`, a comment, a message).
 */
export function definition(
  lineAt: (i: number) => string,
  position: LspPosition,
  documents: ReadonlyMap<string, Analysis>,
): Location[] {
  const word = wordAt(lineAt(position.line), position.character);
  if (!word) return [];
  const out: Location[] = [];
  for (const [uri, analysis] of documents) {
    const document = analysis.result.document;
    if (!document) continue;
    for (const rule of document.rules) {
      if (
        rule.name !== word.text &&
        !(rule.entry === word.text && rule.row !== undefined && rule.row === 1)
      )
        continue;
      const start = rule.range.start + analysis.bom;
      const end = rule.range.end + analysis.bom;
      const range =
        rule.row !== undefined && rule.name !== word.text
          ? locateEntryName(analysis, rule.entry, offsetRange(analysis, start, start).start.line)
          : (nameRange(analysis, rule, start, end) ?? offsetRange(analysis, start, start));
      if (range) out.push({ uri, range });
    }
  }
  return out;
}
