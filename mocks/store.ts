import type { Store } from '~/server/core/ports';
import { createDatabase, type Database } from './db';
import { cartStore } from './store/carts';
import { commentStore } from './store/comments';
import { favoriteStore } from './store/favorites';
import { idempotencyStore } from './store/idempotency';
import { orderStore } from './store/orders';
import { paymentStore } from './store/payments';
import { productStore, type CatalogueVersion } from './store/products';
import { ratingStore } from './store/ratings';
import { shopCountStore } from './store/shopCounts';
import { restore, snapshot } from './store/tables';
import { userStore } from './store/users';

/**
 * The Store port on @mswjs/data, one part per resource. Transactions run one
 * at a time; a failed one puts every table back as it was.
 */
export function createMockStore(db: Database = createDatabase()): Store {
  let queue: Promise<unknown> = Promise.resolve();
  const catalogue: CatalogueVersion = { version: 0 };

  const store: Store = {
    transaction<T>(work: (tx: Store) => Promise<T>): Promise<T> {
      const run = async () => {
        const saved = snapshot(db);
        try {
          return await work(inner);
        } catch (error) {
          catalogue.version++;
          restore(db, saved);
          throw error;
        }
      };
      const result = queue.then(run, run);
      queue = result.catch(() => undefined);
      return result;
    },
    ...productStore(db, catalogue),
    ...ratingStore(db),
    ...userStore(db),
    ...cartStore(db),
    ...orderStore(db),
    ...commentStore(db),
    ...favoriteStore(db),
    ...idempotencyStore(db),
    ...shopCountStore(db),
    ...paymentStore(db),
  };

  const inner: Store = { ...store, transaction: (work) => work(inner) };
  return store;
}
