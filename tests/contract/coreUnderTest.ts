import { createMockStore } from '~/mocks/store';
import { createDatabase } from '~/mocks/db';
import { createMockIdentity, mockToken } from '~/mocks/identity';
import { memoryImages } from '~/mocks/images';
import { seedStore } from '~/seed/seed';
import { createApi } from '~/server/core/api';
import type { OperationId } from '~/server/core/contract';
import { contractDocument } from '~/server/core/document';
import type { Identity, PaymentProvider, Store } from '~/server/core/ports';
import { createTestPayments } from '~/server/core/testPayments';

/**
 * The shared core on a seeded store (the in-memory one unless the test gives
 * an empty one, the whole catalogue unless it asks for fewer products),
 * called without HTTP, with the payments (and the clock) the test gives it.
 */
export async function coreUnderTest(
  options: { payments?: PaymentProvider; store?: Store; productCount?: number; wrapStore?: (store: Store) => Store; now?: () => Date } = {},
) {
  const seeded = options.store ?? createMockStore(createDatabase());
  await seedStore(seeded, options.productCount);
  const store = options.wrapStore ? options.wrapStore(seeded) : seeded;
  const api = createApi({
    contract: contractDocument,
    store,
    identity: createMockIdentity(),
    payments: options.payments ?? createTestPayments(),
    images: memoryImages,
    log: () => undefined,
    ...(options.now ? { now: options.now } : {}),
  });
  async function call<T = any>(
    as: Identity,
    operationId: OperationId,
    input: { body?: unknown; path?: Record<string, string>; query?: Record<string, string> } = {},
  ) {
    const route = api.routes.find((r) => r.operationId === operationId)!;
    const reply = await api.handle(route, {
      path: input.path ?? {},
      query: input.query ?? {},
      authorization: `Bearer ${mockToken(as)}`,
      ...(input.body === undefined ? {} : { json: JSON.stringify(input.body) }),
    });
    return reply as { status: number; body: T };
  }
  return { store: seeded, call };
}
