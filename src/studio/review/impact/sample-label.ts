import type { ImpactSample } from '../../../kernel';
import { format } from '../../i18n/i18n';

/**
 * A sample's label: a record of an imported fact set the kernel named by its line (`line N`, as
 * `erdl impact` prints it) is worded from that line number (`record`) in the UI language, with
 * `template` (`line {n}` / `第 {n} 行`); any other name is shown as it is.
 */
export function sampleLabel(
  sample: Pick<ImpactSample, 'name' | 'record'>,
  template: string,
): string {
  const r = sample.record;
  return r && r.lastLine === r.line ? format(template, { n: r.line }) : sample.name;
}
