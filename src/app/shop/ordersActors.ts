import { fromPromise } from 'xstate';
import { api, errorMessage } from '../../api/client';
import type { Order, OrderStatus } from '../../domain/types';

/** The answer's data, or the server's own message (a 409 names the refused move). */
function must<T>({ data, error }: { data?: T; error?: unknown }, failure: string): T {
  if (data !== undefined) return data;
  throw new Error(errorMessage(error) ?? failure);
}

/** The order-status machine's actors: an Admin reads every order, anyone else their own. */
export const ordersActors = (reader: { admin: boolean; userId: string }) => ({
  // No abort signal: StrictMode restarts the machine, and a first read aborted on the way failed the list.
  load: fromPromise<Order[]>(async () =>
    must(
      reader.admin ? await api.GET('/orders') : await api.GET('/userOrders', { params: { query: { userID: reader.userId } } }),
      'The orders could not be loaded.',
    ),
  ),
  change: fromPromise<Order, { orderId: number; status: OrderStatus }>(async ({ input }) =>
    must(await api.PATCH('/orders', { body: { orderID: input.orderId, status: input.status } }), 'The order could not be changed.'),
  ),
});
