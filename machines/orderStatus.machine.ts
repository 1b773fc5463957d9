import { assign, fromPromise, setup } from 'xstate';
import type { Page } from '~/src/domain/catalogue';
import { askedOrders, FIRST_ORDERS_PAGE, type OrderTableQuery } from '~/src/domain/orderTable';
import { canChangeOrderStatus } from '~/src/domain/permissions';
import type { Order, OrderStatus } from '~/src/domain/types';

export interface StatusChange {
  orderId: number;
  status: OrderStatus;
}

/** A read of the list: the Admin's page of the query (clamped to the pages there are), or a shopper's whole list as its one page. */
export type OrdersRead = Page<Order>;

export type OrderStatusEvent =
  | { type: 'RETRY' }
  /** The Admin asks for another page, page size, search or status: anything but the page starts at the first. */
  | { type: 'QUERY'; asked: Partial<OrderTableQuery> }
  | { type: 'SET_STATUS'; orderId: number; status: OrderStatus }
  | { type: 'CANCEL'; orderId: number }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS' };

interface OrderStatusContext {
  /** The orders shown: the Admin's page, or a shopper's whole list. */
  orders: Order[];
  /** What the Admin's list shows, and how many orders match it. */
  query: OrderTableQuery;
  total: number;
  /** The order waiting for the Admin to confirm its cancellation. */
  confirming: number | null;
  /** Why the last change failed; the list keeps the order's old status. */
  error: string | null;
}

const notProvided = (name: string) => () => {
  throw new Error(`order-status machine: provide the "${name}" actor`);
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'The order could not be changed.');

/** The change is one the status table allows from the order's current status. */
const allowed = (orders: Order[], { orderId, status }: StatusChange) => {
  const order = orders.find((o) => o.id === orderId);
  return !!order && canChangeOrderStatus(order.status, status);
};

/**
 * The orders list and an Admin's status changes (DECISIONS.md 'Order
 * status'): a move the table does not allow is ignored; a cancellation waits
 * for CONFIRM. Every change is sent to the server and the list read again
 * (cancelled orders leave it); a refused change keeps the old status and
 * says why. The Admin's list is read a page at a time: another page, size,
 * search or status is read at once, leaving a read under way; asked while a
 * change is sent, it is the read that follows the change.
 */
export const orderStatusMachine = setup({
  types: {
    context: {} as OrderStatusContext,
    events: {} as OrderStatusEvent,
  },
  actors: {
    load: fromPromise<OrdersRead, OrderTableQuery>(notProvided('load')),
    change: fromPromise<Order, StatusChange>(notProvided('change')),
  },
  actions: {
    /** The context after a read: its orders and count, its page as the server clamped it. */
    read: assign(({ context }, output: OrdersRead) => ({
      orders: output.items,
      total: output.total,
      query: { ...context.query, page: output.page },
    })),
    asked: assign({ query: ({ context, event }) => (event.type === 'QUERY' ? askedOrders(context.query, event.asked) : context.query) }),
  },
  guards: {
    allowedMove: ({ context, event }) => {
      const { orderId, status } = event as Extract<OrderStatusEvent, { type: 'SET_STATUS' }>;
      return status !== 'cancelled' && allowed(context.orders, { orderId, status });
    },
    cancellable: ({ context, event }) =>
      allowed(context.orders, { orderId: (event as Extract<OrderStatusEvent, { type: 'CANCEL' }>).orderId, status: 'cancelled' }),
  },
}).createMachine({
  id: 'orderStatus',
  context: { orders: [], query: FIRST_ORDERS_PAGE, total: 0, confirming: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      on: { QUERY: { target: 'loading', reenter: true, actions: 'asked' } },
      invoke: {
        src: 'load',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: { type: 'read', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: {
      on: { RETRY: 'loading', QUERY: { target: 'loading', actions: 'asked' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SET_STATUS: {
              guard: 'allowedMove',
              target: 'changing',
              actions: assign({ error: null }),
            },
            CANCEL: {
              guard: 'cancellable',
              target: 'confirmingCancel',
              actions: assign({ error: null, confirming: ({ event }) => event.orderId }),
            },
            QUERY: { target: '#orderStatus.loading', actions: 'asked' },
          },
        },
        confirmingCancel: {
          on: {
            CONFIRM: 'changing',
            DISMISS: { target: 'idle', actions: assign({ confirming: null }) },
          },
        },
        changing: {
          tags: 'busy',
          on: { QUERY: { actions: 'asked' } },
          invoke: {
            src: 'change',
            input: ({ context, event }) =>
              event.type === 'SET_STATUS'
                ? { orderId: event.orderId, status: event.status }
                : { orderId: context.confirming!, status: 'cancelled' as const },
            onDone: { target: 'refreshing', actions: assign({ confirming: null }) },
            onError: { target: 'refreshing', actions: assign({ confirming: null, error: ({ event }) => messageOf(event.error) }) },
          },
        },
        refreshing: {
          tags: 'busy',
          on: { QUERY: { target: '#orderStatus.loading', actions: 'asked' } },
          invoke: {
            src: 'load',
            input: ({ context }) => context.query,
            onDone: { target: 'idle', actions: { type: 'read', params: ({ event }) => event.output } },
            // The list on screen stays (with the old statuses) when it cannot be read again.
            onError: 'idle',
          },
        },
      },
    },
  },
});
