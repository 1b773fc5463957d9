import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { makeProduct } from '~/tests/fixtures/product';
import { productsMachine, type Catalogue, type CatalogueMode } from './products.machine';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

type Product = ReturnType<typeof makeProduct>;

/** The catalogue actor answering with the list `fetch` gives. */
const listed = (fetch: () => Promise<Product[]>) =>
  fromPromise<Catalogue, { mode: CatalogueMode }>(async () => ({ paged: false, products: await fetch() }));

function start(fetch: () => Promise<Product[]>, input: { products?: Product[]; paged?: boolean } = {}) {
  return createActor(productsMachine.provide({ actors: { fetchCatalogue: listed(fetch) } }), { input }).start();
}

it('idle -> loading -> loaded on LOAD', async () => {
  const products = [makeProduct()];
  const actor = start(async () => products);
  expect(actor.getSnapshot().value).toBe('idle');
  actor.send({ type: 'LOAD' });
  expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  await vi.runAllTimersAsync();
  expect(actor.getSnapshot().value).toBe('loaded');
  expect(actor.getSnapshot().context.products).toBe(products);
});

it('loading -> failed, and LOAD (Retry, or the next page that needs the list) loads again', async () => {
  let fail = true;
  const actor = start(async () => (fail ? Promise.reject(new Error('offline')) : [makeProduct()]));
  actor.send({ type: 'LOAD' });
  await vi.runAllTimersAsync();
  expect(actor.getSnapshot().value).toBe('failed');
  actor.send({ type: 'LOAD' });
  expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  await vi.runAllTimersAsync();
  expect(actor.getSnapshot().value).toBe('failed');
  fail = false;
  actor.send({ type: 'LOAD' });
  await vi.runAllTimersAsync();
  expect(actor.getSnapshot().value).toBe('loaded');
  expect(actor.getSnapshot().context.products).toHaveLength(1);
});

it('a failed refresh keeps the last list', async () => {
  const products = [makeProduct()];
  let fail = false;
  const actor = start(async () => (fail ? Promise.reject(new Error('offline')) : products));
  actor.send({ type: 'LOAD' });
  await vi.runAllTimersAsync();
  fail = true;
  actor.send({ type: 'REFRESH' });
  await vi.runAllTimersAsync();
  expect(actor.getSnapshot().value).toBe('failed');
  expect(actor.getSnapshot().context.products).toBe(products);
});

it('refreshes 500 ms after a change, once for a burst of changes', async () => {
  const fetch = vi.fn(async () => [makeProduct()]);
  const actor = start(fetch);
  actor.send({ type: 'LOAD' });
  await vi.runAllTimersAsync();
  actor.send({ type: 'REFRESH' });
  await vi.advanceTimersByTimeAsync(300);
  actor.send({ type: 'REFRESH' });
  await vi.advanceTimersByTimeAsync(499);
  expect(fetch).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(1);
  await vi.runAllTimersAsync();
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(actor.getSnapshot().value).toBe('loaded');
});

it('starts loaded with the list it is given (a server-rendered page), and refreshes from there', async () => {
  const given = [makeProduct({ id: 1 })];
  const fresh = [makeProduct({ id: 1 }), makeProduct({ id: 2 })];
  const fetch = vi.fn(async () => fresh);
  const actor = start(fetch, { products: given });
  expect(actor.getSnapshot().value).toBe('loaded');
  expect(actor.getSnapshot().context.products).toBe(given);
  expect(fetch).not.toHaveBeenCalled();
  actor.send({ type: 'REFRESH' });
  await vi.runAllTimersAsync();
  expect(actor.getSnapshot().context.products).toBe(fresh);
});

it('an empty list given at start is no list: it waits for LOAD', () => {
  const actor = createActor(productsMachine, { input: { products: [] } }).start();
  expect(actor.getSnapshot().value).toBe('idle');
});

it('a paged catalogue (too large to hold) loads no list: loading -> paged', async () => {
  const actor = createActor(
    productsMachine.provide({ actors: { fetchCatalogue: fromPromise<Catalogue, { mode: CatalogueMode }>(async () => ({ paged: true })) } }),
    { input: {} },
  ).start();
  actor.send({ type: 'LOAD' });
  await vi.runAllTimersAsync();
  expect(actor.getSnapshot().matches('paged')).toBe(true);
  expect(actor.getSnapshot().context).toMatchObject({ mode: 'paged', products: [] });
});

it('starts paged when told so (a server-rendered page of a paged catalogue); a change moves its revision 500 ms later, once for a burst, and loads nothing', async () => {
  const fetch = vi.fn(async (): Promise<Catalogue> => ({ paged: true }));
  const actor = createActor(productsMachine.provide({ actors: { fetchCatalogue: fromPromise(fetch) } }), {
    input: { paged: true },
  }).start();
  expect(actor.getSnapshot().matches('paged')).toBe(true);
  const revision = actor.getSnapshot().context.revision;
  actor.send({ type: 'REFRESH' });
  await vi.advanceTimersByTimeAsync(300);
  actor.send({ type: 'REFRESH' });
  await vi.advanceTimersByTimeAsync(499);
  expect(actor.getSnapshot().context.revision).toBe(revision);
  await vi.advanceTimersByTimeAsync(1);
  expect(actor.getSnapshot().context.revision).toBe(revision + 1);
  actor.send({ type: 'LOAD' });
  await vi.runAllTimersAsync();
  expect(actor.getSnapshot().matches('paged')).toBe(true);
  expect(fetch).not.toHaveBeenCalled();
});

it('asks the catalogue its size only until it knows: a list once held is refreshed as a list', async () => {
  const modes: string[] = [];
  const fetch = fromPromise<Catalogue, { mode: CatalogueMode }>(async ({ input }) => {
    modes.push(input.mode);
    return { paged: false, products: [makeProduct()] };
  });
  const actor = createActor(productsMachine.provide({ actors: { fetchCatalogue: fetch } }), { input: {} }).start();
  actor.send({ type: 'LOAD' });
  await vi.runAllTimersAsync();
  actor.send({ type: 'REFRESH' });
  await vi.runAllTimersAsync();
  expect(modes).toEqual(['unknown', 'list']);
  expect(actor.getSnapshot().context.mode).toBe('list');
});
