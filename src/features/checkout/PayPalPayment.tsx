import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import type { ActorRefFrom } from 'xstate';
import { waitFor } from 'xstate';
import type { checkoutMachine } from '~/machines/checkout.machine';

/**
 * PayPal's buttons, their script loaded only here: createOrder starts (or
 * reuses) the checkout's server payment and hands PayPal its id; approving,
 * cancelling or a PayPal failure go back to the machine, which makes the order.
 */
export function PayPalPayment({
  clientId,
  checkout,
  paying,
}: {
  clientId: string;
  checkout: ActorRefFrom<typeof checkoutMachine>;
  paying: boolean;
}) {
  const createOrder = async () => {
    checkout.send({ type: 'PAY' });
    const snapshot = await waitFor(checkout, (s) => s.matches({ payment: 'approving' }) || s.matches('error'));
    if (!snapshot.context.payment || snapshot.matches('error')) throw new Error('The payment could not be started.');
    return snapshot.context.payment.id;
  };
  return (
    <PayPalScriptProvider options={{ clientId, currency: 'USD', intent: 'capture' }}>
      <PayPalButtons
        disabled={paying}
        style={{ layout: 'vertical' }}
        createOrder={createOrder}
        onApprove={async () => void checkout.send({ type: 'APPROVED' })}
        onCancel={() => checkout.send({ type: 'CANCELLED' })}
        onError={() => checkout.send({ type: 'FAILED' })}
      />
    </PayPalScriptProvider>
  );
}
