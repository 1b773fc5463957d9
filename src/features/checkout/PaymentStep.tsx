import { useEffect, useRef, type ReactNode } from 'react';
import { CHECKOUT_FAILED } from '~/machines/checkout.machine';
import type { ShippingAddress } from '~/src/domain/address';
import type { Cart } from '~/src/domain/types';
import { Button } from '~/src/ui/Button/Button';
import { ErrorState } from '~/src/ui/ErrorState/ErrorState';
import { Spinner } from '~/src/ui/Spinner/Spinner';
import { OrderSummary } from './OrderSummary';
import * as styles from './PaymentPage.css';
import { ShipTo } from './ShipTo';

export const ORDER_APPROVED = 'Your order has been approved!';

export type PaymentStatus = 'loading' | 'loadFailed' | 'choosing' | 'paying' | 'approved' | 'error';

export interface PaymentStepProps {
  status: PaymentStatus;
  cart: Cart | null;
  /** Where the order goes (from the cart's shipping form). */
  address: ShippingAddress | null;
  /** The server's refusal to show as it is (a product that sold out meanwhile, a payment PayPal did not complete). */
  refusal: string | null;
  /** PayPal's buttons when a PayPal client id is configured; otherwise the local test payment. */
  paypal: ReactNode | null;
  onPay(): void;
  onRetry(): void;
}

/** The payment step: the provider's buttons beside where the order goes and its summary, then the outcome. */
export function PaymentStep({ status, cart, address, refusal, paypal, onPay, onRetry }: PaymentStepProps) {
  if (status === 'approved') {
    return (
      <Outcome role="status" className={styles.approved}>
        {ORDER_APPROVED}
      </Outcome>
    );
  }
  if (status === 'error') {
    return (
      <Outcome role="alert" className={styles.failed}>
        <p>{CHECKOUT_FAILED}</p>
        {refusal && <p>{refusal}</p>}
      </Outcome>
    );
  }
  return (
    <>
      <h1 className={styles.title}>CHOOSE YOUR PAYMENT METHOD</h1>
      {status === 'loading' && <Spinner label="Loading your order" />}
      {status === 'loadFailed' && <ErrorState message="Your order could not be loaded." onRetry={onRetry} />}
      {status === 'choosing' && refusal && (
        <p role="alert" className={styles.refusal}>
          {refusal}
        </p>
      )}
      {cart && (
        <div className={styles.layout}>
          <div className={styles.methods}>
            {paypal && status === 'paying' && <p role="status">Placing your order…</p>}
            {paypal ?? (
              <>
                <p className={styles.testNote}>Test payments: no money moves.</p>
                <Button onClick={onPay} disabled={status === 'paying'}>
                  {status === 'paying' ? 'Paying…' : 'Pay with test payment'}
                </Button>
              </>
            )}
          </div>
          <div className={styles.side}>
            {address && <ShipTo address={address} />}
            <OrderSummary cart={cart} />
          </div>
        </div>
      )}
    </>
  );
}

/** The checkout's outcome takes the focus the Pay button had, so it is read out and the keyboard stays on the page. */
function Outcome({ role, className, children }: { role: 'status' | 'alert'; className: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} role={role} className={className} tabIndex={-1}>
      {children}
    </div>
  );
}
