import { describe, expect, it } from 'vitest';
import { seedStore } from '~/seed/seed';
import type { PaymentProvider, PaymentStatus } from '~/server/core/ports';
import { retryOwedRefunds, STALE_CAPTURE_MS } from '~/server/core/refunds';
import { createTestPayments } from '~/server/core/testPayments';
import { pgliteForFile } from './pgliteForFile';
import { at, BUYER, checkoutOn, countedProvider, NOT_COMPLETED, REFUNDED, storesOn, T0 } from './refundFixtures';

const STORES = storesOn(pgliteForFile());

/** A provider that answers each lookup as `answers` says: captured, not, or a failure that may pass or never will; counting the lookups. */
function lookedUpProvider(answers: Record<string, boolean | 'fails' | 'never answers'>) {
  const lookups: string[] = [];
  const provider: PaymentProvider = {
    ...countedProvider().provider,
    async wasCaptured(id) {
      lookups.push(id);
      const answer = answers[id];
      if (answer === 'fails') throw new Error('the provider is down');
      if (answer === 'never answers') throw Object.assign(new Error('PayPal order lookup failed with 403'), { retryable: false });
      return answer === true;
    },
  };
  return { lookups, provider };
}

describe.each(STORES)('payments left created, on %s', (_, openStore) => {
  it("lists the provider's payments still created from before the time given, the oldest first", async () => {
    const store = await openStore();
    await seedStore(store, 12);
    const payment = (id: string, status: PaymentStatus, createdAt: string, provider: 'test' | 'paypal' = 'test') =>
      store.insertPayment({ id, userId: BUYER.uid, provider, amount: 10, status, createdAt });
    await payment('later', 'created', at(2));
    await payment('first', 'created', at(1));
    await payment('fresh', 'created', at(5));
    await payment('paypal', 'created', at(1), 'paypal');
    await payment('captured', 'captured', at(1));
    await payment('failed', 'failed', at(1));
    expect(await store.staleCreatedPayments('test', at(5))).toEqual(['first', 'later']);
    expect(await store.staleCreatedPayments('paypal', at(5))).toEqual(['paypal']);
  });

  it('a payment whose capture began is stale only from then; the round settles one only while still created with no capture begun since', async () => {
    const store = await openStore();
    await seedStore(store, 12);
    for (const id of ['idle', 'begun'])
      await store.insertPayment({ id, userId: BUYER.uid, provider: 'test', amount: 10, status: 'created', createdAt: at(0) });
    expect(await store.startCapture('begun', at(5))).toBe(true);
    expect(await store.staleCreatedPayments('test', at(5))).toEqual(['idle']);
    expect(await store.staleCreatedPayments('test', at(6))).toEqual(['idle', 'begun']);
    // Listed as stale before its capture began: the round's move no longer applies.
    expect(await store.settleStaleCreated('begun', 'failed', at(5))).toBe(false);
    expect(await store.settleStaleCreated('begun', 'refunding', at(6))).toBe(true);
    expect(await store.claimOwedRefund(at(0), at(7))).toBe('begun');
    expect(await store.settleStaleCreated('idle', 'failed', at(6))).toBe(true);
    expect(await store.settleStaleCreated('idle', 'failed', at(6))).toBe(false);
    expect(await store.startCapture('idle', at(7))).toBe(false);
    const statuses = await Promise.all(['idle', 'begun'].map(async (id) => (await store.getPayment(id))!.status));
    expect(statuses).toEqual(['failed', 'refunding']);
  });

  it('a refund owed with its first attempt unclaimed is claimed at once; a capture is recorded from failed too, never from refunding', async () => {
    const store = await openStore();
    await seedStore(store, 12);
    for (const [id, status] of [
      ['owed', 'created'],
      ['gone', 'created'],
      ['late', 'failed'],
    ] as const) {
      await store.insertPayment({ id, userId: BUYER.uid, provider: 'test', amount: 10, status, createdAt: at(0) });
    }
    expect(await store.oweRefund('owed', 'created', null)).toBe(true);
    expect(await store.oweRefund('gone', 'created', at(0))).toBe(true);
    expect(await store.claimOwedRefund(at(0), at(1))).toBe('owed');
    expect(await store.claimOwedRefund(at(0), at(1))).toBeNull();
    expect(await store.recordCapture('late', at(2))).toBe(true);
    expect((await store.getPayment('late'))!.status).toBe('captured');
    expect(await store.recordCapture('gone', at(2))).toBe(false);
  });

  it('test payments: a capture made but never recorded (the database gone) is refunded by the round once stale, with no order', async () => {
    const shop = await checkoutOn(await openStore());
    shop.fault.recordFails = true;
    expect((await shop.order()).status).toBe(500);
    shop.fault.recordFails = false;
    expect(await shop.status()).toBe('created');
    shop.clock.now += STALE_CAPTURE_MS + 1;
    expect(await shop.retry()).toBe(1);
    await shop.refundedOnly();
    expect(await shop.order()).toMatchObject(REFUNDED);
  });

  it('test payments: one never captured is failed by the round once stale, with no refund; another process (its own provider) never captured it', async () => {
    const shop = await checkoutOn(await openStore());
    shop.clock.now += STALE_CAPTURE_MS + 1;
    expect(await shop.retry()).toBe(0);
    expect([await shop.status(), shop.refunded]).toEqual(['failed', []]);
    expect(await shop.order()).toMatchObject(NOT_COMPLETED);

    const captured = (await shop.store.listOrders()).length;
    const elsewhere = createTestPayments();
    const id = await elsewhere.create(12.5);
    expect(await elsewhere.wasCaptured(id)).toBe(false);
    await elsewhere.capture(id);
    expect([await elsewhere.wasCaptured(id), await createTestPayments().wasCaptured(id)]).toEqual([true, false]);
    expect(await shop.store.listOrders()).toHaveLength(captured);
  });

  it("a round while the shopper's capture is under way leaves the payment created: the capture recorded and the order made, with no refund", async () => {
    const shop = await checkoutOn(await openStore());
    shop.clock.now += STALE_CAPTURE_MS + 1;
    const order = await shop.orderHeldAt('atCapture');
    expect(await shop.retry()).toBe(0);
    expect(await shop.status()).toBe('created');
    order.release();
    expect((await order.answer).status).toBe(201);
    await shop.orderedOnly();
  });

  it('a lookup the provider cannot answer, for good or for now, is left for later and does not hold back the others', async () => {
    const store = await openStore();
    await seedStore(store, 12);
    const ids = ['never', 'paid', 'failing', 'unpaid', 'after'];
    for (const [i, id] of ids.entries())
      await store.insertPayment({ id, userId: BUYER.uid, provider: 'test', amount: 10, status: 'created', createdAt: at(i) });
    const { lookups, provider } = lookedUpProvider({ never: 'never answers', paid: true, failing: 'fails', unpaid: false, after: true });
    expect(await retryOwedRefunds({ store, payments: provider }, () => new Date(T0 + STALE_CAPTURE_MS + 10))).toBe(2);
    expect(lookups).toEqual(ids);
    const statuses = Object.fromEntries(await Promise.all(ids.map(async (id) => [id, (await store.getPayment(id))!.status])));
    expect(statuses).toEqual({ never: 'created', paid: 'refunded', failing: 'created', unpaid: 'failed', after: 'refunded' });
  });

  it('lookups that fail in a row (the provider down) end the lookups, leaving the rest', async () => {
    const store = await openStore();
    await seedStore(store, 12);
    const ids = ['d1', 'd2', 'd3', 'd4', 'after'];
    for (const [i, id] of ids.entries())
      await store.insertPayment({ id, userId: BUYER.uid, provider: 'test', amount: 10, status: 'created', createdAt: at(i) });
    const { lookups, provider } = lookedUpProvider({ d1: 'fails', d2: 'fails', d3: 'fails', d4: 'fails', after: true });
    expect(await retryOwedRefunds({ store, payments: provider }, () => new Date(T0 + STALE_CAPTURE_MS + 10))).toBe(0);
    expect(lookups).toEqual(['d1', 'd2', 'd3']);
    for (const id of ids) expect((await store.getPayment(id))!.status).toBe('created');
  });
});

describe.each(STORES)('two calls for one payment at once, on %s', (_, openStore) => {
  it('one reading the cart only after the other made the order and emptied it: both answer that order', async () => {
    const shop = await checkoutOn(await openStore());
    const late = await shop.orderHeldAt('atCart');
    shop.fault.atCart = null;
    const first = await shop.order();
    expect(first.status).toBe(201);
    late.release();
    expect(await late.answer).toEqual({ status: 200, body: first.body });
    await shop.orderedOnly();
  });
});
