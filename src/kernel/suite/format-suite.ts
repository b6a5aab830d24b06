/**
 * A suite as `.facts.yaml` text (the studio's export; an imported JSON Lines or CSV set saved as a
 * suite). parseSuite(formatSuite(s)) gives back the same suite. `json` writes the same data as JSON
 * (still a valid .facts.yaml, since JSON is YAML 1.2), which parseSuite reads many times faster —
 * the form for suites of thousands of cases.
 */
import { stringify } from 'yaml';
import { JSON_NUMBER_TAG, stringifyExact } from '../data/json-number';
import { toExactJson, type Value } from '../eval/values';
import type { Expectation, Suite } from './types';

/** A fact as written: a number no double holds keeps every digit (ruling I-89). */
const exact = (fact: Value): unknown => toExactJson(fact);

function expectation(e: Expectation): Record<string, unknown> {
  return e.matched_rules
    ? { decision: e.decision, matched_rules: [...e.matched_rules] }
    : { decision: e.decision };
}

export function formatSuite(suite: Suite, style: 'yaml' | 'json' = 'yaml'): string {
  const out: Record<string, unknown> = {};
  if (suite.name !== undefined) out.suite = suite.name;
  if (suite.as_of !== undefined) out.as_of = suite.as_of;
  if (suite.cases.length > 0)
    out.cases = suite.cases.map((c) => ({
      name: c.name,
      ...(c.as_of === undefined ? {} : { as_of: c.as_of }),
      fact: exact(c.fact),
      ...(c.expect ? { expect: expectation(c.expect) } : {}),
    }));
  if (suite.sequences.length > 0)
    out.sequences = suite.sequences.map((s) => ({
      name: s.name,
      ...(s.temporal_state ? { temporal_state: s.temporal_state } : {}),
      events: s.events.map((e) => ({
        as_of: e.as_of,
        fact: exact(e.fact),
        ...(e.expect ? { expect: expectation(e.expect) } : {}),
      })),
    }));
  if (style === 'json') return `${stringifyExact(out, 2)}\n`;
  return stringify(out, {
    version: '1.2',
    lineWidth: 0,
    aliasDuplicateObjects: false,
    customTags: [JSON_NUMBER_TAG],
  });
}
