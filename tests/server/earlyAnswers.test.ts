import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USER } from '~/seed/seed';
import { openPglite } from '~/server/db/pglite';
import type { Shop } from '~/server/shop';
import type { Product } from '~/src/domain/types';
import type { BackendUnderTest } from '../contract/backend';
import { rawRequest, type RawAnswer } from './rawRequest';
import { startShopUnderTest } from './shopUnderTest';

let backend: BackendUnderTest;
let shop: Shop;
let close: () => Promise<void>;
/** Every request the framework routed, by target. */
const routed: string[] = [];
/** Every request answered before routing, by target. */
const early: string[] = [];

beforeAll(async () => {
  const log = new Writable({
    write(line: Buffer, _encoding, done) {
      const entry = JSON.parse(line.toString()) as { msg?: string; req?: { url?: string }; url?: string };
      if (entry.msg === 'incoming request' && entry.req?.url) routed.push(entry.req.url);
      if (entry.msg === 'answered from the catalogue cache' && entry.url) early.push(entry.url);
      done();
    },
  });
  ({ backend, shop, close } = await startShopUnderTest(await openPglite(), { logger: { level: 'info', stream: log } }));
  await backend.reset();
}, 60_000);
afterAll(() => close());

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(`${backend.baseUrl}${path}`, headers, method);

const own = ({ date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest }: RawAnswer['headers']) => rest;

const routedCount = (path: string) => routed.filter((url) => `/api${path}` === url).length;
const earlyCount = (path: string) => early.filter((url) => `/api${path}` === url).length;

