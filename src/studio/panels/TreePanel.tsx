import { useEffect, useState } from 'react';
import type { RuleTree } from '../../worker/kernel-protocol';
import { format, useT } from '../i18n/i18n';
import { getKernel } from '../kernel/kernel-instance';
import { useActiveAnalysis } from '../shell/use-analysis';
import { selectActive, useStudio } from '../store';
import { panelStrings } from './strings';

/** Each compiled rule's hash, and on demand its canonical tree (computed in the worker). */
export function TreePanel() {
  const t = useT(panelStrings);
  const { analysis, current } = useActiveAnalysis();
  const [selected, setSelected] = useState<string | null>(null);
  const rules = analysis?.rules ?? [];
  return (
    <div className={current ? '' : 'stale'}>
      <p>
        {t.tree.documentHash}:{' '}
        <code className="mono" data-testid="document-hash">
          {analysis?.documentHash ?? '—'}
        </code>
      </p>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t.tree.rule}</th>
            <th scope="col">{t.tree.form}</th>
            <th scope="col">{t.tree.grade}</th>
            <th scope="col">{t.tree.hash}</th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <tr key={rule.name} aria-selected={selected === rule.name}>
              <td>
                <button
                  type="button"
                  className="link-button mono"
                  aria-label={format(t.tree.show, { name: rule.name })}
                  aria-expanded={selected === rule.name}
                  onClick={() => setSelected(selected === rule.name ? null : rule.name)}
                >
                  {rule.name}
                </button>
              </td>
              <td>{rule.form}</td>
              <td>{rule.grade}</td>
              <td className="mono hash-cell" title={rule.hash}>
                {rule.hash}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {selected && rules.some((r) => r.name === selected) && <RuleTreeView rule={selected} />}
    </div>
  );
}

function RuleTreeView({ rule }: { rule: string }) {
  const t = useT(panelStrings);
  const doc = useStudio(selectActive);
  const [tree, setTree] = useState<RuleTree | null>(null);
  const text = doc?.text;
  const docId = doc?.id;
  useEffect(() => {
    if (text === undefined || docId === undefined) return;
    let live = true;
    void getKernel()
      .request(`tree:${docId}`, { op: 'tree', doc: docId, text, rule })
      .then((outcome) => {
        if (live && outcome.status === 'done') setTree(outcome.value);
      });
    return () => {
      live = false;
    };
  }, [docId, text, rule]);
  if (!tree) return <p className="muted">{t.tree.loading}</p>;
  return (
    <section aria-label={rule} className="tree-view">
      <h3 className="section-title">{t.tree.canonical}</h3>
      <pre className="code-block" data-testid="canonical-json">
        {tree.canonical}
      </pre>
      <pre className="code-block">{JSON.stringify(tree.when, null, 2)}</pre>
      {tree.unless !== null && (
        <>
          <h3 className="section-title">{t.tree.unless}</h3>
          <pre className="code-block">{JSON.stringify(tree.unless, null, 2)}</pre>
        </>
      )}
    </section>
  );
}
