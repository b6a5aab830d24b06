import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_PATH, schemaText } from '../scripts/generate-schema';
import { CONDITION_OPERATOR_NAMES, DECISION_NAMES, RULE_FIELD_ORDER } from '../src/kernel';

describe('published JSON Schema', () => {
  it('is up to date with the vocabulary (run `npm run schema` after changing it)', () => {
    expect(readFileSync(SCHEMA_PATH, 'utf8')).toBe(schemaText());
  });

  it('is generated from the single vocabulary source', () => {
    const schema = JSON.parse(schemaText());
    const rule = schema.definitions.rule.properties;
    expect(Object.keys(rule)).toEqual(RULE_FIELD_ORDER);
    expect(rule.then.enum).toEqual(DECISION_NAMES);
    expect(schema.definitions.condition.properties.operator.enum).toEqual(
      expect.arrayContaining([...CONDITION_OPERATOR_NAMES]),
    );
    expect(schema.properties.protocol.const).toBe('erdl/v2');
  });
});
