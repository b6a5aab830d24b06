// Field-path completion in the fact box: the position → path logic, checked as a property over
// random facts written five ways (block YAML, pretty and compact JSON, flow YAML, each with and
// without a `fact:` wrapper): at every cut of every key the context is that key's parent path and
// the key's typed part, in the whole text and in the text cut there (what is on screen while
// typing); keys inside lists, values and comments get none.
import { describe, expect, it } from 'vitest';
import { completionEdit, fieldOptions, keyContextAt, MAX_COMPLETION_TEXT } from './fact-completion';

type Value = number | string | boolean | null | Value[] | { [key: string]: Value };

interface Written {
  text: string;
  /** Every mapping key outside lists: its offset, its parent path, the key. */
  keys: { at: number; path: string[]; key: string; quoted: boolean }[];
  /** Offsets inside values and comments: no completion there. */
  values: number[];
}

let seed = 7;
function rand(n: number): number {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
}

const KEYS = ['tool', 'name', 'args', 'amount', 'context', 'role', '金额', 'user_id', 'x-y'];
const STRINGS = ['a: b', '# not a comment', '{[,]}', "it's", 'say "hi"', '退款', ''];

function randomValue(depth: number): Value {
  const k = rand(depth > 2 ? 4 : 7);
  if (k === 0) return rand(10_000);
  if (k === 1) return STRINGS[rand(STRINGS.length)] as string;
  if (k === 2) return rand(2) === 0;
  if (k === 3) return null;
  if (k === 4) return [randomValue(depth + 1), randomMap(depth + 1)];
  return randomMap(depth + 1);
}

function randomMap(depth: number): { [key: string]: Value } {
  const out: { [key: string]: Value } = {};
  const n = 1 + rand(3);
  for (let i = 0; i < n; i++) out[KEYS[rand(KEYS.length)] as string] = randomValue(depth);
  return out;
}

const isMap = (v: Value): v is { [key: string]: Value } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON, pretty (`indent` > 0) or compact; YAML flow when `yamlFlow` (bare keys, `k: v`). */
function writeFlow(root: Value, indent: number, yamlFlow: boolean): Written {
  const w: Written = { text: '', keys: [], values: [] };
  const scalar = (v: Value) => {
    const s = JSON.stringify(v);
    if (s.length > 2) w.values.push(w.text.length + 1);
    w.text += s;
  };
  const go = (v: Value, path: string[] | null, level: number) => {
    const pad = (l: number) => (indent > 0 ? `\n${' '.repeat(indent * l)}` : '');
    if (Array.isArray(v)) {
      w.text += '[';
      v.forEach((item, i) => {
        if (i > 0) w.text += ', ';
        go(item, null, level + 1);
      });
      w.text += ']';
    } else if (isMap(v)) {
      w.text += '{';
      Object.entries(v).forEach(([k, child], i) => {
        if (i > 0) w.text += ',';
        w.text += pad(level + 1) || (i > 0 ? ' ' : '');
        const bare = yamlFlow && /^[a-z_]+$/.test(k);
        if (path) w.keys.push({ at: w.text.length + (bare ? 0 : 1), path, key: k, quoted: !bare });
        w.text += bare ? k : JSON.stringify(k);
        w.text += ': ';
        go(child, path ? [...path, k] : null, level + 1);
      });
      w.text += `${pad(level)}}`;
    } else scalar(v);
  };
  go(root, [], 0);
  return w;
}

