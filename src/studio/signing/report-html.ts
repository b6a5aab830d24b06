/**
 * The evaluation report (issue #8 §4): a print-ready HTML document built from templates in zh and
 * en. Every value that comes from the document, the fact or the evaluation is escaped text; the
 * page carries a Content-Security-Policy that allows no script at all.
 */
import {
  type Bilingual,
  decisionInfo,
  type EvaluationResult,
  type EvidenceRecord,
  type SemanticDiff,
  shellQuote,
} from '../../kernel';
import { revealText } from '../../kernel/util/visible-text';
import { format } from '../i18n/i18n';
import { timeStrings } from '../i18n/strings';
import { showTime } from '../i18n/time';
import { panelStrings } from '../panels/strings';
import type { Lang } from '../store/types';
import { escapeHtml } from './escape-html';
import { signingStrings } from './strings';

export interface ReportSigner {
  readonly keyId: string;
  readonly signedAt: string;
  /** The trusted key's name, or null when the signer is not trusted. */
  readonly trustedName: string | null;
}

export interface ReportInput {
  readonly lang: Lang;
  readonly ruleFile: string;
  readonly evidenceFile: string;
  readonly rulesetName: string | null;
  readonly sourceSha256: string;
  readonly evidence: EvidenceRecord;
  readonly traced: EvaluationResult;
  /** Each rule's gloss, by rule name. */
  readonly gloss: ReadonlyMap<string, Bilingual>;
  readonly signer: ReportSigner | null;
  /** Leave the fact and the states out (the report then says "redacted"). */
  readonly redactFact: boolean;
  /** Changes since the last signed export, when there are any. */
  readonly diff: SemanticDiff | null;
  /**
   * The IANA time zone the report's times are shown in (the user's); the report states it, so the
   * same inputs give the same page. UTC when not given.
   */
  readonly timeZone?: string;
}

/**
 * Escaped, and with every bidi control and invisible character written out (`⟨U+202E⟩`), as the
 * kernel's review report does: the page must read as the rules run (issue #35).
 */
const esc = (text: string): string => escapeHtml(revealText(text));

const PRINT_CSS = `
:root { color-scheme: light; }
body { font: 14px/1.5 system-ui, "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif; color: #111; margin: 0; }
main { max-width: 52rem; margin: 2rem auto; padding: 0 1.5rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.15rem; border-bottom: 1px solid #bbb; padding-bottom: .2rem; margin-top: 1.6rem; }
h3 { font-size: 1rem; margin: 1rem 0 .3rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; }
code, pre, .hash { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: .85rem; }
.hash { overflow-wrap: anywhere; }
pre { background: #f4f4f4; border: 1px solid #ddd; padding: .6rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.muted { color: #555; }
.decision { font-size: 1.3rem; font-weight: 700; padding: .3rem .6rem; border: 2px solid currentColor; display: inline-block; }
.blocking { color: #9b1c1c; }
.passing { color: #1d5e2c; }
li { margin: .25rem 0; }
.gloss { display: block; }
ins { background: #e3f4e6; text-decoration: none; }
del { background: #fbe4e4; }
@page { size: A4; margin: 18mm 16mm; }
@media print {
  main { margin: 0; max-width: none; padding: 0; }
  section { break-inside: avoid-page; }
  h2 { break-after: avoid; }
  pre { background: none; }
}
`;

function decisionText(decision: string, lang: Lang): { text: string; tone: string } {
  const info = decisionInfo(decision);
  return {
    text: info ? `${decision} · ${info[lang]}` : decision,
    tone: info?.blocking ? 'blocking' : 'passing',
  };
}

