import { type FormEvent, memo, useState } from 'react';
import { revealInline } from '../../kernel/util/visible-text';
import type { MissingName } from '../../worker/kernel-protocol';
import { format, useT } from '../i18n/i18n';
import { countBySeverity, useShownAnalysis } from '../shell/use-analysis';
import { useProgressiveList } from '../shell/use-progressive-list';
import { VisibleText } from '../shell/VisibleText';
import { studioStore, useStudio } from '../store';
import type { Lang, RuleSummary } from '../store/types';
import { ConvertMenu } from './ConvertMenu';
import { DecisionBadge } from './decision-label';
import { ShowMore } from './ShowMore';
import { panelStrings } from './strings';

/** The conversion target a rule's current form corresponds to ("true" converts to any). */
const FORM_TARGET: Record<'simple' | 'expression' | 'table' | 'true', string> = {
  simple: 'simple',
  expression: 'expr',
  table: 'table',
  true: '',
};

/** Every rule's gloss, Chinese and English side by side, live as the document changes. */
export function GlossPanel() {
  const t = useT(panelStrings);
  const lang = useStudio((s) => s.lang);
  const { docId, analysis, dimmed } = useShownAnalysis();
  const rules = analysis?.rules ?? [];
  // A document with an error compiles to no rules at all (the kernel fails closed): say so.
  const errors = countBySeverity(analysis).error;
  const { shown, more, sentinel } = useProgressiveList(rules.length, docId);
  return (
    <div className={dimmed ? 'dimmable stale' : 'dimmable'}>
      {analysis && rules.length === 0 && (
        <p className="muted" data-testid="gloss-empty">
          {errors > 0 ? format(t.noGloss, { n: errors }) : t.noRules}
        </p>
      )}
      <ol className="gloss-list" data-testid="gloss-list">
        {rules.slice(0, shown).map((rule) => (
          <GlossRuleItem key={rule.name} rule={rule} docId={docId} lang={lang} />
        ))}
      </ol>
      <ShowMore shown={shown} total={rules.length} more={more} sentinel={sentinel} />
      {/* With no rule compiled no field was read: nothing to say about display names unless the
          dictionary itself has problems. */}
      {analysis &&
        (rules.length > 0 ||
          analysis.dictionaryProblems.length > 0 ||
          analysis.missingNames.length > 0) && (
          <FieldNames
            missing={analysis.missingNames}
            problems={analysis.dictionaryProblems}
            anyRule={rules.length > 0}
          />
        )}
    </div>
  );
}

interface GlossRuleItemProps {
  readonly rule: RuleSummary;
  readonly docId: string | null;
  readonly lang: Lang;
}

/** What a rule's row shows; a new analysis re-renders only the rules whose row would change. */
function sameRow(a: GlossRuleItemProps, b: GlossRuleItemProps): boolean {
  const x = a.rule;
  const y = b.rule;
  return (
    a.docId === b.docId &&
    a.lang === b.lang &&
    x.name === y.name &&
    x.entry === y.entry &&
    x.row === y.row &&
    x.form === y.form &&
    x.then === y.then &&
    x.enabled === y.enabled &&
    x.start.line === y.start.line &&
    x.start.column === y.start.column &&
    x.gloss.zh === y.gloss.zh &&
    x.gloss.en === y.gloss.en &&
    x.gloss.delegation === y.gloss.delegation
  );
}

/** One rule: its name (jumps to it), decision, conversions, and its gloss in both languages. */
const GlossRuleItem = memo(function GlossRuleItem({ rule, docId, lang }: GlossRuleItemProps) {
  const t = panelStrings[lang];
  return (
    <li className={`gloss-rule${rule.enabled ? '' : ' disabled'}`}>
      <div className="gloss-head">
        <button
          type="button"
          className="link-button mono"
          aria-label={format(t.gloss.goTo, { name: revealInline(rule.name) })}
          onClick={() =>
            docId && studioStore.getState().revealAt(docId, rule.start.line, rule.start.column)
          }
        >
          <VisibleText text={rule.name} />
        </button>
        <DecisionBadge decision={rule.then} lang={lang} />
        {!rule.enabled && <span className="tag">{t.gloss.disabled}</span>}
        {(rule.row === undefined || rule.row === 1) && (
          <ConvertMenu entry={rule.entry} current={FORM_TARGET[rule.form]} lang={lang} />
        )}
        {rule.gloss.delegation && (
          <span className="tag tag-warning" title={t.gloss.gradeC}>
            Grade C
          </span>
        )}
      </div>
      <div className="gloss-pair">
        <p lang="zh-CN" data-testid="gloss-zh">
          <VisibleText text={rule.gloss.zh} multiline />
        </p>
        <p lang="en" data-testid="gloss-en">
          <VisibleText text={rule.gloss.en} multiline />
        </p>
      </div>
    </li>
  );
}, sameRow);

