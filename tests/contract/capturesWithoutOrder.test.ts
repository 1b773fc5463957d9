import { describe, expect, it } from 'vitest';
import { seedStore } from '~/seed/seed';
import type { PaymentStatus, Store } from '~/server/core/ports';
import { STALE_CAPTURE_MS } from '~/server/core/refunds';
import { pgliteForFile } from './pgliteForFile';
import { ADDRESS, at, BUYER, checkoutOn, REFUNDED, storesOn } from './refundFixtures';

const STORES = storesOn(pgliteForFile());

/** A capture whose order never came, gone stale: the next round owes its refund. */
async function staleCaptureOn(store: Store) {
  const shop = await checkoutOn(store);
  await shop.capturedWithoutOrder();
  shop.clock.now += STALE_CAPTURE_MS + 1;
  return shop;
}

describe.each(STORES)('captures whose order never came, on %s', (_, openStore) => {
  it('owes the refunds of captures with no order from before the time given, each once, only from captured', async () => {
    const store = await openStore();
    await seedStore(store, 12);
    const payment = (id: string, status: PaymentStatus) =>
      store.insertPayment({ id, userId: BUYER.uid, provider: 'test', amount: 10, status, createdAt: at(0) });
    for (const id of ['old', 'fresh', 'ordered', 'unpaid']) await payment(id, 'created');
    // Captured before its capture time was recorded: counts from its creation.
    await payment('inserted', 'captured');
    await payment('fulfilled', 'fulfilled');
    expect(await store.recordCapture('old', at(1))).toBe(true);
    expect(await store.recordCapture('old', at(2))).toBe(false);
    expect(await store.recordCapture('fresh', at(STALE_CAPTURE_MS))).toBe(true);
    expect(await store.recordCapture('ordered', at(1))).toBe(true);
    await store.insertOrder({
      userId: BUYER.uid,
      userEmail: BUYER.email,
      status: 'open',
      address: ADDRESS,
      totalPrice: 10,
      createdAt: at(1),
      paymentId: 'ordered',
      lines: [],
      history: [{ status: 'open', at: at(1), by: { userId: BUYER.uid, email: BUYER.email } }],
    });

    expect((await store.oweStaleCaptures(at(STALE_CAPTURE_MS))).sort()).toEqual(['inserted', 'old']);
    expect(await store.oweStaleCaptures(at(STALE_CAPTURE_MS))).toEqual([]);
    const statuses = Object.fromEntries(
      await Promise.all(
        ['old', 'fresh', 'ordered', 'unpaid', 'inserted', 'fulfilled'].map(async (id) => [id, (await store.getPayment(id))!.status]),
      ),
    );
    expect(statuses).toEqual({
      old: 'refunding',
      fresh: 'captured',
      ordered: 'captured',
      unpaid: 'created',
      inserted: 'refunding',
      fulfilled: 'fulfilled',
    });
  });

  it('a capture whose order never came is left alone for STALE_CAPTURE_MS, then refunded by the round once; the shopper coming back is told to pay again', async () => {
    const shop = await checkoutOn(await openStore());
    await shop.capturedWithoutOrder();
    shop.clock.now += STALE_CAPTURE_MS;
    expect(await shop.retry()).toBe(0);
    expect(await shop.status()).toBe('captured');

    shop.clock.now += 1;
    expect(await shop.retry()).toBe(1);
    expect(await shop.order()).toMatchObject(REFUNDED);
    expect(await shop.retry()).toBe(0);
    await shop.refundedOnly();
  });

  it('a fresh capture whose shopper comes back makes its order, which later rounds leave alone', async () => {
    const shop = await checkoutOn(await openStore());
    await shop.capturedWithoutOrder();
    shop.clock.now += STALE_CAPTURE_MS - 1;
    expect((await shop.order()).status).toBe(201);
    shop.clock.now += 10 * STALE_CAPTURE_MS;
    expect(await shop.retry()).toBe(0);
    await shop.orderedOnly();
  });

  it('a round meeting the order being made (its payment claimed, stock being taken) leaves it: the order, no refund', async () => {
    const shop = await staleCaptureOn(await openStore());
    const order = await shop.orderHeldAt('atStock');
    const round = shop.retry();
    order.release();
    expect((await order.answer).status).toBe(201);
    expect(await round).toBe(0);
    await shop.orderedOnly();
  });

  it("a round between the shopper's call reading the payment captured and claiming it: the refund, no order", async () => {
    const shop = await staleCaptureOn(await openStore());
    const order = await shop.orderHeldAt('atStart');
    expect(await shop.retry()).toBe(1);
    order.release();
    expect(await order.answer).toMatchObject(REFUNDED);
    await shop.refundedOnly();
  });

  it('a round and the shopper coming back at once: exactly one of the order or the refund', async () => {
    const shop = await staleCaptureOn(await openStore());
    const [order, refunded] = await Promise.all([shop.order(), shop.retry()]);
    if (order.status === 201) {
      expect(refunded).toBe(0);
      await shop.orderedOnly();
    } else {
      expect([order, refunded]).toMatchObject([REFUNDED, 1]);
      await shop.refundedOnly();
    }
  });
});
