import { assign, fromPromise, setup } from 'xstate';
import { canChangeOrderStatus } from '../src/domain/permissions';
import type { Order, OrderStatus } from '../src/domain/types';

export interface StatusChange {
  orderId: number;
  status: OrderStatus;
}

export type OrderStatusEvent =
  | { type: 'RETRY' }
  | { type: 'SET_STATUS'; orderId: number; status: OrderStatus }
  | { type: 'CANCEL'; orderId: number }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS' };

interface OrderStatusContext {
  orders: Order[];
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
 * says why.
 */
export const orderStatusMachine = setup({
  types: {
    context: {} as OrderStatusContext,
    events: {} as OrderStatusEvent,
  },
  actors: {
    load: fromPromise<Order[]>(notProvided('load')),
    change: fromPromise<Order, StatusChange>(notProvided('change')),
  },
  guards: {
    allowedMove: ({ context, event }) => {
      const { orderId, status } = event as Extract<OrderStatusEvent, { type: 'SET_STATUS' }>;
      return status !== 'cancelled' && allowed(context.orders, { orderId, status });
    },
    cancellable: ({ context, event }) => allowed(context.orders, { orderId: (event as Extract<OrderStatusEvent, { type: 'CANCEL' }>).orderId, status: 'cancelled' }),
  },
}).createMachine({
  id: 'orderStatus',
  context: { orders: [], confirming: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign({ orders: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    failed: {
      on: { RETRY: 'loading' },
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
          invoke: {
            src: 'change',
            input: ({ context, event }) =>
              event.type === 'SET_STATUS' ? { orderId: event.orderId, status: event.status } : { orderId: context.confirming!, status: 'cancelled' as const },
            onDone: { target: 'refreshing', actions: assign({ confirming: null }) },
            onError: { target: 'refreshing', actions: assign({ confirming: null, error: ({ event }) => messageOf(event.error) }) },
          },
        },
        refreshing: {
          tags: 'busy',
          invoke: {
            src: 'load',
            onDone: { target: 'idle', actions: assign({ orders: ({ event }) => event.output }) },
            // The list on screen stays (with the old statuses) when it cannot be read again.
            onError: 'idle',
          },
        },
      },
    },
  },
});
