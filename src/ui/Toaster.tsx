import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { toastLibrary } from './toast';

/**
 * Where the toasts show: nothing until the first toast is raised, then the
 * shop's toaster (loaded on demand with sonner). A failed load leaves nothing
 * here and is tried again with the next toast.
 */
export function Toaster() {
  const attempts = useSyncExternalStore(toastLibrary.onRequested, toastLibrary.attempts, () => 0);
  const [ShopToaster, setShopToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (attempts === 0 || ShopToaster) return;
    let current = true;
    toastLibrary.load().then(
      (library) => current && setShopToaster(() => library.ShopToaster),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [attempts, ShopToaster]);
  return ShopToaster ? <ShopToaster /> : null;
}
