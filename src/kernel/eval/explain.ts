import type { Bilingual } from '../diagnostics/diagnostic';
import { canonicalDecimal, Decimal } from '../tree/decimal';
import type { ExprNode } from '../tree/types';
import { revealText } from '../util/visible-text';
import { NODES } from '../vocabulary/nodes';
import type { EvalCode, EvaluationError } from './errors';
import type { TraceNode } from './evaluate';
import { codePointLength, MAX_ARRAY, MAX_MATCH_INPUT, MAX_STEPS } from './nodes';
import { equality, exactJsonText, isNumeric, order, toJson, typeName, type Value } from './values';

/**
 * The condition that made a rule's `when` false, read from its trace: inside an `and`, the first
 * argument that evaluated to false (descending into nested `and`s); anything else that is false
 * (`or`, `not`, a comparison) is itself the failing condition. Null when the tree is not false
 * in the trace (matched, not evaluated, or an error).
 */
export function failingCondition(tree: ExprNode, trace: TraceNode): ExprNode | null {
  if (trace.value !== false) return null;
  if (tree.node === 'and' && trace.args) {
    for (const [i, child] of tree.args.entries()) {
      const t = trace.args[i];
      if (t?.value === false) return failingCondition(child, t) ?? child;
    }
  }
  return tree;
}

/**
 * Why a rule's `when` did not hold, as data (the studio words it in either language):
 * - `type_mismatch`: an operand's type never compares with the other side (`"3000"` vs 5000);
 * - `missing`: an operand reads a field that is not in the fact;
 * - `null`: an operand is a present null (only `== null` / `!= null` compare with it);
 * - `false`: the values compare, and the condition is simply false;
 * - `error`: the condition was not evaluated — an evaluation error (a limit, E4/§7.3) stopped it,
 *   and E12 failed the rule closed or folded it to false.
 */
export type ReasonKind = 'type_mismatch' | 'missing' | 'null' | 'false' | 'error';

export interface TraceReason {
  readonly kind: ReasonKind;
  /** Preorder id, in the rule's `when` tree, of the condition the reason is about. */
  readonly node: number;
  /** That condition's operator (`gt`, `match`, …). */
  readonly op: string;
  /** The field (or `$.…` element path) the failing operand reads, when it reads one. */
  readonly field?: string;
  /** The operand's value as JSON (left out when its JSON is longer than MAX_REASON_VALUE). */
  readonly value?: unknown;
  /** The value's JSON text with every digit, when `value` lost some (ruling I-89): show this. */
  readonly exact?: string;
  /** The operand's type (`string`, `number`, `null`, `missing`, `list`, …). */
  readonly type?: string;
  /** `type_mismatch`: the type the other side of the condition needs. */
  readonly expected?: string;
  /** `type_mismatch`: what the operand reads as in the expected type (`"3000"` → 3000). */
  readonly suggestion?: unknown;
  /** `error`: what stopped the condition. */
  readonly error?: ReasonError;
}

export interface ReasonError {
  readonly code: EvalCode;
  /**
   * The kernel's message (also in eval_warnings), for display: a bidi control or an invisible
   * character in a value it quotes is shown as `⟨U+202E⟩` (I-88).
   */
  readonly message: Bilingual;
  /** The node that raised it (`match`, `div`, …). */
  readonly at: string;
  /** The limit it hit, for the limit codes (regex input, list length, list visits). */
  readonly limit?: number;
  /** The size that went over the limit (characters of the match input, list items). */
  readonly size?: number;
  /** How E12 ended the rule. */
  readonly outcome: 'error_fail_closed' | 'error_folded_false';
}

/** Values whose JSON is longer than this are not copied into a reason (the trace has them). */
export const MAX_REASON_VALUE = 200;

const LIMITS: Partial<Record<EvalCode, number>> = {
  regex_input_limit: MAX_MATCH_INPUT,
  array_limit: MAX_ARRAY,
  step_limit: MAX_STEPS,
};

/**
 * Nodes that yield a truth value: the conditions a reason can be about — every boolean node of
 * the vocabulary but `and`, whose falsity is always one of its operands' (the reason is about that
 * operand).
 */
const CONDITIONS: ReadonlySet<string> = new Set(
  NODES.filter((n) => n.result === 'boolean' && n.name !== 'and').map((n) => n.name),
);

