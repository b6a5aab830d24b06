/**
 * Shared by the worker's job tests (impact-*.test.ts, suite-job*.test.ts): the example documents
 * they run over, an impact job run to its end, and a suite request.
 */
import { readFileSync } from 'node:fs';
import quickStart from '../studio/examples/quick-start.erdl.yaml?raw';
import { impactJob } from './impact-job';
import type { ImpactOutcome, ImpactRequest, SuiteRequest } from './kernel-protocol';

const example = (name: string) =>
  readFileSync(new URL(`../studio/examples/${name}`, import.meta.url), 'utf8');

/** The AML screening example, its fact suite, and the example with its amount limit halved. */
export const AML = example('aml-screening.erdl.yaml');
export const SUITE = example('aml-screening.facts.yaml');
export const EDITED = AML.replace('value: 10000\n', 'value: 5000\n');

/** Runs an impact job to its end; asked to stop after `stopAfter` steps when given. */
export function runAll(
  request: ImpactRequest,
  stopAfter = Number.POSITIVE_INFINITY,
): ImpactOutcome {
  const job = impactJob(request, () => 0);
  let steps = 0;
  let step = job.next();
  while (!step.done) step = job.next(++steps >= stopAfter);
  return step.value;
}

/** A suite run of the quick-start example over `suite`. */
export const suiteRequest = (suite: string, format: SuiteRequest['format']): SuiteRequest => ({
  op: 'suite',
  doc: 'd',
  text: quickStart,
  suite,
  format,
});
