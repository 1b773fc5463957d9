import { useEffect } from 'react';

/**
 * Says the page answers now (`<html data-ready>`): its root has hydrated or
 * rendered, so a click or a key press is handled (React replays one that
 * reaches a section still hydrating), not lost. Rendered by the server as
 * well, so both trees have the same shape and React's ids match.
 */
export function Ready() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return null;
}
