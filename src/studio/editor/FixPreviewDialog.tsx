/**
 * A quick fix is a proposal, like a reviewer's suggestion: this modal shows its title and a diff
 * of the document before and after, and only Apply changes the text (as one undo step). The fix
 * is checked against the current analysis first, so a fix computed for an older text is refused.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { applyTextEdits } from '../../kernel/util/text-edit';
import { format, useT } from '../i18n/i18n';
import { useModalDialog } from '../shell/use-modal-dialog';
import { VisibleText } from '../shell/VisibleText';
import { studioStore, useStudio } from '../store';
import type { FixProposal } from '../store/ui-slice';
import type { EditorHost } from './editor-host';
import { editorStrings } from './strings';
import { sameEdits } from './text-edits';

type Preview =
  | { readonly kind: 'ready'; readonly original: string; readonly modified: string }
  | { readonly kind: 'stale' }
  | { readonly kind: 'invalid' };

/** Kernel diagnostic codes (`ERDL-E207`); other proposals (a form conversion) carry their own. */
const DIAGNOSTIC_CODE = /^ERDL-[EWI]\d+$/;

/**
 * The proposal's result on the current text, or why it cannot be applied. A diagnostic's fix must
 * still be offered by the analysis of exactly the current text (its offsets refer to that text).
 */
function previewOf(proposal: FixProposal, host: EditorHost): Preview {
  const original = host.currentText(proposal.docId);
  if (original === null) return { kind: 'stale' };
  if (DIAGNOSTIC_CODE.test(proposal.code)) {
    const entry = studioStore.getState().analyses[proposal.docId];
    const offered =
      entry?.text === original &&
      entry.analysis.diagnostics.some(
        (d) => d.code === proposal.code && d.fix && sameEdits(d.fix.edits, proposal.fix.edits),
      );
    if (!offered) return { kind: 'stale' };
  }
  const modified = applyTextEdits(original, proposal.fix.edits);
  return modified === null ? { kind: 'invalid' } : { kind: 'ready', original, modified };
}

/** Each proposal object gets its own dialog instance (a new proposal recomputes its preview). */
const proposalKeys = new WeakMap<FixProposal, number>();
let nextProposalKey = 0;

export function FixPreviewDialog({ host }: { readonly host: EditorHost }) {
  const proposal = useStudio((s) => s.fixProposal);
  if (!proposal) return null;
  let key = proposalKeys.get(proposal);
  if (key === undefined) {
    key = ++nextProposalKey;
    proposalKeys.set(proposal, key);
  }
  return <FixPreview key={key} proposal={proposal} host={host} />;
}

function FixPreview({
  proposal,
  host,
}: {
  readonly proposal: FixProposal;
  readonly host: EditorHost;
}) {
  const t = useT(editorStrings);
  const lang = useStudio((s) => s.lang);
  const titleId = useId();
  const dialog = useModalDialog();
  const diff = useRef<HTMLElement>(null);
  const [preview, setPreview] = useState<Preview>(() => previewOf(proposal, host));

  useEffect(() => {
    if (preview.kind !== 'ready' || !diff.current) return;
    return host.mountDiff(diff.current, preview.original, preview.modified, {
      original: t.fix.originalLabel,
      modified: t.fix.modifiedLabel,
    });
  }, [host, preview, t]);

  const close = () => {
    // Closed before the editor takes focus: closing a modal moves focus to what had it before.
    dialog.current?.close();
    studioStore.getState().proposeFix(null);
    host.focus();
  };

  const apply = () => {
    // Re-checked at the moment of applying: the text may have changed while the dialog was open.
    const now = previewOf(proposal, host);
    if (
      now.kind !== 'ready' ||
      now.original !== (preview.kind === 'ready' ? preview.original : null)
    ) {
      setPreview(now.kind === 'ready' ? { kind: 'stale' } : now);
      return;
    }
    if (!host.apply(proposal.docId, proposal.fix.edits)) {
      setPreview({ kind: 'invalid' });
      return;
    }
    close();
  };

  // Tab and Shift+Tab cycle inside the dialog.
  const trapFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [
      ...dialog.current.querySelectorAll<HTMLElement>(
        'button:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((el) => el.offsetParent !== null || el === document.activeElement);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onKeyDown={trapFocus}
      style={{ width: 'min(960px, 92vw)', padding: 16, border: '1px solid #888', borderRadius: 6 }}
    >
      <h2 id={titleId} style={{ fontSize: 16, marginTop: 0 }}>
        <VisibleText
          text={
            proposal.summary
              ? proposal.fix.title[lang]
              : format(t.fix.dialogTitleWith, { title: proposal.fix.title[lang] })
          }
        />
      </h2>
      <p style={{ margin: '0 0 8px' }} data-testid="fix-summary">
        <VisibleText
          text={
            proposal.summary ? proposal.summary[lang] : format(t.fix.code, { code: proposal.code })
          }
          multiline
        />
      </p>
      {preview.kind === 'ready' ? (
        <figure
          ref={diff}
          aria-label={t.fix.diffLabel}
          data-testid="fix-diff"
          style={{ height: 320, border: '1px solid #ccc', margin: 0 }}
        />
      ) : (
        <p role="alert">{preview.kind === 'stale' ? t.fix.stale : t.fix.invalid}</p>
      )}
      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 12 }}>
        <button type="button" onClick={close}>
          {t.fix.cancel}
        </button>
        {/* biome-ignore lint/a11y/noAutofocus: a modal's primary action takes focus when it opens */}
        <button type="button" onClick={apply} disabled={preview.kind !== 'ready'} autoFocus>
          {t.fix.apply}
        </button>
      </div>
    </dialog>
  );
}
