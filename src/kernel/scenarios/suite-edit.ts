/**
 * Edits of a fact suite's text from the scenario sheet (docs/fact-suites.md "The test cases of a
 * table"): one case's fact value, its expected decision, a new case. Each is one minimal text edit
 * — the scalar replaced, the key inserted or removed, the case appended — so the user's comments,
 * order, quoting and layout stay as written (as the grid edits a table's cells). Every edit is
 * checked before it is returned: the suite read back must be the old one with exactly that change
 * (every other case, sequence and setting identical, numbers to the digit); a layout the minimal
 * edit cannot handle is written by the YAML library and checked the same way; what still does not
 * check is refused with a reason in both languages — never a silent change.
 */
import { type Document, isMap, isPair, isScalar, isSeq, type Node, parseDocument } from 'yaml';
import { JSON_NUMBER_TAG, JsonNumber } from '../data/json-number';
import { firstRepeatedKey } from '../data/repeated-key';
import type { Bilingual, TextEdit } from '../diagnostics/diagnostic';
import { isList, isNumeric, isRecord, numberText, toExactJson, type Value } from '../eval/values';
import { isBareWord, quote } from '../projection/yaml-out';
import { parseSuite } from '../suite/parse-suite';
import type { Expectation, Suite, SuiteCase } from '../suite/types';
import { canonicalJson } from '../tree/canonical';
import { enQuote, zhQuote } from '../util/quote';
import type { Decision } from '../vocabulary/decisions';

export type SuiteEdit =
  /** `edit` is null when the text already says it (nothing to change). */
  | { readonly ok: true; readonly text: string; readonly edit: TextEdit | null }
  | { readonly ok: false; readonly message: Bilingual };

/** The case an edit is for: its position in `cases` and its name (checked: the text may have moved on). */
export interface CaseRef {
  readonly index: number;
  readonly name: string;
}

/** A case to add: a plain fact (JSON data; numbers as JS numbers or exact JsonNumbers). */
export interface NewCase {
  readonly name: string;
  readonly fact: { readonly [key: string]: unknown };
  readonly expect: Expectation;
}

const refuse = (en: string, zh: string): SuiteEdit => ({ ok: false, message: { en, zh } });

const NOT_READ = refuse(
  'the fact suite has problems; fix them in the Evaluate panel before editing its test cases here',
  '事实测试集存在问题；请先在“求值”面板中修正，再在此编辑测试用例',
);
const CHANGED = refuse(
  'the fact suite changed meanwhile; try again on the test cases shown now',
  '事实测试集已被修改；请对现在显示的测试用例再试一次',
);

function refusedLayout(name: string): SuiteEdit {
  return refuse(
    `test case ${enQuote(name)} is written in a way this edit cannot change without touching anything else; edit it in the suite text (Evaluate panel, Fact suite)`,
    `测试用例${zhQuote(name)}的写法无法在不影响其他内容的情况下修改；请在测试集文本中编辑（“求值”面板的事实测试集）`,
  );
}

// ---------------------------------------------------------------------------------------------
// Public edits

/**
 * Sets (or, with `value` null, removes) the field `path` of case `at`'s fact. `value` is a YAML
 * scalar's text as `readScenarioValue` gives it (`700`, `"gold"`, `true`).
 */
export function setCaseFactValue(
  text: string,
  at: CaseRef,
  path: string,
  value: string | null,
): SuiteEdit {
  const before = parseSuite(text).suite;
  if (!before) return NOT_READ;
  const old = before.cases[at.index];
  if (!old || old.name !== at.name) return CHANGED;
  const segments = path.split('.');
  const leaf = value === null ? undefined : scalarValue(value);
  if (value !== null && leaf === undefined) return refusedLayout(at.name);
  const expected: SuiteCase = { ...old, fact: withPath(old.fact, segments, leaf) };
  if (sameCase(expected, old)) return { ok: true, text, edit: null };
  const doc = yamlOf(text);
  const minimal = doc ? factEdit(text, doc, at.index, segments, value) : null;
  return checked(text, before, minimal, at, expected, () => {
    if (!doc) return null;
    const keys = ['cases', at.index, 'fact', ...segments];
    if (value === null) doc.deleteIn(keys);
    else doc.setIn(keys, doc.createNode(leafJson(leaf)));
    return doc.toString({ lineWidth: 0 });
  });
}

