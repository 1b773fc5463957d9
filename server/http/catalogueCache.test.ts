import { request as httpRequest, type IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { routesFrom } from '../core/contract';
import { contractDocument } from '../core/document';
import { createCatalogueCache } from './catalogueCache';
import { makeProductRow } from '~/tests/fixtures/product';
import type { ProductRow } from '../core/ports';
import type { HotCacheLimits } from './hotCache';

const routes = routesFrom(contractDocument);
const listProducts = routes.find((route) => route.operationId === 'listProducts')!;
const getProduct = routes.find((route) => route.operationId === 'getProduct')!;

/** The catalogue version, and the storefront catalogue the cache reads once it has moved (unset: a read that fails). */
interface Shop {
  current: string;
  catalogue?: readonly ProductRow[];
}

const row = (id: number, changes: Partial<ProductRow> = {}) => makeProductRow({ id, ...changes });
/** The storefront catalogue after `written`, as the SQL store makes it. */
const rewritten = (before: readonly ProductRow[], ...written: ProductRow[]) => [
  ...before.filter(({ id }) => !written.some((w) => w.id === id)),
  ...written,
];

/**
 * A server answering GET /products through the catalogue cache, counting
 * what it computes: a page shows the product of its number, a page of
 * `name` none.
 */
async function cachedServer(shop: Shop, limits?: HotCacheLimits, maxAddresses?: number) {
  const cache = createCatalogueCache(
    () => shop.current,
    async () => shop.catalogue ?? Promise.reject(new Error('The catalogue could not be read.')),
    limits,
    maxAddresses,
  );
  const computed: string[] = [];
  const app = Fastify();
  app.get('/products', (request, reply) => {
    const query = request.query as Record<string, string>;
    return cache.serve(listProducts, { path: {}, query }, request, reply, async () => {
      computed.push(new URLSearchParams(query).toString());
      return { status: 200, body: { items: query.name ? [] : [{ id: Number(query.page) }], computed: computed.length } };
    });
  });
  return { app, computed, cache };
}

/** A visitor's GET as Node hands it over, before any routing. */
const visitorGet = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', url, headers }) as IncomingMessage;

describe('the catalogue cache', () => {
  it('computes a catalogue page once per version, whatever the order of its parameters', async () => {
    const version: Shop = { current: '1', catalogue: [row(1), row(2)] };
    const { app, computed } = await cachedServer(version);
    const ask = async (url: string) => (await app.inject({ url })).json() as { computed: number };
    expect(await ask('/products?page=2&brand=dior&sort=A-Z')).toMatchObject({ computed: 1 });
    expect(await ask('/products?sort=A-Z&page=2&brand=dior')).toMatchObject({ computed: 1 });
    expect(await ask('/products?page=3&brand=dior&sort=A-Z')).toMatchObject({ computed: 2 });
    Object.assign(version, { current: '2', catalogue: rewritten(version.catalogue!, row(2, { stock: 4 })) });
    expect(await ask('/products?page=2&brand=dior&sort=A-Z')).toMatchObject({ computed: 3 });
    expect(computed).toHaveLength(3);
  });

  it('keeps across a sale every answer but those showing a product whose stock changed, and early ones too', async () => {
    const shop: Shop = { current: '1', catalogue: [row(1), row(2), row(3)] };
    const { app, computed, cache } = await cachedServer(shop);
    const ask = async (url: string) => ((await app.inject({ url })).json() as { computed: number }).computed;
    for (const page of [1, 2, 3]) await ask(`/products?page=${page}`);
    await ask('/products?page=1&name=glow');
    // The whole list shows every product: any change is its change.
    await ask('/products');
    Object.assign(shop, { current: '2', catalogue: rewritten(shop.catalogue!, row(2, { stock: 4 })) });
    expect(await ask('/products?page=2')).toBe(6);
    expect(await ask('/products?page=1')).toBe(1);
    expect(cache.early(visitorGet('/products?page=3'))).toBeDefined();
    expect(await ask('/products?page=1&name=glow')).toBe(4);
    expect(await ask('/products')).toBe(7);
    // Two sales before the next read: both are seen.
    shop.catalogue = rewritten(rewritten(shop.catalogue!, row(1, { stock: 3 })), row(3, { stock: 2 }));
    shop.current = '4';
    expect(cache.early(visitorGet('/products?page=2'))).toBeUndefined();
    expect(await ask('/products?page=2')).toBe(6);
    expect([await ask('/products?page=1'), await ask('/products?page=3')]).toEqual([8, 9]);
    expect(computed).toHaveLength(9);
  });

  it('keeps across a new price the pages that neither show the product, nor find it where they sort or filter by price', async () => {
    const shop: Shop = { current: '1', catalogue: [row(1), row(2, { price: 10 }), row(3), row(4, { brand: 'fenty' })] };
    const { app, computed } = await cachedServer(shop);
    const pages = [
      'page=1',
      'page=1&sort=priceAsc',
      'page=1&sort=priceAsc&brand=fenty',
      'page=1&max=15',
      'page=1&min=0&max=100',
      'page=1&sort=A-Z',
    ];
    for (const page of pages) await app.inject({ url: `/products?${page}` });
    Object.assign(shop, { current: '2', catalogue: rewritten(shop.catalogue!, row(2, { price: 20 })) });
    for (const page of pages) await app.inject({ url: `/products?${page}` });
    expect(computed.slice(pages.length)).toEqual(['page=1&sort=priceAsc', 'page=1&max=15']);
  });

  it.each([
    ['a product sold out', (catalogue: readonly ProductRow[]) => catalogue.filter(({ id }) => id !== 2)],
    ['a product back in stock', (catalogue: readonly ProductRow[]) => [...catalogue, row(4)]],
    [
      'a product of a brand the catalogue had none of',
      (catalogue: readonly ProductRow[]) => rewritten(catalogue, row(2, { brand: 'fenty' })),
    ],
    [
      'the last product of a category gone',
      (catalogue: readonly ProductRow[]) => rewritten(catalogue, row(3, { category: 'blush' })).filter(({ id }) => id !== 3),
    ],
    [
      'a product moved to a category the catalogue had none of',
      (catalogue: readonly ProductRow[]) => rewritten(catalogue, row(3, { category: 'blush' })),
    ],
    ['the catalogue unreadable', () => undefined],
  ])('lets go of every page each product counts in when %s', async (_change, changed) => {
    const shop: Shop = { current: '1', catalogue: [row(1), row(2), row(3)] };
    const { app, computed } = await cachedServer(shop);
    for (const page of [1, 3]) await app.inject({ url: `/products?page=${page}` });
    Object.assign(shop, { current: '2', catalogue: changed(shop.catalogue!) });
    for (const page of [1, 3]) await app.inject({ url: `/products?page=${page}` });
    expect(computed).toEqual(['page=1', 'page=3', 'page=1', 'page=3']);
  });

  it.each([1, 5])(
    "lets go of a page that counts no product changed only when the storefront's brands change (%i moved first)",
    async (moved) => {
      // Six fenty blushes and six nyx ones; a page of dior lipsticks counts none of them.
      const blushes = (brand: 'fenty' | 'nyx', ids: number[]) => ids.map((id) => row(id, { brand, category: 'blush' }));
      const [fenty, nyx] = [
        [2, 3, 4, 5, 6, 7],
        [8, 9, 10, 11, 12, 13],
      ];
      const shop: Shop = { current: '1', catalogue: [row(1), ...blushes('fenty', fenty), ...blushes('nyx', nyx)] };
      const { app, computed } = await cachedServer(shop);
      const page = '/products?page=1&brand=dior&category=lipstick';
      await app.inject({ url: page });
      // Some fenty blushes moved to nyx: both brands stay, the page is kept.
      Object.assign(shop, { current: '2', catalogue: rewritten(shop.catalogue!, ...blushes('nyx', fenty.slice(0, moved))) });
      await app.inject({ url: page });
      expect(computed).toHaveLength(1);
      // The rest moved too: fenty leaves the brand facets.
      Object.assign(shop, { current: '3', catalogue: rewritten(shop.catalogue!, ...blushes('nyx', fenty.slice(moved))) });
      await app.inject({ url: page });
      expect(computed).toHaveLength(2);
    },
  );

  it('lets go of every answer when more than 100 products changed at once, though none is shown', async () => {
    const shop: Shop = { current: '1', catalogue: Array.from({ length: 200 }, (_, i) => row(i + 1)) };
    const { app, computed } = await cachedServer(shop);
    await app.inject({ url: '/products?page=200' });
    const sale = (count: number) => Array.from({ length: count }, (_, i) => row(i + 1, { stock: 4 }));
    Object.assign(shop, { current: '2', catalogue: rewritten(shop.catalogue!, ...sale(100)) });
    await app.inject({ url: '/products?page=200' });
    expect(computed).toHaveLength(1);
    Object.assign(shop, { current: '3', catalogue: rewritten(shop.catalogue!, ...sale(101).map((product) => ({ ...product, stock: 3 }))) });
    await app.inject({ url: '/products?page=200' });
    expect(computed).toHaveLength(2);
  });

  it('answers on, starting empty, when the change cannot be told for a fault in the catalogue read', async () => {
    const shop: Shop = { current: '1', catalogue: [row(1), row(2)] };
    const { app, computed } = await cachedServer(shop);
    await app.inject({ url: '/products?page=1' });
    Object.assign(shop, { current: '2', catalogue: [null as unknown as ProductRow] });
    expect((await app.inject({ url: '/products?page=1' })).statusCode).toBe(200);
    Object.assign(shop, { current: '3', catalogue: [row(1), row(2)] });
    expect((await app.inject({ url: '/products?page=1' })).statusCode).toBe(200);
    expect(computed).toHaveLength(3);
  });

  it('keeps no page made from a catalogue later than its generation read: a change made and undone between two versions is not missed', async () => {
    const shop: Shop = { current: '1', catalogue: [row(1, { price: 10 }), row(2)] };
    const storefront = async () => shop.catalogue!;
    const cache = createCatalogueCache(() => shop.current, storefront);
    let made = 0;
    const app = Fastify();
    app.get('/products', (request, reply) => {
      const query = request.query as Record<string, string>;
      return cache.serve(listProducts, { path: {}, query }, request, reply, async () => {
        const price = (await storefront()).find(({ id }) => id === 1)!.price;
        return { status: 200, body: { items: [{ id: 2 }], price, made: ++made } };
      });
    });
    const ask = async (url: string) => (await app.inject({ url })).json() as { price: number; made: number };
    expect(await ask('/products?page=1')).toMatchObject({ price: 10, made: 1 });
    // Product 1 repriced: the store reads its catalogue ahead of the version this process has taken up, and a page is made from it.
    shop.catalogue = rewritten(shop.catalogue!, row(1, { price: 99 }));
    expect(await ask('/products?page=2')).toMatchObject({ price: 99, made: 2 });
    // Put back before the version moves: between the catalogues the generations read, nothing changed.
    Object.assign(shop, { current: '3', catalogue: rewritten(shop.catalogue!, row(1, { price: 10 })) });
    expect(await ask('/products?page=2')).toMatchObject({ price: 10, made: 3 });
    expect(await ask('/products?page=1')).toMatchObject({ price: 10, made: 1 });
  });

  it('keeps no product detail across a version, though it changed with nothing', async () => {
    const shop: Shop = { current: '1', catalogue: [row(1), row(2)] };
    const cache = createCatalogueCache(
      () => shop.current,
      async () => shop.catalogue!,
    );
    let made = 0;
    const app = Fastify();
    app.get('/products/:id', (request, reply) =>
      cache.serve(getProduct, { path: request.params as { id: string }, query: {} }, request, reply, async () => ({
        status: 200,
        body: { ...row(1), made: ++made },
      })),
    );
    await app.inject({ url: '/products/1' });
    Object.assign(shop, { current: '2', catalogue: rewritten(shop.catalogue!, row(2, { stock: 1 })) });
    expect((await app.inject({ url: '/products/1' })).json()).toMatchObject({ made: 2 });
  });

  it('keeps no answer still being made when a sale comes, though it shows nothing sold', async () => {
    const shop: Shop = { current: '1', catalogue: [row(1), row(2)] };
    const cache = createCatalogueCache(
      () => shop.current,
      async () => shop.catalogue!,
    );
    let finish!: () => void;
    let made = 0;
    const app = Fastify();
    app.get('/products', (request, reply) =>
      cache.serve(listProducts, { path: {}, query: { page: '1' } }, request, reply, async () => {
        made++;
        if (made === 1) await new Promise<void>((resolve) => (finish = resolve));
        return { status: 200, body: { items: [{ id: 1 }], made } };
      }),
    );
    const first = app.inject({ url: '/products?page=1' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    Object.assign(shop, { current: '2', catalogue: rewritten(shop.catalogue!, row(2, { stock: 4 })) });
    // The version seen: the generation after it is made ready meanwhile.
    cache.early(visitorGet('/products?page=1'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    finish();
    expect((await first).json()).toEqual({ items: [{ id: 1 }], made: 1 });
    expect((await app.inject({ url: '/products?page=1' })).json()).toEqual({ items: [{ id: 1 }], made: 2 });
  });

  it('reads a name in any case once, as the search ignores case', async () => {
    const { app } = await cachedServer({ current: '1', catalogue: [] });
    const ask = async (url: string) => (await app.inject({ url })).json() as { computed: number };
    for (const name of ['glow', 'Glow', 'GLOW']) expect(await ask(`/products?page=1&name=${name}`)).toMatchObject({ computed: 1 });
    expect(await ask('/products?name=GLOW')).toMatchObject({ computed: 2 });
    expect(await ask('/products?name=glow')).toMatchObject({ computed: 2 });
    expect(await ask('/products?page=1&name=glo')).toMatchObject({ computed: 3 });
  });

  it('still serves the pages in demand from memory after a flood of distinct queries', async () => {
    // A cache of 8 entries a segment, flooded with ten times that many distinct queries.
    const limits = { entries: 8, bytes: 1024 * 1024 };
    const { app, computed } = await cachedServer({ current: '1', catalogue: [] }, limits);
    const hot = ['page=1', 'page=1&sort=newest', 'page=1&offers=true'];
    for (const query of [...hot, ...hot]) await app.inject({ url: `/products?${query}` });
    for (let flood = 1; flood <= limits.entries * 10; flood++)
      await app.inject({ url: `/products?page=${flood}&pageSize=${(flood % 48) + 1}` });
    const before = computed.length;
    for (const query of hot) await app.inject({ url: `/products?${query}` });
    expect(computed.length).toBe(before);
    // The flood itself was let go: its first query is computed again.
    await app.inject({ url: '/products?page=1&pageSize=2' });
    expect(computed.length).toBe(before + 1);
  });

  it("counts a kept answer's gzip, made for a client that takes no brotli, within its bytes", async () => {
    const sizes = await cachedServer({ current: '1', catalogue: [] });
    const br = Number(
      (await sizes.app.inject({ url: '/products?page=1', headers: { 'accept-encoding': 'br' } })).headers['content-length'],
    );
    const gzip = Number(
      (await sizes.app.inject({ url: '/products?page=1', headers: { 'accept-encoding': 'gzip' } })).headers['content-length'],
    );
    // Room for the brotli alone (the second brotli send compresses it well, which leaves so small an answer no smaller).
    const { app, computed } = await cachedServer({ current: '1', catalogue: [] }, { entries: 10, bytes: br + gzip - 1 });
    await app.inject({ url: '/products?page=1', headers: { 'accept-encoding': 'br' } });
    await app.inject({ url: '/products?page=1', headers: { 'accept-encoding': 'br' } });
    expect(computed).toHaveLength(1);
    await app.inject({ url: '/products?page=1', headers: { 'accept-encoding': 'gzip' } });
    await app.inject({ url: '/products?page=1', headers: { 'accept-encoding': 'gzip' } });
    expect(computed).toHaveLength(2);
  });

  it('keeps nothing for a query the contract refuses', async () => {
    const { app, computed } = await cachedServer({ current: '1', catalogue: [] });
    expect((await app.inject({ url: '/products?page=0' })).statusCode).toBe(400);
    expect(computed).toEqual([]);
  });

  it('answers early only a target the router answered, while its answer is kept, for a visitor', async () => {
    const version: Shop = { current: '1', catalogue: [row(1)] };
    const { app, cache } = await cachedServer(version);
    expect(cache.early(visitorGet('/products?page=2'))).toBeUndefined();
    const routed = await app.inject({ url: '/products?page=2' });
    expect(cache.early(visitorGet('/products?page=2'))?.etag).toBe(routed.headers.etag);
    expect(cache.early(visitorGet('/products?page=2', { authorization: 'Bearer x' }))).toBeUndefined();
    expect(cache.early({ ...visitorGet('/products?page=2'), method: 'HEAD' } as IncomingMessage)).toBeUndefined();
    await app.inject({ url: '/products?page=0' });
    expect(cache.early(visitorGet('/products?page=0'))).toBeUndefined();
    Object.assign(version, { current: '2', catalogue: rewritten(version.catalogue!, row(2, { stock: 4 })) });
    expect(cache.early(visitorGet('/products?page=2'))).toBeUndefined();
    await app.inject({ url: '/products?page=1' });
    expect(cache.early(visitorGet('/products?page=2'))).toBeUndefined();
  });

  it('remembers a bounded number of targets, letting go of the least recently asked', async () => {
    const { app, cache } = await cachedServer({ current: '1', catalogue: [] }, undefined, 4);
    await app.inject({ url: '/products?page=1' });
    for (let flood = 2; flood <= 20; flood++) {
      await app.inject({ url: `/products?page=${flood}` });
      expect(cache.early(visitorGet('/products?page=1')), `after page ${flood}`).toBeDefined();
    }
    expect(cache.early(visitorGet('/products?page=2'))).toBeUndefined();
    expect(cache.early(visitorGet('/products?page=20'))).toBeDefined();
  });

  it.each(['a visitor', 'a signed-in caller'] as const)(
    'makes whole lists one at a time, and none that nobody waits for any more, for %s',
    async (caller) => {
      const cache = createCatalogueCache(
        () => '1',
        async () => [],
      );
      /** The searches begun, and how to let each finish. */
      const begun: string[] = [];
      const finish = new Map<string, () => void>();
      const app = Fastify();
      app.get('/products', (request, reply) => {
        const query = request.query as Record<string, string>;
        const compute = async () => {
          begun.push(query.name!);
          await new Promise<void>((resolve) => finish.set(query.name!, resolve));
          return { status: 200, body: [query.name] };
        };
        // A signed-in caller's list is never kept: one shopper asking for them all.
        return caller === 'a visitor'
          ? cache.serve(listProducts, { path: {}, query }, request, reply, compute)
          : cache.serveWholeList('uid:ana', request, reply, compute);
      });
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      const settle = async () => {
        for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 5));
      };
      const ask = (name: string) => {
        const sent = httpRequest(`${origin}/products?name=${name}`);
        const answer = new Promise<string>((resolve, reject) => {
          sent.on('response', (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString())).on('end', () => resolve(body));
          });
          sent.on('error', reject);
        });
        sent.end();
        return {
          answer,
          leave: () => {
            answer.catch(() => undefined);
            sent.destroy();
          },
        };
      };
      try {
        const first = ask('first');
        await settle();
        // Three more searches sent while the first is made, then given up; a fourth still waited for.
        const given = ['gone1', 'gone2', 'gone3'].map(ask);
        const waited = ask('waited');
        await settle();
        expect(begun).toEqual(['first']);
        for (const each of given) each.leave();
        await settle();
        finish.get('first')!();
        expect(await first.answer).toBe('["first"]');
        await settle();
        expect(begun).toEqual(['first', 'waited']);
        finish.get('waited')!();
        expect(await waited.answer).toBe('["waited"]');
        // A list let go of unmade is made when asked for again.
        const again = ask('gone2');
        await settle();
        finish.get('gone2')!();
        expect(await again.answer).toBe('["gone2"]');
        expect(begun).toEqual(['first', 'waited', 'gone2']);
      } finally {
        await app.close();
      }
    },
  );
});
