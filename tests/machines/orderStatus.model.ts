import type { SnapshotFrom } from 'xstate';
import { orderStatusMachine } from '../../machines/orderStatus.machine';
import type { Order, OrderStatus } from '../../src/domain/types';
import { answers, fails, type MachineModel, type ModelEvent } from './harness/model';

type Snapshot = SnapshotFrom<typeof orderStatusMachine>;

/** The orders a path acts on, by role: one whose status moves on, one that is cancelled. */
export const ORDER_IDS = { moving: 1, cancelled: 2 } as const;
export type OrderRole = keyof typeof ORDER_IDS;

const order = (id: number, status: OrderStatus) => ({ id, status }) as Order;
/** DECISIONS.md 'Order status': open -> created -> processing -> approved. */
const FLOW: readonly OrderStatus[] = ['open', 'created', 'processing', 'approved'];
const next = (status: OrderStatus): OrderStatus => FLOW[FLOW.indexOf(status) + 1] ?? status;
const statusOf = ({ context }: Snapshot, id: number) => context.orders.find((o) => o.id === id)?.status;

/**
 * The list read again after a change: the change taken (no error said) or
 * not. Each model changes one order in one way, so what the server holds
 * after a change is foreseeable from the list before it.
 */
const listModel = (
  label: OrderRole,
  events: (snapshot: Snapshot) => ModelEvent[],
  changed: (orders: Order[]) => Order[],
): MachineModel<typeof orderStatusMachine> => ({
  name: 'orderStatus',
  machine: orderStatusMachine,
  inputs: [{ label, input: undefined }],
  key: ({ context }) => ({ orders: context.orders.map((o) => `${o.id} ${o.status}`), confirming: context.confirming, error: context.error !== null }),
  effect: ({ context }, id) => ({
    orders: context.orders.flatMap((o) => (id(o.id) === undefined ? [] : [`${id(o.id)} ${o.status}`])),
    confirming: context.confirming === null ? null : id(context.confirming),
    error: context.error !== null,
  }),
  events,
  outcomes: {
    load: [
      {
        label: 'answered',
        output: (snapshot) =>
          snapshot.matches('loading') ? [order(ORDER_IDS[label], 'open')] : snapshot.context.error === null ? changed(snapshot.context.orders) : snapshot.context.orders,
      },
      fails(),
    ],
    change: [
      answers((snapshot) => snapshot.context.orders[0]),
      fails(),
    ],
  },
});

/**
 * The Admin's orders, in two models of one machine: an order moved on
 * through created, processing and approved (and asked to go back, which
 * is ignored); an order cancelled after a confirmation, or the
 * confirmation dismissed. Each change is taken or fails; each read of the
 * list answers or fails.
 */
export const orderStatusModels = [
  listModel(
    'moving',
    (snapshot) => {
      const status = statusOf(snapshot, ORDER_IDS.moving) ?? 'open';
      return [
        { type: 'SET_STATUS', orderId: ORDER_IDS.moving, status: next(status), label: next(status) },
        { type: 'SET_STATUS', orderId: ORDER_IDS.moving, status: 'open', label: 'back to open' },
        { type: 'RETRY' },
      ];
    },
    (orders) => orders.map((o) => (o.id === ORDER_IDS.moving ? { ...o, status: next(o.status) } : o)),
  ),
  listModel(
    'cancelled',
    () => [{ type: 'CANCEL', orderId: ORDER_IDS.cancelled }, { type: 'CONFIRM' }, { type: 'DISMISS' }, { type: 'RETRY' }],
    (orders) => orders.filter((o) => o.id !== ORDER_IDS.cancelled),
  ),
];
