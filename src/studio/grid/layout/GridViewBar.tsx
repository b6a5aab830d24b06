import './layout.css';
import { format, useT } from '../../i18n/i18n';
import type { RowFilter } from './row-filter';
import { layoutStrings } from './strings';

/**
 * Under the toolbar, sticky with it: the row search (Esc clears it), how many rows it shows, and
 * "Fit columns".
 */
export function GridViewBar({
  gridId,
  query,
  onQuery,
  filter,
  onFit,
}: {
  readonly gridId: string;
  readonly query: string;
  readonly onQuery: (query: string) => void;
  readonly filter: RowFilter | null;
  readonly onFit: () => void;
}) {
  const t = useT(layoutStrings);
  return (
    <div className="grid-viewbar">
      <search className="grid-search">
        <input
          type="search"
          className="grid-search-input"
          aria-label={t.search}
          aria-controls={gridId}
          aria-describedby={`${gridId}-search-hint`}
          placeholder={t.searchPlaceholder}
          title={t.searchHint}
          value={query}
          spellCheck={false}
          onChange={(e) => onQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && query !== '') {
              e.preventDefault();
              e.stopPropagation();
              onQuery('');
            }
          }}
        />
        <span id={`${gridId}-search-hint`} className="sr-only">
          {t.searchHint}
        </span>
        <span className="grid-search-count" aria-live="polite" data-testid="grid-search-count">
          {filter ? format(t.shown, { shown: filter.rows.length, total: filter.total }) : ''}
        </span>
        {filter && filter.rows.length === 0 && <span className="muted">{t.noMatch}</span>}
      </search>
      <button
        type="button"
        className="button small"
        title={t.fitTitle}
        onClick={onFit}
        data-testid="fit-columns"
      >
        {t.fit}
      </button>
    </div>
  );
}
