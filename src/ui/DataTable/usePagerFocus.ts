import { useLayoutEffect, useRef } from 'react';

/**
 * Keeps the keyboard in the pager: a focused page button that gets disabled
 * (its press reached the first or last page, or rows went away) hands the
 * focus to the other page button, or to the page size when both are
 * disabled, instead of holding it where Enter does nothing. Before paint, so
 * the focus is never seen in between.
 */
export function usePagerFocus(canPrevious: boolean, canNext: boolean) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const pageSize = useRef<HTMLSelectElement>(null);
  useLayoutEffect(() => {
    const focused = document.activeElement;
    const other = focused === next.current ? previous.current : focused === previous.current ? next.current : null;
    if (!other || !(focused as HTMLButtonElement).disabled) return;
    (other.disabled ? pageSize.current : other)?.focus();
  }, [canPrevious, canNext]);
  return { previous, next, pageSize };
}
