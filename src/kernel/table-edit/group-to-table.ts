import type { Bilingual, Fix } from '../diagnostics/diagnostic';
import { convertDocument } from '../projection/convert';

/**
 * Issue §5: a group of consecutive Simple rules rewritten as one decision table (projection C),
 * as a reviewable fix — the smallest single replacement between the text and the converted one.
 * The projection refuses (with reasons) what a table cannot say, and checks the rule hashes.
 */
export function groupToTableEdit(
  text: string,
  rules: readonly string[],
):
  | { readonly ok: true; readonly fix: Fix }
  | { readonly ok: false; readonly messages: readonly Bilingual[] } {
  const converted = convertDocument(text, { to: 'table', rules });
  if (!converted.ok) {
    if (converted.kind === 'refused')
      return { ok: false, messages: converted.refusals.map((r) => r.message) };
    if (converted.kind === 'unknown-rule') return { ok: false, messages: [converted.message] };
    return {
      ok: false,
      messages: [
        {
          en: 'The document has errors; fix them before converting.',
          zh: '文档有错误；请先修复再转换。',
        },
      ],
    };
  }
  const out = converted.output;
  let prefix = 0;
  const limit = Math.min(text.length, out.length);
  while (prefix < limit && text.charCodeAt(prefix) === out.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < limit - prefix &&
    text.charCodeAt(text.length - 1 - suffix) === out.charCodeAt(out.length - 1 - suffix)
  )
    suffix++;
  return {
    ok: true,
    fix: {
      title: { en: 'Convert the rules to one decision table', zh: '将这些规则转换为一张决策表' },
      edits: [
        {
          range: { start: prefix, end: text.length - suffix },
          newText: out.slice(prefix, out.length - suffix),
        },
      ],
    },
  };
}
