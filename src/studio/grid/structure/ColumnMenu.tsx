import { useId, useRef, useState } from 'react';
import {
  type ColumnLabel,
  checkFieldPath,
  checkLabel,
  type TableOp,
  type ValueCheck,
} from '../../../kernel/table-edit';
import { revealInline } from '../../../kernel/util/visible-text';
import { format, pick, useT } from '../../i18n/i18n';
import type { Lang } from '../../store/types';
import { columnLabel } from '../column-label';
import { runTableEdit } from '../run-table-edit';
import { menuButtonProps, Popover, PopoverMenu } from './Popover';
import { FirstInput, type StructureControlProps, StructureForm } from './StructureForm';
import { structureStrings } from './strings';
import './structure.css';

type Form = 'label' | 'field' | 'insertLeft' | 'insertRight';

/**
 * A condition column's header menu, as dmn-js has one: the column's label (Chinese and English in
 * one form), its field path, a column inserted left or right, moved, removed. A menu button
 * (Enter, Space or ↓ opens it; ↑ ↓ Home End move; Escape closes) and small forms; each action is
 * one grid edit — one undo step — and what the kernel refuses is said in the form, with where.
 */
export function ColumnMenu({
  docId,
  table,
  column,
  lang,
  editable,
  onStatus,
}: StructureControlProps & { readonly column: number }) {
  const s = useT(structureStrings);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<Form | null>(null);
  const c = table.columns[column];
  if (!c) return null;
  const name = revealInline(columnLabel(c.label, lang) ?? c.field);
  const structural = editable && table.structural;
  const count = table.columns.length;
  const back = () => {
    setOpen(false);
    setForm(null);
    button.current?.focus();
  };
  const run = async (op: TableOp): Promise<string | null> => {
    const result = await runTableEdit(docId, table.entry, op);
    if (result.ok) return null;
    return result.messages.map((m) => pick(m, lang)).join(' ') || '…';
  };
  const act = (op: TableOp, done?: string) => async () => {
    back();
    const refused = await run(op);
    onStatus(refused ?? done ?? '');
  };
  const items: { key: string; text: string; disabled: boolean; onSelect: () => void }[] = [
    {
      key: 'label',
      text: s.column.label,
      disabled: !editable,
      onSelect: () => {
        setOpen(false);
        setForm('label');
      },
    },
    {
      key: 'field',
      text: s.column.field,
      disabled: !editable,
      onSelect: () => {
        setOpen(false);
        setForm('field');
      },
    },
    {
      key: 'insertLeft',
      text: s.column.insertLeft,
      disabled: !structural,
      onSelect: () => {
        setOpen(false);
        setForm('insertLeft');
      },
    },
    {
      key: 'insertRight',
      text: s.column.insertRight,
      disabled: !structural,
      onSelect: () => {
        setOpen(false);
        setForm('insertRight');
      },
    },
    {
      key: 'moveLeft',
      text: s.column.moveLeft,
      disabled: !structural || column === 0,
      onSelect: act({ kind: 'moveColumn', from: column, to: column - 1 }),
    },
    {
      key: 'moveRight',
      text: s.column.moveRight,
      disabled: !structural || column >= count - 1,
      onSelect: act({ kind: 'moveColumn', from: column, to: column + 1 }),
    },
    {
      key: 'remove',
      text: s.column.remove,
      disabled: !structural || count < 2,
      onSelect: act({ kind: 'deleteColumn', column }, format(s.removed, { column: name })),
    },
  ];
  return (
    <>
      <button
        ref={button}
        type="button"
        className="column-menu-button"
        {...menuButtonProps(() => setOpen(true))}
        aria-expanded={open}
        aria-label={format(s.column.menu, { column: name })}
        title={format(s.column.menu, { column: name })}
        data-testid="column-menu-button"
        onClick={() => {
          setForm(null);
          setOpen((o) => !o);
        }}
      >
        <span aria-hidden="true">⋮</span>
      </button>
      {open && (
        <PopoverMenu
          anchor={button}
          label={format(s.column.menu, { column: name })}
          onClose={back}
          testId="column-menu"
        >
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              disabled={item.disabled}
              data-item={item.key}
              onClick={item.onSelect}
            >
              {item.text}
            </button>
          ))}
        </PopoverMenu>
      )}
      {form && (
        <Popover
          anchor={button}
          label={formTitle(s, form, name)}
          role="dialog"
          onClose={back}
          testId="column-form"
        >
          {form === 'label' && (
            <LabelForm
              label={c.label}
              lang={lang}
              run={run}
              onDone={back}
              title={formTitle(s, form, name)}
              column={column}
            />
          )}
          {form === 'field' && (
            <FieldForm
              field={c.field}
              lang={lang}
              run={run}
              onDone={back}
              title={formTitle(s, form, name)}
              column={column}
            />
          )}
          {(form === 'insertLeft' || form === 'insertRight') && (
            <InsertForm
              at={form === 'insertLeft' ? column : column + 1}
              lang={lang}
              run={run}
              onDone={back}
              title={formTitle(s, form, name)}
            />
          )}
        </Popover>
      )}
    </>
  );
}

