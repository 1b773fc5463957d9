import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { CheckoutInput } from '~/machines/checkout.machine';
import { useSessionUser } from '~/src/state/session/SessionProvider';
import { checkoutInput, checkoutLogic, followOrder } from './checkout.logic';
import { Cart, Products } from '~/src/state/shop/ShopProvider';
import { ButtonLink } from '~/src/ui/Button/Button';
import { Message } from '~/src/ui/Message/Message';
import { notifyOrderPlaced } from './orderPlacedToast';
import { PayPalPayment } from './PayPalPayment';
import { PaymentStep, type PaymentStatus } from './PaymentStep';

/** The server names its PayPal app in the page when it takes PayPal payments; otherwise it takes test payments. */
const paypalClientId = () => document.querySelector<HTMLMetaElement>('meta[name="paypal-client-id"]')?.content;

function Checkout({ input }: { input: CheckoutInput }) {
  const cart = Cart.useActorRef();
  const products = Products.useActorRef();
  const navigate = useNavigate();
  const followed = followOrder(cart, products);
  const checkout = useActorRef(
    checkoutLogic({
      orderPlaced: (orderId) => {
        followed();
        notifyOrderPlaced(orderId);
      },
    }),
    { input },
  );
  const state = useSelector(checkout, (s) => s);
  const clientId = paypalClientId();
  useEffect(() => {
    if (state.matches('home')) navigate('/home');
  }, [state, navigate]);

  if (state.matches('noAddress')) return <Navigate to="/cart" replace />;
  if (state.matches('emptyCart')) {
    return (
      <Message title="Cart" text="Your cart is empty">
        <ButtonLink to="/catalogue" variant="secondary">
          Browse the catalogue
        </ButtonLink>
      </Message>
    );
  }
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
      address={state.context.address}
      refusal={state.context.error}
      paypal={clientId ? <PayPalPayment clientId={clientId} checkout={checkout} paying={status === 'paying'} /> : null}
      onPay={() => checkout.send({ type: 'PAY' })}
      onRetry={() => checkout.send({ type: 'RETRY' })}
    />
  );
}

/** /payment: the payment step of checkout, for the signed-in shopper with a shipping address from the cart. */
export default function PaymentPage() {
  const user = useSessionUser();
  if (!user) return <Navigate to="/cart" replace />;
  return <Checkout input={checkoutInput(user.id)} />;
}
