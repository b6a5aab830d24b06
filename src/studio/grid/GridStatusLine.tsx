import { VisibleText } from '../shell/VisibleText';
import type { GridStatus } from './use-grid-edits';

/** The grid's status line (polite live region): what an edit did or why it was refused. */
export function GridStatusLine({ status }: { readonly status: GridStatus | null }) {
  return (
    <div role="status" aria-live="polite" className="grid-status" data-testid="grid-status">
      {status && (
        <>
          <span>
            <VisibleText text={status.text} multiline />
          </span>
          {status.details.length > 0 && (
            <ul>
              {status.details.map((d) => (
                <li key={d}>
                  <VisibleText text={d} multiline />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
