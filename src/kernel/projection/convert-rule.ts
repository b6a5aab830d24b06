import { compileDocument } from '../compile';
import type { Bilingual, Fix } from '../diagnostics/diagnostic';
import { SourceText } from '../diagnostics/source-text';
import { load } from '../document/load';
import { get, isMap, isScalar, isSeq, type YNode, type YSeq } from '../document/ynode';
import { convertDocument, type ProjectionTarget } from './convert';

export type RuleConversion =
  | { readonly ok: true; readonly fix: Fix }
  | { readonly ok: false; readonly messages: readonly Bilingual[] };

const FORM_NAMES: Record<ProjectionTarget, Bilingual> = {
  simple: { en: 'Simple form', zh: 'Simple 形式' },
  expr: { en: 'Expression form', zh: 'Expression 形式' },
  table: { en: 'a decision table', zh: '决策表' },
};

function rulesOf(text: string): YSeq | null {
  const root = load(text).root;
  const rules = root ? get(root, 'rules') : undefined;
  return isSeq(rules) && !rules.flow ? rules : null;
}

function nameOf(item: YNode | undefined): string | undefined {
  const name = isMap(item) ? get(item, 'name') : undefined;
  return isScalar(name) && typeof name.value === 'string' ? name.value : undefined;
}

/**
 * The lines of a block-sequence item: from the start of its `-` line to the end of its last line
 * that is neither blank nor a comment (comments before the next item stay where they are).
 */
function itemSpan(
  text: string,
  source: SourceText,
  item: YNode,
  next: YNode | undefined,
  end: number,
) {
  const start = source.lineStart(source.position(item.range.start).line);
  const limit = next ? source.lineStart(source.position(next.range.start).line) : end;
  const lines = text.slice(start, limit).split(/(?<=\n)/);
  let length = 0;
  let kept = 0;
  for (const [i, line] of lines.entries()) {
    length += line.length;
    if (i === 0 || (line.trim() !== '' && !line.trimStart().startsWith('#'))) kept = length;
  }
  const span = text.slice(start, start + kept).replace(/\r?\n$/, '');
  return { start, end: start + span.length, text: span };
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/**
 * Rewrites one rule entry in another writing form as a text edit of that entry only: the rest of
 * the document — other rules, comments, formatting — is untouched. The converted entry is what
 * `convertDocument` emits for it, re-indented to the document's own item indentation, and the
 * edit is proposed only when the edited document compiles to the same rule hashes.
 */
export function convertRuleEdit(text: string, rule: string, to: ProjectionTarget): RuleConversion {
  const converted = convertDocument(text, { to, rules: [rule] });
  if (!converted.ok) {
    switch (converted.kind) {
      case 'load':
        return {
          ok: false,
          messages: [
            {
              en: 'The document has errors; fix them before converting a rule.',
              zh: '文档有错误；请先修复再转换规则。',
            },
          ],
        };
      case 'unknown-rule':
        return { ok: false, messages: [converted.message] };
      case 'refused':
        return { ok: false, messages: converted.refusals.map((r) => r.message) };
      case 'internal':
        return {
          ok: false,
          messages: converted.failures.map((f) => ({ en: f, zh: `内部错误：${f}` })),
        };
    }
  }
  const before = rulesOf(text);
  const after = rulesOf(converted.output);
  const index = before ? before.items.findIndex((item) => nameOf(item) === rule) : -1;
  if (!before || !after || index < 0) {
    return {
      ok: false,
      messages: [
        {
          en: 'Only rules in a block list under rules: can be converted in place.',
          zh: '只有 rules: 下块状列表中的规则可以原地转换。',
        },
      ],
    };
  }
  const following = before.items.length - index - 1;
  const produced = after.items.slice(index, after.items.length - following);
  const source = new SourceText(text);
  const out = new SourceText(converted.output);
  const original = itemSpan(
    text,
    source,
    before.items[index]!,
    before.items[index + 1],
    before.range.end,
  );
  const first = itemSpan(converted.output, out, produced[0]!, produced[1], after.range.end);
  const last = itemSpan(
    converted.output,
    out,
    produced.at(-1)!,
    after.items[after.items.length - following],
    after.range.end,
  );
  const block = converted.output.slice(first.start, last.end);
  const shift = indentOf(original.text) - indentOf(first.text);
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const newText = block
    .split('\n')
    .map((line) =>
      shift >= 0 ? `${' '.repeat(shift)}${line}` : line.slice(Math.min(-shift, indentOf(line))),
    )
    .join(newline);
  const edit = { range: { start: original.start, end: original.end }, newText };
  const edited = text.slice(0, edit.range.start) + newText + text.slice(edit.range.end);
  const check = compileDocument(edited).document;
  const expected = converted.document.rules.map((r) => r.hash).join();
  if (!check || check.rules.map((r) => r.hash).join() !== expected) {
    return {
      ok: false,
      messages: [
        {
          en: 'The converted rule did not compile to the same trees in place; nothing was changed.',
          zh: '转换后的规则在原位置未能编译出相同的表达式树；未做任何修改。',
        },
      ],
    };
  }
  const form = FORM_NAMES[to];
  return {
    ok: true,
    fix: {
      title: { en: `Convert ${rule} to ${form.en}`, zh: `将 ${rule} 转换为${form.zh}` },
      edits: [edit],
    },
  };
}
