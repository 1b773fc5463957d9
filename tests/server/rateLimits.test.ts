import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PEOPLE } from '~/seed/seed';
import { openPglite } from '~/server/db/pglite';
import type { Sql } from '~/server/db/sql';
import type { BackendUnderTest } from '../contract/backend';
import { startShopUnderTest } from './shopUnderTest';

let backend: BackendUnderTest;
let sql: Sql;
let close: () => Promise<void>;
const WRITES_PER_MINUTE = 2;
const UPLOADS_PER_HOUR = 3;
const SITEMAPS_PER_MINUTE = 3;
const CART_WRITES_PER_MINUTE = 4;
const person = (username: string) => {
  const user = DEMO_PEOPLE.find((p) => p.username === username)!;
  return { uid: user.id, email: user.email };
};

// One shop for the file, never reset: the limits count across tests, so each test uses callers of its own.
beforeAll(async () => {
  sql = await openPglite();
  ({ backend, close } = await startShopUnderTest(sql, {
    rateLimits: {
      writesPerMinute: WRITES_PER_MINUTE,
      cartWritesPerMinute: CART_WRITES_PER_MINUTE,
      uploadsPerHour: UPLOADS_PER_HOUR,
      sitemapsPerMinute: SITEMAPS_PER_MINUTE,
    },
  }));
  await backend.reset();
}, 60_000);
afterAll(() => close());

type ErrorBody = { error?: { code: string; message: string; field?: string } };

async function post(path: string, token: string | null, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${backend.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as ErrorBody };
}

async function upload(token: string) {
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c2185b' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('file', new File([png as BlobPart], 'dot.png'));
  const response = await fetch(`${backend.baseUrl}/uploads`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as ErrorBody };
}

const commentCount = async () => Number((await sql.query<{ n: string }>('SELECT count(*) AS n FROM comments'))[0]!.n);

function expectTooMany(reply: { status: number; retryAfter: string | null; body: ErrorBody }) {
  expect(reply.status).toBe(429);
  expect(reply.body.error?.code).toBe('too_many_requests');
  expect(reply.body.error?.message).toMatch(/^Too many requests\. Please try again in \d+ (second|minute|hour)s?\.$/);
  expect(Number(reply.retryAfter)).toBeGreaterThan(0);
}

