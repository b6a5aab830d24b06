import { useId, useRef, useState } from 'react';
import {
  defaultRowRemoval,
  failClosedDecision,
  fallbackDecisionOf,
  leftToDocument,
} from '../../../kernel/table-edit';
import { format, pick, useT } from '../../i18n/i18n';
import { studioStore } from '../../store';
import { runTableEdit } from '../run-table-edit';
import { Popover } from './Popover';
import type { StructureControlProps } from './StructureForm';
import { structureStrings } from './strings';
import './structure.css';

/**
 * "Add default row" / "Remove default row" in the grid's toolbar. Added, the row fails closed (DENY,
 * or the document's blocking fallback) and says it is the default; removing it when the fallback
 * is less blocking than its decision widens the table, so that asks first and says what will
 * decide instead. Each is one grid edit (one undo step).
 */
export function DefaultRowButton({
  docId,
  table,
  lang,
  editable,
  onStatus,
}: StructureControlProps) {
  const s = useT(structureStrings);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [confirm, setConfirm] = useState<string | null>(null);
  const has = table.rows.some((r) => r.isDefault);
  const text = () => studioStore.getState().documents[docId]?.text ?? '';
  const fallback = () => fallbackDecisionOf(text());
  const say = (messages: readonly { en: string; zh: string }[]) =>
    onStatus(messages.map((m) => pick(m, lang)).join(' '));
  const add = async () => {
    const decision = failClosedDecision(fallback());
    const result = await runTableEdit(docId, table.entry, { kind: 'addDefaultRow', lang });
    // With the note of rows it named by their numbers (I-90), when it did.
    if (result.ok)
      onStatus(
        [format(s.defaultRow.added, { decision }), result.note && pick(result.note, lang)]
          .filter(Boolean)
          .join(' '),
      );
    else say(result.messages);
  };
  const remove = async (confirmed: boolean) => {
    const removal = defaultRowRemoval(table, leftToDocument(text(), table));
    if (!removal) return;
    if (removal.widens && !confirmed) {
      setConfirm(pick(removal.message, lang));
      return;
    }
    setConfirm(null);
    button.current?.focus();
    const result = await runTableEdit(docId, table.entry, {
      kind: 'removeDefaultRow',
      confirm: confirmed,
    });
    if (result.ok)
      onStatus(
        [
          format(s.defaultRow.removedNote, { what: pick(removal.message, lang) }),
          result.note && pick(result.note, lang),
        ]
          .filter(Boolean)
          .join(' '),
      );
    else say(result.messages);
  };
  const shown = has ? s.defaultRow.remove : s.defaultRow.add;
  const label = has
    ? s.defaultRow.removeLabel
    : format(s.defaultRow.addLabel, { decision: failClosedDecisionLabel(docId) });
  return (
    <fieldset aria-label={s.defaultRow.group} className="toolbar-group" data-group="default-row">
      <button
        ref={button}
        type="button"
        className="button small"
        title={label}
        disabled={!editable || !table.structural}
        data-testid="default-row-button"
        onClick={() => void (has ? remove(false) : add())}
      >
        {shown}
      </button>
      {confirm !== null && (
        <Popover
          anchor={button}
          label={s.defaultRow.confirmTitle}
          role="alertdialog"
          onClose={() => {
            setConfirm(null);
            button.current?.focus();
          }}
          testId="default-row-confirm"
        >
          <div
            className="structure-form"
            role="alertdialog"
            aria-labelledby={`${id}-t`}
            aria-describedby={`${id}-d`}
          >
            <h4 id={`${id}-t`}>{s.defaultRow.confirmTitle}</h4>
            <p id={`${id}-d`} className="structure-warning">
              {confirm}
            </p>
            <div className="structure-actions">
              <button
                type="button"
                className="button small"
                // biome-ignore lint/a11y/noAutofocus: the safe choice has the focus when the question opens
                autoFocus
                onClick={() => {
                  setConfirm(null);
                  button.current?.focus();
                }}
              >
                {s.defaultRow.keep}
              </button>
              <button
                type="button"
                className="button small danger"
                onClick={() => void remove(true)}
              >
                {s.defaultRow.confirm}
              </button>
            </div>
          </div>
        </Popover>
      )}
    </fieldset>
  );
}

/** The decision an added default row would take, for the button's label (DENY while unknown). */
function failClosedDecisionLabel(docId: string): string {
  const analysis = studioStore.getState().analyses[docId]?.analysis;
  return failClosedDecision(analysis?.fallbackDecision ?? null);
}
