import { afterAll, beforeAll, vi } from 'vitest';
import { installBrowserStorage } from './browserStorage';
import { server } from './network';
import { InjectedFault } from './paymentFaults';
import { clientTimeout } from './timeouts';

vi.mock('~/src/domain/constants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/src/domain/constants')>()),
  REQUEST_TIMEOUT_MS: (await import('./timeouts')).TEST_REQUEST_TIMEOUT_MS,
  CATALOGUE_PAGING_THRESHOLD: (await import('./pagingThreshold')).TEST_CATALOGUE_PAGING_THRESHOLD,
}));

/** The mock backend's payment provider, counted and made to fail by the harness (harness/paymentFaults.ts). */
vi.mock('~/server/core/testPayments', async (importOriginal) => {
  const original = await importOriginal<typeof import('~/server/core/testPayments')>();
  const { paymentCalls } = await import('./paymentFaults');
  return { ...original, createTestPayments: () => paymentCalls.faultable(original.createTestPayments()) };
});

/** The backend logs every failure of its own; an injected one is the harness's doing, not news (patched once, as below). */
const quiet = Symbol.for('machines.injectedFaultsQuiet');
if (!(quiet in console)) {
  const logError = console.error.bind(console);
  Object.assign(console, {
    [quiet]: true,
    error: (...args: unknown[]) => {
      if (!(args[0] instanceof InjectedFault)) logError(...args);
    },
  });
}

/**
 * The client's timeout (client.ts's AbortSignal.timeout) as the harness
 * runs it (harness/timeouts.ts): it fires as in a browser, or at once for a
 * call the harness lets hang. Held until it fires: Node 20 lets the garbage
 * collector take a timeout signal only an AbortSignal.any() refers to, and
 * it would then never fire. Patched once: the test files share their
 * modules (vite.config.ts's isolate: false).
 */
const patched = Symbol.for('machines.clientTimeouts');
if (!(patched in AbortSignal)) Object.assign(AbortSignal, { [patched]: true, timeout: clientTimeout });

installBrowserStorage();

/**
 * No BroadcastChannel: @mswjs/data syncs a database with its twins in a
 * browser's other tabs over one whenever `window` exists (as it does here),
 * and a worker opens hundreds of shops, each with its database: every write
 * (each row a shop is seeded with too) would be posted to every earlier
 * database still open, which drops it, and the run would slow as it goes. The app's
 * machines and actors use none (only ShopProvider, a component, does).
 */
vi.stubGlobal('BroadcastChannel', undefined);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