/** The tree in preorder with each node's children and parent ids (ids as in the trace). */
function index(nodes: readonly ExprNode[]): { children: number[][]; parent: number[] } {
  const children: number[][] = nodes.map(() => []);
  const parent: number[] = nodes.map(() => -1);
  let next = 0;
  const walk = (): number => {
    const id = next++;
    const n = nodes[id] as ExprNode;
    if ('args' in n)
      for (let i = 0; i < n.args.length; i++) {
        const child = walk();
        parent[child] = id;
        (children[id] as number[]).push(child);
      }
    return id;
  };
  if (nodes.length > 0) walk();
  return { children, parent };
}

/**
 * The reason a rule's `when` did not hold, from the rule's traced node values (raw, by preorder
 * id — missing and null still apart) and, for an evaluation error, the error itself.
 */
export function explainFailure(
  nodes: readonly ExprNode[],
  values: readonly unknown[],
  outcome: 'false' | 'error_fail_closed' | 'error_folded_false',
  error: EvaluationError | null,
): TraceReason | null {
  if (nodes.length === 0) return null;
  const tree = index(nodes);
  const has = (id: number) => id in values;
  const value = (id: number) => values[id] as Value;
  if (outcome !== 'false') {
    if (!error) return null;
    const at = error.node ?? 0;
    let condition = at;
    while (condition > 0 && !CONDITIONS.has((nodes[condition] as ExprNode).node))
      condition = tree.parent[condition] ?? 0;
    const limit = LIMITS[error.code];
    const operands = tree.children[at] ?? [];
    // The field the error is about: for a missing operand, the read that found nothing (or null),
    // not merely the first field the node reads.
    const absent =
      error.code === 'missing_operand'
        ? operands.find(
            (id) => isRead(nodes[id] as ExprNode) && has(id) && (value(id) ?? null) === null,
          )
        : undefined;
    const read = absent ?? [at, ...operands].find((id) => isRead(nodes[id] as ExprNode));
    const sized = operands.map(value).find((v) => typeof v === 'string' || Array.isArray(v));
    const size =
      limit === undefined || sized === undefined
        ? undefined
        : typeof sized === 'string'
          ? codePointLength(sized)
          : (sized as readonly Value[]).length;
    return {
      kind: 'error',
      node: condition,
      op: (nodes[condition] as ExprNode).node,
      ...(read === undefined ? {} : { field: (nodes[read] as { path: string }).path }),
      error: {
        code: error.code,
        message: {
          en: revealText(error.bilingual.en),
          zh: revealText(error.bilingual.zh),
        },
        at: (nodes[at] as ExprNode).node,
        ...(limit === undefined ? {} : { limit }),
        ...(size === undefined || limit === undefined || size <= limit ? {} : { size }),
        outcome,
      },
    };
  }
  // Down the `and`s (and into a window's own condition) to the first condition not true.
  let id = 0;
  for (;;) {
    const n = nodes[id] as ExprNode;
    const kids = tree.children[id] ?? [];
    const down =
      n.node === 'and'
        ? kids.find((k) => has(k) && value(k) !== true)
        : (n.node === 'within' || n.node === 'rate') && has(kids[0] as number)
          ? value(kids[0] as number) !== true
            ? kids[0]
            : undefined
          : undefined;
    if (down === undefined) break;
    id = down;
  }
  return classify(nodes[id] as ExprNode, id, (tree.children[id] ?? []).filter(has), nodes, value);
}

function presence(v: Value): ReasonKind {
  return v === undefined ? 'missing' : v === null ? 'null' : 'false';
}

function isRead(n: ExprNode): boolean {
  return n.node === 'field' || n.node === 'var';
}