/** Block YAML, two spaces a level, comments between keys, lists as `- ` items. */
function writeBlock(root: { [key: string]: Value }): Written {
  const w: Written = { text: '# a sample fact\n', keys: [], values: [] };
  const go = (map: { [key: string]: Value }, path: string[] | null, indent: number) => {
    for (const [k, v] of Object.entries(map)) {
      const pad = ' '.repeat(indent);
      if (rand(4) === 0) {
        w.values.push(w.text.length + pad.length + 3);
        w.text += `${pad}# about ${k}\n`;
      }
      if (path) w.keys.push({ at: w.text.length + indent, path, key: k, quoted: false });
      w.text += `${pad}${k}:`;
      if (isMap(v)) {
        w.text += '\n';
        go(v, path ? [...path, k] : null, indent + 2);
      } else if (Array.isArray(v)) {
        w.text += '\n';
        for (const item of v) {
          if (isMap(item)) {
            w.text += `${pad}  - `;
            const first = w.text.length;
            const inner: Written = writeBlock(item);
            // Items' keys are in a list: no path reaches them. Only their first line is inline.
            const lines = inner.text.split('\n').slice(1, -1);
            w.text += lines.map((l, i) => (i === 0 ? l : `${pad}    ${l}`)).join('\n');
            w.text += '\n';
            w.values.push(first + 1);
          } else w.text += `${pad}  - ${JSON.stringify(item)}\n`;
        }
      } else {
        const s = JSON.stringify(v);
        if (s.length > 2) w.values.push(w.text.length + 2);
        w.text += ` ${s}\n`;
      }
    }
  };
  go(root, [], 0);
  return w;
}

/** The same fact inside `fact:` (block) or `{"fact": …}` (flow): paths do not include it. */
function wrapped(
  write: (fact: { [key: string]: Value }) => Written,
  fact: { [key: string]: Value },
  block: boolean,
): Written {
  const inner = write(fact);
  if (block) {
    const lines = inner.text.split('\n');
    const head = 'fact:\n';
    let shift = head.length;
    const starts: number[] = [];
    let at = 0;
    const text =
      head +
      lines
        .map((l) => {
          starts.push(at);
          at += l.length + 1;
          return l === '' ? l : `  ${l}`;
        })
        .join('\n');
    const move = (offset: number) => {
      let line = 0;
      while (line + 1 < starts.length && (starts[line + 1] as number) <= offset) line++;
      return offset + head.length + 2 * (line + 1) - (lines[line] === '' ? 2 : 0);
    };
    shift = 0;
    return {
      text,
      keys: inner.keys.map((k) => ({ ...k, at: move(k.at) + shift })),
      values: inner.values.map(move),
    };
  }
  const head = '{"fact": ';
  return {
    text: `${head}${inner.text}}`,
    keys: inner.keys.map((k) => ({ ...k, at: k.at + head.length })),
    values: inner.values.map((v) => v + head.length),
  };
}

function writings(fact: { [key: string]: Value }): [string, Written][] {
  return [
    ['block', writeBlock(fact)],
    ['pretty JSON', writeFlow(fact, 2, false)],
    ['compact JSON', writeFlow(fact, 0, false)],
    ['flow YAML', writeFlow(fact, 0, true)],
    ['block in fact:', wrapped(writeBlock, fact, true)],
    ['JSON in {"fact": …}', wrapped((f) => writeFlow(f, 2, false), fact, false)],
  ];
}

