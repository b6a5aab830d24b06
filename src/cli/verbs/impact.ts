import { fill } from '../../i18n/format';
import { analyzeImpact, decisionInfo, type ImpactReport } from '../../kernel';
import { impactOnPool, impactWorkers } from '../batch/impact-pool';
import { EXIT_OK, EXIT_USAGE } from '../exit-codes';
import { loadRulesFor } from '../load-document';
import { inLanguage } from '../messages';
import { HELP } from '../strings/help';
import { IMPACT_STRINGS as msg } from '../strings/impact';
import { factSetReadable, readSuite, readText, reportFormat } from './test';
import type { Verb } from './verb';

export const impactVerb: Verb = {
  name: 'impact',
  stdout: (options) => (options['--format'] === 'json' ? 'json' : 'text'),
  args: ['OLD', 'NEW', 'FACTS'],
  options: [
    {
      name: '--format',
      value: 'table|json',
      summary: msg.formatOption,
    },
  ],
  summary: msg.summary,
  details: HELP.impact,
  async run(io, [oldArg, newArg, factsArg], options) {
    const format = reportFormat(io, options);
    if (format === null) return EXIT_USAGE;
    const why = msg.impactCannotComputed;
    const loadedBefore = await loadRulesFor(io, oldArg as string, why);
    if (!loadedBefore.ok) return loadedBefore.code;
    const loadedAfter = await loadRulesFor(io, newArg as string, why);
    if (!loadedAfter.ok) return loadedAfter.code;
    const before = loadedBefore.document;
    const after = loadedAfter.document;
    const factsFile = factsArg as string;
    const text = await readText(io, factsFile);
    if (text === null) return EXIT_USAGE;
    let report: ImpactReport;
    const workers = impactWorkers(factsFile, text);
    if (workers > 1) {
      // A large JSON Lines set: read and evaluated on the batch workers, the same report.
      const pooled = await impactOnPool(loadedBefore.bytes, loadedAfter.bytes, text, workers);
      if (!factSetReadable(io, factsFile, pooled.facts, pooled.diagnostics) || !pooled.report)
        return EXIT_USAGE;
      report = pooled.report;
    } else {
      const suite = readSuite(io, factsFile, text);
      if (!suite) return EXIT_USAGE;
      if (suite.sequences.length > 0)
        io.err(
          inLanguage(
            io,
            fill(msg.sequencesLeftOut, { file: factsFile, n: suite.sequences.length }),
          ),
        );
      report = analyzeImpact(before, after, suite.cases, {
        ...(suite.as_of ? { as_of: suite.as_of } : {}),
      });
    }
    if (format === 'json') io.out(JSON.stringify(report, null, 2));
    else for (const line of impactTable(report)) io.out(line);
    return EXIT_OK;
  },
};

/** The table output: summary, matrix, samples, causes (English, like `erdl test`). */
export function impactTable(r: ImpactReport): string[] {
  const out: string[] = [];
  const pct = r.total ? ` (${((100 * r.changed) / r.total).toFixed(1)}%)` : '';
  out.push(`impact ${r.old_hash} → ${r.new_hash}`);
  out.push(
    `${r.total} facts, ${r.changed} change decision${pct}, ${r.rules_changed} keep the decision with other rules`,
  );
  out.push('', 'transitions (old → new: facts):');
  const width = Math.max(4, ...r.matrix.map((c) => c.from.length));
  for (const c of r.matrix)
    out.push(
      `  ${c.from.padEnd(width)} → ${c.to.padEnd(width)}  ${String(c.count).padStart(8)}${c.from === c.to ? '  unchanged' : ''}`,
    );
  for (const t of r.transitions) {
    out.push('', `${t.from} → ${t.to}: ${t.count} fact(s); first ${t.samples.length}:`);
    for (const s of t.samples) {
      out.push(`  ${s.name}  ${s.exact ?? JSON.stringify(s.fact)}`);
      out.push(`    old ${s.old.decision.padEnd(width)}  ${s.old.matched_rules.join(', ') || '—'}`);
      out.push(`    new ${s.new.decision.padEnd(width)}  ${s.new.matched_rules.join(', ') || '—'}`);
    }
  }
  out.push('', 'rules causing the change (changed facts matched only in old / only in new):');
  if (r.causes.length === 0) out.push('  —');
  const rw = Math.max(4, ...r.causes.map((c) => c.rule.length));
  for (const c of r.causes)
    out.push(
      `  ${c.rule.padEnd(rw)}  ${String(c.only_old).padStart(8)}  ${String(c.only_new).padStart(8)}`,
    );
  const blocking = r.transitions.filter(
    (t) => decisionInfo(t.to)?.blocking && !decisionInfo(t.from)?.blocking,
  );
  out.push(
    '',
    `${r.changed} changed, ${blocking.reduce((s, t) => s + t.count, 0)} newly blocked, ${r.total - r.changed} unchanged`,
  );
  return out;
}
