import type { SnapshotFrom } from 'xstate';
import { orderStatusMachine, type OrdersRead, type StatusChange } from '~/machines/orderStatus.machine';
import type { OrderTableQuery } from '~/src/domain/orderTable';
import type { Order, OrderStatus } from '~/src/domain/types';
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
/** The server's answer to a read: the orders as one page (the binding holds the real one to the server's page of the query). */
const read = (orders: Order[]): OrdersRead => ({ items: orders, page: 1, pageCount: 1, total: orders.length });
/** The search for the moving order's reference (the binding asks for its real one). */
export const ITS_REFERENCE = `#${1}`;
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
  /** What a read asked for `query` answers while the list is `loading`, when the model's own rule does not say (the query model's). */
  loadingRead: (snapshot: Snapshot, query: OrderTableQuery) => Order[] = () => [order(ORDER_IDS[role], start)],
): MachineModel<typeof orderStatusMachine> => ({
  name: 'orderStatus',
  machine: orderStatusMachine,
  inputs: [{ label, input: { role, start } satisfies OrderStart }],
  key: ({ context }) => ({
    orders: context.orders.map((o) => `${o.id} ${o.status}`),
    confirming: context.confirming,
    error: context.error,
  }),
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
        output: (snapshot, query) => {
          const { orders, error } = snapshot.context;
          if (snapshot.matches('loading')) return read(loadingRead(snapshot, query as OrderTableQuery));
          return read(error === null || error === MOVED_MEANWHILE ? changed(orders) : orders);
        },
      },
      {
        ...fails<Snapshot>(),
        // A read left under way (a page asked while the list was read again) is still answered first, so an injected failure would reach it, not this read.
        when: (snapshot, query) =>
          !(snapshot.matches('loading') && snapshot.context.orders.length > 0 && (query as OrderTableQuery).search !== ''),
      },
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
        ...(status === start
          ? [{ type: 'SET_STATUS', orderId: ORDER_IDS.moving, status: nextStatus(status), label: nextStatus(status) }]
          : []),
        ...forbiddenMoves(status).map((to) => ({ type: 'SET_STATUS', orderId: ORDER_IDS.moving, status: to, label: `forbidden ${to}` })),
        { type: 'RETRY' },
      ];
    },
    (orders) => orders.map((o) => (o.id === ORDER_IDS.moving ? { ...o, status: nextStatus(o.status) } : o)),
  );

/** The change a read foresees: the order moved on, unless the move failed (a move refused as made meanwhile was made all the same). */
const taken = (error: string | null) => error === null || error === MOVED_MEANWHILE;

/**
 * The Admin's pages (QUERY) around one move of an order from open: 10 a
 * page asked before the list is read, after a failed first read, and before
 * the move; the order's reference searched for while the move is sent and
 * while the list is read again after it. Only a search follows a move, so a
 * read with one foresees the move; a read without one, the list as shown.
 */
const queryModel: MachineModel<typeof orderStatusMachine> = {
  ...listModel(
    'pages',
    'moving',
    'open',
    (snapshot) => {
      const shown = statusOf(snapshot, ORDER_IDS.moving);
      const { error, query } = snapshot.context;
      const busy = snapshot.matches({ ready: 'changing' }) || snapshot.matches({ ready: 'refreshing' });
      const unread = shown === undefined && !snapshot.hasTag('busy');
      return [
        ...(shown === 'open' && error === null && query.search === ''
          ? [{ type: 'SET_STATUS', orderId: ORDER_IDS.moving, status: 'created', label: 'created' }]
          : []),
        ...(unread || (shown === 'open' && error === null && query.pageSize === 5 && snapshot.matches({ ready: 'idle' }))
          ? [{ type: 'QUERY', asked: { pageSize: 10 }, label: '10 a page' }]
          : []),
        ...(busy && query.search === '' ? [{ type: 'QUERY', asked: { search: ITS_REFERENCE }, label: 'its reference' }] : []),
        { type: 'RETRY' },
      ];
    },
    (orders) => orders.map((o) => (o.id === ORDER_IDS.moving ? { ...o, status: nextStatus(o.status) } : o)),
    (snapshot, query) => {
      const { orders, error } = snapshot.context;
      if (orders.length === 0) return [order(ORDER_IDS.moving, 'open')];
      return query.search !== '' && taken(error) ? orders.map((o) => ({ ...o, status: nextStatus(o.status) })) : orders;
    },
  ),
  key: ({ context }) => ({ orders: context.orders.map((o) => `${o.id} ${o.status}`), error: context.error, query: context.query }),
};

/**
 * The Admin's orders, in models of one machine: an order moved on from
 * open and from created (each path moves it once); an order cancelled after
 * a confirmation, or the confirmation dismissed; the Admin's pages asked
 * around a move. Each read of the list answers or fails.
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
  queryModel,
];

/** An order at each status an Admin sees it in, for the moves the table forbids from each. */
export const forbiddenMoveModels = (['open', 'created', 'processing', 'approved'] as const).map(movingModel);
