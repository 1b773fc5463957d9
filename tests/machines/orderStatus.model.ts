import type { SnapshotFrom } from 'xstate';
import { orderStatusMachine, type StatusChange } from '../../machines/orderStatus.machine';
import type { Order, OrderStatus } from '../../src/domain/types';
import { answers, fails, type MachineModel, type ModelEvent } from './harness/model';
import { forbiddenMoves, nextStatus } from './orderStatusMoves';

type Snapshot = SnapshotFrom<typeof orderStatusMachine>;

/** The orders a path acts on, by role: one whose status moves on, one that is cancelled. */
export const ORDER_IDS = { moving: 1, cancelled: 2 } as const;
export type OrderRole = keyof typeof ORDER_IDS;

/** What the server says when another Admin made the same move just before this one. */
export const MOVED_MEANWHILE = 'The order was moved meanwhile.';
export const MOVED = 'moved meanwhile';

/** Where a path starts: its order (by role), which the server moved to `start` first. */
export interface OrderStart {
  role: OrderRole;
  start: OrderStatus;
}

const order = (id: number, status: OrderStatus) => ({ id, status }) as Order;
const statusOf = ({ context }: Snapshot, id: number) => context.orders.find((o) => o.id === id)?.status;

/**
 * The list read again after a change: the change taken (no error said, or
 * refused because another Admin made it first) or not. Each model changes
 * one order in one way, once, so what the server holds after a change is
 * foreseeable from the list before it.
 */
const listModel = (
  label: string,
  role: OrderRole,
  start: OrderStatus,
  events: (snapshot: Snapshot) => ModelEvent[],
  changed: (orders: Order[]) => Order[],
): MachineModel<typeof orderStatusMachine> => ({
  name: 'orderStatus',
  machine: orderStatusMachine,
  inputs: [{ label, input: { role, start } satisfies OrderStart }],
  key: ({ context }) => ({ orders: context.orders.map((o) => `${o.id} ${o.status}`), confirming: context.confirming, error: context.error }),
  effect: ({ context }, id) => ({
    orders: context.orders.flatMap((o) => (id(o.id) === undefined ? [] : [`${id(o.id)} ${o.status}`])),
    confirming: context.confirming === null ? null : id(context.confirming),
    error: context.error !== null,
  }),
  events,
  // Each status set is its own call: the paths end each one answered, refused and failed.
  callKind: (src, input) => (src === 'change' ? (input as StatusChange).status : undefined),
  outcomes: {
    load: [
      {
        label: 'answered',
        output: (snapshot) => {
          const { orders, error } = snapshot.context;
          if (snapshot.matches('loading')) return [order(ORDER_IDS[role], start)];
          return error === null || error === MOVED_MEANWHILE ? changed(orders) : orders;
        },
      },
      fails(),
    ],
    change: [
      answers((snapshot) => snapshot.context.orders[0]),
      { label: MOVED, error: () => new Error(MOVED_MEANWHILE), when: (_, input) => (input as StatusChange).status !== 'cancelled' },
      fails(),
    ],
  },
});

/**
 * An order at `start` (the server moved it there first) moved on one step
 * by the Admin: taken, refused (another Admin made the same move first) or
 * failed; and at each status it shows, set to each one the DECISIONS table
 * forbids from there, which must send nothing.
 */
const movingModel = (start: OrderStatus) =>
  listModel(
    `moving from ${start}`,
    'moving',
    start,
    (snapshot) => {
      const status = statusOf(snapshot, ORDER_IDS.moving) ?? start;
      return [
        ...(status === start ? [{ type: 'SET_STATUS', orderId: ORDER_IDS.moving, status: nextStatus(status), label: nextStatus(status) }] : []),
        ...forbiddenMoves(status).map((to) => ({ type: 'SET_STATUS', orderId: ORDER_IDS.moving, status: to, label: `forbidden ${to}` })),
        { type: 'RETRY' },
      ];
    },
    (orders) => orders.map((o) => (o.id === ORDER_IDS.moving ? { ...o, status: nextStatus(o.status) } : o)),
  );

/**
 * The Admin's orders, in models of one machine: an order moved on from
 * open and from created (each path moves it once); an order cancelled after
 * a confirmation, or the confirmation dismissed. Each read of the list
 * answers or fails.
 */
export const orderStatusModels = [
  movingModel('open'),
  movingModel('created'),
  listModel(
    'cancelled',
    'cancelled',
    'open',
    () => [{ type: 'CANCEL', orderId: ORDER_IDS.cancelled }, { type: 'CONFIRM' }, { type: 'DISMISS' }, { type: 'RETRY' }],
    (orders) => orders.filter((o) => o.id !== ORDER_IDS.cancelled),
  ),
];

/** An order at each status an Admin sees it in, for the moves the table forbids from each. */
export const forbiddenMoveModels = (['open', 'created', 'processing', 'approved'] as const).map(movingModel);
