import { lazy, type ReactNode, Suspense } from 'react';
import { useT } from '../i18n/i18n';
import { shellStrings } from '../shell/strings';

/**
 * The Table panel (the decision-table grid and the table-edit kernel code it runs), loaded when a
 * document is first shown as tables — by the panel tab or the table view.
 */
export const LazyTablePanel = lazy(() =>
  import('./TablePanel').then((m) => ({ default: m.TablePanel })),
);

/** A panel loaded on first use: a labelled status while its chunk loads. */
export function LoadOnUse({ children }: { readonly children: ReactNode }) {
  const t = useT(shellStrings);
  return (
    <Suspense
      fallback={
        <p className="muted" role="status">
          {t.loadingPanel}
        </p>
      }
    >
      {children}
    </Suspense>
  );
}
