import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { orderStatusMachine, OrdersRead } from '~/machines/orderStatus.machine';
import { api } from '~/src/api/client';
import { orderSearchTerm, type OrderTableQuery } from '~/src/domain/orderTable';
import { canChangeOrderStatus } from '~/src/domain/permissions';
import type { OrderStatus } from '~/src/domain/types';
import { orderStatusActors } from '~/src/features/orders/orderStatus.actors';
import { orderStatusLogic } from '~/src/features/orders/orderStatus.logic';
import { CoverageRecorder } from './harness/coverage';
import { everyPath, type ModelPath } from './harness/model';
import { machinePaths } from './harness/machinePaths';
import { replay, type MachineBinding } from './harness/replay';
import { forbiddenMoveModels, ITS_REFERENCE, MOVED, ORDER_IDS, orderStatusModels, type OrderStart } from './orderStatus.model';
import { allowedMove, nextStatus, STATUSES } from './orderStatusMoves';
import { checkAfterRecoveredRead, emptyAfterFailure } from './recoveredRead';

type Snapshot = SnapshotFrom<typeof orderStatusMachine>;

/** The store's query for the page the Admin's list shows. */
const serverQuery = ({ search, status, page, pageSize }: OrderTableQuery) => ({
  term: orderSearchTerm(search),
  ...(status ? { status } : {}),
  offset: (page - 1) * pageSize,
  limit: pageSize,
});

/** The Admin's list read: its latest failing leaves the list on screen as it was (said by the app's failure toast). */
const LIST_READ = 'GET /orders';

/** The stock of the product the path's order holds, before it is placed. */
const STOCK = 5;

/**
 * The Admin's orders on the mock backend with the app's actors
 * (orderStatusActors, as /admin/orders gives them): the seeded orders and one
 * more of ana's, paid, of one product, for the path to move on or cancel;
 * another Admin moved it to the path's start first. A refused move:
 * another Admin made the same move just before it, through the API.
 */
const orderStatusBinding: MachineBinding = {
  name: 'orderStatus',
  async open(shop, path) {
    const { role, start } = path.input as OrderStart;
    const [product] = await shop.takeProducts([STOCK]);
    // Paid as the checkout pays: cancelling it refunds its payment through the backend's provider (a payment call the fault runs fail).
    const placed = (await shop.placeOrder('ana', [{ id: product!.id, quantity: 1 }], 'Argentina, Cordoba, San Martin 1234')).id;
    const admin = await shop.signIn('admin');
    /** Another Admin's move, through the API. */
    const moveFirst = async (orderId: number, status: OrderStatus) => {
      const { response } = await shop.network.byHarness(() => api.PATCH('/orders', { body: { orderID: orderId, status } }));
      expect(response.ok, `another Admin moves order ${orderId} to ${status}`).toBe(true);
    };
    for (let status: OrderStatus = 'open'; status !== start; status = nextStatus(status)) await moveFirst(placed, nextStatus(status));
    const realId = (modelId: number) => (modelId === ORDER_IDS[role] ? placed : modelId);
    /** The Admin's last status move, and whether the table forbids it from the status the list showed. */
    let move: { orderId: number; status: OrderStatus; forbidden: boolean } | null = null;
    return {
      logic: orderStatusLogic(orderStatusActors({ admin: true, userId: admin.id })),
      async send(event, actor) {
        // A page asked while a move is sent leaves the move to be answered.
        if (event.type !== 'QUERY') move = null;
        if (event.type === 'CANCEL') return { ...event, orderId: realId(event.orderId as number) };
        if (event.type === 'QUERY') {
          const asked = event.asked as Partial<OrderTableQuery>;
          return asked.search === ITS_REFERENCE ? { ...event, asked: { ...asked, search: `#${placed}` } } : event;
        }
        if (event.type !== 'SET_STATUS') return event;
        const orderId = realId(event.orderId as number);
        const status = event.status as OrderStatus;
        const shown = (actor.getSnapshot() as Snapshot).context.orders.find((o) => o.id === orderId)?.status;
        move = { orderId, status, forbidden: shown === undefined || !allowedMove(shown, status) };
        return { ...event, orderId };
      },
      async arrange(outcome, _before, phase) {
        if (outcome.label === MOVED && phase === 'answering' && move) await moveFirst(move.orderId, move.status);
      },
      async check(snapshot) {
        const { context } = snapshot as Snapshot;
        if (move?.forbidden)
          expect(
            snapshot.hasTag('busy'),
            `the Admin's move of order ${move.orderId} to ${move.status}, which DECISIONS.md forbids from the status shown, sends nothing`,
          ).toBe(false);
        const orders = await shop.backend.store.listOrders();
        for (const order of orders) {
          const moves = order.history.map((h) => h.status);
          expect(moves[0], `order ${order.id} was created open (spec)`).toBe('open');
          expect(moves.at(-1), `order ${order.id}'s status is its last move`).toBe(order.status);
          moves
            .slice(1)
            .forEach((to, i) => expect(allowedMove(moves[i]!, to), `order ${order.id}: ${moves[i]} -> ${to} (DECISIONS.md)`).toBe(true));
        }
        const kept = orders.filter((o) => o.id === placed && o.status !== 'cancelled').flatMap((o) => o.lines.map((line) => line.quantity));
        const stock = (await shop.backend.store.getProduct(product!.id))?.stock;
        expect(stock, 'the stock is what the order took unless cancelled: a cancel gives its lines back').toBe(
          STOCK - kept.reduce((sum, quantity) => sum + quantity, 0),
        );
        if (snapshot.matches({ ready: 'idle' }) && !shop.latestFailed(LIST_READ)) {
          const shown = context.orders.map((o) => `${o.id} ${o.status}`);
          const held = (await shop.backend.store.orderPage(serverQuery(context.query))).rows.map((o) => `${o.id} ${o.status}`);
          expect(shown, "the list is the server's page of what the Admin asked").toEqual(held);
          expect(context.total, 'with how many orders match').toBe((await shop.backend.store.orderPage(serverQuery(context.query))).total);
        }
      },
      showable: (snapshot) => snapshot.matches('failed') || snapshot.matches({ ready: 'idle' }),
    };
  },
};