function formTitle(
  s: ReturnType<typeof useT<typeof structureStrings.en>>,
  form: Form,
  column: string,
): string {
  const title =
    form === 'label'
      ? s.labelForm.title
      : form === 'field'
        ? s.fieldForm.title
        : form === 'insertLeft'
          ? s.insertForm.titleLeft
          : s.insertForm.titleRight;
  return format(title, { column });
}

type Run = (op: TableOp) => Promise<string | null>;

/**
 * A value's problem before it is sent: the validator's error refuses it; its warning is said once
 * and the second submit sends it anyway (the submit button then says so).
 */
function useChecked(lang: Lang, save: string, onCancel: () => void) {
  const s = useT(structureStrings);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [warned, setWarned] = useState<string | null>(null);
  return {
    /** The form's id prefix (its problem is `${id}-problem`). */
    id,
    setError,
    /** True when the check stops the submit: its error, or its warning the first time. */
    stops(found: Partial<ValueCheck>): boolean {
      if (found.error) setError(pick(found.error, lang));
      else if (found.warning && warned === null)
        setWarned(format(s.warningAgain, { message: pick(found.warning, lang) }));
      else return false;
      return true;
    },
    /** An edited value is checked again. */
    reset() {
      setError(null);
      setWarned(null);
    },
    /** The validator refused the value (not merely warned). */
    invalid: error !== null,
    /** What the form says: the problem, and its submit button's text. */
    form: {
      problemId: `${id}-problem`,
      problem: error ?? warned,
      submit: warned ? s.anyway : save,
      onCancel,
    },
  };
}

function LabelForm({
  label,
  lang,
  run,
  onDone,
  title,
  column,
}: {
  readonly label: ColumnLabel | undefined;
  readonly lang: Lang;
  readonly run: Run;
  readonly onDone: () => void;
  readonly title: string;
  readonly column: number;
}) {
  const s = useT(structureStrings);
  const initial = (l: 'zh' | 'en') =>
    label === undefined ? '' : typeof label === 'string' ? label : (label[l] ?? '');
  const [zh, setZh] = useState(initial('zh'));
  const [en, setEn] = useState(initial('en'));
  const check = useChecked(lang, s.labelForm.save, onDone);
  const id = check.id;
  const save = async (next: ColumnLabel | null) => {
    if (next !== null && check.stops(checkLabel(next))) return;
    const refused = await run({ kind: 'setColumnLabel', column, label: next });
    if (refused) check.setError(refused);
    else onDone();
  };
  // A plain-string label edited to the same text in both languages stays one string.
  const next = (): ColumnLabel | null => {
    const z = zh.trim() === '' ? '' : zh;
    const e = en.trim() === '' ? '' : en;
    if (z === '' && e === '') return null;
    if (typeof label === 'string' && z === e) return z;
    return { zh: z, en: e };
  };
  // The form that opens first in the UI language.
  const fields = [
    { key: 'zh' as const, text: s.labelForm.zh, value: zh, set: setZh, lang: 'zh' },
    { key: 'en' as const, text: s.labelForm.en, value: en, set: setEn, lang: 'en' },
  ];
  if (lang === 'en') fields.reverse();
  return (
    <StructureForm
      title={title}
      {...check.form}
      onSubmit={() => void save(next())}
      actions={
        label !== undefined && (
          <button type="button" className="button small" onClick={() => void save(null)}>
            {s.labelForm.remove}
          </button>
        )
      }
    >
      {fields.map((f, k) => (
        <label key={f.key}>
          {f.text}
          <input
            // biome-ignore lint/a11y/noAutofocus: the form opens on the user's request
            autoFocus={k === 0}
            lang={f.lang}
            value={f.value}
            data-testid={`label-${f.key}`}
            aria-describedby={`${id}-problem ${id}-hint`}
            onChange={(e) => {
              f.set(e.target.value);
              check.reset();
            }}
          />
        </label>
      ))}
      <p id={`${id}-hint`} className="muted structure-hint">
        {s.labelForm.hint}
      </p>
    </StructureForm>
  );
}

