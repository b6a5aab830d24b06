/**
 * The rule-set review report (issue #19 point 1): one self-contained, print-ready HTML document of
 * a whole rule file — cover (name, version, hashes, signers, date), every rule with its gloss in
 * both languages, decision tables drawn as tables, table-analysis findings, suite results and
 * coverage, and the changes since a previous signed version. Pure and deterministic: no clock
 * (the date is an input), no randomness, every user value escaped, no script, no external
 * request; the CLI (`erdl report`) and the studio (Export → Report) call this same function, so
 * the same inputs give the same bytes and the report's hash can be recorded.
 */
import { type CompileResult, compileDocument } from '../compile';
import type { Bilingual, Diagnostic } from '../diagnostics/diagnostic';
import { SourceText } from '../diagnostics/source-text';
import { type RuleSnapshot, ruleSnapshots } from '../diff/rule-snapshot';
import type { SemanticDiff } from '../diff/semantic-diff';
import type { CompiledRule, Text } from '../document/compiled';
import { decodeUtf8 } from '../document/utf8';
import type { FieldDictionary } from '../gloss/names';
import { compareWithManifest } from '../manifest/compare-source';
import { hashBytes, type Manifest } from '../manifest/manifest';
import type { SuiteResult } from '../suite/types';
import { formatCell } from '../table-edit/cell-text';
import type { TableModel } from '../table-edit/model';
import { readTables } from '../table-edit/read-tables';
import { fillTemplate } from '../util/template';
import { revealText } from '../util/visible-text';
import { KERNEL_VERSION } from '../version';
import { decisionInfo } from '../vocabulary/decisions';
import { OVERRIDE_LEVELS, RINGS } from '../vocabulary/document';
import { escapeHtml } from './escape-html';
import { shellQuote } from './shell-quote';
import { REVIEW_STRINGS, type ReviewStringKey } from './strings';

/**
 * Text as the report shows it: HTML-escaped, and what a reader could not see made visible (I-88) —
 * a bidi control or an invisible character as `⟨U+202E⟩`, a control character as `\u001b` — so a
 * rule name, value or message reads in the report exactly as it runs.
 */
const esc = (text: string): string => escapeHtml(revealText(text));

export type ReportLang = 'zh' | 'en' | 'both';
export const REPORT_LANGS: readonly ReportLang[] = ['zh', 'en', 'both'];

/** One signer as the report shows it (the key id; a name and role when the envelope has them). */
export interface ReviewSigner {
  readonly keyId: string;
  readonly name?: string;
  readonly role?: string;
  /** A reviewer's signed opinion (issue #37 point 6): approve, or return for changes. */
  readonly opinion?: 'approve' | 'return';
  /** The reviewer's signed comment. */
  readonly comment?: string;
}

export interface ReviewReportInput {
  readonly lang: ReportLang;
  /** The rule file's name (shown, and used in the printed commands). */
  readonly file: string;
  /** The rule file's exact bytes. */
  readonly sourceBytes: Uint8Array;
  /** Signers of exactly these bytes (empty when unsigned). */
  readonly signers: readonly ReviewSigner[];
  /** The report's date: the signature time or an explicitly given date; never a clock. */
  readonly date: {
    readonly value: string;
    readonly source: 'signature' | 'given';
    /**
     * The time as the reader reads it ("2026年12月7日 03:37（UTC+08:00）") and the IANA zone it is
     * in, when the caller shows it in a zone (the studio: the user's); the report states the zone,
     * so the same inputs give the same page. Without it the value is shown as given.
     */
    readonly shown?: { readonly text: string; readonly zone: string };
  } | null;
  readonly suite?: { readonly file: string; readonly result: SuiteResult } | null;
  /** The previous signed version's manifest, for "changes since". */
  readonly previous?: { readonly file: string; readonly manifest: Manifest } | null;
  /** The signature file name the verify command names (when the document is signed). */
  readonly signatureFile?: string;
  readonly dictionary?: FieldDictionary;
}

export type ReviewReport =
  | { readonly ok: true; readonly html: string }
  | {
      readonly ok: false;
      readonly message: Bilingual;
      readonly diagnostics: readonly Diagnostic[];
    };

