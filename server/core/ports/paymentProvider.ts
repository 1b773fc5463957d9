export interface CapturedMoney {
  amount: number;
  /** ISO 4217, as the provider reports it; the shop charges USD only. */
  currency: string;
}

/**
 * What a capture came to: money taken and completed; money taken but not
 * completed (PayPal holds the capture PENDING, or it has moved on since),
 * which never becomes an order and is owed back; or no money taken.
 */
export type CaptureOutcome = { kind: 'completed'; money: CapturedMoney } | { kind: 'pending' } | { kind: 'refused' };

export interface PaymentProvider {
  readonly name: 'paypal' | 'test';
  /** Creates a capture order in USD for the amount; answers the provider's id. */
  create(amount: number): Promise<string>;
  /** Captures an approved payment; answers what the capture came to, with the money actually captured once completed. */
  capture(id: string): Promise<CaptureOutcome>;
  /**
   * Gives a captured payment back, whatever its amount or currency; a repeat
   * (after a lost answer, or once refunded) refunds nothing more and resolves.
   */
  refund(id: string): Promise<void>;
  /**
   * Whether the provider holds money captured for the payment (even if since
   * given back), for one whose capture's answer never reached the shop; false
   * only when it holds no capture of it. Throws when it cannot tell.
   */
  wasCaptured(id: string): Promise<boolean>;
}
