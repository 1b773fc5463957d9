import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { checkoutMachine, type CheckoutInput } from '../../../machines/checkout.machine';
import { useSessionUser } from '../../app/session/SessionProvider';
import { checkoutActors } from '../../app/shop/checkoutActors';
import { Cart, Products } from '../../app/shop/ShopProvider';
import { paymentStore, shippingStore } from '../../app/storage/keys';
import { PayPalPayment } from './PayPalPayment';
import { PaymentStep, type PaymentStatus } from './PaymentStep';

const PAYPAL_CLIENT_ID = import.meta.env.VITE_PAYPAL_CLIENT_ID;

function Checkout({ input }: { input: CheckoutInput }) {
  const cart = Cart.useActorRef();
  const products = Products.useActorRef();
  const navigate = useNavigate();
  const checkout = useActorRef(
    checkoutMachine.provide({
      actors: checkoutActors,
      actions: {
        persistPayment: (_, payment) => paymentStore.write(payment),
        orderPlaced: () => {
          shippingStore.write(null);
          // The server emptied its cart with the order: the local one follows, and the list shows the new stock.
          cart.send({ type: 'CLEAR' });
          products.send({ type: 'REFRESH' });
        },
      },
    }),
    { input },
  );
  const state = useSelector(checkout, (s) => s);
  useEffect(() => {
    if (state.matches('home')) navigate('/home');
  }, [state, navigate]);

  if (state.matches('noAddress')) return <Navigate to="/cart" replace />;
  if (state.matches('home')) return null;
  const status: PaymentStatus = state.hasTag('loading')
    ? 'loading'
    : state.matches({ payment: 'loadFailed' })
      ? 'loadFailed'
      : state.hasTag('paying')
        ? 'paying'
        : state.matches('approved')
          ? 'approved'
          : state.matches('error')
            ? 'error'
            : 'choosing';
  return (
    <PaymentStep
      status={status}
      cart={state.context.cart}
      refusal={state.context.error}
      paypal={PAYPAL_CLIENT_ID ? <PayPalPayment clientId={PAYPAL_CLIENT_ID} checkout={checkout} paying={status === 'paying'} /> : null}
      onPay={() => checkout.send({ type: 'PAY' })}
      onRetry={() => checkout.send({ type: 'RETRY' })}
    />
  );
}

/** /payment: the payment step of checkout, for the signed-in shopper with a shipping address from the cart. */
export default function PaymentPage() {
  const user = useSessionUser();
  if (!user) return <Navigate to="/cart" replace />;
  return <Checkout input={{ userId: user.id, address: shippingStore.read(), payment: paymentStore.read() }} />;
}
