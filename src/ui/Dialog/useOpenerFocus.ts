import { useLayoutEffect, useRef } from 'react';

/**
 * For a Radix dialog opened without its own Trigger (from a toolbar or a
 * menu): remembers what had the focus when `open` became true and gives it
 * back on close (pass the result as `onCloseAutoFocus`); when that element is
 * gone (the toolbar went with the selection), to the page's main region.
 */
export function useOpenerFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      opener.current = document.activeElement;
  }, [open]);
  return (event) => {
    const target = opener.current;
    opener.current = null;
    if (!target) return;
    event.preventDefault();
    if (target.isConnected) return target.focus();
    document.querySelector<HTMLElement>('main')?.focus();
  };
}
