import { useEffect, useId, useRef, useState } from 'react';
import {
  checkDescription,
  checkTableName,
  otherRuleNames,
  suiteCasesNamingTable,
  type TableModel,
} from '../../../kernel/table-edit';
import { format, pick, useT } from '../../i18n/i18n';
import { VisibleText } from '../../shell/VisibleText';
import { studioStore, useStudio } from '../../store';
import type { Lang } from '../../store/types';
import { runTableEdit } from '../run-table-edit';
import { Popover } from './Popover';
import { FirstInput, type StructureControlProps, StructureForm } from './StructureForm';
import { structureStrings } from './strings';
import './structure.css';

/** After a rename the grid is drawn again under its new name: its title button takes the focus. */
let focusAfterRename: string | null = null;

/**
 * The table's name (its rule entry's `name`) and description above the grid, and a form that
 * edits both. Renaming changes every row's compiled name `<entry>#<row>`: when the document's
 * suite names rows of this table, the form says how many cases will need the new name and asks
 * before renaming — never silently. Each change is one grid edit (one undo step).
 */
export function TableTitle({ docId, table, lang, editable, onStatus }: StructureControlProps) {
  const s = useT(structureStrings);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const description = table.description ?? null;
  useEffect(() => {
    if (focusAfterRename === table.entry) {
      focusAfterRename = null;
      button.current?.focus();
    }
  }, [table.entry]);
  return (
    <div className="table-title" data-testid="table-title">
      <div className="table-title-text">
        <h3 className="table-title-name">
          <VisibleText text={table.entry} />
        </h3>
        <p className={description ? 'table-title-description' : 'table-title-description muted'}>
          {description ? <VisibleText text={description} /> : s.title.noDescription}
        </p>
      </div>
      <button
        ref={button}
        type="button"
        className="button small"
        aria-haspopup="dialog"
        aria-expanded={open}
        title={format(s.title.editLabel, { entry: table.entry })}
        disabled={!editable}
        data-testid="table-title-edit"
        onClick={() => setOpen((o) => !o)}
      >
        {s.title.edit}
      </button>
      {open && (
        <Popover
          anchor={button}
          label={s.title.form}
          role="dialog"
          testId="table-title-form"
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        >
          <TitleForm
            docId={docId}
            table={table}
            description={description}
            lang={lang}
            onStatus={onStatus}
            onDone={(renamed) => {
              setOpen(false);
              if (renamed) focusAfterRename = renamed;
              else button.current?.focus();
            }}
          />
        </Popover>
      )}
    </div>
  );
}

function TitleForm({
  docId,
  table,
  description,
  lang,
  onStatus,
  onDone,
}: {
  readonly docId: string;
  readonly table: TableModel;
  readonly description: string | null;
  readonly lang: Lang;
  readonly onStatus: (text: string) => void;
  readonly onDone: (renamed: string | null) => void;
}) {
  const s = useT(structureStrings);
  const id = useId();
  const suite = useStudio((st) => st.documents[docId]?.suite);
  const [name, setName] = useState(table.entry);
  const [text, setText] = useState(description ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  /** The question asked before a rename the suite depends on (or a warning said once). */
  const [asked, setAsked] = useState<string | null>(null);
  const reset = () => {
    setProblem(null);
    setAsked(null);
  };
  const save = async () => {
    const renaming = name !== table.entry;
    const describing = text !== (description ?? '');
    const doc = studioStore.getState().documents[docId]?.text ?? '';
    if (renaming) {
      const found = checkTableName(name, otherRuleNames(doc, table));
      if (found.error) return setProblem(pick(found.error, lang));
      if (asked === null) {
        const n = suiteCasesNamingTable(suite, table.entry);
        const say = [
          n > 0 ? format(s.title.suiteCases, { n, entry: table.entry, name }) : null,
          found.warning ? format(s.warningAgain, { message: pick(found.warning, lang) }) : null,
        ].filter((x): x is string => x !== null);
        if (say.length > 0) return setAsked(say.join(' '));
      }
    }
    if (describing) {
      const found = checkDescription(text);
      if (found.error) return setProblem(pick(found.error, lang));
    }
    // The description first: it is found under the table's current name.
    if (describing) {
      const result = await runTableEdit(docId, table.entry, {
        kind: 'setTableDescription',
        description: text,
      });
      if (!result.ok) return setProblem(result.messages.map((m) => pick(m, lang)).join(' ') || '…');
    }
    if (renaming) {
      const result = await runTableEdit(docId, table.entry, { kind: 'setTableName', name });
      if (!result.ok) return setProblem(result.messages.map((m) => pick(m, lang)).join(' ') || '…');
      onStatus(format(s.title.renamed, { name }));
    }
    onDone(renaming ? name : null);
  };
  return (
    <StructureForm
      title={s.title.form}
      problemId={`${id}-problem`}
      problem={problem}
      submit={asked ? s.title.confirmRename : s.title.save}
      onSubmit={() => void save()}
      onCancel={() => onDone(null)}
      warning={
        <p
          className="structure-warning"
          role="alert"
          hidden={asked === null}
          data-testid="rename-warning"
        >
          {asked}
        </p>
      }
    >
      <FirstInput
        text={s.title.name}
        value={name}
        data-testid="table-name"
        aria-describedby={`${id}-problem ${id}-hint`}
        onValue={(v) => {
          setName(v);
          reset();
        }}
      />
      <p id={`${id}-hint`} className="muted structure-hint">
        {s.title.nameHint}
      </p>
      <label>
        {s.title.description}
        <textarea
          rows={2}
          value={text}
          data-testid="table-description"
          onChange={(e) => {
            setText(e.target.value);
            reset();
          }}
        />
      </label>
    </StructureForm>
  );
}