/** Sets case `at`'s expected decision (adding `expect` when the case has none). */
export function setCaseDecision(text: string, at: CaseRef, decision: Decision): SuiteEdit {
  const before = parseSuite(text).suite;
  if (!before) return NOT_READ;
  const old = before.cases[at.index];
  if (!old || old.name !== at.name) return CHANGED;
  if (old.expect?.decision === decision) return { ok: true, text, edit: null };
  const expected: SuiteCase = { ...old, expect: { ...old.expect, decision } };
  const doc = yamlOf(text);
  const json = isJson(text);
  const minimal = doc ? decisionEdit(text, doc, at.index, decision, json) : null;
  return checked(text, before, minimal, at, expected, () => {
    if (!doc) return null;
    doc.setIn(['cases', at.index, 'expect', 'decision'], decision);
    return doc.toString({ lineWidth: 0 });
  });
}

/** Appends a case at the end of `cases` (a new suite when the text is empty). */
export function appendCase(text: string, c: NewCase): SuiteEdit {
  const json = isJson(text);
  if (text.trim() === '') {
    const added = `cases:\n  - ${caseBlock(c, '    ')}`;
    return verifyAppend(text, { cases: [], sequences: [] }, c, {
      range: { start: 0, end: text.length },
      newText: added,
    });
  }
  const before = parseSuite(text).suite;
  if (!before) return NOT_READ;
  const doc = yamlOf(text);
  const cases = doc && isMap(doc.contents) ? doc.contents.get('cases', true) : undefined;
  let edit: TextEdit | null = null;
  const root = doc && isMap(doc.contents) ? doc.contents : null;
  if (cases === undefined && root && !root.flow && root.range) {
    // A suite of sequences only: `cases:` is added after everything else.
    const end = root.range[1];
    const lead = text[end - 1] === '\n' ? '' : '\n';
    edit = at(end, `${lead}cases:\n  - ${caseBlock(c, '    ')}`);
  } else if (isSeq(cases) && cases.range) {
    const last = cases.items[cases.items.length - 1] as Node | undefined;
    if (cases.flow) {
      const flow = flowValue(caseJson(c), json);
      edit =
        last?.range !== undefined && last.range !== null
          ? at(last.range[1], `, ${flow}`)
          : at(cases.range[0] + 1, flow);
    } else {
      const start = cases.range[0];
      const indent = indentOf(text, start);
      if (indent !== null) {
        const end = cases.range[1];
        const block = `${' '.repeat(indent)}- ${caseBlock(c, ' '.repeat(indent + 2))}`;
        edit = text[end - 1] === '\n' ? at(end, block) : at(end, `\n${block.replace(/\n$/, '')}`);
      }
    }
  }
  return verifyAppend(text, before, c, edit);
}

// ---------------------------------------------------------------------------------------------
// Minimal edits

function factEdit(
  text: string,
  doc: Document,
  index: number,
  segments: readonly string[],
  value: string | null,
): TextEdit | null {
  const item = caseNode(doc, index);
  let node: unknown = item?.get('fact', true);
  const json = isJson(text);
  for (let k = 0; k < segments.length; k++) {
    const seg = segments[k] as string;
    const lastSegment = k === segments.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => keyText(p.key) === seg);
      if (!pair) {
        if (value === null) return null;
        return insertPair(text, node, seg, nested(segments.slice(k + 1), value, json), json);
      }
      if (lastSegment) {
        if (value === null) return removePair(text, node, pair);
        return replaceNode(text, pair.value, value);
      }
      node = pair.value;
    } else if (isSeq(node) && /^\d+$/.test(seg) && Number(seg) < node.items.length) {
      // A list item is replaced, never removed (that would renumber the items after it).
      if (lastSegment)
        return value === null ? null : replaceNode(text, node.items[Number(seg)], value);
      node = node.items[Number(seg)];
    } else {
      // A value that is not a mapping where the path goes on: it becomes one.
      if (value === null) return null;
      return replaceNode(text, node, nested(segments.slice(k), value, json));
    }
  }
  return null;
}

