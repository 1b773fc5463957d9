import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockBackend } from '~/mocks/backend';
import { mockToken } from '~/mocks/identity';
import { DEMO_ADMIN } from '~/seed/seed';
import { disabled } from '~/tests/fixtures/catalogue';
import { setFailureReporter, setIdTokenSource, setTokenOnCatalogueReads, type RequestFailure } from './clientSettings';
import { apiClient } from './loadClient';
import { productList } from './replies';

const server = setupServer();

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  server.use(...(await createMockBackend({ origin: 'http://shop.test' })).handlers);
  vi.stubEnv('VITE_API_BASE', 'http://shop.test/api');
});
afterAll(() => server.close());

it('a request that would carry a token waits for the session to set where tokens come from', async () => {
  const { api } = await import('./client');
  const waiting = api.GET('/users');
  await new Promise((resolve) => setTimeout(resolve, 50));
  setIdTokenSource(async () => mockToken({ uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email }));
  expect((await waiting).response.status).toBe(200);
});

it('calls the API at VITE_API_BASE and sends the signed-in user’s ID token', async () => {
  const { api } = await import('./client');
  setIdTokenSource(async () => null);

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
  const { api } = await import('./client');
  setIdTokenSource(async () => mockToken({ uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email }));
  setTokenOnCatalogueReads(() => false);
  const anonymous = productList((await api.GET('/products')).data!);
  expect(anonymous.some((p) => p.disable)).toBe(false);
  setTokenOnCatalogueReads(() => true);
  const asAdmin = productList((await api.GET('/products')).data!);
  expect(asAdmin.some((p) => p.disable)).toBe(true);
  expect((await api.GET('/users')).response.status).toBe(200);
});

it('an Admin gets a disabled product by id; anyone else gets 404', async () => {
  const { api } = await import('./client');
  setIdTokenSource(async () => mockToken({ uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email }));
  setTokenOnCatalogueReads(() => false);
  const asShopper = await api.GET('/products/{id}', { params: { path: { id: disabled.id } } });
  expect(asShopper.response.status).toBe(404);
  setTokenOnCatalogueReads(() => true);
  const asAdmin = await api.GET('/products/{id}', { params: { path: { id: disabled.id } } });
  expect(asAdmin.data).toMatchObject({ id: disabled.id, disable: true });
});

describe('failed requests are reported, answers and abandoned requests are not', () => {
  const reported: RequestFailure[] = [];
  beforeAll(() => setFailureReporter((failure) => reported.push(failure)));
  beforeEach(() => {
    reported.length = 0;
  });

  it('a 5xx', async () => {
    const { api } = await import('./client');
    server.use(
      http.get(
        'http://shop.test/api/products',
        () => HttpResponse.json({ error: { code: 'internal', message: 'down' } }, { status: 503 }),
        { once: true },
      ),
    );
    const { response } = await api.GET('/products');
    expect(response.status).toBe(503);
    expect(reported).toEqual([{ method: 'GET', url: 'http://shop.test/api/products', reason: 503 }]);
  });

  it('no network', async () => {
    const { api } = await import('./client');
    server.use(http.get('http://shop.test/api/products', () => HttpResponse.error(), { once: true }));
    await expect(api.GET('/products')).rejects.toThrow();
    expect(reported).toEqual([{ method: 'GET', url: 'http://shop.test/api/products', reason: 'TypeError' }]);
  });

  it('not a 404 nor a request its caller aborted', async () => {
    const { api } = await import('./client');
    expect((await api.GET('/products/{id}', { params: { path: { id: 999_999 } } })).response.status).toBe(404);
    const controller = new AbortController();
    controller.abort();
    await expect(api.GET('/products', { signal: controller.signal })).rejects.toThrow();
    expect(reported).toEqual([]);
  });
});

it('apiClient(), how the code of the first load gets the client, loads this one', async () => {
  expect(await apiClient()).toBe((await import('./client')).api);
});
