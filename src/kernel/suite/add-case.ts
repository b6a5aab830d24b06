/**
 * "Save as test case": appends a case to a suite's YAML text through yaml's Document API, so the
 * user's comments, order and formatting stay as written. An empty text becomes a new suite.
 */
import { isMap, isSeq, parseDocument } from 'yaml';
import { JSON_NUMBER_TAG } from '../data/json-number';
import { firstRepeatedKey } from '../data/repeated-key';
import type { Bilingual } from '../diagnostics/diagnostic';
import { toExactJson } from '../eval/values';
import { formatSuite } from './format-suite';
import type { SuiteCase } from './types';

export type AddCaseResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly message: Bilingual };

function plainCase(c: SuiteCase): Record<string, unknown> {
  return {
    name: c.name,
    ...(c.as_of === undefined ? {} : { as_of: c.as_of }),
    // A number no double holds keeps every digit (ruling I-89).
    fact: toExactJson(c.fact),
    ...(c.expect
      ? {
          expect: c.expect.matched_rules
            ? { decision: c.expect.decision, matched_rules: [...c.expect.matched_rules] }
            : { decision: c.expect.decision },
        }
      : {}),
  };
}

export function addCaseToSuiteText(text: string, c: SuiteCase): AddCaseResult {
  if (text.trim() === '') return { ok: true, text: formatSuite({ cases: [c], sequences: [] }) };
  const doc = parseDocument(text, {
    // Repeated keys: firstRepeatedKey below, linear (yaml's own check compares each key with every
    // earlier one: a suite with a case whose fact has 40,000 fields took 20 s).
    uniqueKeys: false,
    strict: true,
    version: '1.2',
    customTags: [JSON_NUMBER_TAG],
  });
  if (doc.errors.length > 0 || firstRepeatedKey(doc))
    return {
      ok: false,
      message: {
        en: 'the suite has YAML errors; fix them before adding a case',
        zh: '测试集存在 YAML 错误；请先修正再添加用例',
      },
    };
  const root = doc.contents;
  if (!isMap(root))
    return {
      ok: false,
      message: { en: 'the suite is not a mapping', zh: '测试集不是映射' },
    };
  const node = doc.createNode(plainCase(c), { aliasDuplicateObjects: false });
  const cases = doc.get('cases', true);
  if (cases === undefined || cases === null)
    doc.set('cases', doc.createNode([plainCase(c)], { aliasDuplicateObjects: false }));
  else if (isSeq(cases)) cases.items.push(node);
  else return { ok: false, message: { en: '"cases" is not a list', zh: '“cases”不是列表' } };
  return { ok: true, text: doc.toString({ lineWidth: 0 }) };
}
