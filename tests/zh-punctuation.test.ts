// Full-width punctuation in Chinese text (GB/T 15834): every Chinese string of the product — string
// tables, kernel and CLI messages, the report, the examples — writes ：（），；？！ next to Chinese,
// never the ASCII : ( ) , ; ? !. Not counted: code and values quoted in “…”, `…`, "…" or 「…」,
// placeholders {x}, a call such as f(x), versions, paths, times (18:30), ratios (100:1) and URLs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../src/kernel/compile';
import { reviewReportHtml } from '../src/kernel/report/review-report';
import { parseSuite } from '../src/kernel/suite/parse-suite';
import { runSuite } from '../src/kernel/suite/run-suite';
import { ROOT, zhStrings } from './zh-strings';

const CJK = '\\u3400-\\u4DBF\\u4E00-\\u9FFF';

/** The ASCII punctuation marks of a Chinese text that should be full-width, each with its context. */
function halfWidth(full: string): string[] {
  if (!new RegExp(`[${CJK}]`).test(full)) return [];
  // a bilingual line "English / 中文" (the CLI's): only its Chinese half
  const halves = full.split(' / ');
  const first = halves.findIndex((h) => new RegExp(`[${CJK}]`).test(h));
  const text = halves.slice(Math.max(0, first)).join(' / ');
  const plain = text
    .replace(/“[^”]*”|「[^」]*」|`[^`]*`|"[^"]*"|'[^']*'/g, (m) => 'q'.repeat(m.length))
    .replace(/\b\w+:\/\/\S+/g, (m) => 'u'.repeat(m.length))
    // code: a call f(x) / $q(v) / {x}(…), a YAML list [a, b], a YAML key such as rules: or expr:
    .replace(/[\w$}]\((?:[^()]|\([^()]*\))*\)/g, (m) => 'c'.repeat(m.length))
    .replace(/\[[^\]]*\]/g, (m) => 'c'.repeat(m.length))
    .replace(/\b[a-z_]+:(?= )/g, (m) => 'k'.repeat(m.length));
  const found: string[] = [];
  const re = new RegExp(
    [
      `[${CJK}]\\s*[:;,!?]`, // 决策: 决策, 决策;
      `[:;,!?]\\s*[${CJK}]`, // , 决策
      `\\}[:;,]\\s*[${CJK}]`, // a placeholder then an ASCII colon: "{rule}: 失败关闭"
      `\\([^()]*[${CJK}][^()]*\\)`, // brackets around Chinese
      `[${CJK}]\\s*\\(`, // 版本 2.1.0 (erdl/v2): brackets after Chinese
      `\\)\\s*[${CJK}]`, // a closing bracket before Chinese
      `(?<=\\s)\\([^()]*\\)`, // 2.1.0 (erdl/v2): any bracket that is not a call
    ].join('|'),
    'gu',
  );
  for (const m of plain.matchAll(re)) {
    const at = m.index ?? 0;
    found.push(`«${text.slice(Math.max(0, at - 8), at + m[0].length + 8)}»`);
  }
  return found;
}

describe('Chinese strings use full-width punctuation next to Chinese', () => {
  it('knows a half-width mark from code, placeholders, versions and times', () => {
    expect(halfWidth('决策: {d}')).toHaveLength(1);
    expect(halfWidth('版本 2.1.0 (erdl/v2)')).toHaveLength(1);
    expect(halfWidth('{rule}: 失败关闭')).toHaveLength(1);
    expect(halfWidth('{n} rule(s) / 签名时间 {t}；{n} 条规则')).toEqual([]);
    expect(halfWidth('第 1 行, 第 2 行')).toHaveLength(1);
    expect(halfWidth('决策：{d}（E12）')).toEqual([]);
    expect(halfWidth('写成“f(x)”或 days_between(a, b)')).toEqual([]);
    expect(halfWidth('18:30（UTC+08:00）')).toEqual([]);
    expect(halfWidth('压缩比超过 100:1')).toEqual([]);
    expect(halfWidth('见 https://example.org/a?b=c')).toEqual([]);
  });

  it('no Chinese string writes : ( ) , ; ? ! in ASCII next to Chinese', () => {
    const problems = zhStrings().flatMap((s) =>
      halfWidth(s.text).map((m) => `${s.where} ${s.key}: ${m}`),
    );
    expect(problems).toEqual([]);
  });

  // Text put together at run time ("{label}: {value}") is only seen in what is shown: the review
  // report in Chinese of every example, its text read line by line.
  it('the review report in Chinese of every example', () => {
    const problems: string[] = [];
    for (const name of [
      'aml-screening',
      'loan-decision-table',
      'coding-agent-guard',
      'quick-start',
      'margin-expression',
    ]) {
      const read = (ext: string) =>
        readFileSync(join(ROOT, `src/studio/examples/${name}.${ext}`), 'utf8');
      const text = read('erdl.yaml');
      const doc = compileDocument(text).document;
      const suite = parseSuite(read('facts.yaml')).suite;
      if (!doc || !suite) throw new Error(name);
      const r = reviewReportHtml({
        lang: 'zh',
        file: `${name}.erdl.yaml`,
        sourceBytes: new TextEncoder().encode(text),
        signers: [{ keyId: 'sha256:ab12', name: '张三', role: 'reviewer' }],
        date: { value: '2026-12-01T10:30:00Z', source: 'signature' },
        suite: { file: `${name}.facts.yaml`, result: runSuite(doc, suite) },
      });
      if (!r.ok) throw new Error(r.message.en);
      const shown = r.html
        .replace(/<(style|script)[\s\S]*?<\/\1>/g, '')
        .replace(/<(code|pre)[^>]*>[\s\S]*?<\/\1>/g, ' “code” ')
        // inline elements run on in the line they are in; block elements end it
        .replace(/<\/?(?:span|a|strong|em|b|i|ins|del|small)\b[^>]*>/g, '')
        .replace(/<[^>]+>/g, '\n')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
      for (const line of shown.split('\n')) {
        for (const m of halfWidth(line)) problems.push(`${name} report: ${m} in ${line.trim()}`);
        // in a Chinese report a bracket after a space is Chinese text's, even around Latin — but
        // not in the English the report also shows (the English gloss, a test case's own words)
        const english = /[A-Za-z]+,? [A-Za-z]+ [A-Za-z]+/.test(line);
        if (!english && /\s\((?!\))/.test(line.replace(/“[^”]*”/g, '')))
          problems.push(`${name} report: ASCII bracket in ${line.trim()}`);
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });
});
