import type { Bilingual } from '../diagnostics/diagnostic';
import { canonicalRuleHash } from '../diff/rule-snapshot';
import type { CompiledDocument } from '../document/compiled';
import { joinZh } from '../gloss/typography';
import { canonicalJson, hashCanonical } from '../tree/canonical';
import { buildEvidence, EVIDENCE_FORMAT } from './evidence';
import { ShapeReader, short, shortZh } from './shape';

/** One confirmed or failed statement of an evidence record. */
export interface EvidenceFinding {
  readonly ok: boolean;
  /** What was checked, e.g. "result_hash". */
  readonly subject: string;
  readonly message: Bilingual;
}

export interface EvidenceCheck {
  /** Every check passed and the decision was recomputed. */
  readonly ok: boolean;
  readonly redacted: boolean;
  /** True when the decision was recomputed from the rules and the recorded fact. */
  readonly recomputed: boolean;
  readonly findings: readonly EvidenceFinding[];
}

const LABEL: Bilingual = { en: 'evidence', zh: '证据' };

/**
 * `verify-evidence`: reads an evidence record, checks its shape, and against the rule document
 * confirms every hash — the ruleset hash and policy id, each matched rule's hashes (and trees), the
 * fact hash and state hashes — and, for a full record, recomputes the evaluation and compares the
 * decision, the matched rules, the returned state and the result hash. A redacted record is
 * checked as far as it can be (ruleset and rule hashes) and reported as not recomputable.
 */
