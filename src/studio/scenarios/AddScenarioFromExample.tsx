import './scenarios.css';
import { useState } from 'react';
import type { Bilingual } from '../../kernel';
import type { TableModel } from '../../kernel/table-edit';
import { pick, useT } from '../i18n/i18n';
import { VisibleText } from '../shell/VisibleText';
import type { Lang } from '../store/types';
import { addCase } from './scenario-actions';
import { scenarioStrings } from './strings';

/**
 * "Add as a test case" on an example of the uncovered-inputs band (issue 36 §8): the example's fact
 * becomes a test case of the fact suite in one step, expecting what the document decides for it
 * now — said next to the button, so the analyst sees what was recorded and can change it in the
 * sheet under the table.
 */
export function AddScenarioFromExample({
  docId,
  table,
  fact,
  editable,
  lang,
  describedBy,
}: {
  readonly docId: string;
  readonly table: TableModel;
  readonly fact: { readonly [key: string]: unknown };
  readonly editable: boolean;
  readonly lang: Lang;
  readonly describedBy?: string;
}) {
  const t = useT(scenarioStrings);
  const [said, setSaid] = useState<{ text: Bilingual; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button small"
        disabled={!editable || busy}
        title={t.addForExampleHelp}
        aria-describedby={describedBy}
        data-testid="scenario-add-example"
        onClick={async () => {
          setBusy(true);
          const result = await addCase(docId, table, { fact }, lang);
          setBusy(false);
          if (result)
            setSaid(
              result.ok ? { text: result.said, ok: true } : { text: result.message, ok: false },
            );
        }}
      >
        {t.addForExample}
      </button>
      {said && (
        <span
          className={said.ok ? 'scenario-added' : 'uncovered-refusal'}
          role={said.ok ? 'status' : 'alert'}
        >
          <VisibleText text={pick(said.text, lang)} />
        </span>
      )}
    </>
  );
}
