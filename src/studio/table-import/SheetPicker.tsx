import './table-import.css';
import { useId, useState } from 'react';
import { revealInline } from '../../kernel/util/visible-text';
import { format, useT } from '../i18n/i18n';
import { useModalDialog } from '../shell/use-modal-dialog';
import { VisibleText } from '../shell/VisibleText';
import type { SheetChoice } from './foreign-file';
import { tableImportStrings } from './strings';

/**
 * Asks which sheet of a workbook to import (the studio's `erdl import --sheet N`): the sheets by
 * name, the first preselected; nothing is imported until the user picks one.
 */
export function SheetPicker({
  choice,
  onChoose,
}: {
  readonly choice: SheetChoice;
  readonly onChoose: (sheet: number | null) => void;
}) {
  const t = useT(tableImportStrings);
  const dialog = useModalDialog();
  const [sheet, setSheet] = useState(1);
  const group = useId();
  const title = format(t.sheetTitle, { file: revealInline(choice.fileName) });
  return (
    <dialog
      ref={dialog}
      className="import-dialog sheet-picker"
      aria-label={title}
      onCancel={(event) => {
        event.preventDefault();
        onChoose(null);
      }}
    >
      <h2 className="section-title">{title}</h2>
      <p>{format(t.sheetIntro, { n: choice.sheets.length })}</p>
      <fieldset className="sheet-options" aria-label={title}>
        {choice.sheets.map((name, i) => (
          <label key={name}>
            <input
              type="radio"
              name={group}
              checked={sheet === i + 1}
              onChange={() => setSheet(i + 1)}
            />{' '}
            <VisibleText text={format(t.sheetOption, { n: i + 1, name })} />
          </label>
        ))}
      </fieldset>
      <div className="dialog-actions">
        <button type="button" className="button primary" onClick={() => onChoose(sheet)}>
          {t.sheetImport}
        </button>
        <button type="button" className="button" onClick={() => onChoose(null)}>
          {t.sheetCancel}
        </button>
      </div>
    </dialog>
  );
}
