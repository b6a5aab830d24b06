import type { ReactNode } from 'react';

/**
 * A box of results about the texts of a run: when they are no longer the texts shown, it is
 * marked (`data-current="false"`, the stale style) and says so first (`<testId>-stale`, or
 * `impact-stale` for the outcome, the name the journeys read).
 */
export function AboutText(props: {
  testId: 'impact-outcome' | 'impact-traces';
  className?: string;
  current: boolean;
  staleNote: string;
  children: ReactNode;
}) {
  const { testId, current } = props;
  const classes = [props.className, current ? '' : 'impact-stale'].filter(Boolean).join(' ');
  return (
    <div data-testid={testId} data-current={current} className={classes}>
      {!current && (
        <p
          role="status"
          className="impact-error"
          data-testid={testId === 'impact-outcome' ? 'impact-stale' : 'impact-traces-stale'}
        >
          {props.staleNote}
        </p>
      )}
      {props.children}
    </div>
  );
}
