/**
 * How favourites and the cart retry a change the server could not take (no answer, a 5xx): sent
 * SYNC_ATTEMPTS times in all, SYNC_RETRY_MS apart, before the shopper is told.
 */
export const SYNC_ATTEMPTS = 2;
export const SYNC_RETRY_MS = 1000;

/** The server refused the change (a 4xx, such as a product gone or too few in stock): its answer, said at once and never retried. */
export class SyncRefused extends Error {
  override name = 'SyncRefused';
}
