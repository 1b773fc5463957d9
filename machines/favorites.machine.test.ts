import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { favoritesMachine, type FavoriteChange } from './favorites.machine';

function start(options: { ids?: number[]; server?: number[] } = {}) {
  let server = [...(options.server ?? [])];
  const calls: FavoriteChange[] = [];
  const persist = vi.fn();
  const notify = vi.fn();
  const machine = favoritesMachine.provide({
    actors: {
      load: fromPromise(async ({ input }) => {
        if (server.length === 0) server = [...input.local];
        return [...server];
      }),
      send: fromPromise(async ({ input }) => {
        calls.push({ op: input.op, productId: input.productId });
        server = input.op === 'add' ? (server.includes(input.productId) ? server : [...server, input.productId]) : server.filter((id) => id !== input.productId);
        return [...server];
      }),
    },
    actions: { persist: (_, ids) => persist(ids), notify: (_, message) => notify(message) },
  });
  const actor = createActor(machine, { input: { ids: options.ids ?? [] } }).start();
  return { actor, calls, persist, notify, ids: () => actor.getSnapshot().context.ids, server: () => server };
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
});
