import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import './structure.css';

/**
 * A menu or a small form opened from a button in the grid (a column header, the table title),
 * drawn over the page next to it. It lives outside the grid's table (a portal), so the grid's keys
 * and drag and drop never see what is typed in it: its events stop here. Escape closes it, and so
 * does a click outside; the caller puts the focus back on the button.
 */
export function Popover({
  anchor,
  label,
  role,
  onClose,
  children,
  testId,
  className,
}: {
  readonly anchor: RefObject<HTMLElement | null>;
  readonly label: string;
  /** 'dialog' wraps the content in a dialog; for a menu or an alert dialog the content has the role. */
  readonly role: 'menu' | 'dialog' | 'alertdialog';
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly testId?: string;
  /** A class added to the popover's own (`structure-popover structure-<role>`). */
  readonly className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    const a = anchor.current?.getBoundingClientRect();
    const width = box.current?.offsetWidth ?? 0;
    if (!a) return;
    const left = Math.max(8, Math.min(a.left, window.innerWidth - width - 8));
    setAt({ top: a.bottom + 4, left });
  }, [anchor]);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const outside = (e: MouseEvent) => {
      const target = e.target as Node;
      if (box.current?.contains(target) || anchor.current?.contains(target)) return;
      close.current();
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [anchor]);
  const onKeyDown = (e: KeyboardEvent) => {
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      close.current();
    }
  };
  const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the container only keeps the grid's keys away from its menu or form
    <div
      ref={box}
      className={`structure-popover structure-${role}${className ? ` ${className}` : ''}`}
      // Placed before the browser paints (a layout effect): never seen at 0, 0.
      style={at ?? { top: 0, left: 0 }}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onCopy={stop}
      onPaste={stop}
      onCut={stop}
      onDragStart={stop}
      onDrop={stop}
      onMouseDown={stop}
      onClick={stop}
      onDoubleClick={stop}
    >
      {role === 'dialog' ? (
        <div role="dialog" aria-label={label}>
          {children}
        </div>
      ) : (
        children
      )}
    </div>,
    document.body,
  );
}

/** A menu's items: every enabled menuitem, menuitemradio or menuitemcheckbox. */
const ITEMS = '[role^="menuitem"]:not([disabled])';

/**
 * A menu in a Popover, as the ARIA menu button pattern has it: it opens with an item focused (the
 * first enabled one, or the one `focus` selects), ↑ ↓ Home End move between the enabled items,
 * Tab and Escape close it. The items are the children (buttons with a menuitem role).
 */
export function PopoverMenu({
  anchor,
  label,
  onClose,
  children,
  testId,
  className,
  focus = ITEMS,
}: {
  readonly anchor: RefObject<HTMLElement | null>;
  readonly label: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly testId?: string;
  readonly className?: string;
  /** The selector of the item focused when the menu opens. */
  readonly focus?: string;
}) {
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>(focus)?.focus();
  }, [focus]);
  const onKeyDown = (e: KeyboardEvent) => {
    const all = [...(menu.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    const at = all.indexOf(document.activeElement as HTMLElement);
    const go = (k: number) => all[(k + all.length) % all.length]?.focus();
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(-1);
    else if (e.key === 'Tab') onClose();
    else return;
    e.preventDefault();
  };
  return (
    <Popover anchor={anchor} label={label} role="menu" onClose={onClose} className={className}>
      <div ref={menu} role="menu" aria-label={label} data-testid={testId} onKeyDown={onKeyDown}>
        {children}
      </div>
    </Popover>
  );
}

/**
 * What a button in a grid header that opens a menu needs besides its label: ↓ opens the menu too,
 * and the grid never sees the button's keys, its mouse-down or a drag from it.
 */
export function menuButtonProps(open: () => void) {
  return {
    'aria-haspopup': 'menu' as const,
    draggable: false,
    onDragStart: (e: { preventDefault: () => void }) => e.preventDefault(),
    onMouseDown: (e: { stopPropagation: () => void }) => e.stopPropagation(),
    onKeyDown: (e: KeyboardEvent) => {
      e.stopPropagation();
      if (e.key === 'ArrowDown') {
        e.preventDefault();
        open();
      }
    },
  };
}
