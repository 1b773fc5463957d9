import { toast } from 'sonner';
import { SPEC_TOAST_MS } from '../domain/constants';

/** The spec's toasts ('Added to Cart', 'Added to Favorites'...): top-centre, closed after 2000 ms unless the spec gives another time. */
export function notify(message: string, duration = SPEC_TOAST_MS): void {
  toast(message, { duration });
}

export const REQUEST_FAILED = 'Something went wrong. Please try again.';

/**
 * A request that failed: said briefly, closed after the default 5000 ms, so
 * the shopper can retry. There is one failure toast at a time: a burst of
 * failures (a page's calls, a change's retries) updates it rather than
 * stacking, and the latest, most precise message wins.
 */
export function notifyFailure(message = REQUEST_FAILED): void {
  toast.error(message, { id: 'request-failed' });
}
