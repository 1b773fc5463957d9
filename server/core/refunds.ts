import type { PaymentProvider, PaymentStatus, Store } from './ports';

/** How often the refunds still owed are asked of the provider again, unless REFUND_RETRY_SECONDS says otherwise. */
export const DEFAULT_REFUND_RETRY_SECONDS = 60;

/**
 * How long a claimed refund attempt is left to whoever claimed it before
 * another caller may make it again: longer than the slowest attempt
 * (PayPal's calls give up after 10 s, four to a refund).
 */
export const REFUND_ATTEMPT_LEASE_MS = 60_000;

/**
 * How long a payment may stay captured with no order before its shopper is
 * taken not to come back (after a crash between the capture and the order,
 * only their repeated call makes it) and its refund is owed: far longer than
 * any checkout call. A payment left created as long since it was created, or
 * since its last capture began, is asked about of the provider: its
 * capture's answer may have been lost.
 */
export const STALE_CAPTURE_MS = 15 * 60_000;

/**
 * How long a shopper's or an Admin's answer waits for the refund it owed:
 * PayPal may take 40 s to fail (four calls of 10 s), and the app gives up on
 * a call after REQUEST_TIMEOUT_MS (15 s), then shows a failure for a change
 * that was made. Past this, the attempt goes on without the answer.
 */
export const REFUND_WAIT_MS = 5_000;

interface Refunds {
  store: Store;
  payments: PaymentProvider;
}

/** Whether a provider's failure may pass if asked again later; only a failure saying otherwise (`retryable: false`) may not. */
const mayPass = (error: unknown) => (error as { retryable?: boolean }).retryable !== false;

/**
 * Failures that may pass, one after another, that end a round: the provider
 * is likely down, and the rest wait for the next round. One payment the
 * provider keeps failing on (a 5xx for that order alone) is passed over, so
 * it never holds back the payments after it.
 */
export const FAILURES_ENDING_A_ROUND = 3;

/** Counts a round's failures that may pass one after another: `failed` says whether the round ends, `passed` starts the count again. */
function failuresInARow() {
  let inARow = 0;
  return { failed: () => ++inARow >= FAILURES_ENDING_A_ROUND, passed: () => void (inARow = 0) };
}

/** What asking the provider for a refund owed came to: made, or left owed, and then whether asking again soon may succeed. */
type Attempt = 'refunded' | 'retry' | 'stuck';

/**
 * Asks the provider for a refund owed; only its confirmation records the
 * payment refunded. Any failure, the record's included, leaves the refund
 * owed: asked again, the provider finds it made (its request id is the
 * payment's) and the record follows.
 */
export async function attemptRefund({ store, payments }: Refunds, paymentId: string): Promise<Attempt> {
  try {
    await payments.refund(paymentId);
  } catch (error) {
    return mayPass(error) ? 'retry' : 'stuck';
  }
  try {
    await store.setPaymentStatus(paymentId, 'refunded', 'refunding');
  } catch {
    return 'retry';
  }
  return 'refunded';
}

/**
 * Gives the money back once: the refund is recorded as owed before the
 * provider is asked, so no replay and no second caller refunds again, and
 * the payment never becomes an order. Answers whether this caller moved it
 * from `from`; a provider that fails leaves the refund owed, for
 * `retryOwedRefunds` to make.
 */
export async function refundPayment(refunds: Refunds, paymentId: string, from: PaymentStatus, now: Date): Promise<boolean> {
  if (!(await refunds.store.oweRefund(paymentId, from, now.toISOString()))) return false;
  await attemptRefundWithin(refunds, paymentId, REFUND_WAIT_MS);
  return true;
}

/** Asks for a refund owed and waits for it at most `ms`; an attempt still running goes on (it never rejects, and is claimed either way). */
export async function attemptRefundWithin(refunds: Refunds, paymentId: string, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((done) => (timer = setTimeout(done, ms)));
  await Promise.race([attemptRefund(refunds, paymentId), waited]);
  clearTimeout(timer);
}

/**
 * Settles the payments left created with no capture begun since
 * `staleBefore` (their shopper gone, or their capture's answer lost), asking
 * the provider about each: one it captured is owed its refund, for the round
 * to make (a created payment has no order, and this one is stale); one it
 * holds no capture of failed. A provider that cannot tell leaves the payment
 * as it is; FAILURES_ENDING_A_ROUND failures that may pass in a row end the
 * lookups. Each move is made in one step from created with no capture
 * begun since, so a shopper's call that settled the payment, or began its
 * capture, meanwhile wins.
 */
async function settleStaleCreated({ store, payments }: Refunds, staleBefore: string, goOn: () => boolean): Promise<void> {
  const failures = failuresInARow();
  for (const id of await store.staleCreatedPayments(payments.name, staleBefore)) {
    if (!goOn()) return;
    let captured: boolean;
    try {
      captured = await payments.wasCaptured(id);
    } catch (error) {
      if (!mayPass(error)) failures.passed();
      else if (failures.failed()) return;
      continue;
    }
    failures.passed();
    await store.settleStaleCreated(id, captured ? 'refunding' : 'failed', staleBefore);
  }
}

/**
 * One round over the refunds owed, first settling the payments left created
 * and owing the refunds of the captures gone stale (STALE_CAPTURE_MS), then
 * making the refunds owed, the longest waiting first, each attempt
 * claimed before the provider is asked. The round ends when none is left to
 * claim or after FAILURES_ENDING_A_ROUND failures that may pass in a row; a
 * refund that failed, or that the provider can never make, keeps its claim
 * till the lease ends, so it does not hold back the others.
 * `goOn` is asked before each claim: a closing server stops between two.
 * Answers how many it refunded.
 */
export async function retryOwedRefunds(refunds: Refunds, now: () => Date, goOn: () => boolean = () => true): Promise<number> {
  const staleBefore = new Date(now().getTime() - STALE_CAPTURE_MS).toISOString();
  await settleStaleCreated(refunds, staleBefore, goOn);
  await refunds.store.oweStaleCaptures(staleBefore);
  const leaseBefore = new Date(now().getTime() - REFUND_ATTEMPT_LEASE_MS).toISOString();
  const failures = failuresInARow();
  let refunded = 0;
  let id: string | null;
  while (goOn() && (id = await refunds.store.claimOwedRefund(leaseBefore, now().toISOString())) !== null) {
    const attempt = await attemptRefund(refunds, id);
    if (attempt === 'retry') {
      if (failures.failed()) break;
      continue;
    }
    // The provider answered, refund made or not: it is up.
    failures.passed();
    if (attempt === 'refunded') refunded++;
  }
  return refunded;
}
