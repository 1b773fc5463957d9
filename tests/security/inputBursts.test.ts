import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '~/server/core/ports';
import { ADDRESS, expectNoLeak, expectRefused, PEOPLE, startShopUnderAttack, type Reply, type ShopUnderAttack } from './inputAttack';

const WRITES_PER_MINUTE = 3;
const UPLOADS_PER_HOUR = 2;
const BURST = 12;
let shop: ShopUnderAttack;
let bought: number;
const { buyer, shopper, admin } = PEOPLE;

const statuses = (replies: Reply[]) => replies.map((r) => r.status).sort();
const count = async (table: string) => Number((await shop.sql.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
/** Every table but the named ones, to show a burst wrote nowhere else. */
const apartFrom = (snapshot: Record<string, unknown[]>, ...tables: string[]) =>
  Object.fromEntries(Object.entries(snapshot).filter(([name]) => !tables.includes(name)));

function expectTooMany(replies: Reply[], allowed: number) {
  const limited = replies.filter((r) => r.status === 429);
  expect(limited).toHaveLength(replies.length - allowed);
  for (const reply of limited) {
    expectRefused(reply, 429);
    expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
  }
}

// One shop for the file, never reset: the limits count across tests, so each test uses callers of its own.
beforeAll(async () => {
  shop = await startShopUnderAttack({ rateLimits: { writesPerMinute: WRITES_PER_MINUTE, uploadsPerHour: UPLOADS_PER_HOUR } });
  const orders = (await shop.call<{ lines: { productId: number }[] }[]>('get', '/userOrders', { as: buyer, query: { userID: buyer.uid } }))
    .body;
  bought = orders[0]!.lines[0]!.productId;
}, 60_000);
afterAll(() => shop.close());

describe('bursts past the rate limits', () => {
  it(`a burst of ${BURST} comments writes ${WRITES_PER_MINUTE} and answers the rest 429 with Retry-After`, async () => {
    const before = await shop.snapshot();
    const replies = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        shop.call('post', '/comments', { as: buyer, body: { userId: buyer.uid, productId: bought, text: `Spam ${i}` } }),
      ),
    );
    expect(statuses(replies).filter((s) => s === 201)).toHaveLength(WRITES_PER_MINUTE);
    expectTooMany(replies, WRITES_PER_MINUTE);
    expect(await count('comments')).toBe(before.comments!.length + WRITES_PER_MINUTE);
    expect(apartFrom(await shop.snapshot(), 'comments')).toEqual(apartFrom(before, 'comments'));
  });

  it(`a burst of ${BURST} payments starts ${WRITES_PER_MINUTE} and answers the rest 429`, async () => {
    expect(
      (
        await shop.call('post', '/cart/bulk', {
          as: shopper,
          body: { userID: shopper.uid, allProducts: [{ productId: bought, quantity: 1 }] },
        })
      ).status,
    ).toBe(200);
    const before = await shop.snapshot();
    const replies = await Promise.all(
      Array.from({ length: BURST }, () => shop.call('post', '/payments', { as: shopper, body: { userID: shopper.uid } })),
    );
    expect(statuses(replies).filter((s) => s === 201)).toHaveLength(WRITES_PER_MINUTE);
    expectTooMany(replies, WRITES_PER_MINUTE);
    expect(await count('payments')).toBe(before.payments!.length + WRITES_PER_MINUTE);
    expect(apartFrom(await shop.snapshot(), 'payments')).toEqual(apartFrom(before, 'payments'));
  });

  it(`a burst of ${BURST} order calls guessing payment ids is 404 ${WRITES_PER_MINUTE} times, then 429, and nothing changes`, async () => {
    const before = await shop.snapshot();
    const replies = await Promise.all(
      Array.from({ length: BURST }, () =>
        shop.call('post', '/orders', {
          as: admin,
          body: { status: 'open', userID: admin.uid, address: ADDRESS, paymentId: `TEST-${crypto.randomUUID()}-100` },
        }),
      ),
    );
    expect(statuses(replies).filter((s) => s === 404)).toHaveLength(WRITES_PER_MINUTE);
    expectTooMany(replies, WRITES_PER_MINUTE);
    expect(await shop.snapshot()).toEqual(before);
  });

  it('a visitor without a token is refused 401 at every sign-up call, before any count, and nothing changes', async () => {
    const before = await shop.snapshot();
    const replies = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        shop.call('post', '/users', { body: { username: 'spammer123' }, headers: { 'x-forwarded-for': `10.0.${i}.1` } }),
      ),
    );
    for (const reply of replies) expectNoLeak(reply);
    expect(statuses(replies).filter((s) => s === 401)).toHaveLength(BURST);
    expect(await shop.snapshot()).toEqual(before);
  });

  it(`a burst of ${BURST} uploads stores ${UPLOADS_PER_HOUR} files and answers the rest 429`, async () => {
    const filesBefore = await shop.uploadedFiles();
    const uploader: Identity = PEOPLE.banned;
    const token = await shop.backend.tokenFor(uploader);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c2185b' } })
      .png()
      .toBuffer();
    const replies = await Promise.all(
      Array.from({ length: BURST }, async () => {
        const form = new FormData();
        form.set('file', new File([png as BlobPart], 'dot.png', { type: 'image/png' }));
        const response = await fetch(`${shop.backend.baseUrl}/uploads`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${token}` },
        });
        const text = await response.text();
        return { status: response.status, text, headers: response.headers, body: JSON.parse(text) } as Reply;
      }),
    );
    const accepted = replies.filter((r) => r.status === 201);
    expect(accepted).toHaveLength(UPLOADS_PER_HOUR);
    expectTooMany(replies, UPLOADS_PER_HOUR);
    const acceptedFiles = accepted.map((r) => (r.body.url as string).replace(/^\/uploads\//, ''));
    expect(Object.keys(await shop.uploadedFiles()).sort()).toEqual([...Object.keys(filesBefore), ...acceptedFiles].sort());
  });
});
