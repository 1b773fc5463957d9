import { fromPromise } from 'xstate';
import { CheckoutRefused, type Payment } from '../../../machines/checkout.machine';
import { api, errorMessage, isServerFailure } from '../../api/client';
import { formatOrderAddress, type ShippingAddress } from '../../domain/address';
import type { Cart } from '../../domain/types';

/** The answer's data; a 4xx throws the server's refusal for the shopper to read, anything else a failure. */
function must<T>({ data, error, response }: { data?: T; error?: unknown; response: Response }): T {
  if (data !== undefined) return data;
  const message = errorMessage(error) ?? 'The request failed.';
  throw isServerFailure(response.status) ? new Error(message) : new CheckoutRefused(message);
}

/** The checkout machine's calls to the server: the cart to show, then the payment and the order made from it. */
export const checkoutActors = {
  loadCart: fromPromise<Cart, { userId: string }>(async ({ input }) => must(await api.GET('/cart/{userId}', { params: { path: { userId: input.userId } } }))),
  createPayment: fromPromise<Payment, { userId: string }>(async ({ input }) => {
    const { id, provider, amount } = must(await api.POST('/payments', { body: { userID: input.userId } }));
    return { id, provider, amount };
  }),
  createOrder: fromPromise<unknown, { userId: string; address: ShippingAddress; paymentId: string }>(async ({ input }) =>
    must(await api.POST('/orders', { body: { status: 'open', userID: input.userId, address: formatOrderAddress(input.address), paymentId: input.paymentId } })),
  ),
};
