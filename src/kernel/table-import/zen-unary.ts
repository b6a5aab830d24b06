import type { Bilingual } from '../diagnostics/diagnostic';
import { MAX_TABLE_CELL_CHARS } from '../file-limits';
import { quote } from '../projection/yaml-out';
import { enQuote, zhQuote } from '../util/quote';

/**
 * GoRules' own cell grammar, as its zen engine reads a decision-table cell (gorules/zen,
 * core/expression: `lexer/lexer.rs`, `parser/unary.rs`; docs/table-import.md "GoRules JDM").
 *
 * An input cell is a *unary* expression about `$`, the column's value: `> 5`, `'gold'` (single or
 * double quotes, no escapes: a string ends at the next quote of its kind), `[1..10]` / `(1..10)` /
 * `[1..10)` (`]1..10[` is refused: zen does not read it as open), `['a', 'b']` (a list:
 * `$ in […]`), `1_000` (underscores group digits),
 * `contains($, 'x')`, `startsWith($, 'x')`, `endsWith($, 'x')`, `null`, `true`. Tests are joined
 * left to right by `,` (= or), `or` and `and`, with no precedence between them (`a, b and c` is
 * `(a or b) and c`, as zen's `root_expression` folds them). What is read becomes ERDL cell texts
 * (docs/table-cells.md) that all must hold — one column each, so `> 1 and < 6` is two columns on the
 * same field; anything else (names of other fields, arithmetic, `!`, `not`, dates, functions over
 * other values, `!=` — which GoRules holds for a missing field and ERDL does not) is refused with
 * the reason. An output cell is a *standard* expression: only a literal is read.
 *
 * Linear in the text: one scan into tokens, one pass over them; no recursion, no regular
 * expression with a repeated alternation.
 */

export type ZenCell =
  | { readonly ok: true; readonly cells: readonly string[] }
  | { readonly ok: false; readonly message: Bilingual };

export type ZenValue =
  | string
  | number
  | boolean
  | null
  | readonly ZenValue[]
  | { readonly [key: string]: ZenValue };

export type ZenOutput =
  | { readonly ok: true; readonly empty: true }
  | {
      readonly ok: true;
      readonly empty?: undefined;
      readonly value: ZenValue;
      /** The value as a FEEL literal text (what the table conversion reads as an output value). */
      readonly text: string;
    }
  | { readonly ok: false; readonly message: Bilingual };

type Token =
  | { readonly t: 'num'; readonly src: string }
  | { readonly t: 'str'; readonly v: string }
  | { readonly t: 'id'; readonly v: string }
  | { readonly t: 'op'; readonly v: string };

const no = (en: string, zh: string) => ({ ok: false as const, message: { en, zh } });
const shown = (t: string) => enQuote(t, 60);
const shownZh = (t: string) => zhQuote(t, 60);

const OPS = ['==', '!=', '<=', '>=', '..', '??', '&&', '||'];
const SINGLE = '<>!,()[]+-*/%^?:.{}=|&';

