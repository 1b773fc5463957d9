import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { orderStatusMachine } from '~/machines/orderStatus.machine';
import type { Order } from '~/src/domain/types';
import { orderStatusActors } from '~/src/features/orders/orderStatus.actors';
import { orderStatusLogic } from '~/src/features/orders/orderStatus.logic';
import { CoverageRecorder } from './harness/coverage';
import { faultsFor } from './harness/machinePaths';
import { answers, everyPath, fails, FAILED, type MachineModel } from './harness/model';
import { replay, type MachineBinding } from './harness/replay';

type Snapshot = SnapshotFrom<typeof orderStatusMachine>;

/** The shopper's list read: its latest failing leaves the list on screen as it was. */
const LIST_READ = 'GET /userOrders';

/**
 * A shopper's own orders (/order, /profile): the list read, or failed and
 * read again on Retry; a shopper changes none (the page offers no move).
 */
const shopperOrdersModel: MachineModel<typeof orderStatusMachine> = {
  name: 'orderStatus',
  machine: orderStatusMachine,
  inputs: [{ label: 'ana', input: undefined }],
  key: ({ context }) => context.orders.length,
  // The list's ids are the server's, which the model does not foresee: the binding compares it with the server.
  effect: ({ context }) => ({ listed: context.orders.length > 0 }),
  events: (snapshot) => (snapshot.matches('failed') ? [{ type: 'RETRY' }] : []),
  outcomes: { load: [answers(() => ({ items: [{ id: 1, status: 'open' } as Order], page: 1, pageCount: 1, total: 1 })), fails()] },
};

/**
 * ana's orders on the mock backend with the app's actors as /order and
 * /profile give them (orderStatusActors of a shopper): the seeded orders and one
 * more she placed; her list is the server's orders for her, and no one else's.
 */
const shopperOrdersBinding: MachineBinding = {
  name: 'orderStatus (shopper)',
  async open(shop) {
    const [product] = await shop.takeProducts([5]);
    await shop.placeOrder('ana', [{ id: product!.id, quantity: 1 }], 'Argentina, Cordoba, San Martin 1234');
    const ana = await shop.signIn('ana');
    return {
      logic: orderStatusLogic(orderStatusActors({ admin: false, userId: ana.id })),
      async check(snapshot) {
        const { context } = snapshot as Snapshot;
        if (!snapshot.matches({ ready: 'idle' }) || shop.latestFailed(LIST_READ)) return;
        const held = await shop.backend.store.listOrders({ userId: ana.id });
        expect(held.length, 'ana has orders on the server').toBeGreaterThan(0);
        expect(context.orders.map((o) => `${o.id} ${o.status}`).sort(), "ana's list is the server's orders for her").toEqual(
          held.map((o) => `${o.id} ${o.status}`).sort(),
        );
      },
      showable: (snapshot) => snapshot.matches('failed') || snapshot.matches({ ready: 'idle' }),
    };
  },
};

describe("orderStatus: a shopper's own orders", () => {
  everyPath(shopperOrdersModel).forEach((path, index) => {
    it(path.name, async ({ task }) => {
      const recorder = new CoverageRecorder(shopperOrdersModel.machine);
      const { callCounts } = await replay(shopperOrdersBinding, shopperOrdersModel, path, index, { recorder });
      if (path.steps.some((step) => step.event.label === FAILED)) return;
      const faults = faultsFor(callCounts);
      for (const fault of faults) await replay(shopperOrdersBinding, shopperOrdersModel, path, index, { recorder, fault });
      task.meta.machineFaultRuns = { machine: 'orderStatus', runs: faults.length };
    });
  });
});
