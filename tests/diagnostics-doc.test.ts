import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOC_PATH, diagnosticsDoc } from '../scripts/generate-diagnostics-doc';
import { CODES } from '../src/kernel';

describe('docs/diagnostics.md', () => {
  it('is up to date with the catalogue (run `npm run docs:diagnostics`)', () => {
    expect(readFileSync(DOC_PATH, 'utf8')).toBe(diagnosticsDoc());
  });
  it('lists every code once', () => {
    const doc = diagnosticsDoc();
    for (const code of Object.keys(CODES)) expect(doc.split(`\`${code}\``).length - 1).toBe(1);
  });
});