/** Table-analysis codes (docs/table-analysis.md). */
const TABLE_CODES = new Set([
  'ERDL-W505',
  'ERDL-W509',
  'ERDL-W510',
  'ERDL-W511',
  'ERDL-W512',
  'ERDL-I513',
  'ERDL-W514',
]);

const CSS = `
:root { color-scheme: light; }
body { font: 13px/1.5 system-ui, "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif; color: #111; margin: 0; }
main { max-width: 64rem; margin: 2rem auto; padding: 0 1.5rem; }
h1 { font-size: 1.7rem; margin: 0 0 .5rem; }
h2 { font-size: 1.15rem; border-bottom: 1px solid #bbb; padding-bottom: .2rem; margin-top: 1.8rem; }
h3 { font-size: 1rem; margin: 1rem 0 .3rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; }
code, pre, .hash { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: .8rem; }
.hash { overflow-wrap: anywhere; }
.comment { white-space: pre-wrap; overflow-wrap: break-word; }
pre { background: #f4f4f4; border: 1px solid #ddd; padding: .6rem; white-space: pre-wrap; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; margin: .4rem 0 1rem; }
th, td { border: 1px solid #bbb; padding: .25rem .4rem; text-align: left; vertical-align: top; }
th { background: #eee; word-break: keep-all; }
td { overflow-wrap: normal; word-break: normal; }
tr.rule-texts td { background: #fafafa; }
tr.rule-texts dl { grid-template-columns: 7em 1fr; }
.ring { white-space: nowrap; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.muted { color: #555; }
.cover { border: 2px solid #333; padding: 1rem 1.2rem; }
.blocking { color: #9b1c1c; font-weight: 600; }
.passing { color: #1d5e2c; font-weight: 600; }
.fail { color: #9b1c1c; font-weight: 600; }
.pass { color: #1d5e2c; }
.alt { color: #444; }
ins { background: #e3f4e6; text-decoration: none; display: block; }
del { background: #fbe4e4; display: block; }
@page { size: A4; margin: 16mm 14mm; }
@media print {
  main { margin: 0; max-width: none; padding: 0; }
  tr, .cover { break-inside: avoid; }
  h2, h3 { break-after: avoid; }
  pre { background: none; }
  th { background: none; }
}
`;

/** The report, or why the rule file cannot be reported on (it does not load). */
export function reviewReportHtml(input: ReviewReportInput): ReviewReport {
  const result = compileDocument(input.sourceBytes);
  const snapshots = ruleSnapshots(result, input.dictionary);
  const document = result.document;
  if (!document || !snapshots)
    return {
      ok: false,
      message: {
        en: `${input.file}: the rules do not load, so there is nothing to report`,
        zh: `${input.file}：规则无法加载，无法生成报告`,
      },
      diagnostics: result.diagnostics.filter((d) => d.severity === 'error'),
    };
  const decoded = decodeUtf8(input.sourceBytes);
  const text = decoded.ok ? decoded.text : decoded.textBefore;
  return { ok: true, html: new Writer(input, result, snapshots, text).html() };
}

class Writer {
  private readonly lang: ReportLang;
  private readonly source: SourceText;

  constructor(
    private readonly input: ReviewReportInput,
    private readonly result: CompileResult,
    private readonly snapshots: readonly RuleSnapshot[],
    private readonly text: string,
  ) {
    this.lang = input.lang;
    this.source = new SourceText(text);
  }

  /** A label in the report's language(s): escaped HTML. */
  private t(key: ReviewStringKey, values: Record<string, string | number> = {}): string {
    return this.bi(REVIEW_STRINGS[key], values);
  }

  /** A bilingual text (escaped) in the report's language(s); both: Chinese first, then English. */
  private bi(text: Bilingual, values: Record<string, string | number> = {}): string {
    const fill = (s: string) => fillTemplate(s, values);
    if (this.lang === 'both') {
      const zh = esc(fill(text.zh));
      const en = esc(fill(text.en));
      return zh === en
        ? zh
        : `<span lang="zh-CN">${zh}</span> <span class="alt" lang="en">${en}</span>`;
    }
    return esc(fill(text[this.lang]));
  }

