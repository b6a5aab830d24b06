import type { InputHTMLAttributes, ReactNode } from 'react';
import type { TableModel } from '../../../kernel/table-edit';
import { useT } from '../../i18n/i18n';
import type { Lang } from '../../store/types';
import { structureStrings } from './strings';

/** What every table-structure control in the grid is given (title, default row, column menu). */
export interface StructureControlProps {
  readonly docId: string;
  readonly table: TableModel;
  readonly lang: Lang;
  readonly editable: boolean;
  /** Says a done action in the grid's status line. */
  readonly onStatus: (text: string) => void;
}

/** A problem said under a form's fields (hidden while there is none). */
export function Problem({ id, text }: { readonly id: string; readonly text: string | null }) {
  return (
    <p id={id} className="structure-problem" role="alert" hidden={text === null}>
      {text}
    </p>
  );
}

/**
 * A small form in a structure popover: its title, its fields (the children), the problem said
 * under them and any `warning`, then the submit button, any other `actions` and Cancel.
 */
export function StructureForm({
  title,
  problemId,
  problem,
  submit,
  onSubmit,
  onCancel,
  actions,
  warning,
  children,
}: {
  readonly title: string;
  readonly problemId: string;
  readonly problem: string | null;
  /** The submit button's text. */
  readonly submit: string;
  readonly onSubmit: () => void;
  readonly onCancel: () => void;
  /** Buttons between the submit button and Cancel. */
  readonly actions?: ReactNode;
  /** Said under the problem (a question asked before the submit goes ahead). */
  readonly warning?: ReactNode;
  readonly children: ReactNode;
}) {
  const s = useT(structureStrings);
  return (
    <form
      className="structure-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h4>{title}</h4>
      {children}
      <Problem id={problemId} text={problem} />
      {warning}
      <div className="structure-actions">
        <button type="submit" className="button small primary">
          {submit}
        </button>
        {actions}
        <button type="button" className="button small" onClick={onCancel}>
          {s.cancel}
        </button>
      </div>
    </form>
  );
}

/** A form's first input, for a name or a field path: labelled, monospace, focused as it opens. */
export function FirstInput({
  text,
  onValue,
  ...input
}: {
  readonly text: string;
  readonly onValue: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'className' | 'autoFocus'>) {
  return (
    <label>
      {text}
      <input
        // biome-ignore lint/a11y/noAutofocus: the form opens on the user's request
        autoFocus
        className="mono"
        {...input}
        onChange={(e) => onValue(e.target.value)}
      />
    </label>
  );
}
