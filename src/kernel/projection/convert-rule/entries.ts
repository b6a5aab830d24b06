import { compileDocument } from '../../compile';
import type { CompiledDocument, CompiledRule } from '../../document/compiled';
import { load } from '../../document/load';
import {
  get,
  isMap,
  isScalar,
  isSeq,
  type YMap,
  type YNode,
  type YSeq,
} from '../../document/ynode';
import { DECISION_TABLE_KIND } from '../../vocabulary/document';
import { type Chunk, chunksOf, DocLines, itemLines, verbatimLiterals } from '../entry-text';
import { literalYV } from '../to-expression';
import type { LiteralWriter } from '../to-simple';
import { fail, type RuleConversion } from './result';

/** The document's rule entries as text: where each is, its fields' lines, its compiled rules. */

export interface EntryText {
  readonly name: string;
  readonly node: YMap;
  readonly first: number;
  readonly last: number;
  /** Text before the first key on the first line (`  - `). */
  readonly prefix: string;
  readonly indent: number;
  readonly chunks: readonly Chunk[];
  readonly rules: readonly CompiledRule[];
  readonly isTable: boolean;
}

export interface Context {
  readonly doc: DocLines;
  readonly compiled: CompiledDocument;
  readonly entries: readonly EntryText[];
  readonly lit: LiteralWriter;
}

export function nameOf(item: YNode | undefined): string | undefined {
  const name = isMap(item) ? get(item, 'name') : undefined;
  return isScalar(name) && typeof name.value === 'string' ? name.value : undefined;
}

export function isTableWhen(n: YNode | undefined): n is YMap {
  return (
    isMap(n) &&
    n.items.some(
      (p) => p.key === 'kind' && isScalar(p.value) && p.value.value === DECISION_TABLE_KIND,
    )
  );
}

export function context(text: string, verbatim: boolean): Context | RuleConversion {
  const result = compileDocument(text);
  const compiled = result.document;
  if (!compiled)
    return fail({
      en: 'The document has errors; fix them before converting a rule.',
      zh: '文档有错误；请先修复再转换规则。',
    });
  const root = load(text).root;
  const rules = root ? get(root, 'rules') : undefined;
  if (!isSeq(rules) || rules.flow || rules.items.some((i) => !isMap(i) || i.flow))
    return fail({
      en: 'Only rules in a block list under rules: can be converted in place.',
      zh: '只有 rules: 下块状列表中的规则可以原地转换。',
    });
  const doc = new DocLines(text);
  const lastLine = doc.lineOf(Math.max(rules.range.start, rules.range.end - 1));
  const entries = (rules as YSeq).items.map((item, i) => {
    const node = item as YMap;
    const { first, last } = itemLines(doc, node, rules.items[i + 1], lastLine);
    const indent = doc.columnOf(node.range.start);
    const name = nameOf(node) ?? '';
    return {
      name,
      node,
      first,
      last,
      prefix: (doc.lines[first] ?? '').slice(0, indent),
      indent,
      chunks: chunksOf(doc, node, first, last),
      rules: compiled.rules.filter((r) => r.entry === name),
      isTable: isTableWhen(get(node, 'when')),
    };
  });
  const lit = verbatim ? verbatimLiterals(doc, compiled.sourceMap) : undefined;
  return { doc, compiled, entries, lit: lit ?? literalYV };
}

export function chunk(e: EntryText, key: string): Chunk | undefined {
  return e.chunks.find((c) => c.key === key);
}
