import type { CartStore } from './ports/carts';
import type { CommentStore } from './ports/comments';
import type { FavoriteStore } from './ports/favorites';
import type { IdempotencyStore } from './ports/idempotency';
import type { OrderStore } from './ports/orders';
import type { PaymentStore } from './ports/payments';
import type { ProductStore, RatingStore } from './ports/products';
import type { ShopCountStore } from './ports/shopCounts';
import type { UserStore } from './ports/users';

export type * from './ports/carts';
export type * from './ports/comments';
export type * from './ports/favorites';
export type * from './ports/idempotency';
export type * from './ports/identity';
export type * from './ports/imageStore';
export type * from './ports/orders';
export type * from './ports/paymentProvider';
export type * from './ports/payments';
export type * from './ports/products';
export type * from './ports/shopCounts';
export type * from './ports/users';

/**
 * The store the API's behaviour runs on, one part per resource. Each adapter
 * (the @mswjs/data one in mocks/, the SQL one in server/) implements it; a
 * transaction sees its own writes and commits all or nothing.
 */
export interface Store
  extends
    ProductStore,
    RatingStore,
    UserStore,
    CartStore,
    OrderStore,
    CommentStore,
    FavoriteStore,
    IdempotencyStore,
    ShopCountStore,
    PaymentStore {
  transaction<T>(work: (tx: Store) => Promise<T>): Promise<T>;
}
