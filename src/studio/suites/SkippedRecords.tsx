/**
 * The records of an imported fact set that were left out of a run, every one named by its line
 * (issue #35 §2): the problems list shows the first problems only, so without this a row beyond
 * them would drop out of the results unnamed. The first names are shown at once, the rest on demand.
 */
import { format, useT } from '../i18n/i18n';
import { suiteStrings } from './strings';

/** Problems the suite panel lists; the rest are counted here. */
export const PROBLEMS_LISTED = 50;

/** Records named at once; the rest behind "Show all". */
export const NAMED_AT_ONCE = 20;

export function SkippedRecords({
  skipped,
  problems,
  listed,
}: {
  readonly skipped: readonly { readonly line: number; readonly lastLine: number }[];
  /** Problems of the run, and how many of them the list above shows. */
  readonly problems: number;
  readonly listed: number;
}) {
  const t = useT(suiteStrings).skipped;
  const name = (r: { line: number; lastLine: number }) =>
    r.lastLine > r.line
      ? format(t.lines, { line: r.line, last: r.lastLine })
      : format(t.line, { line: r.line });
  const first = skipped.slice(0, NAMED_AT_ONCE).map(name).join(t.separator);
  return (
    <>
      {problems > listed && (
        <p className="muted" data-testid="suite-more-problems">
          {format(t.moreProblems, { n: problems - listed })}
        </p>
      )}
      {skipped.length > 0 && (
        <div
          className="notice notice-warning suite-skipped"
          role="status"
          data-testid="suite-skipped"
        >
          <p data-testid="suite-skipped-lines">
            {format(t.heading, {
              n: skipped.length,
              lines: skipped.length > NAMED_AT_ONCE ? `${first}${t.etc}` : first,
            })}
          </p>
          {skipped.length > NAMED_AT_ONCE && (
            <details>
              <summary>{format(t.showAll, { n: skipped.length })}</summary>
              <p className="suite-skipped-all" data-testid="suite-skipped-all">
                {skipped.map(name).join(t.separator)}
              </p>
            </details>
          )}
        </div>
      )}
    </>
  );
}
