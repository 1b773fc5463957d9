import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '~/src/ui/ConfirmDialog/ConfirmDialog';

/**
 * Asks before a page with unsaved changes is left: another route of the app
 * waits for the confirm dialog; a reload or a closed tab gets the browser's
 * own question. `unsaved` is read when the person leaves, so a save that
 * just finished lets them go.
 */
export function LeaveGuard({ unsaved, dirty }: { unsaved(): boolean; dirty: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && unsaved());

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      message="The changes you made to this product will be lost."
      confirmLabel="Leave page"
      dismissLabel="Stay on page"
      onConfirm={() => blocker.proceed?.()}
      onDismiss={() => blocker.reset?.()}
    />
  );
}