describe('keyContextAt (property: 60 random facts, six writings each)', () => {
  it('at every cut of every key: its parent path and typed part, whole text or cut there', () => {
    let checked = 0;
    for (let round = 0; round < 60; round++) {
      const fact = randomMap(0);
      for (const [how, w] of writings(fact)) {
        for (const { at, path, key, quoted } of w.keys) {
          expect(w.text.slice(at, at + key.length), `${how}: ${w.text}`).toBe(
            quoted ? JSON.stringify(key).slice(1, -1) : key,
          );
          for (let cut = 0; cut <= key.length; cut++) {
            for (const text of [w.text, w.text.slice(0, at + cut)]) {
              const ctx = keyContextAt(text, at + cut);
              const got = ctx && [ctx.path.join('.'), ctx.prefix, ctx.quote];
              const want = [path.join('.'), key.slice(0, cut), quoted ? '"' : null];
              // The message is built only for a failure: 10,000 checks stay fast.
              if (JSON.stringify(got) !== JSON.stringify(want))
                expect(got, `${how}, ${key.slice(0, cut)}| in ${JSON.stringify(text)}`).toEqual(
                  want,
                );
              checked++;
            }
          }
        }
        for (const at of w.values) {
          expect(
            keyContextAt(w.text, at),
            `${how}: value at ${at} of ${JSON.stringify(w.text)}`,
          ).toBeNull();
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('follows a key typed inside context: { … } on the line of its parent', () => {
    const text = 'tool:\n  name: issue_refund\ncontext: {amount: 1, ro';
    expect(keyContextAt(text, text.length)).toMatchObject({
      path: ['context'],
      prefix: 'ro',
      style: 'flow',
    });
  });

  it('gives none in a list item, a block scalar, a comment, a closed quote or a value', () => {
    const none = [
      'items:\n  - na',
      'note: |\n  some text\n  ro',
      'tool:\n  # na',
      '{"tool": {"name"',
      'tool:\n  name: iss',
      '{"tool": {"name": "iss',
      '[{"a": 1}, {"b',
      'fact:\n  tool: 1\nna',
    ];
    for (const text of none) expect(keyContextAt(text, text.length), text).toBeNull();
  });

  it('refuses a text over the limit before any work', () => {
    const text = `${'# '.padEnd(MAX_COMPLETION_TEXT, 'x')}\nto`;
    expect(keyContextAt(text, text.length)).toBeNull();
    expect(keyContextAt('to', 2)).toMatchObject({ path: [], prefix: 'to' });
  });
});

describe('fieldOptions', () => {
  const fields = ['tool.name', 'tool.args.amount', 'tool.args.order_id', 'context.role', 'tool'];
  it('offers the next segment under the path, with what lies inside', () => {
    expect(fieldOptions(fields, [], 'T')).toEqual([
      { segment: 'tool', path: 'tool', leaf: true, inside: 3 },
    ]);
    expect(fieldOptions(fields, ['tool'], '').map((o) => [o.segment, o.leaf, o.inside])).toEqual([
      ['args', false, 2],
      ['name', true, 0],
    ]);
    expect(fieldOptions(fields, ['tool', 'args'], 'am').map((o) => o.path)).toEqual([
      'tool.args.amount',
    ]);
    expect(fieldOptions(fields, ['nowhere'], '')).toEqual([]);
  });
});

describe('completionEdit', () => {
  const options = fieldOptions(['tool.name', 'tool.args.amount', 'context.role'], [], '');
  const [context] = options;
  const edit = (text: string, offset: number, segment: string, path: string[] = []) => {
    const ctx = keyContextAt(text, offset);
    if (!ctx) throw new Error(`no context in ${text}`);
    const option = fieldOptions(['tool.name', 'tool.args.amount', 'context.role'], path, '').find(
      (o) => o.segment === segment,
    );
    if (!option) throw new Error(segment);
    return completionEdit(text, ctx, option);
  };

  it('a mapping opens its block on a new indented line, a field takes its value after it', () => {
    expect(context?.segment).toBe('context');
    expect(edit('to', 2, 'tool')).toEqual({ text: 'tool:\n  ', cursor: 8 });
    expect(edit('tool:\n  na', 10, 'name', ['tool'])).toEqual({
      text: 'tool:\n  name: ',
      cursor: 14,
    });
  });

  it('in JSON: keeps the quote, closes it, opens {} for a mapping', () => {
    expect(edit('{"to', 4, 'tool')).toEqual({ text: '{"tool": {}', cursor: 10 });
    expect(edit('{"tool": {"na"}}', 13, 'name', ['tool'])).toEqual({
      text: '{"tool": {"name": }}',
      cursor: 18,
    });
  });

  it('keeps a colon already there and the rest of the line', () => {
    expect(edit('tool:\n  nam: x', 10, 'name', ['tool'])).toEqual({
      text: 'tool:\n  name: x',
      cursor: 12,
    });
  });
});
