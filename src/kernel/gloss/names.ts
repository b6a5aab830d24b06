import type { Bilingual } from '../diagnostics/diagnostic';
import { zhQuote } from '../util/quote';
import { ENTITIES } from '../vocabulary/document';
import { FALLBACK_NAMES, fillPhrase, type GlossLang } from './phrases';

/**
 * G3 display names (§5.5: "gloss forbids raw field paths and MUST use the Entity's display_name").
 *
 * A field dictionary maps a field path to its bilingual display name. A key ending in `.*` is a
 * wildcard for every path below that prefix; its name may use `{name}` for the rest of the path,
 * humanized. Lookup order, per language: a decision-table column `label` > the user dictionary >
 * the built-in dictionary; inside one dictionary the exact path wins over the longest wildcard.
 * A field none of them names gets a fallback — English: entity name + humanized rest; Chinese: the
 * path quoted as code (“user.is_vip”), never English words in a Chinese sentence — and is
 * reported as unnamed (ERDL-W901, whose quick fix names it).
 */

export interface DisplayName {
  readonly zh?: string;
  readonly en?: string;
  /** Known values of the field (optional), offered as completions in the table grid. */
  readonly values?: readonly (string | number | boolean)[];
}

/** Path (or `prefix.*`) → display name. Build one with `parseFieldDictionary` or `new Map`. */
export type FieldDictionary = ReadonlyMap<string, DisplayName>;

/** Column labels of one decision table: field path → label (a string is both languages). */
export type ColumnLabels = ReadonlyMap<string, DisplayName | string>;

const entityRows: [string, DisplayName][] = ENTITIES.map((e) => [
  e.name,
  {
    zh: fillPhrase(FALLBACK_NAMES.entityOnly.zh, { entity: e.zh }),
    en: fillPhrase(FALLBACK_NAMES.entityOnly.en, { entity: e.en }),
  },
]);

/**
 * Built-in display names: the six §3 entities and `context` (their names come from
 * vocabulary/document.ts), the common fields of the spec's examples and §7.4, and two wildcards
 * for free-form tool arguments and context fields.
 */
export const BUILTIN_FIELDS: FieldDictionary = new Map<string, DisplayName>([
  ...entityRows,
  ['agent.id', { zh: '智能体 ID', en: 'the agent ID' }],
  ['agent.name', { zh: '智能体名称', en: 'the agent name' }],
  ['agent.role', { zh: '智能体角色', en: 'the agent role' }],
  ['tool.name', { zh: '工具名称', en: 'the tool name' }],
  ['tool.args', { zh: '工具参数', en: 'the tool arguments' }],
  ['tool.args.amount', { zh: '金额', en: 'the amount' }],
  ['tool.args.path', { zh: '文件路径', en: 'the file path' }],
  ['tool.args.command', { zh: '命令', en: 'the command' }],
  ['tool.args.url', { zh: '网址', en: 'the URL' }],
  ['tool.args.content', { zh: '内容', en: 'the content' }],
  ['tool.args.recipient', { zh: '收件人', en: 'the recipient' }],
  ['tool.args.*', { zh: '参数“{name}”', en: 'the {name} argument' }],
  ['task.id', { zh: '任务 ID', en: 'the task ID' }],
  ['task.type', { zh: '任务类型', en: 'the task type' }],
  ['task.status', { zh: '任务状态', en: 'the task status' }],
  ['workflow.id', { zh: '工作流 ID', en: 'the workflow ID' }],
  ['workflow.state', { zh: '工作流状态', en: 'the workflow state' }],
  ['human.id', { zh: '审批人 ID', en: 'the approver ID' }],
  ['human.role', { zh: '审批人角色', en: 'the approver role' }],
  ['guardian.id', { zh: '监管者 ID', en: 'the guardian ID' }],
  ['context.amount', { zh: '金额', en: 'the amount' }],
  ['context.user', { zh: '用户', en: 'the user' }],
  ['context.user_id', { zh: '用户 ID', en: 'the user ID' }],
  ['context.environment', { zh: '运行环境', en: 'the environment' }],
  ['context.*', { zh: '“context.{name}”', en: 'the {name}' }],
]);

/**
 * Path segments → words: `_` and `-` become spaces, camelCase is split, Capitalized words are
 * lower-cased (ALL-CAPS words such as ID or URL are kept). Deterministic; never contains a dot.
 */
export function humanize(segments: readonly string[]): string {
  const words = segments
    .flatMap((s) => s.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[\s_-]+/))
    .filter((w) => w !== '')
    .map((w) => (/^[A-Z][a-z]/.test(w) ? w.toLowerCase() : w));
  return words.length > 0 ? words.join(' ') : segments.join(' ');
}

function lookup(dict: FieldDictionary, path: string, lang: GlossLang): string | undefined {
  const exact = dict.get(path)?.[lang];
  if (exact !== undefined) return exact;
  const segments = path.split('.');
  for (let i = segments.length - 1; i >= 1; i--) {
    const name = dict.get(`${segments.slice(0, i).join('.')}.*`)?.[lang];
    // Chinese reads the rest of the path as code (“max_retries”), never humanized English words.
    const rest = segments.slice(i);
    if (name !== undefined)
      return fillPhrase(name, { name: lang === 'zh' ? rest.join('.') : humanize(rest) });
  }
  return undefined;
}

export interface NameSources {
  readonly labels?: ColumnLabels | undefined;
  readonly dictionary?: FieldDictionary | undefined;
  /** Defaults to BUILTIN_FIELDS. */
  readonly builtins?: FieldDictionary | undefined;
}

