/**
 * The `.facts.yaml` suite format (docs/fact-suites.md):
 *
 *   suite: name?            as_of: default instant?
 *   cases:     [ { name, fact, as_of?, expect?: { decision, matched_rules? } } ]
 *   sequences: [ { name, temporal_state?, events: [ { as_of, fact, expect? } ] } ]
 *
 * Parsed with the same YAML options as facts (YAML 1.2, unique keys, aliases bounded); every
 * problem is a positioned, bilingual SuiteDiagnostic, and any error means no suite.
 */
import { isMap, isPair, isScalar, isSeq, type Node, parseDocument } from 'yaml';
import { exactJsonNumber, exactYamlNumbers, NumberRefused } from '../data/read-fact';
import { firstRepeatedKey } from '../data/repeated-key';
import type { Bilingual, Range } from '../diagnostics/diagnostic';
import { SourceText } from '../diagnostics/source-text';
import { lineStartByteOrderMarkCause, loneCarriageReturnCause } from '../document/yaml-errors';
import { parseInstant } from '../eval/time';
import { MAX_SUITE_CHARS } from '../file-limits';
import { zhQuote } from '../util/quote';
import { JsonError, type JsonPositions, parseJson } from './json-value';
import { pathText, suiteProblem } from './problem';
import {
  checkKeys,
  type FieldReader,
  isMappingOr,
  missing,
  type Path,
  readCase,
  readEvent,
  readInstant,
  readName,
  readTemporalState,
  required,
  wrongType,
} from './read-fields';
import type { Suite, SuiteCase, SuiteDiagnostic, SuiteEvent, SuiteSequence } from './types';

export { MAX_SUITE_CHARS };

const TOP_KEYS = ['suite', 'as_of', 'cases', 'sequences'];
const SEQUENCE_KEYS = ['name', 'temporal_state', 'events'];

export interface SuiteParse {
  /** Null when any error was found. */
  readonly suite: Suite | null;
  readonly diagnostics: readonly SuiteDiagnostic[];
}

