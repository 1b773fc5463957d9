import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { createMockBackend } from '../../mocks/backend';
import { mockToken } from '../../mocks/identity';
import { contractSuite } from './suite';

const ORIGIN = 'http://shop.test';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

contractSuite('MSW backend in Node', () => ({
  baseUrl: `${ORIGIN}/api`,
  tokenFor: async (identity) => mockToken(identity),
  reset: async () => {
    server.resetHandlers(...(await createMockBackend({ origin: ORIGIN })).handlers);
  },
}));