/**
 * The fields the document reads without a display name: those lacking one in the UI language
 * first, each with what it lacks and "add name". "Every field is named" is said only when no field
 * lacks a name in either language.
 */
function FieldNames({
  missing,
  problems,
  anyRule,
}: {
  missing: readonly MissingName[];
  problems: readonly { en: string; zh: string }[];
  /** Whether any rule compiled: with none, no field was read, and "all named" would be empty. */
  anyRule: boolean;
}) {
  const t = useT(panelStrings);
  const lang = useStudio((s) => s.lang);
  const sorted = [...missing].sort(
    (a, b) => Number(b.langs.includes(lang)) - Number(a.langs.includes(lang)),
  );
  const inUiLanguage = missing.filter((m) => m.langs.includes(lang)).length;
  return (
    <section className="field-names" aria-labelledby="field-names-title">
      <h3 id="field-names-title" className="section-title">
        {t.gloss.dictionary}
      </h3>
      {problems.length > 0 && (
        <div role="alert" className="notice notice-error">
          {t.gloss.dictionaryProblems}
          <ul>
            {problems.map((p) => (
              <li key={p.en}>
                <VisibleText text={p[lang]} multiline />
              </li>
            ))}
          </ul>
        </div>
      )}
      {missing.length === 0 ? (
        anyRule && (
          <p className="muted" data-testid="all-named">
            {t.gloss.allNamed}
          </p>
        )
      ) : (
        <>
          <p className="muted" data-testid="missing-summary">
            {format(t.gloss.missingSummary, { n: inUiLanguage, total: missing.length })}
          </p>
          <p className="muted">{t.gloss.dictionaryHelp}</p>
          <ul className="field-name-list">
            {sorted.map((m) => (
              <FieldNameRow key={m.path} field={m.path} lacks={m.langs} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function FieldNameRow({ field, lacks }: { field: string; lacks: readonly ('zh' | 'en')[] }) {
  const t = useT(panelStrings);
  const [open, setOpen] = useState(false);
  const [zh, setZh] = useState('');
  const [en, setEn] = useState('');
  const notify = useStudio((s) => s.notify);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The yaml Document API loads with the first name given, not with the studio.
    const { setDisplayName } = await import('./field-dictionary');
    const state = studioStore.getState();
    const next = setDisplayName(state.fieldDictionary, field, { zh: zh.trim(), en: en.trim() });
    if (next === null) {
      notify('error', {
        en: panelStrings.en.gloss.notMapping,
        zh: panelStrings.zh.gloss.notMapping,
      });
      return;
    }
    state.setFieldDictionary(next);
    setOpen(false);
  };
  return (
    <li className="field-name-row">
      <span className="mono">
        <VisibleText text={field} />
      </span>
      <span className="tag">
        {lacks.length === 2
          ? t.gloss.lacksBoth
          : lacks[0] === 'zh'
            ? t.gloss.lacksZh
            : t.gloss.lacksEn}
      </span>
      {open ? (
        <form onSubmit={submit} className="inline-form">
          <input
            aria-label={format(t.gloss.nameZh, { field: revealInline(field) })}
            lang="zh-CN"
            value={zh}
            required
            onChange={(e) => setZh(e.target.value)}
          />
          <input
            aria-label={format(t.gloss.nameEn, { field: revealInline(field) })}
            lang="en"
            value={en}
            required
            onChange={(e) => setEn(e.target.value)}
          />
          <button type="submit" className="button small">
            {t.gloss.save}
          </button>
        </form>
      ) : (
        <button type="button" className="button small" onClick={() => setOpen(true)}>
          {t.gloss.addName}
        </button>
      )}
    </li>
  );
}
