import type { ActorRefFrom } from 'xstate';
import type { cartMachine } from '~/machines/cart.machine';
import { checkoutMachine, type CheckoutInput } from '~/machines/checkout.machine';
import type { productsMachine } from '~/machines/products.machine';
import { paymentStore, shippingStore } from '~/src/state/storage/keys';
import { checkoutActors } from './checkout.actors';

/**
 * Checkout as the app runs it: its calls (checkoutActors), the kept
 * payment in storage, the shipping address forgotten once the order is
 * placed; `orderPlaced` is what else follows the order, told its id (the
 * app's is followOrder, and a toast leading to it).
 */
export const checkoutLogic = ({ orderPlaced }: { orderPlaced(orderId: number): void }) =>
  checkoutMachine.provide({
    actors: checkoutActors,
    actions: {
      persistPayment: (_, payment) => paymentStore.write(payment),
      orderPlaced: (_, orderId) => {
        shippingStore.forget();
        orderPlaced(orderId);
      },
    },
  });

/** The signed-in shopper's checkout, from the shipping address and kept payment in storage. */
export const checkoutInput = (userId: string): CheckoutInput => ({
  userId,
  address: shippingStore.read(userId),
  payment: paymentStore.read(),
});

/** What the rest of the shop does once an order is placed: the server emptied its cart with the order, so the local one follows, and the list reads the new stock. */
export const followOrder =
  (cart: Pick<ActorRefFrom<typeof cartMachine>, 'send'>, products: Pick<ActorRefFrom<typeof productsMachine>, 'send'>) => () => {
    cart.send({ type: 'CLEAR' });
    products.send({ type: 'REFRESH' });
  };
