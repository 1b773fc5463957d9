import { toast } from 'sonner';
import { SPEC_TOAST_MS } from '../domain/constants';

/** The spec's toasts ('Added to Cart', 'Added to Favorites'...): top-centre, closed after 2000 ms. */
export function notify(message: string): void {
  toast(message, { duration: SPEC_TOAST_MS });
}

/** A request that failed: said briefly, closed after the default 5000 ms, so the shopper can retry. */
export function notifyFailure(message = 'Something went wrong. Please try again.'): void {
  toast.error(message);
}