it("the app's rule (canChangeOrderStatus) allows exactly the moves of DECISIONS.md's table", () => {
  for (const from of STATUSES) {
    for (const to of STATUSES) expect(canChangeOrderStatus(from, to), `${from} -> ${to}`).toBe(allowedMove(from, to));
  }
});

machinePaths(orderStatusModels, orderStatusBinding);

/**
 * At each status the Admin sees the order in, each move the DECISIONS table
 * forbids from there, one after another: the model's first read, then its
 * paths of one forbidden move each from there, chained (the machine's graph
 * holds them, but they reach no state or transition the model paths have
 * not, so those leave them out).
 */
const forbiddenPaths = forbiddenMoveModels.map((model) => {
  const paths = everyPath(model);
  const read = paths.find((path) => path.steps.length === 1 && (path.steps[0]!.snapshot as Snapshot).matches({ ready: 'idle' }))!;
  const moves = paths.filter(
    (path) => path.name.startsWith(`${read.name} > `) && path.steps.length === 2 && path.steps[1]!.event.label?.startsWith('forbidden'),
  );
  const path: ModelPath = {
    name: [read.name, ...moves.map((move) => move.name.slice(read.name.length + 3))].join(' > '),
    input: read.input,
    initial: read.initial,
    steps: [...read.steps, ...moves.map((move) => move.steps[1]!)],
  };
  return { model, path };
});

describe('orderStatus: moves DECISIONS.md forbids', () => {
  forbiddenPaths.forEach(({ model, path }, index) => {
    it(path.name, async () => {
      await replay(orderStatusBinding, model, path, index, { recorder: new CoverageRecorder(model.machine) });
    });
  });
});

it('compares the list with the server once a read after a failed one has answered: one then shown empty is caught', async () => {
  await checkAfterRecoveredRead(orderStatusBinding, orderStatusModels[0]!, LIST_READ);
  await expect(
    checkAfterRecoveredRead(orderStatusBinding, orderStatusModels[0]!, LIST_READ, (logic) =>
      emptyAfterFailure(logic, (read: OrdersRead) => ({ ...read, items: [] })),
    ),
  ).rejects.toThrow("the list is the server's");
});
