import { afterAll, beforeAll, vi } from 'vitest';
import { installBrowserStorage } from './browserStorage';
import { server } from './network';

/** The client's 15 s timeout, shortened so a call that never answers fails fast; the code path is the app's own. */
export const TEST_REQUEST_TIMEOUT_MS = 500;

vi.mock('../../../src/domain/constants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/domain/constants')>()),
  REQUEST_TIMEOUT_MS: TEST_REQUEST_TIMEOUT_MS,
}));

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