function FieldForm({
  field,
  lang,
  run,
  onDone,
  title,
  column,
}: {
  readonly field: string;
  readonly lang: Lang;
  readonly run: Run;
  readonly onDone: () => void;
  readonly title: string;
  readonly column: number;
}) {
  const s = useT(structureStrings);
  const [value, setValue] = useState(field);
  const check = useChecked(lang, s.fieldForm.save, onDone);
  const id = check.id;
  const save = async () => {
    if (check.stops(checkFieldPath(value))) return;
    const refused = await run({ kind: 'setColumnField', column, field: value });
    if (refused) check.setError(refused);
    else onDone();
  };
  return (
    <StructureForm title={title} {...check.form} onSubmit={() => void save()}>
      <FirstInput
        text={s.fieldForm.field}
        value={value}
        data-testid="field-path"
        aria-invalid={check.invalid}
        aria-describedby={`${id}-problem ${id}-hint`}
        onValue={(v) => {
          setValue(v);
          check.reset();
        }}
      />
      <p id={`${id}-hint`} className="muted structure-hint">
        {s.fieldForm.hint}
      </p>
    </StructureForm>
  );
}

function InsertForm({
  at,
  lang,
  run,
  onDone,
  title,
}: {
  readonly at: number;
  readonly lang: Lang;
  readonly run: Run;
  readonly onDone: () => void;
  readonly title: string;
}) {
  const s = useT(structureStrings);
  const [field, setField] = useState('');
  const [zh, setZh] = useState('');
  const [en, setEn] = useState('');
  const check = useChecked(lang, s.insertForm.save, onDone);
  const id = check.id;
  const save = async () => {
    const found = checkFieldPath(field);
    if (check.stops({ error: found.error })) return;
    const z = zh.trim();
    const e = en.trim();
    const label: ColumnLabel | null =
      z === '' && e === '' ? null : { ...(z ? { zh: z } : {}), ...(e ? { en: e } : {}) };
    const labelFound = label ? checkLabel(label) : null;
    if (check.stops({ error: labelFound?.error, warning: found.warning ?? labelFound?.warning }))
      return;
    // The column and its label: one edit, one undo step.
    const refused = await run({ kind: 'addColumn', at, field, ...(label ? { label } : {}) });
    if (refused) return check.setError(refused);
    onDone();
  };
  const labels = [
    { key: 'zh', text: s.insertForm.zh, value: zh, set: setZh },
    { key: 'en', text: s.insertForm.en, value: en, set: setEn },
  ];
  if (lang === 'en') labels.reverse();
  return (
    <StructureForm title={title} {...check.form} onSubmit={() => void save()}>
      <FirstInput
        text={s.insertForm.field}
        required
        value={field}
        data-testid="new-field-path"
        aria-describedby={`${id}-problem`}
        onValue={(v) => {
          setField(v);
          check.reset();
        }}
      />
      {labels.map((l) => (
        <label key={l.key}>
          {l.text}
          <input
            lang={l.key}
            value={l.value}
            data-testid={`new-label-${l.key}`}
            onChange={(e) => {
              l.set(e.target.value);
              check.reset();
            }}
          />
        </label>
      ))}
    </StructureForm>
  );
}