export interface ResolvedName {
  readonly text: string;
  /** False when no label or dictionary named the field and the fallback was used (G3 warning). */
  readonly named: boolean;
}

/** The display name of a field path in one language (see the module comment for the order). */
export function fieldDisplayName(
  path: string,
  lang: GlossLang,
  sources: NameSources = {},
): ResolvedName {
  const label = sources.labels?.get(path);
  const fromLabel = typeof label === 'string' ? label : label?.[lang];
  if (fromLabel !== undefined) return { text: fromLabel, named: true };
  for (const dict of [sources.dictionary, sources.builtins ?? BUILTIN_FIELDS]) {
    const name = dict && lookup(dict, path, lang);
    if (name !== undefined) return { text: name, named: true };
  }
  return { text: fallbackName(path, lang), named: false };
}

/**
 * The fallback for a field nobody named: in English the entity + humanized rest; in Chinese the
 * path itself as code, “user.is_vip” (no English words humanized into a Chinese sentence).
 */
export function fallbackName(path: string, lang: GlossLang): string {
  const [root = '', ...rest] = path.split('.');
  const entity = ENTITIES.find((e) => e.name === root);
  if (entity && rest.length > 0)
    return fillPhrase(FALLBACK_NAMES.entity[lang], {
      entity: entity[lang],
      rest: humanize(rest),
      path,
    });
  if (entity) return fillPhrase(FALLBACK_NAMES.entityOnly[lang], { entity: entity[lang] });
  return fillPhrase(FALLBACK_NAMES.unknownRoot[lang], { rest: humanize([root, ...rest]), path });
}

const PATH = /^[^\s.]+(?:\.[^\s.]+)*$/;

export type DictionaryResult =
  | { readonly ok: true; readonly dictionary: FieldDictionary }
  | { readonly ok: false; readonly problems: readonly Bilingual[] };

/**
 * Checks a parsed FIELDS document (YAML/JSON already parsed by the caller): a mapping
 * `path → {zh, en}` (either may be omitted, not both) or `path → "text"` (both languages).
 * Keys are field paths, or `prefix.*` wildcards. Texts are NFC-normalized.
 */
export function parseFieldDictionary(value: unknown): DictionaryResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      problems: [
        {
          en: 'a field dictionary is a mapping of field paths to {zh, en} display names',
          zh: '字段词典应为“字段路径 → {zh, en} 显示名”的映射',
        },
      ],
    };
  }
  const problems: Bilingual[] = [];
  const dictionary = new Map<string, DisplayName>();
  for (const [rawKey, entry] of Object.entries(value as Record<string, unknown>)) {
    const key = rawKey.normalize('NFC');
    const path = key.endsWith('.*') ? key.slice(0, -2) : key;
    if (!PATH.test(path) || path.split('.').includes('*')) {
      problems.push({
        en: `"${rawKey}" is not a field path (dot-separated segments, optionally ending in ".*")`,
        zh: `${zhQuote(rawKey)}不是字段路径（以点分隔的段，可以“.*”结尾）`,
      });
      continue;
    }
    const name = displayNameOf(entry);
    if ('problem' in name) {
      problems.push({
        en: `"${rawKey}": ${name.problem.en}`,
        zh: `${zhQuote(rawKey)}：${name.problem.zh}`,
      });
      continue;
    }
    dictionary.set(key, name);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, dictionary };
}

const PROBLEMS = {
  shape: {
    en: 'the display name must be a string or a mapping {zh, en}',
    zh: '显示名应为字符串或 {zh, en} 映射',
  },
  empty: { en: 'display names must be non-empty strings', zh: '显示名必须是非空字符串' },
  none: { en: 'give at least one of zh and en', zh: 'zh 与 en 至少给出一个' },
  values: {
    en: 'values must be a list of texts, numbers or yes/no values',
    zh: 'values 应为文本、数字或是/否值的列表',
  },
} as const satisfies Record<string, Bilingual>;

/** A display-name entry, or what is wrong with it. */
function displayNameOf(entry: unknown): DisplayName | { readonly problem: Bilingual } {
  const text = (v: unknown) =>
    typeof v === 'string' && v.trim() !== '' ? v.normalize('NFC') : null;
  if (typeof entry === 'string') {
    const t = text(entry);
    return t === null ? { problem: PROBLEMS.empty } : { zh: t, en: t };
  }
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return { problem: PROBLEMS.shape };
  const out: { zh?: string; en?: string; values?: (string | number | boolean)[] } = {};
  for (const [k, v] of Object.entries(entry as Record<string, unknown>)) {
    if (k === 'values') {
      const ok =
        Array.isArray(v) &&
        v.every((x) => typeof x === 'string' || typeof x === 'boolean' || Number.isFinite(x));
      if (!ok) return { problem: PROBLEMS.values };
      out.values = (v as (string | number | boolean)[]).map((x) =>
        typeof x === 'string' ? x.normalize('NFC') : x,
      );
      continue;
    }
    if (k !== 'zh' && k !== 'en')
      return {
        problem: {
          en: `unknown key "${k}" (only zh, en and values)`,
          zh: `未知的键${zhQuote(k)}（只能是 zh、en 与 values）`,
        },
      };
    const t = text(v);
    if (t === null) return { problem: PROBLEMS.empty };
    out[k] = t;
  }
  if (out.zh === undefined && out.en === undefined) return { problem: PROBLEMS.none };
  return out;
}
