/**
 * A payment's state (DECISIONS.md, "Payments"): created when the shopper
 * starts paying; captured once the provider took the money; then fulfilled
 * (its order exists) or refunding (its refund is owed: recorded before the
 * provider is asked, and asked again until it confirms; a capture left
 * without its order for long, or taken but not completed, is owed one too),
 * then refunded; failed when the provider took no money: it refused the
 * capture, or, asked about a payment left created for long, holds no capture of it.
 * Refunded is final, and so is failed but for a capture under way when the
 * provider was asked, which is still recorded.
 */
export type PaymentStatus = 'created' | 'captured' | 'fulfilled' | 'refunding' | 'refunded' | 'failed';

export interface PaymentRow {
  id: string;
  userId: string;
  provider: 'paypal' | 'test';
  amount: number;
  status: PaymentStatus;
  createdAt: string;
}

/** Payments and the refunds owed on them. */
export interface PaymentStore {
  getPayment(id: string): Promise<PaymentRow | null>;
  insertPayment(payment: PaymentRow): Promise<PaymentRow>;
  /** Moves the payment from `from` to `status` in one step; answers whether it was in `from`. */
  setPaymentStatus(id: string, status: PaymentStatus, from: PaymentStatus): Promise<boolean>;
  /**
   * Moves the payment from created, or from failed (the provider, asked about
   * it by a round on a process whose clock is ahead while this capture was
   * under way, held none yet), to captured in one step, recording when (ISO);
   * answers whether it was either.
   */
  recordCapture(id: string, at: string): Promise<boolean>;
  /**
   * Records that the shop begins asking the provider, `at` (ISO), to capture
   * the payment, if it is still created; answers whether it was. The rounds
   * then leave it alone for STALE_CAPTURE_MS, so no capture under way is
   * settled under it.
   */
  startCapture(id: string, at: string): Promise<boolean>;
  /**
   * The ids of the provider's payments still created whose last capture began
   * before `staleBefore` (ISO), or, none begun, that were created before it;
   * the stalest first.
   */
  staleCreatedPayments(provider: PaymentRow['provider'], staleBefore: string): Promise<string[]>;
  /**
   * Moves a payment still created whose capture has not begun since
   * `staleBefore` (ISO), as staleCreatedPayments lists it, to failed or to
   * refunding (its first attempt not claimed yet), in one step; answers
   * whether it did. A capture begun meanwhile wins.
   */
  settleStaleCreated(id: string, status: 'failed' | 'refunding', staleBefore: string): Promise<boolean>;
  /**
   * Owes the refund of every payment captured before `capturedBefore` (ISO)
   * that has no order, each moved from captured in one step (so an order
   * made for it meanwhile wins), its first attempt not claimed yet; answers
   * their ids. A payment captured before its capture time was recorded
   * counts from its creation.
   */
  oweStaleCaptures(capturedBefore: string): Promise<string[]>;
  /**
   * Moves the payment from `from` to refunding in one step, its first refund
   * attempt claimed as begun `at` (ISO), or not claimed yet when null;
   * answers whether it was in `from`.
   */
  oweRefund(id: string, from: PaymentStatus, at: string | null): Promise<boolean>;
  /**
   * Claims one refund owed whose last attempt began before `staleBefore`
   * (ISO), the longest waiting first, stamping its next attempt as begun `at`;
   * answers its payment id, or null when none is left. One caller claims each
   * attempt, however many processes ask at once.
   */
  claimOwedRefund(staleBefore: string, at: string): Promise<string | null>;
}
