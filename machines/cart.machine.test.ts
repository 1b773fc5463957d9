import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { makeProduct } from '../tests/fixtures/product';
import { lineOf, type CartLine } from '../src/domain/cartLine';
import { CART_NOT_SAVED, cartMachine, type CartChange } from './cart.machine';
import { SYNC_RETRY_MS, SyncRefused } from './sync';

const lipstick = makeProduct({ stock: 3 });
const mascara = makeProduct({ stock: 10 });
const soldOut = makeProduct({ stock: 0 });

/** The machine on an in-memory server cart that can be made to fail its next `failing` requests. */
function start(options: { lines?: CartLine[]; server?: CartLine[] } = {}) {
  let server = [...(options.server ?? [])];
  /** `refusing`: the server's message refusing the next change (a 4xx); `reloadsFailing`: how many reads of the server cart fail besides. */
  const network = { failing: 0, refusing: null as string | null, reloadsFailing: 0 };
  const reachable = () => {
    if (network.failing === 0) return;
    network.failing--;
    throw new Error('503 Service Unavailable');
  };
  const sent: CartChange[] = [];
  const persist = vi.fn();
  const notify = vi.fn();
  const notifyFailure = vi.fn();
  const machine = cartMachine.provide({
    actors: {
      merge: fromPromise(async ({ input }) => {
        reachable();
        for (const line of input.lines) if (!server.some((s) => s.id === line.id)) server.push(line);
        return [...server];
      }),
      send: fromPromise(async ({ input }) => {
        const change = input.change;
        sent.push(change);
        reachable();
        const refusal = network.refusing;
        network.refusing = null;
        if (refusal) throw new SyncRefused(refusal);
        if (change.op === 'clear') server = [];
        else if (change.op === 'remove') server = server.filter((l) => l.id !== change.id);
        else if (change.op === 'amount') server = server.map((l) => (l.id === change.id ? { ...l, amount: change.amount } : l));
        else server.push(lineOf(change.id === lipstick.id ? lipstick : mascara, change.amount));
        return [...server];
      }),
      reload: fromPromise(async () => {
        reachable();
        if (network.reloadsFailing > 0) {
          network.reloadsFailing--;
          throw new Error('503 Service Unavailable');
        }
        return [...server];
      }),
    },
    actions: { persist: (_, lines) => persist(lines), notify: (_, message) => notify(message), notifyFailure: (_, message) => notifyFailure(message) },
  });
  const actor = createActor(machine, { input: { lines: options.lines ?? [] } }).start();
  return { actor, network, sent, persist, notify, notifyFailure, lines: () => actor.getSnapshot().context.lines, server: () => server };
}

async function signedIn(options: Parameters<typeof start>[0]) {
  const shop = start(options);
  shop.actor.send({ type: 'SIGNED_IN', userId: 'u1' });
  await waitFor(shop.actor, (s) => s.matches({ signedIn: 'idle' }));
  return shop;
}

const amounts = (lines: CartLine[]) => lines.map((l) => [l.id, l.amount]);