describe('catalogue reads answered before routing', () => {
  it("keep the server's timeouts set (headers, request and idle in tens of seconds, keep-alive past a load balancer's idle minute) and its connections bounded", () => {
    expect(shop.app.server.headersTimeout).toBe(20_000);
    expect(shop.app.server.requestTimeout).toBe(30_000);
    expect(shop.app.server.timeout).toBe(75_000);
    expect(shop.app.server.keepAliveTimeout).toBe(72_000);
    expect(shop.app.server.maxConnections).toBe(10_000);
  });

  for (const [what, headers, target] of [
    ['brotli', { 'accept-encoding': 'gzip, deflate, br, zstd' }, '/products/1'],
    ['gzip', { 'accept-encoding': 'gzip' }, '/products/2'],
    ['plain', {}, '/products/3'],
  ] as const) {
    it(`send a product read again exactly as the router sent it (${what})`, async () => {
      const first = await get(target, headers);
      const before = routedCount(target);
      const again = await get(target, headers);
      expect(routedCount(target)).toBe(before);
      expect(earlyCount(target)).toBe(1);
      expect(again.status).toBe(first.status);
      expect(own(again.headers)).toEqual(own(first.headers));
      expect(again.body.equals(first.body)).toBe(true);
      expect(again.headers['content-security-policy']).toContain("default-src 'self'");
      expect(Number(again.headers['content-length'])).toBe(again.body.length);
    });
  }

  it('send catalogue pages, searches and an unknown product again unrouted, each as first answered', async () => {
    for (const path of ['/products?page=2&sort=A-Z', '/products?name=lip', '/products/999999']) {
      const first = await get(path, { 'accept-encoding': 'br' });
      const routedBefore = routedCount(path);
      const again = await get(path, { 'accept-encoding': 'br' });
      expect(routedCount(path), path).toBe(routedBefore);
      expect([again.status, own(again.headers), again.body.toString('base64')]).toEqual([
        first.status,
        own(first.headers),
        first.body.toString('base64'),
      ]);
    }
  });

  it('answer 304 while the browser holds the same copy', async () => {
    const first = await get('/products/4', { 'accept-encoding': 'br' });
    const held = await get('/products/4', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(held.status).toBe(304);
    expect(held.body.length).toBe(0);
    expect(held.headers.etag).toBe(first.headers.etag);
  });

  it('never answer a request that is refused, a HEAD, or one with a token', async () => {
    await get('/products?page=0');
    await get('/products?page=0');
    expect(routedCount('/products?page=0')).toBe(2);

    await get('/products/5');
    const routedBefore = routedCount('/products/5');
    await get('/products/5', {}, 'HEAD');
    const token = await backend.tokenFor({ uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email });
    const asAdmin = await get('/products/5', { authorization: `Bearer ${token}` });
    expect(asAdmin.status).toBe(200);
    expect(routedCount('/products/5')).toBe(routedBefore + 2);
  });

  it('let go of every answer when the catalogue changes', async () => {
    const read = async () => JSON.parse((await get('/products/6')).body.toString()) as { name: string };
    const before = await read();
    await read();
    const token = await backend.tokenFor({ uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email });
    const renamed = await fetch(`${backend.baseUrl}/products`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 6, name: `${before.name} II` }),
    });
    expect(renamed.status).toBe(200);
    const routedBefore = routedCount('/products/6');
    expect((await read()).name).toBe(`${before.name} II`);
    expect(routedCount('/products/6')).toBe(routedBefore + 1);
  });

  it('after a sale, route again the pages that show the product sold, with its new stock, and send the others early as before', async () => {
    type Page = { items: Product[] };
    const [showing, other] = ['/products?page=1&pageSize=4', '/products?page=3&pageSize=4'];
    const first = await get(showing);
    // A sale that leaves every shade in stock: the colour families on sale, counted on every page, stay as they were.
    const [sold, shade] = (JSON.parse(first.body.toString()) as Page).items
      .map((product) => [product, product.shades.find((s) => s.stock > 1)] as const)
      .find(([product, found]) => found || (product.shades.length === 0 && product.stock > 1))!;
    const otherBefore = await get(other);
    expect((JSON.parse(otherBefore.body.toString()) as Page).items.map(({ id }) => id)).not.toContain(sold.id);
    const token = await backend.tokenFor({ uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email });
    const sale = await fetch(`${backend.baseUrl}/products`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(
        shade
          ? { id: sold.id, shades: sold.shades.map((s) => (s.id === shade.id ? { ...s, stock: s.stock - 1 } : s)) }
          : { id: sold.id, stock: sold.stock - 1 },
      ),
    });
    expect(sale.status).toBe(200);
    const [routedShowing, routedOther, earlyOther] = [routedCount(showing), routedCount(other), earlyCount(other)];
    // The browser's copy of the page showing the product no longer holds.
    const after = await get(showing, { 'if-none-match': String(first.headers.etag) });
    expect(after.status).toBe(200);
    expect((JSON.parse(after.body.toString()) as Page).items.find(({ id }) => id === sold.id)).toMatchObject({ stock: sold.stock - 1 });
    expect(routedCount(showing)).toBe(routedShowing + 1);
    const otherAfter = await get(other);
    expect([routedCount(other), earlyCount(other)]).toEqual([routedOther, earlyOther + 1]);
    expect(otherAfter.body.equals(otherBefore.body)).toBe(true);
  });

  it('keep every answer when a buyer gives the same stars again (nothing is written)', async () => {
    const buyer = { uid: DEMO_USER.id, email: DEMO_USER.email };
    const token = await backend.tokenFor(buyer);
    const asBuyer = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const orders = (await (await fetch(`${backend.baseUrl}/userOrders?userID=${buyer.uid}`, { headers: asBuyer })).json()) as {
      lines: { productId: number }[];
    }[];
    const productId = orders[0]!.lines[0]!.productId;
    const rate = () =>
      fetch(`${backend.baseUrl}/products/rating`, {
        method: 'PUT',
        headers: asBuyer,
        body: JSON.stringify({ productId, userId: buyer.uid, rating: 4 }),
      });
    expect((await rate()).status).toBe(200);
    await get('/products/7');
    await get('/products/7');
    const routedBefore = routedCount('/products/7');
    expect((await rate()).status).toBe(200);
    await get('/products/7');
    expect(routedCount('/products/7')).toBe(routedBefore);
  });
});