  private decision(name: string): string {
    const info = decisionInfo(name);
    const label = info ? this.bi({ zh: info.zh, en: info.en }) : '';
    const tone = info?.blocking ? 'blocking' : 'passing';
    return `<span class="${tone}">${esc(name)}</span>${label ? `<br><span class="muted">${label}</span>` : ''}`;
  }

  html(): string {
    const doc = this.result.document;
    if (!doc) return '';
    const name = doc.metadata.name ?? this.input.file;
    const htmlLang = this.lang === 'en' ? 'en' : 'zh-CN';
    const titleText =
      this.lang === 'both'
        ? `${REVIEW_STRINGS.title.zh} / ${REVIEW_STRINGS.title.en}`
        : REVIEW_STRINGS.title[this.lang];
    return `<!doctype html>
<html lang="${htmlLang}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(`${titleText} — ${name}`)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
${this.cover()}
${this.rules()}
${this.tables()}
${this.findings()}
${this.suite()}
${this.changes()}
${this.recompute()}
<footer class="muted"><p>${this.t('footer', { kernel: KERNEL_VERSION })}</p></footer>
</main>
</body>
</html>
`;
  }

  /** A signer's role after the name, in the report's words: 陈爱丽（作者）, Alice Chen (author). */
  private role(role: string | undefined): string {
    if (role === 'author') return this.t('roleAuthor');
    if (role === 'reviewer') return this.t('roleReviewer');
    return role ? ` (${esc(role)})` : '';
  }

  /** A reviewer's signed opinion and comment under their name (issue #37 point 6). */
  private opinion(s: ReviewSigner): string {
    if (!s.opinion) return '';
    const tone = s.opinion === 'approve' ? 'passing' : 'blocking';
    const word = this.t(s.opinion === 'approve' ? 'opinionApprove' : 'opinionReturn');
    const comment = s.comment
      ? `<br><span data-field="comment" class="comment">${this.t('comment')}${this.lang === 'en' ? ': ' : '：'}${esc(s.comment)}</span>`
      : '';
    return `<br><span data-field="opinion" data-opinion="${esc(s.opinion)}">${this.t('opinion')}${this.lang === 'en' ? ': ' : '：'}<span class="${tone}">${word}</span></span>${comment}`;
  }

  private cover(): string {
    const doc = this.result.document;
    if (!doc) return '';
    const { signers, date } = this.input;
    const signerList =
      signers.length === 0
        ? `<span class="muted">${this.t('unsigned')}</span>`
        : `<ul>${signers
            .map(
              (s) =>
                `<li${s.role ? ` data-role="${esc(s.role)}"` : ''}>${s.name ? `${esc(s.name)}${this.role(s.role)}${this.lang === 'zh' ? '，' : ' — '}` : ''}<span class="hash">${esc(s.keyId)}</span>${this.opinion(s)}</li>`,
            )
            .join('')}</ul>`;
    const dateText = date
      ? `${date.shown ? esc(date.shown.text) : `<code>${esc(date.value)}</code>`} <span class="muted">${this.t(date.source === 'signature' ? 'dateSigned' : 'dateGiven')}</span>${date.shown ? ` <span class="muted" data-field="zone">${this.t('dateZone', { zone: date.shown.zone })}</span>` : ''}`
      : `<span class="muted">${this.t('noDate')}</span>`;
    return `<section class="cover" data-section="cover">
<h1>${this.t('title')}</h1>
<dl>
<dt>${this.t('name')}</dt><dd data-field="name">${esc(doc.metadata.name ?? '—')}</dd>
<dt>${this.t('file')}</dt><dd><code>${esc(this.input.file)}</code></dd>
${doc.metadata.description ? `<dt>${this.t('description')}</dt><dd>${esc(doc.metadata.description)}</dd>` : ''}
<dt>${this.t('version')}</dt><dd><code>${esc(doc.version)}</code>${this.lang === 'zh' ? `<span class="muted">（${esc(doc.protocol)}）</span>` : ` <span class="muted">(${esc(doc.protocol)})</span>`}</dd>
<dt>${this.t('fallback')}</dt><dd>${this.decision(doc.metadata.decision)}</dd>
<dt>${this.t('ruleCount')}</dt><dd>${doc.rules.length}</dd>
<dt>${this.t('documentHash')}</dt><dd class="hash" data-field="document-hash">${esc(doc.hash)}</dd>
<dt>${this.t('sourceHash')}</dt><dd class="hash" data-field="source-hash">${esc(hashBytes(this.input.sourceBytes))}</dd>
<dt>${this.t('signers')}</dt><dd data-field="signers">${signerList}</dd>
<dt>${this.t('date')}</dt><dd data-field="date">${dateText}</dd>
</dl>
</section>`;
  }

