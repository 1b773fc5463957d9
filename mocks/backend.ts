import { createApi, type Api } from '~/server/core/api';
import { contractDocument } from '~/server/core/document';
import type { Store } from '~/server/core/ports';
import { createTestPayments } from '~/server/core/testPayments';
import { createDatabase } from './db';
import { createHandlers } from './handlers';
import { createMockIdentity, type MockIdentity } from './identity';
import { memoryImages } from './images';
import { seedStore } from '~/seed/seed';
import { createMockStore } from './store';

export interface MockBackend {
  api: Api;
  store: Store;
  identity: MockIdentity;
  handlers: ReturnType<typeof createHandlers>;
}

/**
 * The whole API in memory: the shared core on the @mswjs/data store, mock
 * identity and test payments. With `payments: 'paypal'` the test payments
 * say they are PayPal's, so the app shows PayPal's buttons; no money moves
 * either way.
 */
export async function createMockBackend(
  options: { seed?: boolean; productCount?: number; origin?: string; payments?: 'test' | 'paypal' } = {},
): Promise<MockBackend> {
  const store = createMockStore(createDatabase());
  if (options.seed ?? true) await seedStore(store, options.productCount);
  const identity = createMockIdentity();
  const payments = createTestPayments();
  const api = createApi({
    contract: contractDocument,
    store,
    identity,
    payments: { ...payments, name: options.payments ?? payments.name },
    images: memoryImages,
  });
  return { api, store, identity, handlers: createHandlers(api, options.origin) };
}
