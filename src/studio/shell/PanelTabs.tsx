import { type KeyboardEvent, lazy, useRef } from 'react';
import { useT } from '../i18n/i18n';
import { GlossPanel } from '../panels/GlossPanel';
import { LazyTablePanel, LoadOnUse } from '../panels/lazy-panel';
import { useStudio } from '../store';
import type { PanelId } from '../store/types';
import { shellStrings } from './strings';

const PANELS: readonly PanelId[] = ['table', 'gloss', 'evaluate', 'tree', 'export'];

/**
 * The gloss panel (the one a fresh studio shows) is in the entry chunk; the others load when first
 * opened, with the kernel code they use (tests/entry-chunk.test.ts keeps it that way).
 */
const CONTENT: Record<PanelId, React.ComponentType> = {
  table: LazyTablePanel,
  gloss: GlossPanel,
  evaluate: lazy(() =>
    import('../panels/EvaluatePanel').then((m) => ({ default: m.EvaluatePanel })),
  ),
  tree: lazy(() => import('../panels/TreePanel').then((m) => ({ default: m.TreePanel }))),
  export: lazy(() => import('../panels/ExportPanel').then((m) => ({ default: m.ExportPanel }))),
};

/** The right-hand panels as an ARIA tab list (arrow keys, Home, End move between tabs). */
export function PanelTabs() {
  const t = useT(shellStrings);
  const panel = useStudio((s) => s.panel);
  const setPanel = useStudio((s) => s.setPanel);
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const index = PANELS.indexOf(panel);
    const next = {
      ArrowRight: PANELS[(index + 1) % PANELS.length],
      ArrowLeft: PANELS[(index - 1 + PANELS.length) % PANELS.length],
      Home: PANELS[0],
      End: PANELS[PANELS.length - 1],
    }[event.key];
    if (!next) return;
    event.preventDefault();
    setPanel(next);
    tabs.current[next]?.focus();
  };
  const Content = CONTENT[panel];
  return (
    <section className="panels" aria-label={t.panels}>
      <div
        role="tablist"
        aria-label={t.panels}
        className="tab-list"
        onKeyDown={onKeyDown}
        tabIndex={-1}
      >
        {PANELS.map((id) => (
          <button
            key={id}
            ref={(el) => {
              tabs.current[id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={panel === id}
            aria-controls={`panel-${id}`}
            tabIndex={panel === id ? 0 : -1}
            className="tab"
            onClick={() => setPanel(id)}
          >
            {t.panel[id]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`panel-${panel}`}
        aria-labelledby={`tab-${panel}`}
        className="tab-panel"
      >
        <LoadOnUse>
          <Content />
        </LoadOnUse>
      </div>
    </section>
  );
}