  private rules(): string {
    const doc = this.result.document;
    if (!doc) return '';
    const rows = doc.rules.map((r, i) => {
      const s = this.snapshots[i];
      return `<tr data-rule="${esc(r.name)}">
<td><code>${esc(r.name)}</code>${r.enabled ? '' : `<br><span class="muted">${this.t('disabled')}</span>`}</td>
<td>${this.decision(r.then)}</td>
<td class="num">${this.ring(r.ring)}</td>
<td class="num">${r.priority}</td>
<td>${this.override(r.override)}</td>
<td lang="zh-CN">${esc(s?.gloss.zh ?? '')}</td>
<td lang="en">${esc(s?.gloss.en ?? '')}</td>
<td class="hash">${esc(r.hash)}</td>
</tr>${this.ruleTexts(r)}`;
    });
    return `<section data-section="rules">
<h2>${this.t('rules')}</h2>
<table>
<thead><tr><th>${this.t('rule')}</th><th>${this.t('decision')}</th><th>${this.t('ring')}</th><th>${this.t('priority')}</th><th>${this.t('override')}</th><th>${this.t('glossZh')}</th><th>${this.t('glossEn')}</th><th>${this.t('hash')}</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</section>`;
  }

  /** The ring in the terminology's words: 0（内核） / 0 (kernel). */
  private ring(ring: number): string {
    const info = RINGS.find((x) => x.ring === ring);
    if (!info) return String(ring);
    return `${ring}<br><span class="muted ring">${this.bi({ zh: `（${info.zh}）`, en: `(${info.en})` })}</span>`;
  }

  /** The override level as the spec's words (关键 / critical), never the raw value alone. */
  private override(level: string): string {
    const info = OVERRIDE_LEVELS.find((x) => x.name === level);
    return info ? this.bi({ zh: info.zh, en: info.en }) : esc(level);
  }

  /**
   * A rule's texts (§4.1), each when present, in the field order: description, message,
   * instruction, correction, explanation, alternative, legal basis. A bilingual value shows the
   * report's language, the other beside it only when the writer gave both.
   */
  private ruleTexts(r: CompiledRule): string {
    const items: [ReviewStringKey, Text | undefined][] = [
      ['textDescription', r.description],
      ['textMessage', r.message],
      ['textInstruction', r.instruction],
      ['textCorrection', r.correction],
      ['textExplanation', r.explanation],
      ['textAlternative', r.alternative],
      ['textLegalBasis', r.legal_basis],
    ];
    const shown = items
      .map(([key, value]) => {
        const html = this.fieldText(value);
        return html === null
          ? ''
          : `<dt>${this.t(key)}</dt><dd data-text="${key.slice(4).toLowerCase()}">${html}</dd>`;
      })
      .join('');
    if (shown === '') return '';
    return `\n<tr class="rule-texts" data-rule-texts="${esc(r.name)}"><td colspan="8"><dl>${shown}</dl></td></tr>`;
  }

  /** A §4.1 text: a string as written; a {zh, en} mapping in the report's language first. */
  private fieldText(value: Text | undefined): string | null {
    if (value === undefined) return null;
    if (typeof value === 'string') return value.trim() === '' ? null : esc(value);
    const zh = value.zh?.trim() ? value.zh : undefined;
    const en = value.en?.trim() ? value.en : undefined;
    if (zh === undefined && en === undefined) return null;
    if (zh === undefined || en === undefined) {
      const only = (zh ?? en) as string;
      return `<span lang="${zh !== undefined ? 'zh-CN' : 'en'}">${esc(only)}</span>`;
    }
    const first = this.lang === 'en' ? { text: en, lang: 'en' } : { text: zh, lang: 'zh-CN' };
    const other = this.lang === 'en' ? { text: zh, lang: 'zh-CN' } : { text: en, lang: 'en' };
    return `<span lang="${first.lang}">${esc(first.text)}</span> <span class="alt" lang="${other.lang}">${esc(other.text)}</span>`;
  }