function list(items: readonly string[], empty: string): string {
  return items.length === 0
    ? `<p class="muted">${esc(empty)}</p>`
    : `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
}

/** The report as one HTML document (UTF-8, no script, print CSS). */
export function reportHtml(input: ReportInput): string {
  const { lang, evidence, traced } = input;
  const t = signingStrings[lang].report;
  const status = panelStrings[lang].evaluate.status;
  const gloss = (name: string) => input.gloss.get(name)?.[lang] ?? '';
  // a label and its value: "释义：…" in Chinese, "Gloss: …" in English
  const colon = lang === 'zh' ? '：' : ': ';
  const zone = input.timeZone ?? 'UTC';
  const signedAt = input.signer ? showTime(input.signer.signedAt, lang, zone) : null;
  const decision = decisionText(evidence.result.decision, lang);
  const signer = input.signer
    ? format(t.signedBy, {
        keyId: input.signer.keyId,
        at: signedAt?.text ?? input.signer.signedAt,
        trust: input.signer.trustedName
          ? format(t.trustedAs, { name: input.signer.trustedName })
          : t.untrusted,
      })
    : t.unsigned;
  const hashes = new Map(evidence.matched.map((m) => [m.name, m.hash]));
  const matched = evidence.result.matched_rules.map(
    (name) =>
      `<code>${esc(name)}</code> <span class="gloss">${esc(t.gloss)}${colon}${esc(gloss(name))}</span>` +
      `<span class="muted">${esc(t.ruleHash)}${colon}<span class="hash">${esc(hashes.get(name) ?? '')}</span></span>`,
  );
  const exemptions = evidence.result.unless_exemptions.map(
    (name) => `<code>${esc(name)}</code> <span class="gloss">${esc(gloss(name))}</span>`,
  );
  const warnings = evidence.result.eval_warnings.map(
    (w) =>
      `<code>${esc(w.code)}</code>${w.rule ? ` <code>${esc(w.rule)}</code>` : ''} ${esc(w.message[lang])}`,
  );
  const rulings = traced.eval_trace
    .filter((step) => step.note)
    .map(
      (step) =>
        `<code>${esc(step.rule)}</code>${colon}${esc(status[step.status] ?? step.status)} — ${esc(step.note ?? '')}`,
    );
  const fact = input.redactFact
    ? `<p class="muted">${esc(t.redacted)}</p>`
    : `<pre>${esc(JSON.stringify(evidence.fact, null, 2))}</pre>` +
      `<h3>${esc(t.state)}</h3><pre>${esc(JSON.stringify(evidence.temporal_state_in, null, 2))}</pre>`;
  const commands = [
    ...(input.signer
      ? [`npm run --silent erdl -- verify ${shellQuote(`${input.ruleFile}.dsse.json`)}`]
      : []),
    `npm run --silent erdl -- hash ${shellQuote(input.ruleFile)}`,
    `npm run --silent erdl -- verify-evidence ${shellQuote(input.ruleFile)} ${shellQuote(input.evidenceFile)}`,
  ];
  const title = `${t.title} — ${input.rulesetName ?? input.ruleFile}`;
  return `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${PRINT_CSS}</style>
</head>
<body>
<main>
<h1>${esc(t.title)}</h1>
<p class="muted">${esc(t.generated)}</p>
<section>
<h2>${esc(t.ruleset)}</h2>
<dl>
<dt>${esc(t.name)}</dt><dd>${esc(input.rulesetName ?? '—')}</dd>
<dt>${esc(t.file)}</dt><dd><code>${esc(input.ruleFile)}</code></dd>
<dt>${esc(t.documentHash)}</dt><dd class="hash">${esc(evidence.ruleset_hash)}</dd>
<dt>${esc(t.sourceHash)}</dt><dd class="hash">${esc(input.sourceSha256)}</dd>
<dt>${esc(t.signer)}</dt><dd class="hash">${esc(signer)}</dd>
</dl>
${signedAt ? `<p class="muted" data-testid="report-zone">${esc(format(timeStrings[lang].zoneNote, { zone: signedAt.zone, offset: signedAt.offset }))}</p>` : ''}
</section>
<section>
<h2>${esc(t.decision)}</h2>
<p><span class="decision ${decision.tone}" data-testid="report-decision">${esc(decision.text)}</span></p>
<p>${esc(evidence.result.deciding_rule ? format(t.decidedBy, { rule: evidence.result.deciding_rule }) : t.fallback)}</p>
<dl>
<dt>${esc(t.asOf)}</dt><dd><code>${esc(evidence.as_of)}</code></dd>
</dl>
</section>
<section>
<h2>${esc(t.why)}</h2>
<h3>${esc(t.matched)}</h3>
${list(matched, t.none)}
<h3>${esc(t.exemptions)}</h3>
${list(exemptions, t.none)}
<h3>${esc(t.warnings)}</h3>
${list(warnings, t.none)}
<h3>${esc(t.rulings)}</h3>
${list(rulings, t.none)}
</section>
<section>
<h2>${esc(t.fact)}</h2>
${fact}
</section>
<section>
<h2>${esc(t.hashes)}</h2>
<dl>
<dt>${esc(t.factHash)}</dt><dd class="hash">${esc(evidence.fact_hash)}</dd>
<dt>${esc(t.resultHash)}</dt><dd class="hash">${esc(evidence.result_hash)}</dd>
</dl>
</section>
${input.diff && !input.diff.same ? diffSection(input.diff, lang) : ''}
<section>
<h2>${esc(t.recompute)}</h2>
<p>${esc(format(t.recomputeHelp, { file: input.ruleFile, evidence: input.evidenceFile }))}</p>
<pre>${esc(commands.join('\n'))}</pre>
${input.redactFact ? `<p class="muted">${esc(t.recomputeRedacted)}</p>` : ''}
</section>
<footer class="muted"><p>${esc(
    format(t.versions, {
      kernel: evidence.kernel_version,
      spec: evidence.spec.version,
      protocol: evidence.spec.protocol,
      trace: evidence.provenance.trace_id,
    }),
  )}</p></footer>
</main>
</body>
</html>
`;
}

function diffSection(diff: SemanticDiff, lang: Lang): string {
  const t = signingStrings[lang].diff;
  const heading = signingStrings[lang].report.diffHeading;
  const rows: string[] = [];
  for (const r of diff.added)
    rows.push(`<ins>+ <code>${esc(r.name)}</code> ${esc(r.gloss[lang])}</ins>`);
  for (const r of diff.removed)
    rows.push(`<del>− <code>${esc(r.name)}</code> ${esc(r.gloss[lang])}</del>`);
  for (const c of diff.changed)
    rows.push(
      `<code>${esc(c.name)}</code> (${esc(c.condition_changed ? t.condition : t.otherFields)})` +
        `<br><del>${esc(c.before.gloss[lang])}</del><br><ins>${esc(c.after.gloss[lang])}</ins>`,
    );
  if (diff.reordered) rows.push(esc(t.reordered));
  if (diff.fallback)
    rows.push(
      esc(format(t.fallback, { before: diff.fallback.before, after: diff.fallback.after })),
    );
  return `<section><h2>${esc(heading)}</h2>${list(rows, t.same)}</section>`;
}
