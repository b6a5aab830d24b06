import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { revealInline } from '../../kernel/util/visible-text';
import { format, useT } from '../i18n/i18n';
import { countBySeverity } from '../shell/use-analysis';
import { VisibleText } from '../shell/VisibleText';
import { signing, useSigning } from '../signing/signing-instance';
import { useStudio } from '../store';
import { workspaceStrings } from './strings';

/** The verdict code (and the kernel hashing it uses) loads only for documents opened signed. */
const VerificationBadge = lazy(() =>
  import('../signing/VerificationBadge').then((m) => ({ default: m.VerificationBadge })),
);

interface DocumentItemProps {
  readonly id: string;
  readonly name: string;
  readonly active: boolean;
  readonly onDelete: (id: string) => void;
}

/** One document in the list: select, rename inline (F2 / double-click), delete after confirming. */
export function DocumentItem({ id, name, active, onDelete }: DocumentItemProps) {
  const doc = { id, name };
  const t = useT(workspaceStrings);
  const errors = useStudio((s) => countBySeverity(s.analyses[doc.id]?.analysis).error);
  // The count is of the text last analysed: when the document's text has moved on (typing, an
  // import, a grid edit) the badge says so at once, until the analysis of the new text arrives.
  const current = useStudio((s) => s.analyses[doc.id]?.text === s.documents[doc.id]?.text);
  const signed = useSigning((s) => s.verifications[doc.id] !== undefined);
  // Signatures attached before a reload come back from the key store (issue #37).
  useEffect(() => {
    void signing.ensureLoaded();
  }, []);
  const setActive = useStudio((s) => s.setActive);
  const renameDocument = useStudio((s) => s.renameDocument);
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const selectRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const finishRename = (value: string | null) => {
    if (value !== null) renameDocument(doc.id, value);
    setRenaming(false);
    // Back to the item, so the keyboard user stays where they were.
    requestAnimationFrame(() => selectRef.current?.focus());
  };

  const onSelectKey = (event: KeyboardEvent) => {
    if (event.key === 'F2') {
      event.preventDefault();
      setRenaming(true);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      setConfirming(true);
    }
  };

  return (
    <li className={`document-item${active ? ' active' : ''}`}>
      {renaming ? (
        <input
          className="document-rename"
          aria-label={format(t.renameLabel, { name: revealInline(doc.name) })}
          defaultValue={doc.name}
          // biome-ignore lint/a11y/noAutofocus: the field appears because the user asked to rename.
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') finishRename(event.currentTarget.value);
            else if (event.key === 'Escape') finishRename(null);
          }}
          onBlur={(event) => finishRename(event.currentTarget.value)}
        />
      ) : (
        <button
          ref={selectRef}
          type="button"
          className="document-select"
          aria-current={active ? 'true' : undefined}
          title={t.renameHint}
          onClick={() => setActive(doc.id)}
          onDoubleClick={() => setRenaming(true)}
          onKeyDown={onSelectKey}
        >
          <span className="document-name">
            <VisibleText text={doc.name} />
          </span>
          {signed && (
            <Suspense fallback={null}>
              <VerificationBadge docId={doc.id} />
            </Suspense>
          )}
          {errors > 0 && (
            <span
              className={`error-badge${current ? '' : ' earlier'}`}
              data-testid="error-badge"
              data-current={current}
              title={current ? undefined : format(t.errorsEarlier, { n: errors })}
            >
              <span aria-hidden="true">{errors}</span>
              <span className="visually-hidden">
                {format(current ? t.errors : t.errorsEarlier, { n: errors })}
              </span>
            </span>
          )}
        </button>
      )}
      {!renaming && (
        <span className="document-tools">
          <button
            type="button"
            className="icon-button"
            aria-label={`${t.rename} ${revealInline(doc.name)}`}
            title={t.rename}
            onClick={() => setRenaming(true)}
          >
            ✎
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={format(t.delete, { name: revealInline(doc.name) })}
            title={format(t.delete, { name: revealInline(doc.name) })}
            onClick={() => setConfirming(true)}
          >
            ×
          </button>
        </span>
      )}
      {confirming && (
        <div
          className="confirm-delete"
          role="alertdialog"
          aria-label={format(t.confirmDelete, { name: revealInline(doc.name) })}
        >
          <span>
            <VisibleText text={format(t.confirmDelete, { name: doc.name })} />
          </span>
          <button
            ref={confirmRef}
            type="button"
            className="button small"
            onClick={() => {
              setConfirming(false);
              onDelete(id);
            }}
          >
            {t.confirmDeleteYes}
          </button>
          <button
            type="button"
            className="button small"
            onClick={() => {
              setConfirming(false);
              selectRef.current?.focus();
            }}
            onKeyDown={(event) => event.key === 'Escape' && setConfirming(false)}
          >
            {t.cancel}
          </button>
        </div>
      )}
    </li>
  );
}
