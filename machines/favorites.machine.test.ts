import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { FAVORITES_NOT_SAVED, favoritesMachine, type FavoriteChange } from './favorites.machine';
import { SYNC_RETRY_MS, SyncRefused } from './sync';

/** The machine on an in-memory server that can be made to fail its next `failing` requests. */
function start(options: { ids?: number[]; server?: number[] } = {}) {
  let server = [...(options.server ?? [])];
  /** `refusing`: the server's message refusing the next change (a 4xx). */
  /** `failingChanges`: like `failing`, for the next changes sent only. */
  const network = { failing: 0, failingChanges: 0, refusing: null as string | null };
  const reachable = () => {
    if (network.failing === 0) return;
    network.failing--;
    throw new Error('503 Service Unavailable');
  };
  const calls: FavoriteChange[] = [];
  const persist = vi.fn();
  const notify = vi.fn();
  const notifyFailure = vi.fn();
  const machine = favoritesMachine.provide({
    actors: {
      load: fromPromise(async ({ input }) => {
        reachable();
        if (server.length === 0) server = [...input.local];
        return [...server];
      }),
      send: fromPromise(async ({ input }) => {
        calls.push({ op: input.op, productId: input.productId });
        reachable();
        if (network.failingChanges > 0) {
          network.failingChanges--;
          throw new Error('503 Service Unavailable');
        }
        const refusal = network.refusing;
        network.refusing = null;
        if (refusal) throw new SyncRefused(refusal);
        server = input.op === 'add' ? (server.includes(input.productId) ? server : [...server, input.productId]) : server.filter((id) => id !== input.productId);
        return [...server];
      }),
      reload: fromPromise(async () => {
        reachable();
        return [...server];
      }),
    },
    actions: { persist: (_, ids) => persist(ids), notify: (_, message) => notify(message), notifyFailure: (_, message) => notifyFailure(message) },
  });
  const actor = createActor(machine, { input: { ids: options.ids ?? [] } }).start();
  return { actor, network, calls, persist, notify, notifyFailure, ids: () => actor.getSnapshot().context.ids, server: () => server };
}

async function signedIn(options: Parameters<typeof start>[0]) {
  const shop = start(options);
  shop.actor.send({ type: 'SIGNED_IN', userId: 'u1' });
  await waitFor(shop.actor, (s) => s.matches({ signedIn: 'idle' }));
  return shop;
}

