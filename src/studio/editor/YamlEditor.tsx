/**
 * The YAML editor panel. Monaco is loaded lazily (its chunk is not in the initial JS); a labelled
 * status shows meanwhile, and a failed load says why and offers a retry — the document itself is
 * safe in the store either way.
 */
import { useEffect, useRef, useState } from 'react';
import { format, useT } from '../i18n/i18n';
import { studioStore, useStudio } from '../store';
import type { EditorHost } from './editor-host';
import { FixPreviewDialog } from './FixPreviewDialog';
import { loadEditorSession, monacoUiLang } from './monaco-locale';
import { editorStrings } from './strings';

type LoadState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly host: EditorHost }
  | { readonly status: 'failed'; readonly detail: string };

export function YamlEditor() {
  const [attempt, setAttempt] = useState(0);
  // A retry mounts a fresh loader (the failed import is attempted again).
  return <EditorLoader key={attempt} retry={() => setAttempt((n) => n + 1)} />;
}

function EditorLoader({ retry }: { readonly retry: () => void }) {
  const t = useT(editorStrings);
  const hasDocument = useStudio((s) => s.activeId !== null);
  const lang = useStudio((s) => s.lang);
  const container = useRef<HTMLDivElement>(null);
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    let host: EditorHost | null = null;
    loadEditorSession(studioStore.getState().lang)
      .then(({ mountEditor }) => mountEditor(element, studioStore))
      .then((mounted) => {
        if (cancelled) mounted.dispose();
        else {
          host = mounted;
          setLoad({ status: 'ready', host: mounted });
        }
      })
      .catch((e: unknown) => {
        if (!cancelled)
          setLoad({ status: 'failed', detail: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      cancelled = true;
      host?.dispose();
    };
  }, []);

  return (
    <section
      aria-label={t.editorLabel}
      style={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        // The host's height, no more: a minimum here would overflow a smaller host and draw the
        // editor under the Problems list (the host's own minimum is in styles.css).
        height: '100%',
      }}
    >
      {load.status === 'loading' && (
        <div role="status" aria-live="polite" style={{ padding: 8 }}>
          {t.loading}
        </div>
      )}
      {load.status === 'failed' && (
        <div role="alert" style={{ padding: 8 }}>
          {format(t.loadFailed, { detail: load.detail })}{' '}
          <button type="button" onClick={retry}>
            {t.retry}
          </button>
        </div>
      )}
      {load.status === 'ready' && monacoUiLang() !== lang && (
        <p
          role="note"
          data-testid="monaco-lang-note"
          style={{
            margin: 0,
            padding: '4px 8px',
            fontSize: 12,
            background: '#fff8e1',
            borderBottom: '1px solid #e0d4a8',
          }}
        >
          {t.monacoLangNote}
        </p>
      )}
      {load.status === 'ready' && !hasDocument && <p style={{ padding: 8 }}>{t.noDocument}</p>}
      <div
        ref={container}
        data-testid="yaml-editor"
        style={{
          flex: 1,
          minHeight: 0,
          visibility: load.status === 'ready' && hasDocument ? 'visible' : 'hidden',
        }}
      />
      {load.status === 'ready' && <FixPreviewDialog host={load.host} />}
    </section>
  );
}
