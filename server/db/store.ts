import type { Store } from '../core/ports';
import type { Sql } from './sql';
import { cartStore } from './store/carts';
import { commentStore } from './store/comments';
import { favoriteStore } from './store/favorites';
import { idempotencyStore } from './store/idempotency';
import { orderStore } from './store/orders';
import { paymentStore } from './store/payments';
import { productStore } from './store/products';
import { ratingStore } from './store/ratings';
import { shopCountStore } from './store/shopCounts';
import { userStore } from './store/users';

export { TABLE_PAGES_AT_ONCE } from './store/products';

/**
 * The Store port in SQL, the same on PGlite and PostgreSQL, one part per
 * resource. With `catalogueVersion` (see productStore) the storefront
 * catalogue costs no query while the version holds.
 */
export function createSqlStore(sql: Sql, catalogueVersion?: () => string): Store {
  return {
    transaction: (work) => sql.transaction((tx) => work(createSqlStore(tx))),
    ...productStore(sql, catalogueVersion),
    ...ratingStore(sql),
    ...userStore(sql),
    ...cartStore(sql),
    ...orderStore(sql),
    ...commentStore(sql),
    ...favoriteStore(sql),
    ...idempotencyStore(sql),
    ...shopCountStore(sql),
    ...paymentStore(sql),
  };
}
