import { type RefObject, useRef, useState } from 'react';
import {
  type ColumnType,
  columnPlace,
  columnTypeName,
  type TableModel,
} from '../../../kernel/table-edit';
import { revealInline } from '../../../kernel/util/visible-text';
import { TABLE_COLUMN_TYPES, type TableColumnType } from '../../../kernel/vocabulary/document';
import { format, pick, useT } from '../../i18n/i18n';
import type { Lang } from '../../store/types';
import { columnLabel } from '../column-label';
import { runTableEdit } from '../run-table-edit';
import { menuButtonProps, PopoverMenu } from '../structure/Popover';
import { columnTypeStrings } from './strings';
import './column-type.css';

/**
 * A condition column's type in its header (ruling I-91): shown as a chip (number, text, yes/no,
 * date, list, or "not yet known"), and — when the grid is editable — a menu button that declares
 * the type (`type:` in the table, one undo step) or leaves it to the cells. A type under which any
 * of the column's cells would read differently is refused by the kernel, naming those cells; the
 * refusal is said in the grid's status line. Self-contained: GridHeader only places it.
 */
export function ColumnTypeButton({
  docId,
  table,
  column,
  type,
  lang,
  editable,
  onStatus,
}: {
  readonly docId: string;
  readonly table: TableModel;
  readonly column: number;
  /** The type the column's cells are read by (declared, else inferred). */
  readonly type: ColumnType;
  readonly lang: Lang;
  readonly editable: boolean;
  /** Says what the choice did, or why it was refused, in the grid's status line. */
  readonly onStatus: (text: string | null) => void;
}) {
  const t = useT(columnTypeStrings);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const c = table.columns[column];
  if (!c) return null;
  const declared = c.type ?? null;
  const shown = pick(columnTypeName(type), lang);
  const name = revealInline(columnLabel(c.label, lang) ?? c.field);
  const title =
    declared !== null
      ? format(t.declared, { type: shown, name: declared })
      : type === 'unknown'
        ? t.unknown
        : format(t.inferred, { type: shown });
  const className = `column-type type-${type}${declared !== null ? ' declared' : ''}`;
  if (!editable)
    return (
      <span className={className} data-testid="column-type" title={title}>
        {shown}
      </span>
    );
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = async (next: TableColumnType | null) => {
    close();
    if (next === declared) return;
    const result = await runTableEdit(docId, table.entry, {
      kind: 'setColumnType',
      column,
      type: next,
    });
    const place = pick(columnPlace(c), lang);
    if (!result.ok) {
      onStatus(result.messages.map((m) => pick(m, lang)).join(' ') || null);
      return;
    }
    onStatus(
      next === null
        ? format(t.cleared, { column: place })
        : format(t.set, { column: place, type: pick(columnTypeName(next), lang), name: next }),
    );
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`${className} column-type-button`}
        data-testid="column-type"
        data-declared={declared ?? undefined}
        {...menuButtonProps(() => setOpen(true))}
        aria-expanded={open}
        aria-label={format(t.button, { column: name, type: shown })}
        title={title}
        onClick={() => setOpen((o) => !o)}
      >
        {shown}
      </button>
      {open && (
        <TypeMenu
          anchor={button}
          label={format(t.menu, { column: name })}
          declared={declared}
          inferred={type}
          lang={lang}
          onChoose={(next) => void choose(next)}
          onClose={close}
        />
      )}
    </>
  );
}

/** The menu of types: one radio item per type, then "from the cells"; ↑ ↓ Home End, Escape. */
function TypeMenu({
  anchor,
  label,
  declared,
  inferred,
  lang,
  onChoose,
  onClose,
}: {
  readonly anchor: RefObject<HTMLButtonElement | null>;
  readonly label: string;
  readonly declared: TableColumnType | null;
  readonly inferred: ColumnType;
  readonly lang: Lang;
  readonly onChoose: (type: TableColumnType | null) => void;
  readonly onClose: () => void;
}) {
  const t = useT(columnTypeStrings);
  const entries: { key: string; type: TableColumnType | null; text: string; hint: string }[] = [
    ...TABLE_COLUMN_TYPES.map((x) => ({
      key: x.name,
      type: x.name as TableColumnType,
      text: x[lang],
      hint: `type: ${x.name}`,
    })),
    {
      key: 'cells',
      type: null,
      // What the cells say now (when no type is declared, that is the column's type).
      text:
        declared === null && inferred !== 'unknown'
          ? format(t.fromCellsNow, { type: pick(columnTypeName(inferred), lang) })
          : t.fromCells,
      hint: t.fromCellsHint,
    },
  ];
  // The menu opens with its checked item focused.
  return (
    <PopoverMenu
      anchor={anchor}
      label={label}
      onClose={onClose}
      testId="column-type-menu"
      className="column-type-popover"
      focus='[aria-checked="true"]'
    >
      {entries.map((x) => (
        <button
          key={x.key}
          type="button"
          role="menuitemradio"
          aria-checked={x.type === declared}
          tabIndex={-1}
          data-type={x.type ?? 'cells'}
          onClick={() => onChoose(x.type)}
        >
          <span className="column-type-check" aria-hidden="true">
            {x.type === declared ? '✓' : ''}
          </span>
          <span>{x.text}</span>
          <span className="column-type-hint mono">{x.hint}</span>
        </button>
      ))}
    </PopoverMenu>
  );
}
