import { checkoutMachine, type CheckoutInput } from '../../../machines/checkout.machine';
import { paymentStore, shippingStore } from '../../state/storage/keys';
import { checkoutActors } from './checkoutActors';

/**
 * Checkout as the app runs it: its calls (checkoutActors), the kept
 * payment in storage, the shipping address forgotten once the order is
 * placed; `orderPlaced` is what else follows the order (the cart emptied,
 * the list's stock read again).
 */
export const checkoutLogic = ({ orderPlaced }: { orderPlaced(): void }) =>
  checkoutMachine.provide({
    actors: checkoutActors,
    actions: {
      persistPayment: (_, payment) => paymentStore.write(payment),
      orderPlaced: () => {
        shippingStore.write(null);
        orderPlaced();
      },
    },
  });

/** The signed-in shopper's checkout, from the shipping address and kept payment in storage. */
export const checkoutInput = (userId: string): CheckoutInput => ({ userId, address: shippingStore.read(), payment: paymentStore.read() });
