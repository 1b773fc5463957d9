import { describe, expect, it } from 'vitest';
import { seedStore } from '~/seed/seed';
import type { PaymentProvider, Store } from '~/server/core/ports';
import { FAILURES_ENDING_A_ROUND, REFUND_ATTEMPT_LEASE_MS, REFUND_WAIT_MS, retryOwedRefunds } from '~/server/core/refunds';
import type { Order } from '~/src/domain/types';
import { coreUnderTest } from './coreUnderTest';
import { pgliteForFile } from './pgliteForFile';
import { ADMIN, at, BUYER, countedProvider, storesOn, T0 } from './refundFixtures';

const STORES = storesOn(pgliteForFile());

/** Captured payments of the buyer's, created at T0 in this order. */
async function capturedPayments(store: Store, ids: string[]) {
  await seedStore(store, 12);
  for (const id of ids)
    await store.insertPayment({ id, userId: BUYER.uid, provider: 'test', amount: 10, status: 'captured', createdAt: at(0) });
}

/** Captured payments of the buyer's, each owed its refund since T0 plus its place in `ids`: the longest waiting first. */
async function owedRefunds(store: Store, ids: string[]) {
  await capturedPayments(store, ids);
  for (const [i, id] of ids.entries()) await store.oweRefund(id, 'captured', at(i));
}

/** The test provider whose refund of `id` fails with `error`, noting every refund asked of it. */
function refusingFor(id: string, error: Error) {
  const calls: string[] = [];
  const provider: PaymentProvider = {
    ...countedProvider().provider,
    async refund(asked) {
      calls.push(asked);
      if (asked === id) throw error;
    },
  };
  return { calls, provider };
}

