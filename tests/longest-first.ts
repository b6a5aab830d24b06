/**
 * The order in which `vitest run` starts the unit-test files: the longest first, by the durations
 * in tests/unit-test-durations.json (refreshed with scripts/unit-test-durations.mjs). Both
 * workers then finish close together; vitest's own order on a fresh clone (no results cache:
 * larger files first) left a long property-test file to run alone at the end. A file with no
 * recorded duration starts after the recorded ones, in vitest's own order; the durations only
 * change the order, never which files run.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const recorded: Readonly<Record<string, number>> = JSON.parse(
  readFileSync(new URL('./unit-test-durations.json', import.meta.url), 'utf8'),
);

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const root = this.ctx.config.root;
    const ms = (f: TestSpecification) => recorded[relative(root, f.moduleId)] ?? 0;
    // Array.prototype.sort is stable: equal (and unrecorded) files keep vitest's order.
    return [...ordered].sort((a, b) => ms(b) - ms(a));
  }
}
