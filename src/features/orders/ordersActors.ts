import { fromPromise } from 'xstate';
import { api } from '../../api/client';
import { dataOf, orderList } from '../../api/replies';
import type { Order, OrderStatus } from '../../domain/types';

/** The order-status machine's actors: an Admin reads every order, anyone else their own. */
export const ordersActors = (reader: { admin: boolean; userId: string }) => ({
  // No abort signal: StrictMode restarts the machine, and a first read aborted on the way failed the list.
  load: fromPromise<Order[]>(async () =>
    reader.admin
      ? orderList(dataOf(await api.GET('/orders'), { failure: 'The orders could not be loaded.' }))
      : dataOf(await api.GET('/userOrders', { params: { query: { userID: reader.userId } } }), { failure: 'The orders could not be loaded.' }),
  ),
  change: fromPromise<Order, { orderId: number; status: OrderStatus }>(async ({ input }) =>
    // The server's own message names a refused move (409).
    dataOf(await api.PATCH('/orders', { body: { orderID: input.orderId, status: input.status } }), { failure: 'The order could not be changed.' }),
  ),
});
