import { useEffect, useId, useMemo } from 'react';
import type { SemanticDiff } from '../../kernel';
import { revealInline } from '../../kernel/util/visible-text';
import { format, useT } from '../i18n/i18n';
import { formatTime } from '../i18n/time';
import { VisibleText } from '../shell/VisibleText';
import { useStudio } from '../store';
import type { Lang, StudioDocument } from '../store/types';
import { compareTexts, compareWithSigned, LAST_SIGNED, SIGNED_VERSION } from './compare';
import { dictionaryOf } from './dictionary';
import { useSignatureVerdict } from './signature-verdict';
import { signing, useSigning } from './signing-instance';
import { signingStrings } from './strings';

/**
 * Compare the document with the version its signature file signed, its last signed export, or
 * another workspace document.
 */
export function DiffSection({ doc }: { readonly doc: StudioDocument }) {
  const t = useT(signingStrings);
  const id = useId();
  const lang = useStudio((s) => s.lang);
  const order = useStudio((s) => s.order);
  const documents = useStudio((s) => s.documents);
  const others = order.flatMap((d) => {
    const other = documents[d];
    return d !== doc.id && other ? [other] : [];
  });
  const dictionaryText = useStudio((s) => s.fieldDictionary);
  const signed = useSigning((s) => s.signedExports[doc.id]);
  const verification = useSigning((s) => s.verifications[doc.id]);
  const verdict = useSignatureVerdict(doc.id, false);
  // The signed version is offered when its manifest is authentic: the signature verifies.
  const signedVersion =
    verification?.report.manifest && verdict && verdict.kind !== 'bad-signature'
      ? verification.report.manifest
      : null;
  const signerName =
    verdict && (verdict.kind === 'unchanged' || verdict.kind === 'changed')
      ? verdict.signerName
      : null;
  const chosen = useSigning((s) => s.comparing[doc.id] ?? '');
  const against = chosen === SIGNED_VERSION && !signedVersion ? '' : chosen;
  const setAgainst = (value: string) => signing.compareWith(doc.id, value);
  useEffect(() => {
    void signing.loadSignedExport(doc.id);
  }, [doc.id]);
  const otherText = others.find((o) => o.id === against)?.text;
  const diff = useMemo((): SemanticDiff | null | undefined => {
    const dictionary = dictionaryOf(dictionaryText);
    if (against === SIGNED_VERSION && signedVersion)
      return compareWithSigned(signedVersion, doc.text, dictionary);
    if (against === LAST_SIGNED && signed)
      return compareWithSigned(signed.manifest, doc.text, dictionary);
    if (otherText !== undefined) return compareTexts(otherText, doc.text, dictionary);
    return undefined;
  }, [against, signedVersion, signed, otherText, doc.text, dictionaryText]);
  return (
    <section aria-labelledby={`${id}-title`} data-testid="semantic-diff" id={`diff-${doc.id}`}>
      <h3 id={`${id}-title`} className="section-title">
        {t.diff.heading}
      </h3>
      <label className="field">
        <span>{t.diff.against}</span>
        <select value={against} onChange={(e) => setAgainst(e.currentTarget.value)}>
          <option value="">{t.diff.choose}</option>
          {signedVersion && (
            <option value={SIGNED_VERSION}>
              {revealInline(
                format(t.diff.signedVersion, {
                  signer: signerName ?? signedVersion.signer.key_id,
                  at: formatTime(signedVersion.signed_at, lang),
                }),
              )}
            </option>
          )}
          {signed && (
            <option value={LAST_SIGNED}>
              {revealInline(format(t.diff.lastSigned, { at: formatTime(signed.signedAt, lang) }))}
            </option>
          )}
          {others.map((o) => (
            <option key={o.id} value={o.id}>
              {format(t.diff.document, { name: revealInline(o.name) })}
            </option>
          ))}
        </select>
      </label>
      {diff === null && <p role="status">{t.diff.cannot}</p>}
      {diff && <DiffView diff={diff} lang={lang} />}
    </section>
  );
}

function DiffView({ diff, lang }: { diff: SemanticDiff; lang: Lang }) {
  const t = useT(signingStrings);
  if (diff.same)
    return (
      <p role="status" data-testid="diff-same">
        {t.diff.same}
      </p>
    );
  return (
    <div data-testid="diff-result">
      {diff.fallback && (
        <p>
          <VisibleText
            text={format(t.diff.fallback, {
              before: diff.fallback.before,
              after: diff.fallback.after,
            })}
          />
        </p>
      )}
      {diff.reordered && <p>{t.diff.reordered}</p>}
      <RuleList title={t.diff.added} rules={diff.added} className="diff-added" lang={lang} />
      <RuleList title={t.diff.removed} rules={diff.removed} className="diff-removed" lang={lang} />
      {diff.changed.length > 0 && (
        <>
          <h4>{t.diff.changed}</h4>
          <ul className="diff-list">
            {diff.changed.map((c) => (
              <li key={c.name} className="diff-changed" data-testid="diff-changed">
                <code className="mono">
                  <VisibleText text={c.name} />
                </code>{' '}
                <span className="muted">
                  ({c.condition_changed ? t.diff.condition : t.diff.otherFields})
                </span>
                <dl className="result-fields">
                  <dt>{t.diff.before}</dt>
                  <dd>
                    <Gloss gloss={c.before.gloss} lang={lang} />
                  </dd>
                  <dt>{t.diff.after}</dt>
                  <dd>
                    <Gloss gloss={c.after.gloss} lang={lang} />
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="muted">{format(t.diff.unchanged, { n: diff.unchanged.length })}</p>
    </div>
  );
}

/** Both languages, the UI language first. */
/** Rules added or removed: each name (hidden characters shown) with its gloss. */
function RuleList({
  title,
  rules,
  className,
  lang,
}: {
  title: string;
  rules: SemanticDiff['added'];
  className: string;
  lang: Lang;
}) {
  if (rules.length === 0) return null;
  return (
    <>
      <h4>{title}</h4>
      <ul className="diff-list">
        {rules.map((r) => (
          <li key={r.name} className={className}>
            <code className="mono">
              <VisibleText text={r.name} />
            </code>
            <Gloss gloss={r.gloss} lang={lang} />
          </li>
        ))}
      </ul>
    </>
  );
}

function Gloss({ gloss, lang }: { gloss: { zh: string; en: string }; lang: Lang }) {
  const other: Lang = lang === 'zh' ? 'en' : 'zh';
  return (
    <span className="diff-gloss">
      <span lang={lang === 'zh' ? 'zh-CN' : 'en'}>
        <VisibleText text={gloss[lang]} multiline />
      </span>
      <span className="muted" lang={other === 'zh' ? 'zh-CN' : 'en'}>
        <VisibleText text={gloss[other]} multiline />
      </span>
    </span>
  );
}