function classify(
  n: ExprNode,
  id: number,
  operands: readonly number[],
  nodes: readonly ExprNode[],
  value: (id: number) => Value,
): TraceReason {
  const op = n.node;
  const base = { node: id, op };
  const about = (k: number | undefined, extra: Partial<TraceReason> & { kind: ReasonKind }) => {
    if (k === undefined) return { ...base, ...extra };
    const node = nodes[k] as ExprNode;
    const v = value(k);
    const json = v === undefined ? undefined : toJson(v);
    // A fact number no double holds keeps every digit in `exact` (ruling I-89).
    const exact = v === undefined ? undefined : exactJsonText(v);
    const shown = json !== undefined && (exact ?? JSON.stringify(json)).length <= MAX_REASON_VALUE;
    return {
      ...base,
      ...(isRead(node) ? { field: (node as { path: string }).path } : {}),
      ...(shown ? { value: json, ...(exact === undefined ? {} : { exact }) } : {}),
      type: typeName(v),
      ...extra,
    } as TraceReason;
  };
  // A null check (`== null`, `!= null`) and `exists` are about presence: their answer is the reason.
  const nullCheck =
    (op === 'eq' || op === 'ne') &&
    (n as { args: readonly ExprNode[] }).args[1]?.node === 'literal' &&
    ((n as { args: readonly ExprNode[] }).args[1] as { type: string }).type === 'null';
  if (nullCheck || op === 'exists' || op === 'not' || op === 'or' || operands.length === 0)
    return about(
      nullCheck || op === 'exists' ? operands[0] : undefined,
      nullCheck || op === 'exists'
        ? { kind: presence(value(operands[0] as number)) }
        : { kind: 'false' },
    );
  const missing = operands.find((k) => value(k) === undefined);
  if (missing !== undefined) return about(missing, { kind: 'missing' });
  const nul = operands.find((k) => value(k) === null);
  if (nul !== undefined) return about(nul, { kind: 'null' });
  const mismatch = typeMismatch(
    op,
    operands,
    operands.map((k) => value(k)),
    nodes,
  );
  if (mismatch) {
    const v = value(mismatch.operand);
    const suggestion = suggest(v, mismatch.expected);
    return about(mismatch.operand, {
      kind: 'type_mismatch',
      expected: mismatch.expected,
      ...(suggestion === undefined ? {} : { suggestion }),
    });
  }
  const subject = operands.find((k) => isRead(nodes[k] as ExprNode)) ?? operands[0];
  return about(subject, { kind: 'false' });
}

/** The operand whose type does not fit the condition, and the type needed there. */
function typeMismatch(
  op: string,
  ids: readonly number[],
  vs: readonly Value[],
  nodes: readonly ExprNode[],
): { operand: number; expected: string } | null {
  const [a, b] = [ids[0] as number, ids[1] as number];
  const [x, y] = [vs[0], vs[1]];
  // Of two operands that do not compare, the one read from the fact is the subject.
  const pair = () => {
    const second = isRead(nodes[b] as ExprNode) && !isRead(nodes[a] as ExprNode);
    return second ? { operand: b, expected: typeName(x) } : { operand: a, expected: typeName(y) };
  };
  switch (op) {
    case 'eq':
    case 'ne':
      return ids.length === 2 && equality(x, y) === null ? pair() : null;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return ids.length === 2 && order(x, y) === null ? pair() : null;
    case 'between': {
      const i = vs.findIndex((v) => !isNumeric(v));
      return i < 0 ? null : { operand: ids[i] as number, expected: 'number' };
    }
    case 'starts_with':
    case 'ends_with': {
      const i = vs.findIndex((v) => typeof v !== 'string');
      return i < 0 ? null : { operand: ids[i] as number, expected: 'string' };
    }
    case 'match':
      return typeof x === 'string' ? null : { operand: a, expected: 'string' };
    case 'contains':
      if (typeof x === 'string')
        return typeof y === 'string' ? null : { operand: b, expected: 'string' };
      return Array.isArray(x) ? null : { operand: a, expected: 'list' };
    case 'in':
      if (ids.length === 2 && !Array.isArray(y)) return { operand: b, expected: 'list' };
      return Array.isArray(x) ? { operand: a, expected: 'scalar' } : null;
    case 'all':
    case 'any':
    case 'none':
      return Array.isArray(x) ? null : { operand: a, expected: 'list' };
    default:
      return null;
  }
}

const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** What a value of the wrong type reads as in the expected one, when it plainly does. */
function suggest(v: Value, expected: string): unknown {
  if (typeof v === 'string' && expected === 'number') {
    const s = v.trim();
    if (!DECIMAL.test(s)) return undefined;
    const d = new Decimal(s);
    const n = Number(canonicalDecimal(d));
    return Number.isFinite(n) && canonicalDecimal(new Decimal(n)) === canonicalDecimal(d)
      ? n
      : undefined;
  }
  if (typeof v === 'string' && expected === 'boolean')
    return v === 'true' ? true : v === 'false' ? false : undefined;
  if (isNumeric(v) && expected === 'string') return String(toJson(v));
  if (typeof v === 'boolean' && expected === 'string') return String(v);
  return undefined;
}

/** The node with preorder id `id` in `tree` (ids as in the trace and in TraceReason.node). */
export function nodeAt(tree: ExprNode, id: number): ExprNode | null {
  let next = 0;
  const find = (n: ExprNode): ExprNode | null => {
    if (next++ === id) return n;
    if ('args' in n)
      for (const a of n.args) {
        const hit = find(a);
        if (hit) return hit;
      }
    return null;
  };
  return find(tree);
}
