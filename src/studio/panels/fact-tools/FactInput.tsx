import './fact-tools.css';
import { type KeyboardEvent, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { revealInline } from '../../../kernel/util/visible-text';
import { dictionaryNames } from '../../editor/field-paths';
import { format, useT } from '../../i18n/i18n';
import { VisibleText } from '../../shell/VisibleText';
import { useStudio } from '../../store';
import type { StudioDocument } from '../../store/types';
import { panelStrings } from '../strings';
import {
  completionEdit,
  type FieldOption,
  fieldOptions,
  type KeyContext,
  keyContextAt,
} from './fact-completion';
import { fieldKinds, suiteKinds } from './field-kinds';
import { factToolStrings } from './strings';

/** Shown at most: the list is a choice, not a catalogue (typing narrows it). */
const MAX_SHOWN = 50;

/**
 * The Evaluate panel's fact box: a plain text area (YAML or JSON) whose mapping keys complete from
 * the fields the document's rules read, at the nesting level being typed (fact-completion.ts), each
 * with its type as the sample fact or the suite holds it and its display names in both languages.
 * The list opens as a key is typed (or on Ctrl+Space) below the box; ↑ ↓, Enter or Tab, Esc.
 */
export function FactInput({ doc }: { readonly doc: StudioDocument }) {
  const t = useT(factToolStrings);
  const tp = useT(panelStrings);
  const update = useStudio((s) => s.updateDocument);
  const fields = useStudio((s) => s.analyses[doc.id]?.analysis.fields);
  const dictionary = useStudio((s) => s.fieldDictionary);
  const labelId = useId();
  const listId = useId();
  const hintId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  /** The caret the list is for, or null when the list is closed. */
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  /** Where to put the caret once the text a completion made is on screen. */
  const placeCaret = useRef<{ text: string; at: number } | null>(null);

  const ctx: KeyContext | null = caret === null ? null : keyContextAt(doc.fact, caret);
  const options: FieldOption[] =
    ctx && fields ? fieldOptions(fields, ctx.path, ctx.prefix).slice(0, MAX_SHOWN) : [];
  const shown = ctx !== null && options.length > 0;
  const current = shown ? Math.min(active, options.length - 1) : -1;

  useLayoutEffect(() => {
    const want = placeCaret.current;
    if (want && area.current && want.text === doc.fact) {
      area.current.setSelectionRange(want.at, want.at);
      placeCaret.current = null;
    }
  }, [doc.fact]);

  const accept = (option: FieldOption) => {
    if (!ctx) return;
    const edit = completionEdit(doc.fact, ctx, option);
    placeCaret.current = { text: edit.text, at: edit.cursor };
    update(doc.id, { fact: edit.text });
    setActive(0);
    // A mapping's own keys come next: the list stays open at the new place.
    setCaret(option.inside > 0 && !option.leaf ? edit.cursor : null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === ' ' && e.ctrlKey) {
      e.preventDefault();
      setActive(0);
      setCaret(e.currentTarget.selectionStart);
      return;
    }
    if (!shown) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      accept(options[current] as FieldOption);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setCaret(null);
    }
  };

  return (
    <div className="field fact-input">
      <label id={labelId} htmlFor={`${listId}-input`}>
        {tp.evaluate.fact}
      </label>
      <textarea
        ref={area}
        id={`${listId}-input`}
        className="mono"
        rows={8}
        spellCheck={false}
        value={doc.fact}
        aria-autocomplete="list"
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown ? `${listId}-${current}` : undefined}
        aria-describedby={hintId}
        onChange={(e) => {
          const text = e.target.value;
          const at = e.target.selectionStart;
          update(doc.id, { fact: text });
          const next = keyContextAt(text, at);
          setActive(0);
          setCaret(next && (next.prefix !== '' || next.quote !== null) ? at : null);
        }}
        onSelect={(e) => {
          if (caret !== null) setCaret(e.currentTarget.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setCaret(null)}
        data-testid="fact-input"
      />
      <span id={hintId} className="muted fact-hint">
        {t.complete.hint}
      </span>
      {shown && ctx && (
        <Options
          id={listId}
          ctx={ctx}
          options={options}
          current={current}
          fact={doc.fact}
          suite={doc.suite}
          dictionary={dictionary}
          onPick={accept}
        />
      )}
    </div>
  );
}

function Options({
  id,
  ctx,
  options,
  current,
  fact,
  suite,
  dictionary,
  onPick,
}: {
  id: string;
  ctx: KeyContext;
  options: readonly FieldOption[];
  current: number;
  fact: string;
  suite: string | undefined;
  dictionary: string;
  onPick: (option: FieldOption) => void;
}) {
  const t = useT(factToolStrings);
  const tp = useT(panelStrings);
  const names = useMemo(() => dictionaryNames(dictionary), [dictionary]);
  const fromSuite = useMemo(() => suiteKinds(suite), [suite]);
  const kinds = useMemo(() => fieldKinds(fact, fromSuite), [fact, fromSuite]);
  const title =
    ctx.path.length === 0
      ? t.complete.listTop
      : format(t.complete.listAt, { path: revealInline(ctx.path.join('.')) });
  return (
    <ul
      id={id}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the listbox of the fact box's completion (aria-activedescendant; focus stays in the text area)
      role="listbox"
      aria-label={title}
      className="fact-options"
      data-testid="fact-options"
    >
      {options.map((option, i) => {
        const name = names.get(option.path);
        const label = [name?.zh, name?.en].filter((n) => n !== undefined && n !== '').join(' · ');
        const kind = kinds.get(option.path);
        const detail = [
          option.path,
          option.leaf
            ? kind
              ? tp.evaluate.types[kind]
              : t.complete.readByRules
            : format(t.complete.holds, { n: option.inside }),
          label,
        ].filter((d) => d !== '');
        return (
          <li
            key={option.segment}
            id={`${id}-${i}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the fact box's listbox (aria-activedescendant; focus stays in the text area)
            role="option"
            aria-selected={i === current}
            tabIndex={-1}
            className={i === current ? 'active' : undefined}
            onMouseDown={(e) => {
              e.preventDefault();
              onPick(option);
            }}
            data-segment={option.segment}
          >
            <span className="mono">
              <VisibleText text={option.segment} />
            </span>{' '}
            <span className="muted">
              <VisibleText text={detail.join(' — ')} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