describe('rate limits', () => {
  it('answer the next comment 429 with Retry-After once a caller has used its limit, and write nothing', async () => {
    const buyer = person('anabelle1');
    const token = await backend.tokenFor(buyer);
    const orders = (await (
      await fetch(`${backend.baseUrl}/userOrders?userID=${buyer.uid}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      lines: { productId: number }[];
    }[];
    const comment = { userId: buyer.uid, productId: orders[0]!.lines[0]!.productId, text: 'Lovely colour.' };
    for (let i = 0; i < WRITES_PER_MINUTE; i++) expect((await post('/comments', token, comment)).status).toBe(201);
    const before = await commentCount();
    expectTooMany(await post('/comments', token, comment));
    expect(await commentCount()).toBe(before);
  });

  it('answer the next rating 429 once a buyer has used the limit, though each repeats the same stars: a rating moves the catalogue version', async () => {
    const buyer = person('anabelle1');
    const token = await backend.tokenFor(buyer);
    const orders = (await (
      await fetch(`${backend.baseUrl}/userOrders?userID=${buyer.uid}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      lines: { productId: number }[];
    }[];
    const rate = () =>
      fetch(`${backend.baseUrl}/products/rating`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ productId: orders[0]!.lines[0]!.productId, userId: buyer.uid, rating: 4 }),
      }).then(async (response) => ({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: (await response.json()) as ErrorBody,
      }));
    for (let i = 0; i < WRITES_PER_MINUTE; i++) expect((await rate()).status).toBe(200);
    expectTooMany(await rate());
  });

  it('count per caller: another signed-in caller on the same address keeps its own limit', async () => {
    const first = await backend.tokenFor(person('elenagarcia'));
    const body = { userID: person('elenagarcia').uid };
    for (let i = 0; i < WRITES_PER_MINUTE; i++) await post('/payments', first, body);
    expectTooMany(await post('/payments', first, body));
    const second = await backend.tokenFor(person('dariorossi'));
    expect((await post('/payments', second, { userID: person('dariorossi').uid })).status).not.toBe(429);
  });

  it('refuse a write without a verified token 401 before counting it: anonymous and forged calls never reach 429', async () => {
    const body = { username: 'nobody' };
    for (let i = 0; i < WRITES_PER_MINUTE * 3; i++) {
      expect((await post('/users', null, body)).status).toBe(401);
      expect((await post('/users', 'not-a-token', body)).status).toBe(401);
    }
  });

  it('key a visitor by its address, by X-Forwarded-For only on a shop told to trust its proxy', async () => {
    const proxied = await startShopUnderTest(await openPglite(), {
      trustProxy: ['127.0.0.1'],
      rateLimits: { sitemapsPerMinute: SITEMAPS_PER_MINUTE },
    });
    try {
      const sitemap = `${proxied.backend.baseUrl.replace(/\/api$/, '')}/sitemap.xml`;
      const sitemapVia = (address: string) =>
        fetch(sitemap, { headers: { 'x-forwarded-for': address } }).then((response) => response.status);
      for (let i = 0; i < SITEMAPS_PER_MINUTE; i++) expect(await sitemapVia('203.0.113.1')).toBe(200);
      expect(await sitemapVia('203.0.113.1')).toBe(429);
      expect(await sitemapVia('203.0.113.2')).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('cover sign-up, payments, orders, comments and uploads, each on its own count', async () => {
    const token = await backend.tokenFor(person('carlamendes'));
    const uid = person('carlamendes').uid;
    const calls: [string, unknown][] = [
      ['/users', { username: 'carlamendes' }],
      ['/payments', { userID: uid }],
      ['/orders', { status: 'open', userID: uid, address: '1 Main St', paymentId: 'none' }],
      ['/comments', { userId: uid, productId: 1, text: 'Nice.' }],
    ];
    for (const [path, body] of calls) {
      for (let i = 0; i < WRITES_PER_MINUTE; i++) expect((await post(path, token, body)).status).not.toBe(429);
      expectTooMany(await post(path, token, body));
    }
    // Favourites and carts have a count of their own, larger.
    for (let i = 0; i < CART_WRITES_PER_MINUTE; i++)
      expect((await post('/favorites', token, { userId: uid, productId: 2 })).status).not.toBe(429);
    expectTooMany(await post('/favorites', token, { userId: uid, productId: 2 }));
    for (let i = 0; i < CART_WRITES_PER_MINUTE; i++)
      expect((await post('/cart/bulk', token, { userID: uid, allProducts: [] })).status).not.toBe(429);
    expectTooMany(await post('/cart/bulk', token, { userID: uid, allProducts: [] }));
  });

  it('give each user an hourly upload quota', async () => {
    const token = await backend.tokenFor(person('shopadmin'));
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) expect((await upload(token)).status).toBe(201);
    const refused = await upload(token);
    expectTooMany(refused);
    expect(Number(refused.retryAfter)).toBeGreaterThan(60);
    expect((await upload(await backend.tokenFor(person('elenagarcia')))).status).toBe(201);
  });

  it('answer a visitor 429 past its sitemap requests a minute, and keep robots.txt open', async () => {
    const origin = backend.baseUrl.replace(/\/api$/, '');
    const sitemap = async () => {
      const response = await fetch(`${origin}/sitemap.xml`);
      return {
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: (response.status === 429 ? await response.json() : {}) as ErrorBody,
      };
    };
    for (let i = 0; i < SITEMAPS_PER_MINUTE; i++) expect((await sitemap()).status).toBe(200);
    expectTooMany(await sitemap());
    expect((await fetch(`${origin}/robots.txt`)).status).toBe(200);
  });
});
