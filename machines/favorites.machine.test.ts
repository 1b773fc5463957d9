import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { canned, everyAnswerTaken, type Answer } from '~/tests/fixtures/cannedActor';
import { FAVORITES_NOT_SAVED, favoritesMachine, type FavoriteChange, type FavoritesNews } from './favorites.machine';
import { SYNC_RETRY_MS, SyncRefused } from './sync';

const unreachable = () => new Error('503 Service Unavailable');

/** What the server answered each call, in order: the list of favourites it returned, or the error. */
interface Answers {
  load?: Answer<number[]>[];
  send?: Answer<number[]>[];
  reload?: Answer<number[]>[];
}

/** The machine with actors that answer as the test says and record what they were sent. */
function start(options: { ids?: number[]; answers?: Answers } = {}) {
  const load = canned<number[], { userId: string; local: number[] }>('load', options.answers?.load);
  const send = canned<number[], FavoriteChange & { userId: string }>('send', options.answers?.send);
  const reload = canned<number[], { userId: string }>('reload', options.answers?.reload);
  const persist = vi.fn();
  const notify = vi.fn();
  const notifyFailure = vi.fn();
  const announced: FavoritesNews[] = [];
  const machine = favoritesMachine.provide({
    actors: { load: load.actor, send: send.actor, reload: reload.actor },
    actions: {
      persist: (_, ids) => persist(ids),
      notify: (_, message) => notify(message),
      notifyFailure: (_, message) => notifyFailure(message),
      announce: (_, news) => void announced.push(news),
    },
  });
  const actor = createActor(machine, { input: { ids: options.ids ?? [] } }).start();
  return {
    actor,
    loads: load.calls,
    sent: () => send.calls.map(({ op, productId }) => ({ op, productId })),
    reloads: reload.calls,
    persist,
    notify,
    notifyFailure,
    announced,
    ids: () => actor.getSnapshot().context.ids,
  };
}

/** Signed in as u1, the load answering `serverList`. */
async function signedIn(serverList: number[], answers: Omit<Answers, 'load'> = {}) {
  const shop = start({ answers: { ...answers, load: [serverList] } });
  shop.actor.send({ type: 'SIGNED_IN', userId: 'u1' });
  await waitFor(shop.actor, (s) => s.matches({ signedIn: 'idle' }));
  return shop;
}

