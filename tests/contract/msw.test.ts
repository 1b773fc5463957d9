import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { createMockBackend, type MockBackend } from '~/mocks/backend';
import { mockToken } from '~/mocks/identity';
import { contractSuite } from './suite';

const ORIGIN = 'http://shop.test';
const server = setupServer();
let backend: MockBackend;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

contractSuite('MSW backend in Node', () => ({
  baseUrl: `${ORIGIN}/api`,
  tokenFor: async (identity) => mockToken(identity),
  enableAccount: async (identity) => backend.identity.enable(identity.uid),
  reset: async () => {
    backend = await createMockBackend({ origin: ORIGIN });
    server.resetHandlers(...backend.handlers);
  },
}));