function decisionEdit(
  text: string,
  doc: Document,
  index: number,
  decision: Decision,
  json: boolean,
): TextEdit | null {
  const item = caseNode(doc, index);
  if (!item) return null;
  const written = json ? quote(decision) : decision;
  const expect = item.get('expect', true);
  if (expect === undefined)
    return insertPair(text, item, 'expect', `{ ${key('decision', json)}: ${written} }`, json);
  if (!isMap(expect)) return null;
  const pair = expect.items.find((p) => keyText(p.key) === 'decision');
  return pair ? replaceNode(text, pair.value, written) : null;
}

function caseNode(doc: Document, index: number) {
  const cases = isMap(doc.contents) ? doc.contents.get('cases', true) : undefined;
  const item = isSeq(cases) ? cases.items[index] : undefined;
  return isMap(item) ? item : null;
}

const at = (offset: number, newText: string): TextEdit => ({
  range: { start: offset, end: offset },
  newText,
});

function replaceNode(text: string, node: unknown, newText: string): TextEdit | null {
  if (!isNode(node) || !node.range) return null;
  const [start, end] = node.range;
  // `key:` with nothing after it: the value goes after the colon, one space apart.
  if (start === end) return text[start - 1] === ':' ? at(start, ` ${newText}`) : null;
  return { range: { start, end }, newText };
}

function insertPair(
  text: string,
  map: { flow?: boolean; range?: readonly number[] | null; items: readonly unknown[] },
  name: string,
  valueText: string,
  json: boolean,
): TextEdit | null {
  if (!map.range) return null;
  const pairText = `${key(name, json)}: ${valueText}`;
  const last = map.items[map.items.length - 1];
  if (map.flow) {
    if (!isPair(last)) return at((map.range[0] as number) + 1, ` ${pairText} `);
    const end = isNode(last.value)
      ? last.value.range?.[1]
      : isNode(last.key)
        ? last.key.range?.[1]
        : undefined;
    return end === undefined ? null : at(end, `, ${pairText}`);
  }
  const first = map.items[0];
  if (!isPair(first) || !isNode(first.key) || !first.key.range) return null;
  const indent = columnOf(text, first.key.range[0]);
  const end = map.range[1] as number;
  const line = `${' '.repeat(indent)}${pairText}`;
  return text[end - 1] === '\n' ? at(end, `${line}\n`) : at(end, `\n${line}`);
}

function removePair(
  text: string,
  map: { flow?: boolean; range?: readonly number[] | null; items: readonly unknown[] },
  pair: unknown,
): TextEdit | null {
  if (!isPair(pair) || !isNode(pair.key) || !pair.key.range || !map.range) return null;
  const i = map.items.indexOf(pair);
  const valueEnd = isNode(pair.value) && pair.value.range ? pair.value.range[1] : pair.key.range[1];
  if (map.items.length === 1) {
    // The mapping stays a mapping (an emptied block would read as null).
    if (map.flow) return { range: { start: pair.key.range[0], end: valueEnd }, newText: '' };
    const end = map.range[1] as number;
    const trailing = text[end - 1] === '\n' ? '\n' : '';
    return { range: { start: map.range[0] as number, end }, newText: `{}${trailing}` };
  }
  if (map.flow) {
    const next = map.items[i + 1];
    if (isPair(next) && isNode(next.key) && next.key.range)
      return { range: { start: pair.key.range[0], end: next.key.range[0] }, newText: '' };
    const prev = map.items[i - 1];
    const prevEnd =
      isPair(prev) && isNode(prev.value) && prev.value.range ? prev.value.range[1] : undefined;
    return prevEnd === undefined ? null : { range: { start: prevEnd, end: valueEnd }, newText: '' };
  }
  // A block pair: its whole lines, when the key starts its line.
  const start = pair.key.range[0];
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (text.slice(lineStart, start).trim() !== '') return null;
  const nodeEnd = isNode(pair.value) && pair.value.range ? pair.value.range[2] : pair.key.range[2];
  let end = nodeEnd;
  if (text[end - 1] !== '\n') {
    const newline = text.indexOf('\n', end);
    end = newline === -1 ? text.length : newline + 1;
  }
  return { range: { start: lineStart, end }, newText: '' };
}

