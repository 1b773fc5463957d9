import { SPEC_TOAST_MS } from '../domain/constants';

type ToastLibrary = typeof import('./shopToaster');

let library: Promise<ToastLibrary> | undefined;
let attempts = 0;
const loadListeners = new Set<() => void>();

/**
 * Sonner, the toasts' library, and the shop's toaster on it (shopToaster.tsx),
 * fetched with the first toast: most visits show none, so they stay out of the
 * first load. <Toaster /> mounts the toaster once it is asked for, and sonner
 * shows it the toasts raised before.
 */
export const toastLibrary = {
  load(): Promise<ToastLibrary> {
    if (!library) {
      const loading = import('./shopToaster');
      library = loading;
      attempts += 1;
      // Offline, or a tab left open across a new release: the next toast tries again.
      loading.catch(() => {
        if (library === loading) library = undefined;
      });
      loadListeners.forEach((listener) => listener());
    }
    return library;
  },
  /** How many times the library was asked for: a new attempt after a failed one is a new number. */
  attempts: () => attempts,
  onRequested(listener: () => void): () => void {
    loadListeners.add(listener);
    return () => loadListeners.delete(listener);
  },
};

/** The spec's toasts ('Added to Cart', 'Added to Favorites'...): top-centre, closed after 2000 ms unless the spec gives another time. */
export function notify(message: string, duration = SPEC_TOAST_MS): void {
  // A library that could not load shows nothing now; the next toast loads it again.
  toastLibrary.load().then(
    ({ toast }) => toast(message, { duration }),
    () => {},
  );
}

export const REQUEST_FAILED = 'Something went wrong. Please try again.';

/**
 * A request that failed: said briefly, closed after the default 5000 ms, so
 * the shopper can retry. There is one failure toast at a time: a burst of
 * failures (a page's calls, a change's retries) updates it rather than
 * stacking, and the latest, most precise message wins.
 */
export function notifyFailure(message = REQUEST_FAILED): void {
  toastLibrary.load().then(
    ({ toast }) => toast.error(message, { id: 'request-failed' }),
    () => {},
  );
}
