import { afterAll, beforeAll, vi } from 'vitest';
import { installBrowserStorage } from './browserStorage';
import { server } from './network';
import { InjectedFault } from './paymentFaults';

vi.mock('../../../src/domain/constants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/domain/constants')>()),
  REQUEST_TIMEOUT_MS: (await import('./timeouts')).TEST_REQUEST_TIMEOUT_MS,
}));

/** The mock backend's payment provider, counted and made to fail by the harness (harness/paymentFaults.ts). */
vi.mock('../../../server/core/testPayments', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../server/core/testPayments')>();
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
 * Node 20 lets the garbage collector take an AbortSignal.timeout() that
 * only an AbortSignal.any() refers to, and then it never fires: the
 * client's timeout (client.ts) would never come in a long run. Browsers
 * keep it; here each timeout signal is held until it fires (patched once:
 * the test files share their modules, vite.config.ts's isolate: false).
 */
const held = Symbol.for('machines.heldTimeoutSignals');
if (!(held in AbortSignal)) {
  const running = new Set<AbortSignal>();
  const timeoutSignal = AbortSignal.timeout.bind(AbortSignal);
  Object.assign(AbortSignal, {
    [held]: running,
    timeout(ms: number) {
      const signal = timeoutSignal(ms);
      running.add(signal);
      signal.addEventListener('abort', () => running.delete(signal));
      return signal;
    },
  });
}

installBrowserStorage();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
