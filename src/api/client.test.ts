import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createMockBackend } from '../../mocks/backend';
import { mockToken } from '../../mocks/identity';
import { DEMO_ADMIN } from '../../seed/seed';

const server = setupServer();

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  server.use(...(await createMockBackend({ origin: 'http://shop.test' })).handlers);
  vi.stubEnv('VITE_API_BASE', 'http://shop.test/api');
});
afterAll(() => server.close());

it('calls the API at VITE_API_BASE and sends the signed-in user’s ID token', async () => {
  const { api, setIdTokenSource } = await import('./client');

  const product = await api.GET('/products/{id}', { params: { path: { id: 1 } } });
  expect(product.data?.id).toBe(1);

  const anonymous = await api.GET('/users');
  expect(anonymous.response.status).toBe(401);
  expect(anonymous.error?.error.code).toBe('unauthorized');

  setIdTokenSource(async () => mockToken({ uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email }));
  const users = await api.GET('/users');
  expect(users.data?.map((u) => u.email)).toContain(DEMO_ADMIN.email);
});

it('sends the token on catalogue reads only when told to (for an Admin)', async () => {
  const { api, setIdTokenSource, setTokenOnCatalogueReads } = await import('./client');
  setIdTokenSource(async () => mockToken({ uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email }));
  setTokenOnCatalogueReads(() => false);
  const anonymous = (await api.GET('/products')).data!;
  expect(anonymous.some((p) => p.disable)).toBe(false);
  setTokenOnCatalogueReads(() => true);
  const asAdmin = (await api.GET('/products')).data!;
  expect(asAdmin.some((p) => p.disable)).toBe(true);
  expect((await api.GET('/users')).response.status).toBe(200);
});
