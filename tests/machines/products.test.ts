import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { productsMachine } from '~/machines/products.machine';
import { productList } from '~/src/api/replies';
import { isPagedCatalogue } from '~/src/domain/pageRequest';
import type { CataloguePage, Product } from '~/src/domain/types';
import { productsLogic } from '~/src/state/shop/shop.logic';
import { machinePaths } from './harness/machinePaths';
import { LARGE } from './harness/pagingThreshold';
import type { MachineBinding, MachineRun } from './harness/replay';
import type { Shop } from './harness/shop';
import { PAGED, productsModel } from './products.model';

type Snapshot = SnapshotFrom<typeof productsMachine>;

/** What the backend's catalogue query answers a visitor: the list, and how many products the storefront has. */
const visitorList = async (shop: Shop) => productList(await shop.catalogue());
const storefrontCount = async (shop: Shop) => ((await shop.catalogue({ page: '1', pageSize: '1' })) as CataloguePage).total;

/**
 * The storefront's catalogue on the mock backend as the app provides it
 * (productsLogic: fetchCatalogue through the typed client), for a visitor.
 * A path that starts paged, or that the server tells it is paged, runs on
 * a backend seeded past the threshold. Each REFRESH follows an Admin's
 * change of a price on the server, so a list read again must show it.
 */
const productsBinding: MachineBinding = {
  name: 'products',
  productCount: (path) =>
    (path.input as { paged?: boolean }).paged || path.steps.some((step) => step.event.label === PAGED) ? LARGE : undefined,
  async open(shop, path): Promise<MachineRun> {
    const [changed] = await shop.takeProducts([5]);
    const rendered = (path.input as { products?: Product[] }).products !== undefined;
    const input = rendered ? { products: await visitorList(shop) } : path.input;
    /** The list last shown, which a failed load keeps. */
    let shown = rendered ? (input as { products: Product[] }).products : [];
    let changes = 0;
    /** Paged, the revision the screens last read their pages at, and whether the catalogue changed since. */
    let readAt = 0;
    let changedSince = false;
    return {
      logic: productsLogic(),
      input,
      async send(event, actor) {
        if (event.type === 'REFRESH') {
          await shop.changeProduct(changed!.id, { price: 20 + ++changes });
          changedSince ||= actor.getSnapshot().matches('paged');
        }
        return event;
      },
      async check(snapshot) {
        const { context } = snapshot as Snapshot;
        if (snapshot.matches('loaded')) {
          expect(context.products, "the list shown is the backend's catalogue").toEqual(await visitorList(shop));
          shown = context.products;
        }
        if (snapshot.matches('failed')) expect(context.products, 'a failed load keeps the last list').toEqual(shown);
        if (context.mode !== 'unknown')
          expect(context.mode === 'paged', 'paged exactly when the storefront is past the threshold').toBe(
            isPagedCatalogue(await storefrontCount(shop)),
          );
        if (snapshot.matches('paged')) expect(context.products, 'a paged catalogue holds no list').toEqual([]);
        if (snapshot.matches({ paged: 'current' })) {
          if (changedSince)
            expect(context.revision, "paged, an Admin's change moves the revision: the screens read their pages again").toBeGreaterThan(
              readAt,
            );
          readAt = context.revision;
          changedSince = false;
        }
      },
      showable: (snapshot) => ['loaded', 'failed', 'paged'].some((state) => snapshot.matches(state)),
    };
  },
};

machinePaths(productsModel, productsBinding);
