import { fromPromise } from 'xstate';
import { CheckoutRefused, type Payment, type PlacedOrder } from '~/machines/checkout.machine';
import { api } from '~/src/api/client';
import { dataOf } from '~/src/api/replies';
import { formatOrderAddress, type ShippingAddress } from '~/src/domain/address';
import type { Cart } from '~/src/domain/types';

/** A checkout call's data; the server's refusal is a CheckoutRefused, shown and never retried. */
const checkoutData = <T>(reply: Parameters<typeof dataOf<T>>[0]) => dataOf(reply, { refused: CheckoutRefused });

/** The checkout machine's calls to the server: the cart to show, then the payment and the order made from it. */
export const checkoutActors = {
  loadCart: fromPromise<Cart, { userId: string }>(async ({ input }) =>
    checkoutData(await api.GET('/cart/{userId}', { params: { path: { userId: input.userId } } })),
  ),
  createPayment: fromPromise<Payment, { userId: string }>(async ({ input }) => {
    const { id, provider, amount } = checkoutData(await api.POST('/payments', { body: { userID: input.userId } }));
    return { id, provider, amount };
  }),
  createOrder: fromPromise<PlacedOrder, { userId: string; address: ShippingAddress; paymentId: string }>(async ({ input }) => {
    const { id } = checkoutData(
      await api.POST('/orders', {
        body: { status: 'open', userID: input.userId, address: formatOrderAddress(input.address), paymentId: input.paymentId },
      }),
    );
    return { id };
  }),
};
