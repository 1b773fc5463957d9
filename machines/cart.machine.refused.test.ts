import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { everyAnswerTaken } from '~/tests/fixtures/cannedActor';
import { amounts, lipstick, mascara, refused, signedIn, start, unreachable } from '~/tests/fixtures/cartMachine';
import { lineOf } from '~/src/domain/cartLine';
import { CART_NOT_SAVED } from './cart.machine';
import { SYNC_RETRY_MS } from './sync';

afterEach(everyAnswerTaken);

describe('cart machine', () => {
  describe('when the server does not take a change', () => {
    afterEach(() => vi.useRealTimers());

    it('tries it again after a short wait, and the shopper hears nothing when that works', async () => {
      const serverCart = [lineOf(lipstick, 2)];
      const { actor, sent, lines, notifyFailure } = await signedIn([lineOf(lipstick)], { send: [unreachable(), serverCart] });
      vi.useFakeTimers();
      actor.send({ type: 'SET_AMOUNT', id: lipstick.id, amount: 2 });
      await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS - 1);
      expect(sent()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent()).toEqual([
        { op: 'amount', id: lipstick.id, shadeId: null, amount: 2 },
        { op: 'amount', id: lipstick.id, shadeId: null, amount: 2 },
      ]);
      expect(lines()).toEqual(serverCart);
      expect(notifyFailure).not.toHaveBeenCalled();
    });

    it('failing twice: the shopper is told, the local lines are kept; the next load shows the server cart', async () => {
      const serverCart = [lineOf(lipstick)];
      const { actor, sent, reloads, lines, persist, notifyFailure } = await signedIn([lineOf(lipstick)], {
        send: [unreachable(), unreachable()],
        reload: [serverCart],
      });
      vi.useFakeTimers();
      actor.send({ type: 'SET_AMOUNT', id: lipstick.id, amount: 2 });
      actor.send({ type: 'ADD', product: mascara });
      await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS);
      expect(sent()).toEqual([
        { op: 'amount', id: lipstick.id, shadeId: null, amount: 2 },
        { op: 'amount', id: lipstick.id, shadeId: null, amount: 2 },
      ]);
      expect(notifyFailure).toHaveBeenCalledTimes(1);
      expect(notifyFailure).toHaveBeenCalledWith(CART_NOT_SAVED);
      expect(actor.getSnapshot().matches({ signedIn: 'unsynced' })).toBe(true);
      expect(amounts(lines())).toEqual([
        [lipstick.id, 2],
        [mascara.id, 1],
      ]);
      expect(persist).toHaveBeenLastCalledWith(lines());
      await vi.advanceTimersByTimeAsync(10 * SYNC_RETRY_MS);
      expect(sent()).toHaveLength(2);

      actor.send({ type: 'RELOAD' });
      await vi.advanceTimersByTimeAsync(0);
      expect(reloads).toEqual([{ userId: 'u1' }]);
      expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
      expect(lines()).toEqual(serverCart);
      expect(persist).toHaveBeenLastCalledWith(serverCart);
    });

    it('a refusal (409) is not retried: the API message at once, the server cart taken, later changes still sent', async () => {
      const { actor, sent, reloads, lines, notifyFailure } = await signedIn([lineOf(lipstick)], {
        send: [refused('Only 1 left in stock'), [lineOf(lipstick), lineOf(mascara)]],
        reload: [[lineOf(lipstick)]],
      });
      vi.useFakeTimers();
      actor.send({ type: 'SET_AMOUNT', id: lipstick.id, amount: 2 });
      actor.send({ type: 'ADD', product: mascara });
      await vi.advanceTimersByTimeAsync(0);
      expect(notifyFailure).toHaveBeenCalledTimes(1);
      expect(notifyFailure).toHaveBeenCalledWith('Only 1 left in stock');
      expect(reloads).toEqual([{ userId: 'u1' }]);
      expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
      expect(amounts(lines())).toEqual([
        [lipstick.id, 1],
        [mascara.id, 1],
      ]);
      await vi.advanceTimersByTimeAsync(10 * SYNC_RETRY_MS);
      expect(sent()).toEqual([
        { op: 'amount', id: lipstick.id, shadeId: null, amount: 2 },
        expect.objectContaining({ op: 'add', id: mascara.id, shadeId: null, amount: 1 }),
      ]);
    });

    it('a refusal whose read of the server cart then fails says the cart is not saved too, and a reload that works brings it', async () => {
      const serverCart = [lineOf(lipstick)];
      const { actor, lines, notifyFailure } = await signedIn([lineOf(lipstick)], {
        send: [refused('Only 1 left in stock')],
        reload: [unreachable(), serverCart],
      });
      actor.send({ type: 'SET_AMOUNT', id: lipstick.id, amount: 2 });
      await waitFor(actor, (s) => s.matches({ signedIn: 'unsynced' }));
      expect(notifyFailure.mock.calls).toEqual([['Only 1 left in stock'], [CART_NOT_SAVED]]);
      actor.send({ type: 'RELOAD' });
      await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
      expect(lines()).toEqual(serverCart);
    });

    it('the next change that goes through brings the server cart', async () => {
      const { actor, sent, lines } = await signedIn([lineOf(lipstick)], {
        send: [unreachable(), unreachable(), [lineOf(lipstick), lineOf(mascara)]],
      });
      vi.useFakeTimers();
      actor.send({ type: 'REMOVE', id: lipstick.id });
      await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS);
      expect(lines()).toEqual([]);
      actor.send({ type: 'ADD', product: mascara });
      await vi.advanceTimersByTimeAsync(0);
      expect(sent()).toEqual([
        { op: 'remove', id: lipstick.id, shadeId: null },
        { op: 'remove', id: lipstick.id, shadeId: null },
        expect.objectContaining({ op: 'add', id: mascara.id, shadeId: null, amount: 1 }),
      ]);
      expect(lines().map((l) => l.id)).toEqual([lipstick.id, mascara.id]);
    });

    it('a sign-in whose merge fails is told and keeps the local lines until a reload works', async () => {
      const serverCart = [lineOf(lipstick)];
      const shop = start({ lines: [lineOf(mascara)], answers: { merge: [unreachable()], reload: [unreachable(), serverCart] } });
      shop.actor.send({ type: 'SIGNED_IN', userId: 'u1' });
      await waitFor(shop.actor, (s) => s.matches({ signedIn: 'unsynced' }));
      expect(shop.merged).toEqual([{ userId: 'u1', lines: [lineOf(mascara)] }]);
      expect(shop.notifyFailure).toHaveBeenCalledWith(CART_NOT_SAVED);
      expect(shop.lines().map((l) => l.id)).toEqual([mascara.id]);
      shop.actor.send({ type: 'RELOAD' });
      await waitFor(shop.actor, (s) => s.matches({ signedIn: 'unsynced' }));
      expect(shop.lines().map((l) => l.id)).toEqual([mascara.id]);
      shop.actor.send({ type: 'RELOAD' });
      await waitFor(shop.actor, (s) => s.matches({ signedIn: 'idle' }));
      expect(shop.lines()).toEqual(serverCart);
    });
  });
});
