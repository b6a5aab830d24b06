import { type RefObject, useEffect, useRef } from 'react';

/**
 * A `<dialog>` shown modal while its component is mounted (focus trapped, Escape cancels) and
 * closed when it unmounts: attach the returned ref to the dialog element.
 */
export function useModalDialog(): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      if (element?.open) element.close();
    };
  }, []);
  return dialog;
}
