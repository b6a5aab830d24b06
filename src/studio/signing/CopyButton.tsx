import { useEffect, useState } from 'react';
import { format, useT } from '../i18n/i18n';
import { signingStrings } from './strings';

/**
 * Copies `text`; says "Copied", or that the clipboard refused (the text stays on screen). Its name
 * is "Copy {what}"; it shows "Copy", or `label` when it stands alone (not beside what it copies).
 */
export function CopyButton({
  text,
  what,
  label,
}: {
  readonly text: string;
  readonly what: string;
  readonly label?: string;
}) {
  const t = useT(signingStrings);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button
        type="button"
        className="button small"
        aria-label={format(t.copyLabel, { what })}
        onClick={() => void copy()}
      >
        {state === 'copied' ? t.copied : (label ?? t.copy)}
      </button>
      {state === 'failed' && (
        <span role="status" className="muted">
          {' '}
          {t.copyFailed}
        </span>
      )}
    </>
  );
}
