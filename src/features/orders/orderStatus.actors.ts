import { fromPromise } from 'xstate';
import type { OrdersRead } from '~/machines/orderStatus.machine';
import { api } from '~/src/api/client';
import { dataOf, orderPage } from '~/src/api/replies';
import { orderTableParams, type OrderTableQuery } from '~/src/domain/orderTable';
import type { Order, OrderStatus } from '~/src/domain/types';

const LOAD_FAILED = 'The orders could not be loaded.';

/** The order-status machine's actors: an Admin reads a page of every order (the query's), anyone else their own whole list. */
export const orderStatusActors = (reader: { admin: boolean; userId: string }) => ({
  // No abort signal: StrictMode restarts the machine, and a first read aborted on the way failed the list.
  load: fromPromise<OrdersRead, OrderTableQuery>(async ({ input }) => {
    if (reader.admin)
      return orderPage(dataOf(await api.GET('/orders', { params: { query: orderTableParams(input) } }), { failure: LOAD_FAILED }));
    const orders = dataOf(await api.GET('/userOrders', { params: { query: { userID: reader.userId } } }), { failure: LOAD_FAILED });
    return { items: orders, page: 1, pageCount: 1, total: orders.length };
  }),
  change: fromPromise<Order, { orderId: number; status: OrderStatus }>(async ({ input }) =>
    // The server's own message names a refused move (409).
    dataOf(await api.PATCH('/orders', { body: { orderID: input.orderId, status: input.status } }), {
      failure: 'The order could not be changed.',
    }),
  ),
});
