import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { DEFAULT_TOAST_MS } from '../domain/constants';
import { vars } from './theme/theme.css';
import { toastLibrary } from './toast';

/** Top-centre, just below the sticky navbar: on a phone a toast as wide as the screen would otherwise cover the Cart link. */
const BELOW_NAVBAR = { top: `calc(${vars.layout.navHeight} + ${vars.space.xs})` };

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
  return SonnerToaster ? (
    <SonnerToaster position="top-center" offset={BELOW_NAVBAR} mobileOffset={BELOW_NAVBAR} duration={DEFAULT_TOAST_MS} closeButton />
  ) : null;
}