  private tables(): string {
    const read = readTables(this.text);
    if (!read.ok || read.tables.length === 0) return '';
    return `<section data-section="tables">
<h2>${this.t('tables')}</h2>
${read.tables.map((t) => this.table(t)).join('\n')}
</section>`;
  }

  private table(t: TableModel): string {
    const label = (c: TableModel['columns'][number]): string => {
      const l = c.label;
      if (l === undefined) return `<code>${esc(c.field)}</code>`;
      const shown =
        typeof l === 'string'
          ? esc(l)
          : this.bi({ zh: l.zh ?? l.en ?? '', en: l.en ?? l.zh ?? '' });
      return `${shown}<br><code class="muted">${esc(c.field)}</code>`;
    };
    const head = `<tr><th>${this.t('row')}</th>${t.columns.map((c) => `<th>${label(c)}</th>`).join('')}<th>${this.t('decision')}</th><th>${this.t('priority')}</th></tr>`;
    const body = t.rows.map((r) => {
      const rowLabel = r.name
        ? `${r.index} <code>${esc(r.name)}</code>`
        : r.isDefault
          ? `${r.index} <span class="muted">${this.t('defaultRow')}</span>`
          : String(r.index);
      const cells = t.columns.map((_, i) => {
        const cell = r.cells[i];
        return `<td><code>${esc(cell ? formatCell(cell) : '-')}</code></td>`;
      });
      return `<tr><td>${rowLabel}</td>${cells.join('')}<td>${r.then ? this.decision(r.then) : ''}</td><td class="num">${r.priority ?? ''}</td></tr>`;
    });
    return `<h3><code>${esc(t.entry)}</code></h3>
<table data-table="${esc(t.entry)}">
<thead>${head}</thead>
<tbody>
${body.join('\n')}
</tbody>
</table>`;
  }

  private findings(): string {
    const found = this.result.diagnostics.filter((d) => TABLE_CODES.has(d.code));
    const hasTables = this.result.document?.rules.some((r) => r.row !== undefined) ?? false;
    if (!hasTables && found.length === 0) return '';
    const items = found.map((d) => {
      const at = this.source.position(d.range.start);
      return `<li><code>${esc(d.code)}</code> <span class="muted">${esc(this.input.file)}:${at.line}:${at.column}</span> ${this.bi(d.message)}</li>`;
    });
    return `<section data-section="findings">
<h2>${this.t('findings')}</h2>
${items.length ? `<ul>${items.join('\n')}</ul>` : `<p class="muted">${this.t('noFindings')}</p>`}
</section>`;
  }

  private suite(): string {
    const suite = this.input.suite;
    if (!suite) return '';
    const r = suite.result;
    const status = (s: 'pass' | 'fail' | 'unchecked') => `<span class="${s}">${this.t(s)}</span>`;
    const cases = [
      ...r.cases.map((c) => ({ label: c.name, c })),
      ...r.sequences.flatMap((s) =>
        s.events.map((e, i) => ({ label: `${s.name} #${i + 1}`, c: e })),
      ),
    ].map(
      ({ label, c }) =>
        `<tr><td>${esc(label)}</td><td>${status(c.status)}</td><td>${this.decision(c.decision)}</td><td>${c.matched_rules.map((m) => `<code>${esc(m)}</code>`).join(', ') || '—'}${c.mismatches.map((m) => `<br><span class="fail">${this.bi(m)}</span>`).join('')}</td></tr>`,
    );
    const enabled = r.rules.filter((x) => x.enabled).length;
    const coverage = r.rules.map(
      (x) =>
        `<tr><td><code>${esc(x.rule)}</code></td><td class="num">${x.matched}</td><td class="num">${x.decided}</td><td>${!x.enabled ? this.t('disabled') : x.matched === 0 ? `<span class="fail">${this.t('neverMatched')}</span>` : ''}</td></tr>`,
    );
    return `<section data-section="suite">
<h2>${this.t('suite')}</h2>
<dl>
<dt>${this.t('suiteFile')}</dt><dd><code>${esc(suite.file)}</code>${r.suite ? ` — ${esc(r.suite)}` : ''}</dd>
<dt>${this.t('totals')}</dt><dd data-field="suite-totals">${this.t('totalsText', { passed: r.totals.passed, failed: r.totals.failed, unchecked: r.totals.unchecked })}</dd>
<dt>${this.t('coverage')}</dt><dd data-field="coverage">${this.t('coverageText', { covered: enabled - r.uncovered.length, enabled })}</dd>
</dl>
<table>
<thead><tr><th>${this.t('case')}</th><th>${this.t('status')}</th><th>${this.t('decision')}</th><th>${this.t('matched')}</th></tr></thead>
<tbody>
${cases.join('\n')}
</tbody>
</table>
<h3>${this.t('coverage')}</h3>
<table>
<thead><tr><th>${this.t('rule')}</th><th>${this.t('timesMatched')}</th><th>${this.t('timesDecided')}</th><th></th></tr></thead>
<tbody>
${coverage.join('\n')}
</tbody>
</table>
</section>`;
  }