/** Tokens of a cell, or the reason it is not GoRules' expression language. */
function lex(text: string): Token[] | { en: string; zh: string } {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0)
        return {
          en: `the string opened at character ${i + 1} is not closed`,
          zh: `第 ${i + 1} 个字符处开始的字符串没有结束引号`,
        };
      out.push({ t: 'str', v: text.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    if (c === '`')
      return {
        en: 'a template string (`…`) is computed from the fact, not a value',
        zh: '模板字符串（`…`）由事实计算得出，不是值',
      };
    if (c >= '0' && c <= '9') {
      let j = i + 1;
      let fraction = false;
      while (j < text.length) {
        const d = text[j] as string;
        if ((d >= '0' && d <= '9') || d === '_') j++;
        else if (d === '.' && !fraction && text[j + 1] !== '.') {
          fraction = true;
          j++;
        } else break;
      }
      if (text[j] === 'e' || text[j] === 'E')
        return {
          en: `the number ${shown(text.slice(i, j + 1))}… has an exponent, which an ERDL cell does not write`,
          zh: `数字${shownZh(text.slice(i, j + 1))}…带有指数，ERDL 单元格不使用这种写法`,
        };
      out.push({ t: 'num', src: text.slice(i, j) });
      i = j;
      continue;
    }
    if (/[A-Za-z_$#]/.test(c)) {
      let j = i + 1;
      while (j < text.length && /[A-Za-z0-9_$]/.test(text[j] as string)) j++;
      out.push({ t: 'id', v: text.slice(i, j) });
      i = j;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (OPS.includes(two)) {
      out.push({ t: 'op', v: two });
      i += 2;
      continue;
    }
    if (SINGLE.includes(c)) {
      out.push({ t: 'op', v: c });
      i++;
      continue;
    }
    return {
      en: `the character ${shown(c)} at ${i + 1} is not part of GoRules' expression language`,
      zh: `第 ${i + 1} 个字符${shownZh(c)}不属于 GoRules 的表达式语言`,
    };
  }
  return out;
}

type Lit =
  | { readonly type: 'number'; readonly src: string; readonly value: number }
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'boolean'; readonly value: boolean }
  | { readonly type: 'null' };

/** One test about `$`. */
type Atom =
  | { readonly k: 'cmp'; readonly op: string; readonly lit: Lit }
  | {
      readonly k: 'range';
      readonly low: Lit & { type: 'number' };
      readonly high: Lit & { type: 'number' };
      readonly lowClosed: boolean;
      readonly highClosed: boolean;
    }
  | { readonly k: 'list'; readonly items: readonly Lit[] }
  | {
      readonly k: 'text';
      readonly fn: 'contains' | 'starts_with' | 'ends_with';
      readonly v: string;
    };

const FUNCTIONS: Record<string, 'contains' | 'starts_with' | 'ends_with'> = {
  contains: 'contains',
  startsWith: 'starts_with',
  endsWith: 'ends_with',
};
const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=']);

const numberLit = (src: string, negative: boolean): Lit & { type: 'number' } => {
  const digits = src.replace(/_/g, '');
  const s = negative ? `-${digits}` : digits;
  return { type: 'number', src: s, value: Number(s) };
};

/** A reader over the tokens of one cell. */
class Reader {
  at = 0;
  constructor(
    readonly tokens: readonly Token[],
    readonly text: string,
  ) {}
  peek(k = 0): Token | undefined {
    return this.tokens[this.at + k];
  }
  isOp(v: string, k = 0): boolean {
    const t = this.peek(k);
    return t?.t === 'op' && t.v === v;
  }
  /** A literal (number, optionally negative; string; true/false/null), or null. */
  literal(): Lit | null {
    const t = this.peek();
    if (!t) return null;
    if (t.t === 'op' && t.v === '-' && this.peek(1)?.t === 'num') {
      this.at += 2;
      return numberLit((this.tokens[this.at - 1] as { src: string }).src, true);
    }
    if (t.t === 'num') {
      this.at++;
      return numberLit(t.src, false);
    }
    if (t.t === 'str') {
      this.at++;
      return { type: 'string', value: t.v };
    }
    if (t.t === 'id' && (t.v === 'true' || t.v === 'false')) {
      this.at++;
      return { type: 'boolean', value: t.v === 'true' };
    }
    if (t.t === 'id' && t.v === 'null') {
      this.at++;
      return { type: 'null' };
    }
    return null;
  }
}

type Refusal = { readonly en: string; readonly zh: string };
const isRefusal = (x: unknown): x is Refusal =>
  typeof x === 'object' && x !== null && 'en' in x && 'zh' in x;

const EXPRESSION: Refusal = {
  en: 'it computes with names or operators GoRules evaluates against the fact, not a comparison of the column with values',
  zh: '它用名称或运算符依据事实计算，而不是把该列与值比较',
};

/** The operand after a comparison or alone: a literal, a range or a list of literals. */
function operand(r: Reader): Atom | Lit | Refusal {
  const t = r.peek();
  if (!t) return { en: 'a comparison without a value', zh: '比较运算缺少值' };
  // A range: `[`, `(` or `]`, a number, `..`, a number, `]`, `)` or `[`.
  if (t.t === 'op' && (t.v === '[' || t.v === '(' || t.v === ']')) {
    const save = r.at;
    r.at++;
    const low = r.literal();
    if (low && r.isOp('..')) {
      r.at++;
      const high = r.literal();
      const close = r.peek();
      if (!high || close?.t !== 'op' || ![']', ')', '['].includes(close.v))
        return { en: "a range's ends must be numbers", zh: '区间的两端必须是数字' };
      r.at++;
      // zen-engine 0.52.1 does not read `]a..b[` as an open range (`]0..1]` matches -0.5, `[0..1[`
      // matches 1 and not 0; measured): refused rather than read by its ISO meaning.
      if (t.v === ']' || close.v === '[')
        return {
          en: "a range written with a reversed bracket (]a..b] or [a..b[) is not read as an open range by GoRules' engine; write (a..b] or [a..b)",
          zh: '用反向方括号写的区间（]a..b] 或 [a..b[）在 GoRules 引擎中不按开区间读取；请写成 (a..b] 或 [a..b)',
        };
      if (low.type !== 'number' || high.type !== 'number')
        return {
          en: 'a range of strings, dates or other values is not an ERDL cell (ERDL ranges are numbers)',
          zh: '字符串、日期等值的区间不能写成 ERDL 单元格（ERDL 区间只用于数字）',
        };
      return {
        k: 'range',
        low,
        high,
        lowClosed: t.v === '[',
        highClosed: close.v === ']',
      };
    }
    r.at = save;
    if (t.v === '[') {
      r.at++;
      const items: Lit[] = [];
      while (!r.isOp(']')) {
        const lit = r.literal();
        if (!lit) return EXPRESSION;
        items.push(lit);
        if (r.isOp(',')) r.at++;
        else if (!r.isOp(']')) return EXPRESSION;
      }
      r.at++;
      return { k: 'list', items };
    }
    return EXPRESSION;
  }
  // contains(['a', 'b'], $) is `$ in ['a', 'b']`.
  if (t.t === 'id' && t.v === 'contains' && r.isOp('(', 1) && r.isOp('[', 2)) {
    const save = r.at;
    r.at += 2;
    const list = operand(r);
    const dollar = r.peek(1);
    if (
      !isRefusal(list) &&
      'k' in list &&
      list.k === 'list' &&
      r.isOp(',') &&
      dollar?.t === 'id' &&
      dollar.v === '$' &&
      r.isOp(')', 2)
    ) {
      r.at += 3;
      return list;
    }
    r.at = save;
  }
  // contains($, 'x'), startsWith($, 'x'), endsWith($, 'x').
  if (t.t === 'id' && FUNCTIONS[t.v] && r.isOp('(', 1)) {
    const a = r.peek(2);
    const b = r.peek(4);
    if (a?.t === 'id' && a.v === '$' && r.isOp(',', 3) && b?.t === 'str' && r.isOp(')', 5)) {
      r.at += 6;
      return { k: 'text', fn: FUNCTIONS[t.v] as 'contains', v: b.v };
    }
    return {
      en: `${t.v}(…) is converted only as ${t.v}($, 'text') (the column's value and one quoted text)`,
      zh: `${t.v}(…) 只有写成 ${t.v}($, 'text')（该列的值和一个带引号的文本）时才能转换`,
    };
  }
  const lit = r.literal();
  return lit ?? EXPRESSION;
}

/** A tree of tests joined left to right by and / or. */
type Join = { readonly k: 'and' | 'or'; readonly left: Tree; readonly right: Tree };
type Tree = Atom | Join;
const isJoin = (t: Tree): t is Join => t.k === 'and' || t.k === 'or';

/** One test of a cell: `op value`, `value`, `$ op value`. */
function pair(r: Reader): Atom | Refusal {
  // `$ > 5` is `> 5`.
  const first = r.peek();
  if (first?.t === 'id' && first.v === '$' && r.peek(1)?.t === 'op') {
    const op = r.peek(1) as { v: string };
    if (COMPARISONS.has(op.v)) r.at++;
  }
  const t = r.peek();
  if (t?.t === 'op' && COMPARISONS.has(t.v)) {
    r.at++;
    const o = operand(r);
    if (isRefusal(o)) return o;
    if ('k' in o)
      return {
        en: `${t.v} compares with one value, not a range, list or function`,
        zh: `${t.v} 只能与单个值比较，不能与区间、列表或函数比较`,
      };
    return { k: 'cmp', op: t.v === '==' ? '=' : t.v, lit: o };
  }
  if (t?.t === 'id' && t.v === 'in') {
    r.at++;
    const o = operand(r);
    if (isRefusal(o)) return o;
    if ('k' in o && (o.k === 'list' || o.k === 'range')) return o;
    return EXPRESSION;
  }
  if ((t?.t === 'op' && t.v === '!') || (t?.t === 'id' && t.v === 'not'))
    return {
      en: `a negation (${t.v}) is not converted: GoRules also matches a missing field with it, and an ERDL cell never does`,
      zh: `否定（${t.v}）未转换：GoRules 对缺失的字段也会匹配，而 ERDL 单元格从不匹配缺失的字段`,
    };
  const o = operand(r);
  if (isRefusal(o)) return o;
  if ('k' in o) return o;
  return { k: 'cmp', op: '=', lit: o };
}

// ---- From tests to ERDL cells ----------------------------------------------------------------

/** A set of numbers: an interval with optional ends. */
interface Interval {
  readonly lo: { readonly v: number; readonly src: string; readonly closed: boolean } | null;
  readonly hi: { readonly v: number; readonly src: string; readonly closed: boolean } | null;
}

function asInterval(a: Atom): Interval | null {
  if (a.k === 'range')
    return {
      lo: { v: a.low.value, src: a.low.src, closed: a.lowClosed },
      hi: { v: a.high.value, src: a.high.src, closed: a.highClosed },
    };
  if (a.k !== 'cmp' || a.lit.type !== 'number') return null;
  const end = (closed: boolean) => ({
    v: (a.lit as { value: number }).value,
    src: (a.lit as { src: string }).src,
    closed,
  });
  switch (a.op) {
    case '=':
      return { lo: end(true), hi: end(true) };
    case '>':
      return { lo: end(false), hi: null };
    case '>=':
      return { lo: end(true), hi: null };
    case '<':
      return { lo: null, hi: end(false) };
    case '<=':
      return { lo: null, hi: end(true) };
    default:
      return null;
  }
}

const isEmpty = (i: Interval) =>
  i.lo !== null &&
  i.hi !== null &&
  (i.lo.v > i.hi.v || (i.lo.v === i.hi.v && !(i.lo.closed && i.hi.closed)));

function intersect(a: Interval, b: Interval): Interval {
  const lo =
    !a.lo || (b.lo && (b.lo.v > a.lo.v || (b.lo.v === a.lo.v && !b.lo.closed))) ? b.lo : a.lo;
  const hi =
    !a.hi || (b.hi && (b.hi.v < a.hi.v || (b.hi.v === a.hi.v && !b.hi.closed))) ? b.hi : a.hi;
  return { lo, hi };
}

/** The union of two intervals when it is one interval, else null. */
function union(a: Interval, b: Interval): Interval | null {
  // They must touch: neither lies wholly above the other with a gap.
  const below = (x: Interval, y: Interval) =>
    x.hi !== null &&
    y.lo !== null &&
    (x.hi.v < y.lo.v || (x.hi.v === y.lo.v && !x.hi.closed && !y.lo.closed));
  if (below(a, b) || below(b, a)) return null;
  const lo =
    !a.lo || !b.lo ? null : a.lo.v < b.lo.v || (a.lo.v === b.lo.v && a.lo.closed) ? a.lo : b.lo;
  const hi =
    !a.hi || !b.hi ? null : a.hi.v > b.hi.v || (a.hi.v === b.hi.v && a.hi.closed) ? a.hi : b.hi;
  return { lo, hi };
}

function intervalCells(i: Interval, text: string): string[] | Refusal {
  if (isEmpty(i))
    return {
      en: `${shown(text)} matches no number (its lower end is above its upper end)`,
      zh: `${shownZh(text)}不匹配任何数字（下限高于上限）`,
    };
  if (!i.lo && !i.hi)
    return {
      en: `${shown(text)} matches every number (GoRules reads a comma or "or" as either test holding); ERDL has no cell for "any number"`,
      zh: `${shownZh(text)}匹配所有数字（GoRules 把逗号或 or 读作任一测试成立即可）；ERDL 没有表示“任意数字”的单元格`,
    };
  if (i.lo && i.hi && i.lo.closed && i.hi.closed)
    return i.lo.v === i.hi.v ? [i.lo.src] : [`[${i.lo.src}..${i.hi.src}]`];
  const cells: string[] = [];
  if (i.lo) cells.push(`${i.lo.closed ? '>=' : '>'} ${i.lo.src}`);
  if (i.hi) cells.push(`${i.hi.closed ? '<=' : '<'} ${i.hi.src}`);
  return cells;
}

const litText = (l: Lit): string =>
  l.type === 'number'
    ? l.src
    : l.type === 'string'
      ? quote(l.value)
      : l.type === 'null'
        ? 'null'
        : String(l.value);

/** Equalities of one type (or lists of them) as their values, else null. */
function values(atoms: readonly Atom[]): Lit[] | null {
  const out: Lit[] = [];
  for (const a of atoms) {
    if (a.k === 'cmp' && a.op === '=') out.push(a.lit);
    else if (a.k === 'list') out.push(...a.items);
    else return null;
  }
  const types = new Set(out.map((l) => l.type));
  return types.size === 1 && !types.has('null') && !types.has('boolean') ? out : null;
}

function listCell(vals: readonly Lit[]): string {
  if (vals.length === 1) return litText(vals[0] as Lit);
  return vals[0]?.type === 'number'
    ? `in ${vals.map(litText).join(', ')}`
    : `in [${vals.map(litText).join(', ')}]`;
}

function atomCells(a: Atom, text: string): string[] | Refusal {
  const interval = asInterval(a);
  if (interval) return intervalCells(interval, text);
  switch (a.k) {
    case 'text':
      return [`${a.fn} ${quote(a.v)}`];
    case 'list': {
      if (a.items.length === 0)
        return { en: 'an empty list matches nothing', zh: '空列表不匹配任何值' };
      const vals = values([a]);
      if (!vals)
        return {
          en: 'a list is converted only when it lists numbers or strings of one type',
          zh: '只有同一类型的数字或字符串组成的列表才能转换',
        };
      return [listCell(vals)];
    }
    case 'cmp': {
      const l = a.lit;
      if (l.type === 'null')
        return a.op === '='
          ? ['not_exists']
          : a.op === '!='
            ? ['exists']
            : { en: 'null is not ordered', zh: 'null 没有大小顺序' };
      if (a.op === '=') return [litText(l)];
      if (a.op === '!=')
        return {
          en: `!= is not converted: GoRules also matches a missing field with it (null != ${litText(l)}), and an ERDL cell never matches a missing field`,
          zh: `!= 未转换：GoRules 对缺失的字段也会匹配（null != ${litText(l)}），而 ERDL 单元格从不匹配缺失的字段`,
        };
      return {
        en: `${a.op} on a ${l.type === 'string' ? 'string' : 'yes/no value'} is not an ERDL comparison`,
        zh: `ERDL 不支持对${l.type === 'string' ? '字符串' : '是/否值'}使用 ${a.op}`,
      };
    }
    default:
      return EXPRESSION;
  }
}

function flatten(t: Tree, k: 'and' | 'or', out: Tree[]): Tree[] {
  // Left-folded: walk down the left spine (no recursion on the depth of the fold).
  const rights: Tree[] = [];
  let at: Tree = t;
  while (at.k === k) {
    const j = at as { left: Tree; right: Tree };
    rights.push(j.right);
    at = j.left;
  }
  out.push(at, ...rights.reverse());
  return out;
}

function orCells(items: readonly Tree[], text: string): string[] | Refusal {
  const atoms = items.filter((t): t is Atom => !isJoin(t));
  if (atoms.length !== items.length)
    return {
      en: `${shown(text)} joins "and" inside "or": an ERDL row's cells must all hold`,
      zh: `${shownZh(text)}在 or 中嵌套 and：ERDL 行的各单元格必须同时成立`,
    };
  const vals = values(atoms);
  if (vals) return [listCell(vals)];
  const intervals = atoms.map(asInterval);
  if (intervals.every((i): i is Interval => i !== null)) {
    let u: Interval | null = intervals[0] as Interval;
    for (const i of intervals.slice(1)) u = u && union(u, i);
    if (u) return intervalCells(u, text);
  }
  return {
    en: `${shown(text)} is an "or" of tests (GoRules reads a comma as "or") that one ERDL cell cannot write`,
    zh: `${shownZh(text)}是多个测试的“或”（GoRules 把逗号读作“或”），无法写成一个 ERDL 单元格`,
  };
}

/**
 * A GoRules input cell as the ERDL cell texts that must all hold (`['-']` for an empty cell), or
 * the reason it is not converted.
 */
export function readZenUnary(text: string): ZenCell {
  if (text.length > MAX_TABLE_CELL_CHARS)
    return no('the cell is longer than a table cell may be', '该单元格超过表格单元格的长度上限');
  if (text.trim() === '') return { ok: true, cells: ['-'] };
  const tokens = lex(text);
  if (!Array.isArray(tokens)) return { ok: false, message: tokens };
  const r = new Reader(tokens, text);
  let tree: Tree | null = null;
  let join: 'and' | 'or' | null = null;
  for (;;) {
    const p = pair(r);
    if (isRefusal(p)) return { ok: false, message: refusalOf(text, p) };
    tree = tree && join ? { k: join, left: tree, right: p } : p;
    const t = r.peek();
    if (!t) break;
    if ((t.t === 'op' && t.v === ',') || (t.t === 'id' && t.v === 'or')) join = 'or';
    else if (t.t === 'id' && t.v === 'and') join = 'and';
    else return { ok: false, message: refusalOf(text, EXPRESSION) };
    r.at++;
    if (!r.peek())
      return {
        ok: false,
        message: refusalOf(text, { en: 'it ends with a join', zh: '末尾缺少测试' }),
      };
  }
  const cells = treeCells(tree as Tree, text);
  return isRefusal(cells) ? { ok: false, message: refusalOf(text, cells) } : { ok: true, cells };
}

/** The numbers an atom or an "or" of number atoms matches, when that is one interval. */
function treeInterval(t: Tree): Interval | null {
  if (!isJoin(t)) return asInterval(t);
  if (t.k !== 'or') return null;
  let u: Interval | null = null;
  for (const item of flatten(t, 'or', [])) {
    const i = isJoin(item) ? null : asInterval(item);
    if (!i) return null;
    u = u ? union(u, i) : i;
    if (!u) return null;
  }
  return u;
}

function treeCells(tree: Tree, text: string): string[] | Refusal {
  if (!isJoin(tree)) return atomCells(tree, text);
  if (tree.k === 'or') return orCells(flatten(tree, 'or', []), text);
  // An "and": every part's cells; number comparisons on the column meet in one interval.
  const parts = flatten(tree, 'and', []);
  const cells: string[] = [];
  let interval: Interval | null = null;
  for (const part of parts) {
    const i = treeInterval(part);
    if (i) {
      interval = interval ? intersect(interval, i) : i;
      continue;
    }
    const c = treeCells(part, text);
    if (isRefusal(c)) return c;
    cells.push(...c);
  }
  if (interval) {
    const c = intervalCells(interval, text);
    if (isRefusal(c)) return c;
    cells.unshift(...c);
  }
  return cells;
}

function refusalOf(text: string, r: Refusal): Bilingual {
  return {
    en: `${shown(text)} is not converted: ${r.en}`,
    zh: `${shownZh(text)}未转换：${r.zh}`,
  };
}

/**
 * A GoRules output cell (a standard expression): a literal is its value; empty sets nothing; any
 * other expression (`volumeBonusMax * 0.6`, a field) is computed by GoRules from the fact and is
 * refused — never copied into a message as text.
 */
export function readZenOutput(text: string): ZenOutput {
  if (text.length > MAX_TABLE_CELL_CHARS)
    return no('the cell is longer than a table cell may be', '该单元格超过表格单元格的长度上限');
  if (text.trim() === '') return { ok: true, empty: true };
  const tokens = lex(text);
  if (Array.isArray(tokens)) {
    const r = new Reader(tokens, text);
    const lit = r.literal();
    if (lit && !r.peek()) {
      switch (lit.type) {
        case 'number':
          return { ok: true, value: lit.value, text: lit.src };
        case 'string':
          return { ok: true, value: lit.value, text: JSON.stringify(lit.value) };
        case 'boolean':
          return { ok: true, value: lit.value, text: String(lit.value) };
        case 'null':
          return { ok: true, value: null, text: 'null' };
      }
    }
    // A list or object of literals (`['a', 'b']`, `{ 'type': 'compact' }`) is a value too: the
    // message gives it as JSON.
    r.at = 0;
    const value = structured(r, 0);
    if (value !== undefined && !r.peek()) return { ok: true, value, text: JSON.stringify(value) };
  }
  return no(
    `${shown(text)} is an expression GoRules computes from the fact, not a value; an ERDL row gives values only`,
    `${shownZh(text)}是 GoRules 依据事实计算的表达式，不是值；ERDL 的行只给出值`,
  );
}

/** Nesting a list or object output may have (the corpus nests one level). */
const MAX_VALUE_DEPTH = 8;

/** A literal, or a list or object of them, or undefined when the tokens are not one. */
function structured(r: Reader, depth: number): ZenValue | undefined {
  if (depth > MAX_VALUE_DEPTH) return undefined;
  const lit = r.literal();
  if (lit) return lit.type === 'null' ? null : lit.value;
  if (r.isOp('[')) {
    r.at++;
    const items: ZenValue[] = [];
    while (!r.isOp(']')) {
      const v = structured(r, depth + 1);
      if (v === undefined) return undefined;
      items.push(v);
      if (r.isOp(',')) r.at++;
      else if (!r.isOp(']')) return undefined;
    }
    r.at++;
    return items;
  }
  if (r.isOp('{')) {
    r.at++;
    const obj: Record<string, ZenValue> = {};
    while (!r.isOp('}')) {
      const key = r.peek();
      if (key?.t !== 'str' && key?.t !== 'id') return undefined;
      r.at++;
      if (!r.isOp(':')) return undefined;
      r.at++;
      const v = structured(r, depth + 1);
      if (v === undefined) return undefined;
      Object.defineProperty(obj, key.v, {
        value: v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      if (r.isOp(',')) r.at++;
      else if (!r.isOp('}')) return undefined;
    }
    r.at++;
    return obj;
  }
  return undefined;
}

export type ZenCondition =
  | {
      readonly ok: true;
      /** Each field the cell tests, with the ERDL cells on it that must all hold. */
      readonly fields: readonly { readonly field: string; readonly cells: readonly string[] }[];
    }
  | { readonly ok: false; readonly message: Bilingual };

const KEYWORDS = new Set(['and', 'or', 'in', 'not', 'true', 'false', 'null']);

const isName = (t: Token | undefined): t is { t: 'id'; v: string } =>
  t?.t === 'id' && !KEYWORDS.has(t.v) && !t.v.startsWith('$') && !t.v.startsWith('#');

/**
 * The dotted path (`customer.tier`) that starts at `seg[from]`: its names joined by dots ("" when
 * none starts there) and the index of the token after it.
 */
function readPath(seg: readonly Token[], from: number): { field: string; end: number } {
  let k = from;
  const parts: string[] = [];
  while (isName(seg[k])) {
    parts.push((seg[k] as { v: string }).v);
    if (seg[k + 1]?.t === 'op' && (seg[k + 1] as { v: string }).v === '.') k += 2;
    else {
      k++;
      break;
    }
  }
  return { field: parts.join('.'), end: k };
}

/**
 * The cell of an input with no field: GoRules evaluates it as a standard expression over the whole
 * fact (`employmentStatus == "full_time" and employmentYears >= 2`). Read when it is tests of field
 * paths joined by `and`, each test in the unary grammar above (`path > 5`, `path == 'x'`,
 * `path in ['a', 'b']`, `contains(path, 'x')`); anything else (`or`, `!`, a bare field read as
 * true or false, functions over the values, `$nodes`) is refused with the reason.
 */
export function readZenCondition(text: string): ZenCondition {
  if (text.length > MAX_TABLE_CELL_CHARS)
    return no('the cell is longer than a table cell may be', '该单元格超过表格单元格的长度上限');
  if (text.trim() === '') return { ok: true, fields: [] };
  const tokens = lex(text);
  if (!Array.isArray(tokens)) return { ok: false, message: tokens };
  const fields: { field: string; atoms: Atom[] }[] = [];
  const refuse = (r: Refusal): ZenCondition => ({ ok: false, message: refusalOf(text, r) });
  let i = 0;
  for (;;) {
    // The segment up to the next top-level `and`.
    let end = i;
    let depth = 0;
    while (end < tokens.length) {
      const t = tokens[end] as Token;
      if (t.t === 'op' && (t.v === '(' || t.v === '[')) depth++;
      else if (t.t === 'op' && (t.v === ')' || t.v === ']')) depth--;
      else if (depth === 0 && t.t === 'id' && (t.v === 'or' || t.v === 'and')) break;
      end++;
    }
    const seg = tokens.slice(i, end);
    let field = '';
    let rest: Token[] = [];
    const f0 = seg[0];
    if (
      f0?.t === 'id' &&
      f0.v === 'contains' &&
      seg[1]?.t === 'op' &&
      (seg[1] as { v: string }).v === '('
    ) {
      // contains(path, 'x') is the unary contains($, 'x') on the path.
      const path = readPath(seg, 2);
      field = path.field;
      rest = [f0, seg[1] as Token, { t: 'id', v: '$' }, ...seg.slice(path.end)];
    } else {
      const path = readPath(seg, 0);
      field = path.field;
      rest = seg.slice(path.end);
      const op = rest[0];
      if (field && !(op?.t === 'op' && COMPARISONS.has(op.v)) && !(op?.t === 'id' && op.v === 'in'))
        return refuse(
          rest.length === 0
            ? {
                en: `the field ${field} alone is read by GoRules as true or false by its value; write ${field} == true`,
                zh: `GoRules 按字段 ${field} 的值把它单独读作真或假；请写 ${field} == true`,
              }
            : EXPRESSION,
        );
    }
    if (!field) return refuse(EXPRESSION);
    const r = new Reader(rest, text);
    const p = pair(r);
    if (isRefusal(p)) return refuse(p);
    if (r.peek()) return refuse(EXPRESSION);
    const at = fields.find((x) => x.field === field);
    if (at) at.atoms.push(p);
    else fields.push({ field, atoms: [p] });
    if (end >= tokens.length) break;
    const join = tokens[end] as { v: string };
    if (join.v === 'or')
      return refuse({
        en: '"or" between tests of fields is not one ERDL row (a row\'s cells must all hold)',
        zh: '字段测试之间的 or 不能写成一行 ERDL（一行的各单元格必须同时成立）',
      });
    i = end + 1;
  }
  // Number tests on one field meet in one interval where they can (`w > 50 and w <= 70`).
  const read: { field: string; cells: string[] }[] = [];
  for (const f of fields) {
    const tree = f.atoms
      .slice(1)
      .reduce<Tree>((left, right) => ({ k: 'and', left, right }), f.atoms[0] as Atom);
    const cells = treeCells(tree, text);
    if (isRefusal(cells)) return refuse(cells);
    read.push({ field: f.field, cells });
  }
  return { ok: true, fields: read };
}