export function checkEvidence(document: CompiledDocument, value: unknown): EvidenceCheck {
  const r = new ShapeReader(LABEL);
  const findings: EvidenceFinding[] = [];
  const fail = (subject: string, message: Bilingual) =>
    findings.push({ ok: false, subject, message });
  const pass = (subject: string, message: Bilingual) =>
    findings.push({ ok: true, subject, message });
  const done = (redacted: boolean, recomputed: boolean): EvidenceCheck => ({
    ok: recomputed && findings.every((f) => f.ok),
    redacted,
    recomputed,
    findings,
  });

  const root = r.record(value, '(root)');
  if (root) {
    r.constant(root.format, EVIDENCE_FORMAT, 'format');
    r.boolean(root.redacted, 'redacted');
    for (const key of [
      'ruleset_hash',
      'fact_hash',
      'temporal_state_in_hash',
      'temporal_state_out_hash',
      'result_hash',
    ])
      r.hash(root[key], key);
    r.string(root.as_of, 'as_of');
    r.boolean(root.guard, 'guard');
    const result = r.record(root.result, 'result');
    if (result) {
      r.string(result.decision, 'result.decision');
      r.array(result.matched_rules, 'result.matched_rules');
    }
    const provenance = r.record(root.provenance, 'provenance');
    if (provenance) r.hash(provenance.policy_id, 'provenance.policy_id');
    const matched = r.array(root.matched, 'matched');
    matched?.forEach((m, i) => {
      const rule = r.record(m, `matched[${i}]`);
      if (!rule) return;
      r.string(rule.name, `matched[${i}].name`);
      r.hash(rule.hash, `matched[${i}].hash`);
      r.hash(rule.canonical_hash, `matched[${i}].canonical_hash`);
    });
  }
  if (!root || r.problems.length > 0) {
    for (const p of r.problems) fail('shape', p);
    return done(root?.redacted === true, false);
  }
  const e = root as Record<string, unknown> & {
    redacted: boolean;
    ruleset_hash: string;
    fact_hash: string;
    as_of: string;
    guard: boolean;
    temporal_state_in_hash: string;
    temporal_state_out_hash: string;
    result_hash: string;
    result: { decision: string; matched_rules: unknown[] };
    provenance: { policy_id: string };
    matched: {
      name: string;
      hash: string;
      canonical_hash: string;
      when?: unknown;
      unless?: unknown;
    }[];
  };

  // Identity of the rules.
  if (e.ruleset_hash === document.hash)
    pass('ruleset_hash', {
      en: `ruleset_hash ${e.ruleset_hash} is the hash of the rule document`,
      zh: `ruleset_hash ${e.ruleset_hash} 与规则文档哈希一致`,
    });
  else
    fail('ruleset_hash', {
      en: `ruleset_hash ${e.ruleset_hash} is not the rule document's hash ${document.hash}`,
      zh: `ruleset_hash ${e.ruleset_hash} 与规则文档哈希 ${document.hash} 不一致`,
    });
  if (e.provenance.policy_id !== e.ruleset_hash)
    fail('provenance.policy_id', {
      en: 'provenance.policy_id is not the ruleset hash',
      zh: 'provenance.policy_id 不是规则集哈希',
    });

  // Matched rules: names in order, hashes, and (full record) trees.
  const byName = new Map(document.rules.map((x) => [x.name, x]));
  const names = e.matched.map((m) => m.name);
  if (canonicalJson(names) !== canonicalJson(e.result.matched_rules))
    fail('matched', {
      en: `matched lists ${short(names)} but result.matched_rules is ${short(e.result.matched_rules)}`,
      zh: `matched 为 ${short(names)}，而 result.matched_rules 为 ${short(e.result.matched_rules)}`,
    });
  for (const m of e.matched) {
    const rule = byName.get(m.name);
    if (!rule) {
      fail(`matched ${m.name}`, {
        en: `matched rule "${m.name}" is not in the rule document`,
        zh: `匹配的规则“${m.name}”不在规则文档中`,
      });
      continue;
    }
    const treesDiffer =
      !e.redacted &&
      (canonicalJson(m.when ?? null) !== canonicalJson(rule.when) ||
        canonicalJson(m.unless ?? null) !== canonicalJson(rule.unless));
    if (
      m.hash !== rule.hash ||
      m.canonical_hash !== canonicalRuleHash(rule).hash ||
      treesDiffer ||
      (!e.redacted && hashCanonical(m.when ?? null) !== m.hash)
    )
      fail(`matched ${m.name}`, {
        en: `matched rule "${m.name}": its hashes or trees differ from the rule document`,
        zh: `匹配的规则“${m.name}”：哈希或规范树与规则文档不一致`,
      });
    else
      pass(`matched ${m.name}`, {
        en: `matched rule "${m.name}": hashes ${e.redacted ? '' : 'and trees '}confirmed`,
        zh: `匹配的规则“${m.name}”：哈希${e.redacted ? '' : '与规范树'}已确认`,
      });
  }

  if (e.redacted) {
    fail('redacted', {
      en: 'redacted record: without the fact the decision and result_hash cannot be recomputed',
      zh: '已脱敏记录：没有事实数据，无法重新计算决策与 result_hash',
    });
    return done(true, false);
  }

  // Full record: the recorded inputs must hash to the recorded hashes, then recompute.
  const fact = e.fact;
  if (hashCanonical(fact ?? null) !== e.fact_hash)
    fail('fact_hash', {
      en: 'fact_hash is not the hash of the recorded fact',
      zh: 'fact_hash 不是所记录事实的哈希',
    });
  if (hashCanonical(e.temporal_state_in ?? null) !== e.temporal_state_in_hash)
    fail('temporal_state_in_hash', {
      en: 'temporal_state_in_hash is not the hash of temporal_state_in',
      zh: 'temporal_state_in_hash 不是 temporal_state_in 的哈希',
    });
  if (hashCanonical(e.temporal_state_out ?? null) !== e.temporal_state_out_hash)
    fail('temporal_state_out_hash', {
      en: 'temporal_state_out_hash is not the hash of temporal_state_out',
      zh: 'temporal_state_out_hash 不是 temporal_state_out 的哈希',
    });
  const again = buildEvidence(document, fact, {
    as_of: e.as_of,
    temporal_state: e.temporal_state_in,
    guard: e.guard,
    source: '',
    trace_id: '',
  });
  if (!again.ok) {
    fail('recompute', {
      en: `cannot recompute: ${again.message.en}`,
      zh: `无法重新计算：${again.message.zh}`,
    });
    return done(false, false);
  }
  const x = again.evidence;
  const compare = (subject: string, recorded: unknown, recomputed: unknown) => {
    if (canonicalJson(recorded ?? null) === canonicalJson(recomputed ?? null))
      pass(subject, {
        en: `${subject} recomputed: ${short(recomputed)}`,
        zh: `${subject} 已重新计算：${shortZh(recomputed)}`,
      });
    else
      fail(subject, {
        en: `${subject}: recorded ${short(recorded)}, recomputed ${short(recomputed)}`,
        zh: joinZh(`${subject}：记录为`, shortZh(recorded), '，重新计算为', shortZh(recomputed)),
      });
  };
  compare('as_of', e.as_of, x.as_of);
  compare('fact_hash', e.fact_hash, x.fact_hash);
  compare('result.decision', e.result.decision, x.result.decision);
  compare('result.matched_rules', e.result.matched_rules, x.result.matched_rules);
  compare('temporal_state_out', e.temporal_state_out, x.temporal_state_out);
  compare('result_hash', e.result_hash, x.result_hash);
  return done(false, true);
}
