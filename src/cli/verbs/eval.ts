import {
  compileDocument,
  Evaluator,
  parseInstant,
  parseTemporalState,
  prepareFact,
  type TemporalState,
  unwrapFact,
} from '../../kernel';
import { EXIT_OK, EXIT_USAGE } from '../exit-codes';
import { printError } from '../messages';
import { diagnosticLines } from '../printer';
import { readData } from '../read-data';
import { readRules } from '../reader';
import type { Verb } from './verb';

/** Without --as-of the instant is fixed, so the same input always gives the same result hash (I-36). */
export const DEFAULT_AS_OF = '1970-01-01T00:00:00.000Z';

export const evalVerb: Verb = {
  name: 'eval',
  args: ['RULES', 'FACT'],
  options: [
    {
      name: '--as-of',
      value: 'ISO8601',
      summary: { en: 'evaluation instant (UTC)', zh: '求值时刻（UTC）' },
    },
    {
      name: '--state',
      value: 'STATE.json',
      summary: {
        en: 'within/rate state from the previous event',
        zh: '上一事件的 within/rate 状态',
      },
    },
  ],
  summary: { en: 'evaluate a fact against a rule document', zh: '用规则文档对事实求值' },
  details: [
    'FACT is YAML or JSON; a top-level mapping whose only key is "fact" is unwrapped.',
    'Prints one JSON object: decision, matched_rules, unless_exemptions, primary_instruction,',
    'primary_reason, primary_explanation, primary_correction, total_evaluated, total_matched,',
    'temporal_state (when any window holds state; pass it back with --state), eval_warnings,',
    'ruleset_hash, result_hash.',
    `Without --as-of the evaluation instant is ${DEFAULT_AS_OF}.`,
    'Exits 0 when evaluated, whatever the decision; 2 when the rules do not load or FACT',
    'cannot be parsed (diagnostics on stderr).',
  ],
  async run(io, [rulesFile, factFile], options) {
    const rules = rulesFile as string;
    const read = await readRules(io, rules);
    if (!read.ok) {
      printError(io, read.message);
      return EXIT_USAGE;
    }
    const compiled = compileDocument(read.bytes);
    if (!compiled.document) {
      for (const line of diagnosticLines(rules, compiled)) io.err(line);
      return EXIT_USAGE;
    }
    const factData = await readData(io, factFile as string);
    if (!factData.ok) {
      printError(io, factData.message);
      return EXIT_USAGE;
    }
    const raw = factData.value;
    const fact = prepareFact(unwrapFact(raw));
    if (!fact.ok) {
      printError(io, {
        en: `${factFile}: fact ${fact.path || '(root)'}: ${fact.problem}`,
        zh: `${factFile}：事实 ${fact.path || '（根）'}：${fact.problem}`,
      });
      return EXIT_USAGE;
    }
    const asOf = options['--as-of'] ?? DEFAULT_AS_OF;
    if (parseInstant(asOf) === null) {
      printError(io, {
        en: `--as-of ${JSON.stringify(asOf)} is not an ISO 8601 instant`,
        zh: `--as-of ${JSON.stringify(asOf)} 不是 ISO 8601 时刻`,
      });
      return EXIT_USAGE;
    }
    let state: TemporalState | undefined;
    if (options['--state'] !== undefined) {
      const data = await readData(io, options['--state']);
      if (!data.ok) {
        printError(io, data.message);
        return EXIT_USAGE;
      }
      const parsed = parseTemporalState(data.value);
      if (!parsed.ok) {
        printError(io, {
          en: `${options['--state']}: ${parsed.message.en}`,
          zh: `${options['--state']}：${parsed.message.zh}`,
        });
        return EXIT_USAGE;
      }
      state = parsed.state;
    }
    const evaluator = new Evaluator(compiled.document);
    if (evaluator.stateful && options['--as-of'] === undefined) {
      io.err(
        `erdl: warning: no --as-of given; within/rate windows are counted at ${DEFAULT_AS_OF}`,
      );
      io.err(`erdl：警告：未指定 --as-of；within/rate 窗口按 ${DEFAULT_AS_OF} 计算`);
    }
    const r = evaluator.evaluate(fact.fact, {
      as_of: asOf,
      ...(state ? { temporal_state: state } : {}),
    });
    const out = {
      decision: r.decision,
      matched_rules: r.matched_rules,
      unless_exemptions: r.unless_exemptions,
      primary_instruction: r.primary_instruction,
      primary_reason: r.primary_reason,
      primary_explanation: r.primary_explanation,
      primary_correction: r.primary_correction,
      total_evaluated: r.total_evaluated,
      total_matched: r.total_matched,
      ...(r.temporal_state ? { temporal_state: r.temporal_state } : {}),
      eval_warnings: r.eval_warnings,
      ruleset_hash: r.ruleset_hash,
      result_hash: r.result_hash,
    };
    io.out(JSON.stringify(out, null, 2));
    return EXIT_OK;
  },
};