// ---------------------------------------------------------------------------------------------
// Checking

/** Applies the minimal edit (else the library's rewrite) and checks the result; refuses otherwise. */
function checked(
  text: string,
  before: Suite,
  minimal: TextEdit | null,
  ref: CaseRef,
  expected: SuiteCase,
  rewrite: () => string | null,
): SuiteEdit {
  const want = suiteKey({
    ...before,
    cases: before.cases.map((c, i) => (i === ref.index ? expected : c)),
  });
  if (minimal) {
    const next = apply(text, minimal);
    if (keyOfText(next) === want) return { ok: true, text: next, edit: minimal };
  }
  let rewritten: string | null = null;
  try {
    rewritten = rewrite();
  } catch {
    rewritten = null;
  }
  if (rewritten !== null && keyOfText(rewritten) === want)
    return {
      ok: true,
      text: rewritten,
      edit: { range: { start: 0, end: text.length }, newText: rewritten },
    };
  return refusedLayout(ref.name);
}

function verifyAppend(text: string, before: Suite, c: NewCase, edit: TextEdit | null): SuiteEdit {
  const added = parseSuite(`cases:\n  - ${caseBlock(c, '    ')}`).suite?.cases[0];
  if (!added)
    return refuse(
      `the new test case ${enQuote(c.name)} cannot be written as a suite case`,
      `新测试用例${zhQuote(c.name)}无法写成测试集用例`,
    );
  const want = suiteKey({ ...before, cases: [...before.cases, added] });
  if (edit) {
    const next = apply(text, edit);
    if (keyOfText(next) === want) return { ok: true, text: next, edit };
  }
  return refuse(
    'the suite text is written in a way a case cannot be appended to without touching anything else; add it in the fact suite (Evaluate panel)',
    '测试集文本的写法无法在不影响其他内容的情况下追加用例；请在“求值”面板的事实测试集中添加',
  );
}

function apply(text: string, e: TextEdit): string {
  return text.slice(0, e.range.start) + e.newText + text.slice(e.range.end);
}

function keyOfText(text: string): string | null {
  const suite = parseSuite(text).suite;
  return suite ? suiteKey(suite) : null;
}

/** Everything a suite says, ranges left out, numbers to the digit. */
function suiteKey(s: Suite): string {
  return canonicalJson({
    suite: s.name ?? null,
    as_of: s.as_of ?? null,
    cases: s.cases.map(caseKeyData),
    sequences: s.sequences.map((q) => ({
      name: q.name,
      temporal_state: q.temporal_state ?? null,
      events: q.events.map((e) => ({
        as_of: e.as_of,
        fact: toExactJson(e.fact),
        expect: e.expect ?? null,
      })),
    })),
  });
}

function caseKeyData(c: SuiteCase) {
  return {
    name: c.name,
    fact: toExactJson(c.fact) ?? null,
    as_of: c.as_of ?? null,
    expect: c.expect
      ? {
          decision: c.expect.decision,
          matched_rules: c.expect.matched_rules ? [...c.expect.matched_rules] : null,
        }
      : null,
  };
}

function sameCase(a: SuiteCase, b: SuiteCase): boolean {
  return canonicalJson(caseKeyData(a)) === canonicalJson(caseKeyData(b));
}

// ---------------------------------------------------------------------------------------------
// Values

/** A scalar's text read as a suite reads a fact value (exact numbers, NFC text). */
function scalarValue(text: string): Value {
  const read = parseSuite(`cases:\n  - name: v\n    fact: { v: ${text} }\n`).suite?.cases[0]?.fact;
  return isRecord(read) && Object.hasOwn(read, 'v') ? read.v : undefined;
}

