import { useState } from 'react';
import { formatCell, type SimpleGroupModel } from '../../kernel/table-edit';
import { revealInline } from '../../kernel/util/visible-text';
import { format, useT } from '../i18n/i18n';
import { DecisionBadge } from '../panels/decision-label';
import { VisibleText } from '../shell/VisibleText';
import { studioStore, useStudio } from '../store';
import { getGridKernel } from './grid-kernel';
import { gridStrings } from './strings';

/**
 * Issue §5: consecutive Simple rules (flat AND conditions) shown as a read-only table, with
 * "convert to decision table" through the kernel's projection — proposed as a reviewable change.
 * (Back again: the decision table's own "→ Simple" conversion in the Gloss panel.)
 */
export function SimpleGroupTable({
  docId,
  group,
}: {
  readonly docId: string;
  readonly group: SimpleGroupModel;
}) {
  const t = useT(gridStrings);
  const lang = useStudio((s) => s.lang);
  const [busy, setBusy] = useState(false);
  const first = group.rules[0] ?? '';
  const last = group.rules[group.rules.length - 1] ?? '';
  const convert = async () => {
    const text = studioStore.getState().documents[docId]?.text;
    if (text === undefined) return;
    setBusy(true);
    const outcome = await getGridKernel().request(`tableEdit:${docId}:convert`, {
      op: 'tableEdit',
      doc: docId,
      text,
      entry: first,
      edit: { kind: 'groupToTable', rules: group.rules },
    });
    setBusy(false);
    const state = studioStore.getState();
    if (outcome.status !== 'done') {
      if (outcome.status === 'failed' || outcome.status === 'restarted')
        state.notify('error', outcome.message);
      return;
    }
    const reply = outcome.value;
    if (reply.ok)
      state.proposeFix({
        docId,
        code: 'convert',
        fix: { title: { en: t.convert, zh: t.convert }, edits: reply.edits },
      });
    else for (const m of reply.messages) state.notify('warning', m);
  };
  return (
    <div className="simple-group" data-testid="simple-group">
      <table className="data-table">
        <caption>{format(t.simpleCaption, { first, last })}</caption>
        <thead>
          <tr>
            <th scope="col">{t.rule}</th>
            {group.fields.map((f) => (
              <th key={f} scope="col" className="mono">
                <VisibleText text={f} />
              </th>
            ))}
            <th scope="col">{t.decision}</th>
            <th scope="col">{t.priority}</th>
          </tr>
        </thead>
        <tbody>
          {group.rows.map((r) => (
            <tr key={r.rule}>
              <th scope="row" className="mono">
                <VisibleText text={r.rule} />
              </th>
              {r.cells.map((c, i) => (
                <td key={group.fields[i]} className="mono">
                  {c ? <VisibleText text={formatCell(c)} /> : '-'}
                </td>
              ))}
              <td>{r.then && <DecisionBadge decision={r.then} lang={lang} />}</td>
              <td className="mono">{r.priority ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="button small"
        disabled={busy}
        aria-label={format(t.convertLabel, { rules: revealInline(group.rules.join(', ')) })}
        onClick={() => void convert()}
      >
        {t.convert}
      </button>
    </div>
  );
}