describe('cart machine', () => {
  it("adds a product with amount 1, says 'Added to Cart' and saves the local cart", () => {
    const { actor, lines, persist, notify } = start();
    actor.send({ type: 'ADD', product: lipstick });
    expect(lines()).toEqual([lineOf(lipstick)]);
    expect(notify).toHaveBeenCalledWith('Added to Cart');
    expect(persist).toHaveBeenLastCalledWith([lineOf(lipstick)]);
  });

  it("a product already in the cart is not added again, but the toast still shows", () => {
    const { actor, lines, notify } = start();
    actor.send({ type: 'ADD', product: lipstick });
    actor.send({ type: 'ADD', product: lipstick, amount: 2 });
    expect(lines()).toHaveLength(1);
    expect(lines()[0]!.amount).toBe(1);
    expect(notify).toHaveBeenCalledTimes(2);
  });

  it('never adds a product without stock', () => {
    const { actor, lines } = start();
    actor.send({ type: 'ADD', product: soldOut });
    expect(lines()).toEqual([]);
  });

  it('keeps quantities between 1 and the stock, removes lines and clears', () => {
    const { actor, lines, persist } = start();
    actor.send({ type: 'ADD', product: lipstick, amount: 2 });
    actor.send({ type: 'ADD', product: mascara });
    actor.send({ type: 'SET_AMOUNT', id: lipstick.id, amount: 9 });
    expect(lines()[0]!.amount).toBe(3);
    actor.send({ type: 'SET_AMOUNT', id: lipstick.id, amount: 0 });
    expect(lines()[0]!.amount).toBe(1);
    actor.send({ type: 'REMOVE', id: lipstick.id });
    expect(lines().map((l) => l.id)).toEqual([mascara.id]);
    actor.send({ type: 'CLEAR' });
    expect(lines()).toEqual([]);
    expect(persist).toHaveBeenLastCalledWith([]);
  });

  it('on sign-in merges the local cart into the server cart, which becomes the truth', async () => {
    const { actor, lines, server } = start({ lines: [lineOf(lipstick)], server: [lineOf(mascara, 2)] });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(server().map((l) => l.id)).toEqual([mascara.id, lipstick.id]);
    expect(lines()).toEqual(server());
  });

  it('signed in: each change goes to the server in order', async () => {
    const { actor, sent, lines, server } = start();
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    actor.send({ type: 'ADD', product: lipstick });
    actor.send({ type: 'SET_AMOUNT', id: lipstick.id, amount: 2 });
    actor.send({ type: 'ADD', product: mascara });
    actor.send({ type: 'REMOVE', id: mascara.id });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.queue.length === 0);
    expect(sent).toEqual([
      { op: 'add', id: lipstick.id, amount: 1 },
      { op: 'amount', id: lipstick.id, amount: 2 },
      { op: 'add', id: mascara.id, amount: 1 },
      { op: 'remove', id: mascara.id },
    ]);
    expect(lines()).toEqual(server());
    expect(lines().map((l) => [l.id, l.amount])).toEqual([[lipstick.id, 2]]);
  });

  it('sign-out empties the local cart', async () => {
    const { actor, lines } = start({ lines: [lineOf(lipstick)] });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    actor.send({ type: 'SIGNED_OUT' });
    expect(lines()).toEqual([]);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('a change made while the sign-in merge runs stays on screen on top of the server cart, then is sent', async () => {
    const { actor, server } = start({ server: [lineOf(lipstick)] });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    actor.send({ type: 'ADD', product: mascara });
    const sending = await waitFor(actor, (s) => s.matches({ signedIn: 'sending' }));
    expect(sending.context.lines.map((l) => l.id)).toEqual([lipstick.id, mascara.id]);
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(server().map((l) => l.id)).toEqual([lipstick.id, mascara.id]);
  });

  describe('when the server does not take a change', () => {
    afterEach(() => vi.useRealTimers());

    it('tries it again after a short wait, and the shopper hears nothing when that works', async () => {
      const { actor, network, sent, lines, server, notifyFailure } = await signedIn({ server: [lineOf(lipstick)] });
      vi.useFakeTimers();
      network.failing = 1;
      actor.send({ type: 'SET_AMOUNT', id: lipstick.id, amount: 2 });
      await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS - 1);
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent).toEqual([{ op: 'amount', id: lipstick.id, amount: 2 }, { op: 'amount', id: lipstick.id, amount: 2 }]);
      expect(amounts(server())).toEqual([[lipstick.id, 2]]);
      expect(lines()).toEqual(server());
      expect(notifyFailure).not.toHaveBeenCalled();
    });

    it('failing twice: the shopper is told, the local lines are kept; the next load shows the server cart', async () => {
      const { actor, network, sent, lines, server, persist, notifyFailure } = await signedIn({ server: [lineOf(lipstick)] });
      vi.useFakeTimers();
      network.failing = 2;
      actor.send({ type: 'SET_AMOUNT', id: lipstick.id, amount: 2 });
      actor.send({ type: 'ADD', product: mascara });
      await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS);
      expect(sent).toEqual([{ op: 'amount', id: lipstick.id, amount: 2 }, { op: 'amount', id: lipstick.id, amount: 2 }]);
      expect(notifyFailure).toHaveBeenCalledTimes(1);
      expect(notifyFailure).toHaveBeenCalledWith(CART_NOT_SAVED);
      expect(actor.getSnapshot().matches({ signedIn: 'unsynced' })).toBe(true);
      expect(amounts(lines())).toEqual([[lipstick.id, 2], [mascara.id, 1]]);
      expect(persist).toHaveBeenLastCalledWith(lines());
      await vi.advanceTimersByTimeAsync(10 * SYNC_RETRY_MS);
      expect(sent).toHaveLength(2);

      actor.send({ type: 'RELOAD' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
      expect(lines()).toEqual(server());
      expect(amounts(lines())).toEqual([[lipstick.id, 1]]);
      expect(persist).toHaveBeenLastCalledWith(server());
    });

    it('a refusal (409) is not retried: the API message at once, the server cart taken, later changes still sent', async () => {
      const { actor, network, sent, lines, notifyFailure } = await signedIn({ server: [lineOf(lipstick)] });
      vi.useFakeTimers();
      network.refusing = 'Only 1 left in stock';
      actor.send({ type: 'SET_AMOUNT', id: lipstick.id, amount: 2 });
      actor.send({ type: 'ADD', product: mascara });
      await vi.advanceTimersByTimeAsync(0);
      expect(notifyFailure).toHaveBeenCalledTimes(1);
      expect(notifyFailure).toHaveBeenCalledWith('Only 1 left in stock');
      expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
      expect(amounts(lines())).toEqual([[lipstick.id, 1], [mascara.id, 1]]);
      await vi.advanceTimersByTimeAsync(10 * SYNC_RETRY_MS);
      expect(sent).toEqual([{ op: 'amount', id: lipstick.id, amount: 2 }, { op: 'add', id: mascara.id, amount: 1 }]);
    });

    it('a refusal whose read of the server cart then fails says the cart is not saved too, and a reload that works brings it', async () => {
      const { actor, network, lines, server, notifyFailure } = await signedIn({ server: [lineOf(lipstick)] });
      network.refusing = 'Only 1 left in stock';
      network.reloadsFailing = 1;
      actor.send({ type: 'SET_AMOUNT', id: lipstick.id, amount: 2 });
      await waitFor(actor, (s) => s.matches({ signedIn: 'unsynced' }));
      expect(notifyFailure.mock.calls).toEqual([['Only 1 left in stock'], [CART_NOT_SAVED]]);
      actor.send({ type: 'RELOAD' });
      await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
      expect(lines()).toEqual(server());
    });

    it('the next change that goes through brings the server cart', async () => {
      const { actor, network, lines } = await signedIn({ server: [lineOf(lipstick)] });
      vi.useFakeTimers();
      network.failing = 2;
      actor.send({ type: 'REMOVE', id: lipstick.id });
      await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS);
      expect(lines()).toEqual([]);
      actor.send({ type: 'ADD', product: mascara });
      await vi.advanceTimersByTimeAsync(0);
      expect(lines().map((l) => l.id)).toEqual([lipstick.id, mascara.id]);
    });

    it('a sign-in whose merge fails is told and keeps the local lines until a reload works', async () => {
      const shop = start({ lines: [lineOf(mascara)], server: [lineOf(lipstick)] });
      shop.network.failing = 2;
      shop.actor.send({ type: 'SIGNED_IN', userId: 'u1' });
      await waitFor(shop.actor, (s) => s.matches({ signedIn: 'unsynced' }));
      expect(shop.notifyFailure).toHaveBeenCalledWith(CART_NOT_SAVED);
      expect(shop.lines().map((l) => l.id)).toEqual([mascara.id]);
      shop.actor.send({ type: 'RELOAD' });
      await waitFor(shop.actor, (s) => s.matches({ signedIn: 'unsynced' }));
      expect(shop.lines().map((l) => l.id)).toEqual([mascara.id]);
      shop.actor.send({ type: 'RELOAD' });
      await waitFor(shop.actor, (s) => s.matches({ signedIn: 'idle' }));
      expect(shop.lines()).toEqual(shop.server());
    });
  });
});