/** The fact with `leaf` at `segments` (removed when undefined): what the edited text must read as. */
function withPath(fact: Value, segments: readonly string[], leaf: Value): Value {
  const [seg, ...rest] = segments as [string, ...string[]];
  if (isList(fact) && /^\d+$/.test(seg) && Number(seg) < fact.length) {
    const copy = [...fact];
    copy[Number(seg)] = rest.length === 0 ? leaf : withPath(fact[Number(seg)], rest, leaf);
    return copy;
  }
  const base: Record<string, Value> = isRecord(fact) ? { ...fact } : {};
  if (!isRecord(fact) && leaf === undefined) return fact;
  if (rest.length === 0) {
    if (leaf === undefined) delete base[seg];
    else defineValue(base, seg, leaf);
    return base;
  }
  const child = Object.hasOwn(base, seg) ? base[seg] : undefined;
  if (child === undefined && leaf === undefined) return fact;
  defineValue(base, seg, withPath(child, rest, leaf));
  return base;
}

function defineValue(o: Record<string, Value>, k: string, v: Value): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

/** The leaf as plain data for the YAML library's rewrite (exact numbers kept as JsonNumber). */
function leafJson(v: Value): unknown {
  return toExactJson(v);
}

/** `{ b: { c: value } }` for the path segments left, or the value itself when none are left. */
function nested(segments: readonly string[], value: string, json: boolean): string {
  return segments.reduceRight((inner, s) => `{ ${key(s, json)}: ${inner} }`, value);
}

function key(name: string, json: boolean): string {
  return !json && isBareWord(name) ? name : quote(name);
}

function keyText(k: unknown): string | null {
  if (!isScalar(k)) return null;
  const v = k.value;
  return typeof v === 'string' ? v.normalize('NFC') : v === null ? null : String(v);
}

/** A value as YAML flow text (JSON when `json`): exact numbers, strings quoted. */
function flowValue(v: unknown, json: boolean): string {
  if (v instanceof JsonNumber) return v.text;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (typeof v === 'string') return quote(v);
  if (v === null || typeof v === 'boolean') return String(v);
  if (isNumeric(v as Value)) return numberText(v as number);
  if (Array.isArray(v)) return `[${v.map((x) => flowValue(x, json)).join(', ')}]`;
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, x]) => `${key(k, json)}: ${flowValue(x, json)}`).join(', ')} }`;
  }
  return 'null';
}

function caseJson(c: NewCase): Record<string, unknown> {
  return {
    name: c.name,
    fact: c.fact,
    expect: c.expect.matched_rules
      ? { decision: c.expect.decision, matched_rules: [...c.expect.matched_rules] }
      : { decision: c.expect.decision },
  };
}

/** The case as block lines after `- ` (each following line indented by `indent`), ending with a newline. */
function caseBlock(c: NewCase, indent: string): string {
  const expect = c.expect.matched_rules
    ? `{ decision: ${c.expect.decision}, matched_rules: ${flowValue([...c.expect.matched_rules], false)} }`
    : `{ decision: ${c.expect.decision} }`;
  return `name: ${quote(c.name)}\n${indent}fact: ${flowValue(c.fact, false)}\n${indent}expect: ${expect}\n`;
}

// ---------------------------------------------------------------------------------------------
// Text

function isJson(text: string): boolean {
  return /^\uFEFF?\s*\{/.test(text);
}

function yamlOf(text: string): Document | null {
  try {
    const doc = parseDocument(text, {
      version: '1.2',
      // Repeated keys: firstRepeatedKey below, linear (yaml's own check compares each key with
      // every earlier one: each edit of a case whose fact has 40,000 fields took 20 s).
      uniqueKeys: false,
      strict: true,
      customTags: [JSON_NUMBER_TAG],
    });
    return doc.errors.length === 0 && !firstRepeatedKey(doc) ? doc : null;
  } catch {
    return null;
  }
}

function isNode(n: unknown): n is Node {
  return typeof n === 'object' && n !== null && 'range' in n;
}

/** The column of `offset` on its line. */
function columnOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

/** The indentation before `offset` when only spaces precede it on its line, else null. */
function indentOf(text: string, offset: number): number | null {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^ *$/.test(text.slice(lineStart, offset)) ? offset - lineStart : null;
}