export function parseSuite(text: string): SuiteParse {
  const source = new SourceText(text);
  const diagnostics: SuiteDiagnostic[] = [];
  const fail = (code: string, range: Range, message: Bilingual): SuiteParse => {
    diagnostics.push(suiteProblem(source, 'error', code, range, message));
    return { suite: null, diagnostics };
  };
  if (text.length > MAX_SUITE_CHARS)
    return fail(
      'suite-size',
      { start: 0, end: 0 },
      {
        en: `the suite is ${text.length} characters; at most ${MAX_SUITE_CHARS} (use JSON Lines or CSV for large fact sets)`,
        zh: `测试集有 ${text.length} 个字符，上限为 ${MAX_SUITE_CHARS}（大量事实请用 JSON Lines 或 CSV）`,
      },
    );
  let raw: unknown;
  let at: (path: Path) => Range;
  // A suite written as JSON (large exports) skips the YAML parser, which is far slower on
  // megabytes of data; it reads the same values (JSON is YAML 1.2) and refuses duplicate keys too.
  if (/^\uFEFF?\s*\{/.test(text)) {
    const positions: JsonPositions = new WeakMap();
    try {
      // Numbers keep every digit (ruling I-89); one out of range is refused as written.
      raw = parseJson(text.replace(/^\uFEFF/, ' '), positions, exactJsonNumber);
    } catch (e) {
      if (!(e instanceof JsonError)) throw e;
      return fail(
        e instanceof NumberRefused ? 'suite-number' : 'suite-syntax',
        { start: e.offset, end: e.offset + 1 },
        e instanceof NumberRefused
          ? e.message
          : { en: `JSON: ${e.message.en}`, zh: `JSON 语法错误：${e.message.zh}` },
      );
    }
    const root = raw;
    at = (path) => locateJson(root, positions, path, source);
  } else {
    const options = {
      // Repeated keys: firstRepeatedKey below, linear (yaml's check is quadratic per mapping: a
      // case whose fact has 40,000 fields took over 20 s).
      uniqueKeys: false,
      strict: true,
      prettyErrors: false,
      version: '1.2',
    } as const;
    const doc = parseDocument(text, options);
    const problems = [...doc.errors, ...doc.warnings];
    // Lines ended by a lone CR: one error at the first, not one per line it runs together.
    const reparse = (t: string) => {
      const fixed = parseDocument(t, options);
      return fixed.errors.length + fixed.warnings.length;
    };
    const cr = loneCarriageReturnCause(source, problems.length, reparse);
    // A byte order mark at a line start (a pasted line): one error at the mark, as in documents;
    // also when the parser read it without error, as text starting a key ("\uFEFF    fact"), which
    // silently moved the lines after it out of their mapping.
    const bom = cr
      ? null
      : problems.length > 0
        ? lineStartByteOrderMarkCause(source, problems.length, reparse)
        : lineStartByteOrderMarkCause(source, 1, () => 0);
    const cause = cr ? { range: { start: cr.at, end: cr.at + 1 }, what: cr.what } : bom;
    if (cause)
      return fail('suite-syntax', cause.range, {
        en: `YAML: ${cause.what.en}`,
        zh: `YAML 语法错误：${cause.what.zh}`,
      });
    for (const e of problems) {
      const detail = e.message.split('\n')[0] ?? e.message;
      diagnostics.push(
        suiteProblem(
          source,
          'error',
          'suite-syntax',
          { start: e.pos[0], end: e.pos[1] },
          {
            en: `YAML: ${detail}`,
            zh: `YAML 语法错误：${detail}`,
          },
        ),
      );
    }
    if (diagnostics.length > 0) return { suite: null, diagnostics };
    const repeated = firstRepeatedKey(doc);
    if (repeated) {
      const [first, again] = repeated;
      const start = again.range?.[0] ?? 0;
      const key = String(again.value);
      const line = source.position(first.range?.[0] ?? 0).line;
      return fail(
        'suite-syntax',
        { start, end: again.range?.[1] ?? start },
        {
          en: `YAML: the key ${JSON.stringify(key)} is repeated in its mapping (first at line ${line})`,
          zh: `YAML 语法错误：键${zhQuote(key)}在同一映射中重复（首次出现在第 ${line} 行）`,
        },
      );
    }
    // Numbers keep every digit (ruling I-89); one out of range is refused as written.
    const bad = exactYamlNumbers(doc);
    if (bad) return fail('suite-number', { start: bad.offset, end: bad.offset + 1 }, bad.message);
    try {
      raw = doc.toJS({ maxAliasCount: 1000 });
    } catch (e) {
      return fail(
        'suite-syntax',
        { start: 0, end: 0 },
        {
          en: `YAML: ${e instanceof Error ? e.message : String(e)}`,
          zh: `YAML 无法读取：${e instanceof Error ? e.message : String(e)}`,
        },
      );
    }
    at = (path) => locate(doc.contents as Node | null, path, source);
  }

  const reader: FieldReader = {
    at,
    report: (severity, code, path, message) =>
      diagnostics.push(suiteProblem(source, severity, code, reader.at(path), message)),
  };
  const suite = readSuite(raw, reader);
  const hasError = diagnostics.some((d) => d.severity === 'error');
  diagnostics.sort((a, b) => a.range.start - b.range.start);
  return { suite: hasError ? null : suite, diagnostics };
}

/** Reads the whole suite from plain data; problems go to `r`. */
function readSuite(raw: unknown, r: FieldReader): Suite | null {
  if (
    !isMappingOr(
      raw,
      [],
      r,
      'a mapping {suite?, as_of?, cases, sequences?}',
      '映射 {suite?, as_of?, cases, sequences?}',
    )
  )
    return null;
  checkKeys(raw, TOP_KEYS, [], r);
  const name = raw.suite === undefined ? undefined : readName(raw.suite, ['suite'], r);
  const asOf = raw.as_of === undefined ? undefined : readInstant(raw.as_of, ['as_of'], r);
  const cases: SuiteCase[] = [];
  if (raw.cases !== undefined) {
    if (!Array.isArray(raw.cases))
      r.report(
        'error',
        'suite-type',
        ['cases'],
        wrongType(['cases'], 'a list of cases', '用例列表', raw.cases),
      );
    else
      raw.cases.forEach((c, i) => {
        const read = readCase(c, ['cases', i], r);
        if (read) cases.push(read);
      });
  }
  const sequences: SuiteSequence[] = [];
  if (raw.sequences !== undefined) {
    if (!Array.isArray(raw.sequences))
      r.report(
        'error',
        'suite-type',
        ['sequences'],
        wrongType(['sequences'], 'a list of sequences', '序列列表', raw.sequences),
      );
    else
      raw.sequences.forEach((s, i) => {
        const read = readSequence(s, ['sequences', i], r);
        if (read) sequences.push(read);
      });
  }
  if (
    (!Array.isArray(raw.cases) || raw.cases.length === 0) &&
    (!Array.isArray(raw.sequences) || raw.sequences.length === 0)
  ) {
    r.report('error', 'suite-empty', [], {
      en: 'the suite has no cases and no sequences: add "cases:" (or "sequences:") with at least one entry',
      zh: '测试集没有用例也没有序列：请添加至少一项“cases:”（或“sequences:”）',
    });
  }
  warnDuplicates(
    cases.map((c) => c.name),
    'cases',
    r,
  );
  warnDuplicates(
    sequences.map((s) => s.name),
    'sequences',
    r,
  );
  if (name === null || asOf === null) return null;
  return {
    ...(name === undefined ? {} : { name }),
    ...(asOf === undefined ? {} : { as_of: asOf }),
    cases,
    sequences,
  };
}

function readSequence(raw: unknown, path: Path, r: FieldReader): SuiteSequence | null {
  if (
    !isMappingOr(
      raw,
      path,
      r,
      'a mapping {name, temporal_state?, events}',
      '映射 {name, temporal_state?, events}',
    )
  )
    return null;
  let ok = checkKeys(raw, SEQUENCE_KEYS, path, r);
  const name = required(
    raw,
    'name',
    path,
    r,
    { en: 'what the sequence replays', zh: '序列说明' },
    readName,
  );
  const state =
    raw.temporal_state === undefined
      ? undefined
      : readTemporalState(raw.temporal_state, [...path, 'temporal_state'], r);
  const events: SuiteEvent[] = [];
  if (!Array.isArray(raw.events) || raw.events.length === 0) {
    r.report(
      'error',
      raw.events === undefined ? 'suite-missing' : 'suite-type',
      raw.events === undefined ? path : [...path, 'events'],
      raw.events === undefined
        ? missing(path, 'events', 'the timestamped facts to replay', '按时间回放的事实')
        : wrongType([...path, 'events'], 'a non-empty list of events', '非空事件列表', raw.events),
    );
    ok = false;
  } else {
    let previous: number | null = null;
    raw.events.forEach((e, i) => {
      const at = [...path, 'events', i];
      const event = readEvent(e, at, r);
      if (!event) {
        ok = false;
        return;
      }
      const t = parseInstant(event.as_of);
      if (previous !== null && t !== null && t < previous)
        r.report('warning', 'suite-order', [...at, 'as_of'], {
          en: `${pathText([...at, 'as_of'])}: this event is earlier than the one before; events run in the order written`,
          zh: `${pathText([...at, 'as_of'])}：该事件早于上一个事件；事件按书写顺序执行`,
        });
      previous = t;
      events.push(event);
    });
  }
  if (!ok || name === null || state === null) return null;
  return {
    name,
    ...(state === undefined ? {} : { temporal_state: state }),
    events,
    range: r.at(path),
  };
}

function warnDuplicates(
  names: readonly string[],
  list: 'cases' | 'sequences',
  r: FieldReader,
): void {
  const seen = new Set<string>();
  names.forEach((n, i) => {
    if (seen.has(n))
      r.report('warning', 'suite-duplicate', [list, i, 'name'], {
        en: `${list}[${i}].name: "${n}" is used twice; results name both the same`,
        zh: `${list}[${i}].name：${zhQuote(n)}重复使用；结果中两者同名`,
      });
    seen.add(n);
  });
}

/**
 * The range of `path` in the YAML: a pair from its key to the end of its value, a list item, or —
 * when the path is missing — the first line of the deepest node that exists.
 */
function locate(root: Node | null, path: Path, source: SourceText): Range {
  let node: Node | null = root;
  let range: Range = { start: root?.range?.[0] ?? 0, end: root?.range?.[1] ?? 0 };
  for (const segment of path) {
    let next: { node: Node | null; range: Range } | null = null;
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(segment),
      );
      if (pair) {
        const key = pair.key as Node;
        const value = pair.value as Node | null;
        const start = key.range?.[0] ?? range.start;
        next = { node: value, range: { start, end: value?.range?.[1] ?? key.range?.[1] ?? start } };
      }
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment] as Node | undefined;
      if (item?.range) next = { node: item, range: { start: item.range[0], end: item.range[1] } };
    }
    if (!next) return firstLine(range.start, source);
    node = next.node;
    range = next.range;
  }
  return range;
}

/** locate() for a suite written as JSON, from the positions the reader recorded. */
function locateJson(
  root: unknown,
  positions: JsonPositions,
  path: Path,
  source: SourceText,
): Range {
  let value = root;
  let range: Range = { start: 0, end: source.text.length };
  for (const segment of path) {
    const found =
      typeof value === 'object' && value !== null ? positions.get(value)?.get(segment) : undefined;
    if (!found) return firstLine(range.start, source);
    range = found;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return range;
}

function firstLine(start: number, source: SourceText): Range {
  const next = source.lineStart(source.position(start).line + 1);
  const end = next > start ? next - 1 : source.text.length;
  return { start, end: Math.max(start, end) };
}
