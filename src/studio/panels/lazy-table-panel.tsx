import { lazy } from 'react';

/**
 * The Table panel (the decision-table grid and the table-edit kernel code it runs), loaded when a
 * document is first shown as tables — by the panel tab or the table view.
 */
export const LazyTablePanel = lazy(() =>
  import('./TablePanel').then((m) => ({ default: m.TablePanel })),
);