describe.each(STORES)('owed refunds on %s', (_, openStore) => {
  it('owes a refund only from the status given, once', async () => {
    const store = await openStore();
    await capturedPayments(store, ['a']);
    expect(await store.oweRefund('a', 'fulfilled', at(0))).toBe(false);
    expect(await store.oweRefund('a', 'captured', at(0))).toBe(true);
    expect(await store.oweRefund('a', 'captured', at(0))).toBe(false);
    expect((await store.getPayment('a'))!.status).toBe('refunding');
  });

  it('claims each attempt once, the longest waiting first, and again only once its lease ran out', async () => {
    const store = await openStore();
    await capturedPayments(store, ['a', 'b', 'c']);
    await store.oweRefund('b', 'captured', at(1));
    await store.oweRefund('a', 'captured', at(2));
    // Still within their first attempts' lease.
    expect(await store.claimOwedRefund(at(1), at(3))).toBeNull();
    expect(await store.claimOwedRefund(at(5), at(6))).toBe('b');
    expect(await store.claimOwedRefund(at(5), at(7))).toBe('a');
    expect(await store.claimOwedRefund(at(5), at(8))).toBeNull();
    expect(await store.claimOwedRefund(at(7), at(9))).toBe('b');
    expect(await store.claimOwedRefund(at(7), at(9))).toBeNull();
    await store.setPaymentStatus('a', 'refunded', 'refunding');
    expect(await store.claimOwedRefund(at(20), at(21))).toBe('b');
    expect(await store.claimOwedRefund(at(20), at(21))).toBeNull();
  });

  it('a round refunds every owed refund, stops after failures in a row (the rest wait) and later goes on', async () => {
    expect(FAILURES_ENDING_A_ROUND).toBe(3);
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const store = await openStore();
    await owedRefunds(store, ids);
    const { calls, state, provider } = countedProvider();
    const later = () => new Date(T0 + REFUND_ATTEMPT_LEASE_MS + 100);
    state.down = true;
    expect(await retryOwedRefunds({ store, payments: provider }, later)).toBe(0);
    expect(calls).toEqual(['a', 'b', 'c']);
    state.down = false;
    // a, b and c's failed attempts were claimed at `later`: within their lease, the others go first.
    expect(await retryOwedRefunds({ store, payments: provider }, later)).toBe(2);
    expect(calls).toEqual(['a', 'b', 'c', 'd', 'e']);
    const evenLater = () => new Date(T0 + 3 * REFUND_ATTEMPT_LEASE_MS);
    expect(await retryOwedRefunds({ store, payments: provider }, evenLater)).toBe(3);
    expect(await retryOwedRefunds({ store, payments: provider }, evenLater)).toBe(0);
    expect(calls).toEqual(['a', 'b', 'c', 'd', 'e', 'a', 'b', 'c']);
    for (const id of ids) expect((await store.getPayment(id))!.status).toBe('refunded');
  });

  it('a refund the provider keeps failing on, as if down for it alone, does not hold back the others (it ended every round before)', async () => {
    const store = await openStore();
    await owedRefunds(store, ['failing', 'good', 'later']);
    const { calls, provider } = refusingFor('failing', new Error('PayPal answered 500 for this capture'));
    for (const round of [1, 2]) {
      const at = () => new Date(T0 + round * 2 * REFUND_ATTEMPT_LEASE_MS);
      expect(await retryOwedRefunds({ store, payments: provider }, at)).toBe(round === 1 ? 2 : 0);
    }
    expect(calls).toEqual(['failing', 'good', 'later', 'failing']);
    expect((await store.getPayment('failing'))!.status).toBe('refunding');
  });

  it('a refund the provider can never make does not hold back the others', async () => {
    const store = await openStore();
    await owedRefunds(store, ['never', 'good', 'later']);
    const { calls, provider } = refusingFor(
      'never',
      Object.assign(new Error('PayPal capture X is DECLINED: PayPal cannot refund it'), { retryable: false }),
    );
    const later = () => new Date(T0 + REFUND_ATTEMPT_LEASE_MS + 100);
    expect(await retryOwedRefunds({ store, payments: provider }, later)).toBe(2);
    expect(calls).toEqual(['never', 'good', 'later']);
    expect((await store.getPayment('never'))!.status).toBe('refunding');
  });

  it('a round told to stop (the server closing) makes no further claim after the attempt under way', async () => {
    const store = await openStore();
    await owedRefunds(store, ['a', 'b', 'c']);
    const { calls, provider } = countedProvider();
    const later = () => new Date(T0 + REFUND_ATTEMPT_LEASE_MS + 100);
    expect(await retryOwedRefunds({ store, payments: provider }, later, () => calls.length === 0)).toBe(1);
    expect(calls).toEqual(['a']);
    expect((await store.getPayment('b'))!.status).toBe('refunding');
  });

  it('the provider made the refund but recording it failed: the refund stays owed, and the next attempt records it', async () => {
    const store = await openStore();
    await capturedPayments(store, ['a']);
    await store.oweRefund('a', 'captured', at(0));
    const { calls, provider } = countedProvider();
    const failing: Store = { ...store, setPaymentStatus: async () => Promise.reject(new Error('the database went away')) };
    const later = () => new Date(T0 + REFUND_ATTEMPT_LEASE_MS + 100);
    expect(await retryOwedRefunds({ store: failing, payments: provider }, later)).toBe(0);
    expect((await store.getPayment('a'))!.status).toBe('refunding');
    const evenLater = () => new Date(T0 + 3 * REFUND_ATTEMPT_LEASE_MS);
    expect(await retryOwedRefunds({ store, payments: provider }, evenLater)).toBe(1);
    expect(calls).toEqual(['a', 'a']);
    expect((await store.getPayment('a'))!.status).toBe('refunded');
  });

  it(
    "a provider slower than the wait: the Admin's cancel answers while its refund is still being asked, and the attempt then records it",
    async () => {
      let release = () => {};
      const held = new Promise<void>((done) => (release = done));
      const calls: string[] = [];
      const provider: PaymentProvider = {
        ...countedProvider().provider,
        refund: async (id) => {
          calls.push(id);
          await held;
        },
      };
      const core = await coreUnderTest({ store: await openStore(), productCount: 12, payments: provider });
      const order = (await core.store.listOrders()).find((o) => o.status === 'open')!;
      await core.store.insertPayment({
        id: order.paymentId,
        userId: order.userId,
        provider: 'test',
        amount: order.totalPrice,
        status: 'fulfilled',
        createdAt: at(0),
      });
      const cancel = await core.call<Order>(ADMIN, 'setOrderStatus', { body: { orderID: order.id, status: 'cancelled' } });
      expect(cancel).toMatchObject({ status: 200, body: { status: 'cancelled' } });
      expect(calls).toEqual([order.paymentId]);
      expect((await core.store.getPayment(order.paymentId))!.status).toBe('refunding');
      release();
      await expect.poll(async () => (await core.store.getPayment(order.paymentId))!.status).toBe('refunded');
    },
    REFUND_WAIT_MS + 10_000,
  );

  it("an Admin's cancel of an order whose payment it did not owe (no payment row) asks the provider for nothing", async () => {
    const { calls, provider } = countedProvider();
    const core = await coreUnderTest({ store: await openStore(), productCount: 12, payments: provider });
    const open = (await core.store.listOrders()).find((order) => order.status === 'open' && !order.paymentId.startsWith('TEST-'));
    expect(open, 'a seeded open order').toBeDefined();
    expect(await core.store.getPayment(open!.paymentId)).toBeNull();
    const cancel = await core.call<Order>(ADMIN, 'setOrderStatus', { body: { orderID: open!.id, status: 'cancelled' } });
    expect(cancel).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    expect(calls).toEqual([]);
  });

  it('a shopper the Admin deleted keeps their payments: an owed refund is still made by the round, a captured payment is still there', async () => {
    const core = await coreUnderTest({ store: await openStore(), productCount: 12 });
    for (const id of ['owed', 'kept'])
      await core.store.insertPayment({ id, userId: BUYER.uid, provider: 'test', amount: 10, status: 'captured', createdAt: at(0) });
    await core.store.oweRefund('owed', 'captured', at(0));
    expect((await core.call(ADMIN, 'deleteUser', { path: { idOrEmail: BUYER.uid } })).status).toBe(204);
    expect(await core.store.getUser(BUYER.uid)).toBeNull();

    const { calls, provider } = countedProvider();
    expect(await retryOwedRefunds({ store: core.store, payments: provider }, () => new Date(T0 + REFUND_ATTEMPT_LEASE_MS + 1))).toBe(1);
    expect(calls).toEqual(['owed']);
    expect(await core.store.getPayment('owed')).toMatchObject({ userId: BUYER.uid, status: 'refunded' });
    expect(await core.store.getPayment('kept')).toMatchObject({ userId: BUYER.uid, status: 'captured' });
  });
});