  private changes(): string {
    const previous = this.input.previous;
    if (!previous) return '';
    const diff: SemanticDiff | null = compareWithManifest(
      previous.manifest,
      this.input.sourceBytes,
      this.result,
      this.input.dictionary,
    ).diff;
    if (!diff) return '';
    const m = previous.manifest;
    const both = (g: Bilingual) =>
      `<span lang="zh-CN">${esc(g.zh)}</span><br><span lang="en" class="alt">${esc(g.en)}</span>`;
    const rows: string[] = [];
    for (const c of diff.changed)
      rows.push(
        `<tr data-changed="${esc(c.name)}"><td><code>${esc(c.name)}</code><br><span class="muted">${this.t(c.condition_changed ? 'conditionChanged' : 'otherChanged')}</span></td><td>${this.t('changed')}</td><td><del>${both(c.before.gloss)}</del></td><td><ins>${both(c.after.gloss)}</ins></td></tr>`,
      );
    for (const r of diff.added)
      rows.push(
        `<tr><td><code>${esc(r.name)}</code></td><td>${this.t('added')}</td><td>—</td><td><ins>${both(r.gloss)}</ins></td></tr>`,
      );
    for (const r of diff.removed)
      rows.push(
        `<tr><td><code>${esc(r.name)}</code></td><td>${this.t('removed')}</td><td><del>${both(r.gloss)}</del></td><td>—</td></tr>`,
      );
    const notes: string[] = [];
    if (diff.fallback)
      notes.push(
        `<p>${this.t('fallbackChanged', { before: diff.fallback.before, after: diff.fallback.after })}</p>`,
      );
    if (diff.reordered) notes.push(`<p>${this.t('reordered')}</p>`);
    return `<section data-section="changes">
<h2>${this.t('changes')}</h2>
<dl>
<dt>${this.t('previousSigned')}</dt><dd><code>${esc(previous.file)}</code> — <code>${esc(m.signed_at)}</code> — <span class="hash">${esc(m.document.hash)}</span></dd>
</dl>
${notes.join('\n')}
${
  rows.length
    ? `<table>
<thead><tr><th>${this.t('rule')}</th><th></th><th>${this.t('before')}</th><th>${this.t('after')}</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`
    : diff.same
      ? `<p class="muted">${this.t('noChanges')}</p>`
      : ''
}
</section>`;
  }

  private recompute(): string {
    const file = shellQuote(this.input.file);
    const commands = [
      `sha256sum ${file}`,
      `npx erdl hash ${file}`,
      ...(this.input.signers.length
        ? [
            `npx erdl verify ${shellQuote(this.input.signatureFile ?? `${this.input.file}.dsse.json`)}`,
          ]
        : []),
    ];
    return `<section data-section="recompute">
<h2>${this.t('recompute')}</h2>
<p>${this.t('recomputeHelp')}</p>
<pre data-field="commands">${esc(commands.join('\n'))}</pre>
</section>`;
  }
}
