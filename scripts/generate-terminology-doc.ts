/**
 * Writes docs/terminology.md — the terminology table, Chinese and English side by side — from the
 * kernel's vocabulary (src/kernel/vocabulary/*: decisions, nodes, Simple operators, entities,
 * rings, override levels, rule fields and the terms of terms.ts). `npm run docs:terminology`
 * regenerates it; tests/terminology-doc.test.ts fails when it is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DECISIONS } from '../src/kernel/vocabulary/decisions';
import {
  ENTITIES,
  METADATA_FIELDS,
  OVERRIDE_LEVELS,
  RINGS,
  RULE_FIELDS,
} from '../src/kernel/vocabulary/document';
import { AGGREGATE_FUNCTIONS, DATE_PARTS, NODES } from '../src/kernel/vocabulary/nodes';
import { SIMPLE_OPERATORS } from '../src/kernel/vocabulary/operators';
import { TERMS } from '../src/kernel/vocabulary/terms';

export const DOC_PATH = fileURLToPath(new URL('../docs/terminology.md', import.meta.url));

const cell = (s: string) => s.replace(/\|/g, '\\|');
const code = (s: string) => `\`${cell(s)}\``;

function table(head: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
  ];
}

export function terminologyDoc(): string {
  return [
    '# Terminology · 术语表',
    '',
    'One term per concept, in Chinese and English, for the badge, the gloss, the trace, the reports',
    "and the UI. Generated from the kernel's vocabulary (`src/kernel/vocabulary/`) by",
    '`npm run docs:terminology`; `tests/terminology-doc.test.ts` fails when this file is stale.',
    'Chinese wording follows [gloss.md](gloss.md) "Chinese: the rules every zh gloss follows".',
    '`tests/terminology.test.ts` reads every Chinese string of `src/` (string tables, kernel and CLI',
    'messages, the report) and fails on a wording in the last column: "(alone)" a whole label that',
    'is only that word, "(but …)" a longer word naming another concept that may stay.',
    '',
    '## Concepts · 概念',
    '',
    ...table(
      ['key', '中文', 'English', 'note', 'not used · 不用'],
      TERMS.map((t) => [
        code(t.key),
        t.zh,
        cell(t.en),
        cell(t.note),
        [
          ...('avoid' in t ? t.avoid.map((a) => code(a)) : []),
          ...('avoidAlone' in t ? t.avoidAlone.map((a) => `${code(a)} (alone · 单独)`) : []),
          ...('allow' in t ? t.allow.map((a) => `(but ${code(a)})`) : []),
        ].join(' '),
      ]),
    ),
    '## Decisions · 决策（§6）',
    '',
    'The badge shows the term; a gloss sentence says the phrase ("若……，则{phrase}").',
    '',
    ...table(
      ['decision', '中文', '释义用语', 'English', 'gloss phrase'],
      DECISIONS.map((d) => [code(d.name), d.zh, d.phrase.zh, d.en, d.phrase.en]),
    ),
    '## Nodes · 节点（§5.3, §5.5 templates）',
    '',
    'The gloss reads text equality as 为, order comparisons as 超过 / 不低于 / 低于 / 不超过 (dates 晚于 …),',
    '`exists` as 已提供 and a null comparison as 为空或未提供 — departures from these templates',
    'recorded in ruling I-94 and docs/gloss.md section 3.',
    '',
    ...table(
      ['node', '中文模板', 'English template'],
      [
        ...NODES.filter((n) => n.name !== 'aggregate').map((n) => [
          code(n.name),
          code(n.gloss.zh),
          code(n.gloss.en),
        ]),
        ...AGGREGATE_FUNCTIONS.map((f) => [
          code(`aggregate(${f.name})`),
          code(f.gloss.zh),
          code(f.gloss.en),
        ]),
      ],
    ),
    '## Date parts · 日期部分',
    '',
    ...table(
      ['part', '中文', 'English'],
      DATE_PARTS.map((p) => [code(p.name), p.zh, p.en]),
    ),
    '## Simple operators · 简单形式运算符（§5.2）',
    '',
    ...table(
      ['operator', '中文', 'English'],
      SIMPLE_OPERATORS.map((o) => [code(o.name), o.zh, o.en]),
    ),
    '## Entities · 实体（§3）',
    '',
    ...table(
      ['entity', '中文', 'English'],
      ENTITIES.map((e) => [code(e.name), e.zh, e.en]),
    ),
    '## Rings · 执行环（§7.0.2）',
    '',
    ...table(
      ['ring', '中文', 'English'],
      RINGS.map((r) => [
        String(r.ring),
        `第 ${r.ring} 执行环（${r.zh}）`,
        `ring ${r.ring} (${r.en})`,
      ]),
    ),
    '## Override levels · 覆盖级别（§7.1）',
    '',
    ...table(
      ['level', '中文', 'English'],
      OVERRIDE_LEVELS.map((o) => [code(o.name), o.zh, o.en]),
    ),
    '## Document fields · 文档字段（§2.2, §4.1）',
    '',
    ...table(
      ['field', '中文', 'English'],
      [
        ...METADATA_FIELDS.map((f) => [code(`metadata.${f.name}`), f.zh, f.en]),
        ...RULE_FIELDS.map((f) => [code(f.name), f.zh, f.en]),
      ],
    ),
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(DOC_PATH, terminologyDoc());
  console.log(`wrote ${DOC_PATH}`);
}
