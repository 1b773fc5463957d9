import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { DEFAULT_TOAST_MS } from '../domain/constants';
import { toastLibrary } from './toast';

/**
 * Where the toasts show: nothing until the first toast is raised, then
 * sonner's toaster (loaded on demand). A failed load leaves nothing here and
 * is tried again with the next toast.
 */
export function Toaster() {
  const attempts = useSyncExternalStore(toastLibrary.onRequested, toastLibrary.attempts, () => 0);
  const [SonnerToaster, setSonnerToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    if (attempts === 0 || SonnerToaster) return;
    let current = true;
    toastLibrary.load().then(
      (sonner) => current && setSonnerToaster(() => sonner.Toaster),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [attempts, SonnerToaster]);
  return SonnerToaster ? <SonnerToaster position="top-center" duration={DEFAULT_TOAST_MS} closeButton /> : null;
}
