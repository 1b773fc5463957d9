import { Suspense, lazy, useSyncExternalStore } from 'react';
import { DEFAULT_TOAST_MS } from '../domain/constants';
import { toastLibrary } from './toast';

const SonnerToaster = lazy(async () => ({ default: (await toastLibrary.load()).Toaster }));

/** Where the toasts show: nothing until the first toast is raised, then sonner's toaster (loaded on demand). */
export function Toaster() {
  const requested = useSyncExternalStore(toastLibrary.onRequested, toastLibrary.requested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" duration={DEFAULT_TOAST_MS} closeButton />
    </Suspense>
  );
}