afterEach(everyAnswerTaken);

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
    // The server had none, so it keeps and answers the list it was sent.
    const { actor, ids, loads } = start({ ids: [4, 5], answers: { load: [[4, 5]] } });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(loads).toEqual([{ userId: 'u1', local: [4, 5] }]);
    expect(ids()).toEqual([4, 5]);
  });

  it("on sign-in takes the server's list when it has one", async () => {
    const { actor, ids, loads, persist } = start({ ids: [4], answers: { load: [[7, 8]] } });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(loads).toEqual([{ userId: 'u1', local: [4] }]);
    expect(ids()).toEqual([7, 8]);
    expect(persist).toHaveBeenLastCalledWith([7, 8]);
  });

  it('signed in: every change goes to the server in order, then its list is taken', async () => {
    const { actor, ids, sent, notify } = await signedIn([1], { send: [[1, 2], [2], [2, 9]] });
    actor.send({ type: 'TOGGLE', productId: 2 });
    actor.send({ type: 'TOGGLE', productId: 1 });
    actor.send({ type: 'TOGGLE', productId: 9 });
    expect(ids()).toEqual([2, 9]);
    expect(notify).toHaveBeenCalledTimes(3);
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.queue.length === 0);
    expect(sent()).toEqual([
      { op: 'add', productId: 2 },
      { op: 'remove', productId: 1 },
      { op: 'add', productId: 9 },
    ]);
    expect(ids()).toEqual([2, 9]);
  });

  it('sign-out forgets the list', async () => {
    const { actor, ids, persist } = await signedIn([1]);
    actor.send({ type: 'SIGNED_OUT' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(ids()).toEqual([]);
    expect(persist).toHaveBeenLastCalledWith([]);
  });

  it('a change made while the sign-in load runs stays on screen on top of the server list, then is sent', async () => {
    const { actor, loads, sent, ids } = start({ answers: { load: [[1]], send: [[1, 2]] } });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    actor.send({ type: 'TOGGLE', productId: 2 });
    const sending = await waitFor(actor, (s) => s.matches({ signedIn: 'sending' }));
    expect(loads).toEqual([{ userId: 'u1', local: [] }]);
    expect(sending.context.ids).toEqual([1, 2]);
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(sent()).toEqual([{ op: 'add', productId: 2 }]);
    expect(ids()).toEqual([1, 2]);
  });

  it('a change made while a stored session is restored is sent once it is confirmed, on top of the server list', async () => {
    const { actor, loads, sent, ids, notify } = start({ ids: [1], answers: { load: [[1, 5]], send: [[1, 5, 2]] } });
    actor.send({ type: 'RESTORING', userId: 'u1' });
    actor.send({ type: 'TOGGLE', productId: 2 });
    expect(ids()).toEqual([1, 2]);
    expect(notify).toHaveBeenLastCalledWith('Added to Favorites');
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.queue.length === 0);
    expect(loads).toEqual([{ userId: 'u1', local: [1] }]);
    expect(sent()).toEqual([{ op: 'add', productId: 2 }]);
    expect(ids()).toEqual([1, 5, 2]);
  });

  it('a restored session that ends signed out lets go of the change made meanwhile', async () => {
    const { actor, sent, ids } = start({ ids: [1] });
    actor.send({ type: 'RESTORING', userId: 'u1' });
    actor.send({ type: 'TOGGLE', productId: 2 });
    actor.send({ type: 'SIGNED_OUT' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(ids()).toEqual([]);
    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect(sent()).toEqual([]);
  });

  describe('when the server does not take a change', () => {
    afterEach(() => vi.useRealTimers());

    it('tries it again after a short wait, and the shopper hears nothing when that works', async () => {
      const { actor, sent, ids, notifyFailure } = await signedIn([1], { send: [unreachable(), [1, 2]] });
      vi.useFakeTimers();
      actor.send({ type: 'TOGGLE', productId: 2 });
      await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS - 1);
      expect(sent()).toHaveLength(1);
      expect(actor.getSnapshot().matches({ signedIn: 'retrying' })).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent()).toEqual([
        { op: 'add', productId: 2 },
        { op: 'add', productId: 2 },
      ]);
      expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
      expect(ids()).toEqual([1, 2]);
      expect(notifyFailure).not.toHaveBeenCalled();
    });

    it('failing twice: the shopper is told, the local list is kept; the next load shows the server list', async () => {
      const { actor, sent, reloads, ids, persist, notifyFailure } = await signedIn([1], {
        send: [unreachable(), unreachable()],
        reload: [[1]],
      });
      vi.useFakeTimers();
      actor.send({ type: 'TOGGLE', productId: 2 });
      await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS);
      expect(sent()).toHaveLength(2);
      expect(notifyFailure).toHaveBeenCalledTimes(1);
      expect(notifyFailure).toHaveBeenCalledWith(FAVORITES_NOT_SAVED);
      expect(actor.getSnapshot().matches({ signedIn: 'unsynced' })).toBe(true);
      expect(ids()).toEqual([1, 2]);
      expect(persist).toHaveBeenLastCalledWith([1, 2]);
      await vi.advanceTimersByTimeAsync(10 * SYNC_RETRY_MS);
      expect(sent()).toHaveLength(2);

      actor.send({ type: 'RELOAD' });
      await vi.advanceTimersByTimeAsync(0);
      expect(reloads).toEqual([{ userId: 'u1' }]);
      expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
      expect(ids()).toEqual([1]);
      expect(persist).toHaveBeenLastCalledWith([1]);
    });

    it('a refusal (4xx) is not retried: the API message at once, then the server list', async () => {
      const { actor, sent, reloads, ids, persist, notifyFailure } = await signedIn([1], {
        send: [new SyncRefused('This product is not available.')],
        reload: [[1]],
      });
      vi.useFakeTimers();
      actor.send({ type: 'TOGGLE', productId: 2 });
      expect(ids()).toEqual([1, 2]);
      await vi.advanceTimersByTimeAsync(0);
      expect(notifyFailure).toHaveBeenCalledTimes(1);
      expect(notifyFailure).toHaveBeenCalledWith('This product is not available.');
      expect(reloads).toEqual([{ userId: 'u1' }]);
      expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
      expect(ids()).toEqual([1]);
      expect(persist).toHaveBeenLastCalledWith([1]);
      await vi.advanceTimersByTimeAsync(10 * SYNC_RETRY_MS);
      expect(sent()).toEqual([{ op: 'add', productId: 2 }]);
    });

    it('a reload that fails too keeps the local list until one works', async () => {
      const { actor, ids } = await signedIn([1], { send: [unreachable(), unreachable()], reload: [unreachable(), [1]] });
      vi.useFakeTimers();
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
      const { actor, ids, sent } = await signedIn([1], { send: [unreachable(), unreachable(), [1, 3]] });
      vi.useFakeTimers();
      actor.send({ type: 'TOGGLE', productId: 2 });
      await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS);
      actor.send({ type: 'TOGGLE', productId: 3 });
      await vi.advanceTimersByTimeAsync(0);
      expect(sent().at(-1)).toEqual({ op: 'add', productId: 3 });
      expect(ids()).toEqual([1, 3]);
    });

    it('a change made while a stored session is restored is tried again as any change is, and told only when that fails too', async () => {
      const sends = { saved: [unreachable(), [1, 2]], failed: [unreachable(), unreachable()] };
      for (const outcome of ['saved', 'failed'] as const) {
        // The server has none: the load copies up the list as it was before the change, which is sent after it.
        const { actor, loads, sent, ids, notifyFailure } = start({ ids: [1], answers: { load: [[1]], send: sends[outcome] } });
        vi.useFakeTimers();
        actor.send({ type: 'RESTORING', userId: 'u1' });
        actor.send({ type: 'TOGGLE', productId: 2 });
        actor.send({ type: 'SIGNED_IN', userId: 'u1' });
        await vi.advanceTimersByTimeAsync(0);
        expect(loads).toEqual([{ userId: 'u1', local: [1] }]);
        expect(sent()).toEqual([{ op: 'add', productId: 2 }]);
        expect(actor.getSnapshot().matches({ signedIn: 'retrying' })).toBe(true);
        expect(notifyFailure).not.toHaveBeenCalled();
        await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS);
        expect(sent()).toEqual([
          { op: 'add', productId: 2 },
          { op: 'add', productId: 2 },
        ]);
        expect(actor.getSnapshot().matches({ signedIn: outcome === 'saved' ? 'idle' : 'unsynced' })).toBe(true);
        expect(ids()).toEqual([1, 2]);
        expect(notifyFailure.mock.calls).toEqual(outcome === 'saved' ? [] : [[FAVORITES_NOT_SAVED]]);
        vi.useRealTimers();
        actor.stop();
      }
    });

    it('a sign-in whose load fails is told and keeps the local list', async () => {
      const shop = start({ ids: [4], answers: { load: [unreachable()], reload: [[7]] } });
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
    const { actor, ids } = await signedIn([1]);
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
    expect(ids()).toEqual([1]);
  });

  describe("this browser's other tabs", () => {
    it('signed out: each change is told with the list, and a tab shows the list another tells', () => {
      const { actor, ids, persist, announced } = start();
      actor.send({ type: 'TOGGLE', productId: 3 });
      expect(announced).toEqual([{ userId: null, ids: [3] }]);
      const stored = persist.mock.calls.length;
      actor.send({ type: 'OTHER_TAB', userId: null, ids: [3, 4] });
      expect(ids()).toEqual([3, 4]);
      expect(persist, "the telling tab stored them (favorites is the browser's)").toHaveBeenCalledTimes(stored);
      expect(announced, 'what another tab told is not told back').toHaveLength(1);
    });

    it("signed in: the server's list each change was answered is told, and another tab's is taken; another person's is not", async () => {
      const { actor, ids, announced } = await signedIn([1], { send: [[1, 2]] });
      actor.send({ type: 'TOGGLE', productId: 2 });
      await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.queue.length === 0);
      expect(announced).toEqual([
        { userId: 'u1', ids: [1] },
        { userId: 'u1', ids: [1, 2] },
      ]);
      actor.send({ type: 'OTHER_TAB', userId: 'u2', ids: [] });
      expect(ids()).toEqual([1, 2]);
      actor.send({ type: 'OTHER_TAB', userId: 'u1', ids: [2] });
      expect(ids()).toEqual([2]);
    });

    it("favourites said not saved read the server's list again when another tab changed it", async () => {
      const { actor, ids } = await signedIn([1], { send: [unreachable(), unreachable()], reload: [[5]] });
      vi.useFakeTimers();
      actor.send({ type: 'TOGGLE', productId: 2 });
      await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS);
      vi.useRealTimers();
      expect(actor.getSnapshot().matches({ signedIn: 'unsynced' })).toBe(true);
      actor.send({ type: 'OTHER_TAB', userId: 'u1', ids: [5] });
      await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
      expect(ids()).toEqual([5]);
    });
  });
});
