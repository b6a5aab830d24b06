import { useEffect, useState } from 'react';
import { revealInline } from '../../kernel/util/visible-text';
import type { CanonicalRuleView } from '../../worker/kernel-protocol';
import { format, useT } from '../i18n/i18n';
import { getKernel } from '../kernel/kernel-instance';
import { useActiveAnalysis } from '../shell/use-analysis';
import { VisibleText } from '../shell/VisibleText';
import { CopyButton } from '../signing/CopyButton';
import { GlossedTree } from '../signing/GlossedTree';
import { signingStrings } from '../signing/strings';
import { useStudio } from '../store';

/**
 * The Tree & hash panel: the document hash, every rule's hash and, for the selected rule, its
 * canonical tree (each node's gloss on hover), the canonical bytes and hashes exactly as the
 * manifest and the CLI have them. Live: recomputed in the worker for every analysed text.
 */
export function TreePanel() {
  const t = useT(signingStrings);
  const { docId, analysis, current } = useActiveAnalysis();
  const [selected, setSelected] = useState<string | null>(null);
  const rules = analysis?.rules ?? [];
  const chosen = selected && rules.some((r) => r.name === selected) ? selected : null;
  return (
    <div>
      {!current && analysis && (
        <p className="muted" role="status" data-testid="tree-stale">
          {t.tree.stale}
        </p>
      )}
      {current && analysis && !analysis.documentHash && !analysis.documentHashPending && (
        <p className="muted" data-testid="tree-no-hash">
          {t.hashes.none}
        </p>
      )}
      <p>
        {t.tree.documentHash}:{' '}
        <code className={`mono hash-cell${current ? '' : ' stale'}`} data-testid="document-hash">
          {analysis?.documentHash ?? (analysis?.documentHashPending ? t.hashes.pending : '—')}
        </code>{' '}
        {/* Only what is of the text on screen can be copied. */}
        {current && analysis?.documentHash && (
          <CopyButton text={analysis.documentHash} what={t.tree.documentHash} />
        )}
      </p>
      <table className={`data-table${current ? '' : ' stale'}`}>
        <thead>
          <tr>
            <th scope="col">{t.tree.rule}</th>
            <th scope="col">{t.tree.form}</th>
            <th scope="col">{t.tree.hash}</th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <tr key={rule.name} aria-selected={chosen === rule.name}>
              <td>
                <button
                  type="button"
                  className="link-button mono"
                  aria-label={format(t.tree.show, { name: revealInline(rule.name) })}
                  aria-expanded={chosen === rule.name}
                  onClick={() => setSelected(chosen === rule.name ? null : rule.name)}
                >
                  <VisibleText text={rule.name} />
                </button>
              </td>
              <td>{rule.form}</td>
              <td className="mono hash-cell" title={rule.hash}>
                {rule.hash}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {chosen && docId && <RuleCanonical docId={docId} rule={chosen} current={current} />}
    </div>
  );
}

/**
 * The chosen rule's canonical tree, bytes and hashes, for the text the latest analysis is of;
 * while that is an earlier text (`current` false) they are greyed and cannot be copied.
 */
function RuleCanonical({
  docId,
  rule,
  current,
}: {
  docId: string;
  rule: string;
  current: boolean;
}) {
  const t = useT(signingStrings);
  const lang = useStudio((s) => s.lang);
  // The text the latest analysis is of: requests follow the analysis, never each keystroke.
  const text = useStudio((s) => s.analyses[docId]?.text);
  const dictionary = useStudio((s) => s.fieldDictionary);
  const [view, setView] = useState<{ rule: string; value: CanonicalRuleView | null } | null>(null);
  useEffect(() => {
    if (text === undefined) return;
    let live = true;
    void getKernel()
      .request(`canonicalRule:${docId}`, {
        op: 'canonicalRule',
        doc: docId,
        text,
        rule,
        dictionary,
      })
      .then((outcome) => {
        // No value for this rule in that text: keep the view of this rule while it is one.
        if (live && outcome.status === 'done' && outcome.value)
          setView({ rule, value: outcome.value });
        else if (live && outcome.status === 'done')
          setView((v) => (v?.rule === rule ? v : { rule, value: null }));
      });
    return () => {
      live = false;
    };
  }, [docId, text, rule, dictionary]);
  if (!view || view.rule !== rule) return <p className="muted">{t.tree.loading}</p>;
  const tree = view.value;
  if (!tree) return <p className="muted">{t.tree.missing}</p>;
  return (
    <section
      aria-label={revealInline(rule)}
      className={`tree-view${current ? '' : ' stale'}`}
      data-testid="rule-canonical"
    >
      <h3 className="section-title">{t.tree.treeTitle}</h3>
      <ul className="canonical-tree" data-testid="canonical-tree">
        <GlossedTree node={tree.when} lang={lang} />
      </ul>
      {tree.unless && (
        <>
          <h3 className="section-title">{t.tree.unlessTitle}</h3>
          <ul className="canonical-tree">
            <GlossedTree node={tree.unless} lang={lang} />
          </ul>
        </>
      )}
      <h3 className="section-title">{t.tree.whenBytes}</h3>
      {/* Shown with hidden characters written out; Copy copies the exact bytes. */}
      <pre className="code-block" data-testid="canonical-json">
        <VisibleText text={tree.whenBytes} multiline />
      </pre>
      <p>
        {current && <CopyButton text={tree.whenBytes} what={t.tree.whenBytes} />}{' '}
        <code className="mono hash-cell" data-testid="rule-hash">
          {tree.hash}
        </code>{' '}
        {current && <CopyButton text={tree.hash} what={t.tree.hash} />}
      </p>
      <h3 className="section-title">{t.tree.ruleBytes}</h3>
      <pre className="code-block" data-testid="canonical-rule-json">
        <VisibleText text={tree.canonicalBytes} multiline />
      </pre>
      <p>
        {current && <CopyButton text={tree.canonicalBytes} what={t.tree.ruleBytes} />}{' '}
        {t.tree.canonicalHash}:{' '}
        <code className="mono hash-cell" data-testid="canonical-hash">
          {tree.canonicalHash}
        </code>{' '}
        {current && <CopyButton text={tree.canonicalHash} what={t.tree.canonicalHash} />}
      </p>
    </section>
  );
}