describe('favourites machine', () => {
  it('signed out: adds and removes locally with the spec toasts, mirrored to storage', () => {
    const { actor, ids, persist, notify } = start();
    actor.send({ type: 'TOGGLE', productId: 3 });
    expect(ids()).toEqual([3]);
    expect(notify).toHaveBeenLastCalledWith('Added to Favorites');
    expect(persist).toHaveBeenLastCalledWith([3]);
    actor.send({ type: 'TOGGLE', productId: 3 });
    expect(ids()).toEqual([]);
    expect(notify).toHaveBeenLastCalledWith('Remove from Favorites');
    expect(persist).toHaveBeenLastCalledWith([]);
  });

  it('never holds an id twice', () => {
    const { actor, ids } = start({ ids: [1] });
    actor.send({ type: 'TOGGLE', productId: 2 });
    expect(ids()).toEqual([1, 2]);
    expect(new Set(ids()).size).toBe(ids().length);
  });

  it('on sign-in copies local favourites up when the server has none', async () => {
    const { actor, ids, server } = start({ ids: [4, 5] });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(server()).toEqual([4, 5]);
    expect(ids()).toEqual([4, 5]);
  });

  it("on sign-in takes the server's list when it has one", async () => {
    const { actor, ids, persist } = start({ ids: [4], server: [7, 8] });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(ids()).toEqual([7, 8]);
    expect(persist).toHaveBeenLastCalledWith([7, 8]);
  });

  it('signed in: every change goes to the server in order, then its list is taken', async () => {
    const { actor, ids, calls, notify } = start({ server: [1] });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    actor.send({ type: 'TOGGLE', productId: 2 });
    actor.send({ type: 'TOGGLE', productId: 1 });
    actor.send({ type: 'TOGGLE', productId: 9 });
    expect(ids()).toEqual([2, 9]);
    expect(notify).toHaveBeenCalledTimes(3);
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.queue.length === 0);
    expect(calls).toEqual([{ op: 'add', productId: 2 }, { op: 'remove', productId: 1 }, { op: 'add', productId: 9 }]);
    expect(ids()).toEqual([2, 9]);
  });

  it('sign-out forgets the list', async () => {
    const { actor, ids, persist } = start({ server: [1] });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    actor.send({ type: 'SIGNED_OUT' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(ids()).toEqual([]);
    expect(persist).toHaveBeenLastCalledWith([]);
  });

  it('a change made while the sign-in load runs stays on screen on top of the server list, then is sent', async () => {
    const { actor, server } = start({ server: [1] });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    actor.send({ type: 'TOGGLE', productId: 2 });
    const sending = await waitFor(actor, (s) => s.matches({ signedIn: 'sending' }));
    expect(sending.context.ids).toEqual([1, 2]);
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(server()).toEqual([1, 2]);
  });

  it('a change made while a stored session is restored is sent once it is confirmed, on top of the server list', async () => {
    const { actor, calls, ids, server, notify } = start({ ids: [1], server: [1, 5] });
    actor.send({ type: 'RESTORING', userId: 'u1' });
    actor.send({ type: 'TOGGLE', productId: 2 });
    expect(ids()).toEqual([1, 2]);
    expect(notify).toHaveBeenLastCalledWith('Added to Favorites');
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.queue.length === 0);
    expect(calls).toEqual([{ op: 'add', productId: 2 }]);
    expect(server()).toEqual([1, 5, 2]);
    expect(ids()).toEqual([1, 5, 2]);
  });

  it('a restored session that ends signed out lets go of the change made meanwhile', async () => {
    const { actor, calls, ids } = start({ ids: [1] });
    actor.send({ type: 'RESTORING', userId: 'u1' });
    actor.send({ type: 'TOGGLE', productId: 2 });
    actor.send({ type: 'SIGNED_OUT' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(ids()).toEqual([]);
    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect(calls).toEqual([]);
  });

  describe('when the server does not take a change', () => {
    afterEach(() => vi.useRealTimers());

    it('tries it again after a short wait, and the shopper hears nothing when that works', async () => {
      const { actor, network, calls, ids, server, notifyFailure } = await signedIn({ server: [1] });
      vi.useFakeTimers();
      network.failing = 1;
      actor.send({ type: 'TOGGLE', productId: 2 });
      await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS - 1);
      expect(calls).toHaveLength(1);
      expect(actor.getSnapshot().matches({ signedIn: 'retrying' })).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toEqual([{ op: 'add', productId: 2 }, { op: 'add', productId: 2 }]);
      expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
      expect(server()).toEqual([1, 2]);
      expect(ids()).toEqual([1, 2]);
      expect(notifyFailure).not.toHaveBeenCalled();
    });

    it('failing twice: the shopper is told, the local list is kept; the next load shows the server list', async () => {
      const { actor, network, calls, ids, server, persist, notifyFailure } = await signedIn({ server: [1] });
      vi.useFakeTimers();
      network.failing = 2;
      actor.send({ type: 'TOGGLE', productId: 2 });
      await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS);
      expect(calls).toHaveLength(2);
      expect(notifyFailure).toHaveBeenCalledTimes(1);
      expect(notifyFailure).toHaveBeenCalledWith(FAVORITES_NOT_SAVED);
      expect(actor.getSnapshot().matches({ signedIn: 'unsynced' })).toBe(true);
      expect(ids()).toEqual([1, 2]);
      expect(persist).toHaveBeenLastCalledWith([1, 2]);
      await vi.advanceTimersByTimeAsync(10 * SYNC_RETRY_MS);
      expect(calls).toHaveLength(2);

      actor.send({ type: 'RELOAD' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
      expect(ids()).toEqual(server());
      expect(ids()).toEqual([1]);
      expect(persist).toHaveBeenLastCalledWith([1]);
    });

    it('a refusal (4xx) is not retried: the API message at once, then the server list', async () => {
      const { actor, network, calls, ids, persist, notifyFailure } = await signedIn({ server: [1] });
      vi.useFakeTimers();
      network.refusing = 'This product is not available.';
      actor.send({ type: 'TOGGLE', productId: 2 });
      expect(ids()).toEqual([1, 2]);
      await vi.advanceTimersByTimeAsync(0);
      expect(notifyFailure).toHaveBeenCalledTimes(1);
      expect(notifyFailure).toHaveBeenCalledWith('This product is not available.');
      expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
      expect(ids()).toEqual([1]);
      expect(persist).toHaveBeenLastCalledWith([1]);
      await vi.advanceTimersByTimeAsync(10 * SYNC_RETRY_MS);
      expect(calls).toEqual([{ op: 'add', productId: 2 }]);
    });

    it('a reload that fails too keeps the local list until one works', async () => {
      const { actor, network, ids } = await signedIn({ server: [1] });
      vi.useFakeTimers();
      network.failing = 3;
      actor.send({ type: 'TOGGLE', productId: 1 });
      await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS);
      actor.send({ type: 'RELOAD' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches({ signedIn: 'unsynced' })).toBe(true);
      expect(ids()).toEqual([]);
      actor.send({ type: 'RELOAD' });
      await vi.advanceTimersByTimeAsync(0);
      expect(ids()).toEqual([1]);
    });

    it('the next change that goes through brings the server list', async () => {
      const { actor, network, ids, calls } = await signedIn({ server: [1] });
      vi.useFakeTimers();
      network.failing = 2;
      actor.send({ type: 'TOGGLE', productId: 2 });
      await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS);
      actor.send({ type: 'TOGGLE', productId: 3 });
      await vi.advanceTimersByTimeAsync(0);
      expect(calls.at(-1)).toEqual({ op: 'add', productId: 3 });
      expect(ids()).toEqual([1, 3]);
    });

    it('a change made while a stored session is restored is tried again as any change is, and told only when that fails too', async () => {
      for (const [failures, saved] of [[1, true], [2, false]] as const) {
        // The server has none: the load copies up the list as it was before the change, which is sent after it.
        const { actor, network, calls, ids, server, notifyFailure } = start({ ids: [1], server: [] });
        vi.useFakeTimers();
        actor.send({ type: 'RESTORING', userId: 'u1' });
        actor.send({ type: 'TOGGLE', productId: 2 });
        network.failingChanges = failures;
        actor.send({ type: 'SIGNED_IN', userId: 'u1' });
        await vi.advanceTimersByTimeAsync(0);
        expect(calls).toEqual([{ op: 'add', productId: 2 }]);
        expect(actor.getSnapshot().matches({ signedIn: 'retrying' })).toBe(true);
        expect(notifyFailure).not.toHaveBeenCalled();
        await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS);
        expect(calls).toEqual([{ op: 'add', productId: 2 }, { op: 'add', productId: 2 }]);
        expect(server()).toEqual(saved ? [1, 2] : [1]);
        expect(ids()).toEqual([1, 2]);
        expect(notifyFailure.mock.calls).toEqual(saved ? [] : [[FAVORITES_NOT_SAVED]]);
        vi.useRealTimers();
        actor.stop();
      }
    });

    it('a sign-in whose load fails is told and keeps the local list', async () => {
      const shop = start({ ids: [4], server: [7] });
      shop.network.failing = 1;
      shop.actor.send({ type: 'SIGNED_IN', userId: 'u1' });
      await waitFor(shop.actor, (s) => s.matches({ signedIn: 'unsynced' }));
      expect(shop.notifyFailure).toHaveBeenCalledWith(FAVORITES_NOT_SAVED);
      expect(shop.ids()).toEqual([4]);
      shop.actor.send({ type: 'RELOAD' });
      await waitFor(shop.actor, (s) => s.matches({ signedIn: 'idle' }));
      expect(shop.ids()).toEqual([7]);
    });
  });

  it('RELOAD changes nothing while the list is in step with the server', async () => {
    const { actor, ids } = await signedIn({ server: [1] });
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
    expect(ids()).toEqual([1]);
  });
});
