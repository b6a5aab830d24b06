/**
 * Repeated keys, found in time linear in the keys (one Set per mapping), for every reader of YAML
 * data (parse-data.ts, read-fact.ts, suite/parse-suite.ts) and the suite edits (suite/add-case.ts,
 * scenarios/suite-edit.ts): yaml's own check (`uniqueKeys`) compares each key with every earlier
 * one. Internal: yaml's types stay out of the kernel's published declarations.
 */
import { type Document, isScalar, type Scalar, visit } from 'yaml';

/**
 * The first key a mapping repeats and where it was first, as yaml's uniqueKeys found it (keys
 * compared by value), in time linear in the keys: one Set per mapping.
 */
export function firstRepeatedKey(doc: Document.Parsed): [Scalar, Scalar] | null {
  let found: [Scalar, Scalar] | null = null;
  visit(doc, {
    Map(_, map) {
      const seen = new Map<unknown, Scalar>();
      for (const pair of map.items) {
        const key = pair.key;
        if (!isScalar(key)) continue;
        const first = seen.get(key.value);
        // A NaN key never equals another, as yaml compares keys with ===.
        if (first && !Number.isNaN(key.value)) {
          found = [first, key];
          return visit.BREAK;
        }
        seen.set(key.value, key);
      }
      return undefined;
    },
  });
  return found;
}
