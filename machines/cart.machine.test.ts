import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { makeProduct } from '~/tests/fixtures/product';
import { everyAnswerTaken } from '~/tests/fixtures/cannedActor';
import { amounts, lipstick, mascara, signedIn, soldOut, start, unreachable } from '~/tests/fixtures/cartMachine';
import { lineOf } from '~/src/domain/cartLine';
import type { HeldLine } from '~/src/domain/cartStock';
import { SYNC_RETRY_MS } from './sync';

afterEach(everyAnswerTaken);

describe('cart machine', () => {
  it("adds a product with amount 1, says 'Added to Cart' and saves the local cart", () => {
    const { actor, lines, persist, notify } = start();
    actor.send({ type: 'ADD', product: lipstick });
    expect(lines()).toEqual([lineOf(lipstick)]);
    expect(notify).toHaveBeenCalledWith('Added to Cart');
    expect(persist).toHaveBeenLastCalledWith([lineOf(lipstick)]);
  });

  it('a product already in the cart is not added again, but the toast still shows', () => {
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

  it('a cart of 100 lines takes no other product: the shopper is told so, not that it was added, and nothing is sent', async () => {
    const full = Array.from({ length: 100 }, () => lineOf(makeProduct({ stock: 5 })));
    const { actor, lines, sent, notify, notifyFailure } = await signedIn(full, {});
    actor.send({ type: 'ADD', product: lipstick });
    expect(notifyFailure).toHaveBeenCalledWith('Your cart can hold 100 products at most.');
    expect(notify).not.toHaveBeenCalled();
    expect(lines()).toEqual(full);
    expect(sent()).toEqual([]);
  });

  it("DECISIONS: two shades of one lipstick are two lines, each capped at its shade's stock and changed on its own", async () => {
    const shade = (id: number, stock: number) => ({ id, name: `Shade ${id}`, hex: '#aa3344', stock, image: `/images/${id}.svg` });
    const inShades = makeProduct({ stock: 5, shades: [shade(71, 2), shade(72, 3)] });
    const { actor, lines, sent } = await signedIn([], { send: [[], [], [], [lineOf(inShades, 3, 72)]] });
    actor.send({ type: 'ADD', product: inShades, shadeId: 71, amount: 2 });
    actor.send({ type: 'ADD', product: inShades, shadeId: 72 });
    actor.send({ type: 'ADD', product: inShades, shadeId: 72, amount: 3 });
    expect(lines().map((l) => [l.shade?.id, l.amount, l.stock])).toEqual([
      [71, 2, 2],
      [72, 1, 3],
    ]);
    actor.send({ type: 'SET_AMOUNT', id: inShades.id, shadeId: 72, amount: 9 });
    actor.send({ type: 'REMOVE', id: inShades.id, shadeId: 71 });
    expect(lines().map((l) => [l.shade?.id, l.amount])).toEqual([[72, 3]]);
    await vi.waitFor(() => expect(sent()).toHaveLength(4));
    expect(sent()).toEqual([
      expect.objectContaining({ op: 'add', id: inShades.id, shadeId: 71, amount: 2 }),
      expect.objectContaining({ op: 'add', id: inShades.id, shadeId: 72, amount: 1 }),
      { op: 'amount', id: inShades.id, shadeId: 72, amount: 3 },
      { op: 'remove', id: inShades.id, shadeId: 71 },
    ]);
    await vi.waitFor(() => expect(lines()).toEqual([lineOf(inShades, 3, 72)]));
  });

  it('DECISIONS: a card adds the first shade in stock; added and switched while the sign-in merge is under way, the line shows in its new shade', async () => {
    const shade = (id: number, stock: number) => ({ id, name: `Shade ${id}`, hex: '#aa3344', stock, image: `/images/${id}.svg` });
    const [soldOutShade, first, other] = [shade(91, 0), shade(92, 4), shade(93, 2)];
    const inShades = makeProduct({ stock: 6, shades: [soldOutShade, first, other] });
    const { actor, lines, sent } = start({ answers: { merge: [[]], send: [[], [lineOf(inShades, 1, 93)]] } });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    actor.send({ type: 'ADD', product: inShades });
    expect(lines()).toEqual([lineOf(inShades, 1, 92)]);
    actor.send({ type: 'SET_SHADE', id: inShades.id, shadeId: 92, to: other });
    // The merge answers the cart it was sent (empty): the add and the switch waiting are shown on top of it.
    await waitFor(actor, (s) => s.matches({ signedIn: 'sending' }));
    expect(lines()).toEqual([lineOf(inShades, 1, 93)]);
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(sent()).toEqual([
      expect.objectContaining({ op: 'add', id: inShades.id, shadeId: 92, amount: 1 }),
      { op: 'shade', id: inShades.id, shadeId: 92, to: other },
    ]);
    expect(lines()).toEqual([lineOf(inShades, 1, 93)]);
  });

  it('a shade switched while a stored session is restored: the merge is sent the stored line, and the switch on top once confirmed', async () => {
    const shade = (id: number, stock: number) => ({ id, name: `Shade ${id}`, hex: '#aa3344', stock, image: `/images/${id}.svg` });
    const [first, other] = [shade(94, 4), shade(95, 2)];
    const inShades = makeProduct({ stock: 6, shades: [first, other] });
    const stored = lineOf(inShades, 1, 94);
    const { actor, merged, sent, lines, notifyStock } = start({
      lines: [stored],
      answers: { merge: [[stored]], send: [[lineOf(inShades, 1, 95)]] },
    });
    actor.send({ type: 'RESTORING', userId: 'u1' });
    actor.send({ type: 'SET_SHADE', id: inShades.id, shadeId: 94, to: other });
    expect(lines()).toEqual([lineOf(inShades, 1, 95)]);
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.queue.length === 0);
    expect(merged).toEqual([{ userId: 'u1', lines: [stored] }]);
    expect(sent()).toEqual([{ op: 'shade', id: inShades.id, shadeId: 94, to: other }]);
    expect(lines()).toEqual([lineOf(inShades, 1, 95)]);
    expect(notifyStock).not.toHaveBeenCalled();
  });

  it('switched while restoring away from a shade sold out since: only the switch is sent, and no line is said to be lost', async () => {
    const shade = (id: number, stock: number) => ({ id, name: `Shade ${id}`, hex: '#aa3344', stock, image: `/images/${id}.svg` });
    const before = makeProduct({ stock: 6, shades: [shade(96, 4), shade(97, 2)] });
    const now = { ...before, stock: 2, shades: [shade(96, 0), shade(97, 2)] };
    const { actor, sent, lines, notifyStock, notifyFailure } = start({
      lines: [lineOf(before, 1, 96)],
      answers: { merge: [[lineOf(now, 1, 96)]], send: [[lineOf(now, 1, 97)]] },
    });
    actor.send({ type: 'RESTORING', userId: 'u1' });
    actor.send({ type: 'SET_SHADE', id: before.id, shadeId: 96, to: now.shades[1]! });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'sending' }));
    expect(lines()).toEqual([lineOf(now, 1, 97)]);
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.queue.length === 0);
    expect(sent()).toEqual([{ op: 'shade', id: before.id, shadeId: 96, to: now.shades[1] }]);
    expect(lines()).toEqual([lineOf(now, 1, 97)]);
    expect([notifyStock.mock.calls, notifyFailure.mock.calls]).toEqual([[], []]);
  });

  it('a restored session that ends signed out lets go of the cart changed meanwhile, and nothing is sent', () => {
    const { actor, merged, sent, lines } = start({ lines: [lineOf(lipstick)] });
    actor.send({ type: 'RESTORING', userId: 'u1' });
    actor.send({ type: 'ADD', product: mascara });
    actor.send({ type: 'SIGNED_OUT' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(lines()).toEqual([]);
    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect([merged, sent()]).toEqual([[], []]);
  });

  it('DECISIONS: a line switches to another shade in stock, joining a line of it (capped at its stock); a sold-out shade is not taken', async () => {
    const shade = (id: number, stock: number) => ({ id, name: `Shade ${id}`, hex: '#aa3344', stock, image: `/images/${id}.svg` });
    const [a, b, c] = [shade(81, 5), shade(82, 3), shade(83, 0)];
    const inShades = makeProduct({ stock: 8, shades: [a, b, c] });
    const { actor, lines, sent } = await signedIn([], { send: [[], [], [lineOf(inShades, 3, 82)]] });
    actor.send({ type: 'ADD', product: inShades, shadeId: 81, amount: 2 });
    actor.send({ type: 'ADD', product: inShades, shadeId: 82, amount: 2 });
    actor.send({ type: 'SET_SHADE', id: inShades.id, shadeId: 82, to: c });
    actor.send({ type: 'SET_SHADE', id: inShades.id, shadeId: 81, to: b });
    expect(lines()).toEqual([lineOf(inShades, 3, 82)]);
    await vi.waitFor(() => expect(sent()).toHaveLength(3));
    expect(sent()[2]).toEqual({ op: 'shade', id: inShades.id, shadeId: 81, to: b });
    await vi.waitFor(() => expect(lines()).toEqual([lineOf(inShades, 3, 82)]));
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
    const serverCart = [lineOf(mascara, 2), lineOf(lipstick)];
    const { actor, merged, lines, persist } = start({ lines: [lineOf(lipstick)], answers: { merge: [serverCart] } });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(merged).toEqual([{ userId: 'u1', lines: [lineOf(lipstick)] }]);
    expect(lines()).toEqual(serverCart);
    expect(persist).toHaveBeenLastCalledWith(serverCart);
  });

  it('signed in: each change goes to the server in order', async () => {
    const serverCart = [lineOf(lipstick, 2)];
    const { actor, sent, lines } = start({
      answers: { merge: [[]], send: [[lineOf(lipstick)], [lineOf(lipstick, 2)], [lineOf(lipstick, 2), lineOf(mascara)], serverCart] },
    });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    actor.send({ type: 'ADD', product: lipstick });
    actor.send({ type: 'SET_AMOUNT', id: lipstick.id, amount: 2 });
    actor.send({ type: 'ADD', product: mascara });
    actor.send({ type: 'REMOVE', id: mascara.id });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.queue.length === 0);
    expect(sent()).toEqual([
      expect.objectContaining({ op: 'add', id: lipstick.id, shadeId: null, amount: 1 }),
      { op: 'amount', id: lipstick.id, shadeId: null, amount: 2 },
      expect.objectContaining({ op: 'add', id: mascara.id, shadeId: null, amount: 1 }),
      { op: 'remove', id: mascara.id, shadeId: null },
    ]);
    expect(lines()).toEqual(serverCart);
    expect(amounts(lines())).toEqual([[lipstick.id, 2]]);
  });

  it('sign-out empties the local cart', async () => {
    const { actor, lines } = start({ lines: [lineOf(lipstick)], answers: { merge: [[lineOf(lipstick)]] } });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    actor.send({ type: 'SIGNED_OUT' });
    expect(lines()).toEqual([]);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('a change made while the sign-in merge runs stays on screen on top of the server cart, then is sent', async () => {
    const serverCart = [lineOf(lipstick), lineOf(mascara)];
    const { actor, merged, sent, lines } = start({ answers: { merge: [[lineOf(lipstick)]], send: [serverCart] } });
    actor.send({ type: 'SIGNED_IN', userId: 'u1' });
    actor.send({ type: 'ADD', product: mascara });
    const sending = await waitFor(actor, (s) => s.matches({ signedIn: 'sending' }));
    expect(merged).toEqual([{ userId: 'u1', lines: [] }]);
    expect(sending.context.lines.map((l) => l.id)).toEqual([lipstick.id, mascara.id]);
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(sent()).toEqual([expect.objectContaining({ op: 'add', id: mascara.id, shadeId: null, amount: 1 })]);
    expect(lines()).toEqual(serverCart);
  });

  describe('when the stock falls under a quantity', () => {
    const blush = makeProduct({ name: 'Rosy Blush', stock: 2 });
    /** A server line holding more than is left. */
    const held = (product: typeof blush, amount: number, disabled?: true): HeldLine => ({
      ...lineOf(product),
      amount,
      ...(disabled && { disabled }),
    });

    it('a change answered with a server cart holding more than is left: the line is lowered to the stock, the shopper told why, and the server sent the change', async () => {
      const { actor, sent, lines, notifyStock } = await signedIn([lineOf(lipstick)], {
        send: [
          [held(blush, 5), lineOf(lipstick, 2)],
          [lineOf(blush, 2), lineOf(lipstick, 2)],
        ],
      });
      actor.send({ type: 'SET_AMOUNT', id: lipstick.id, amount: 2 });
      await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.queue.length === 0);
      expect(notifyStock).toHaveBeenCalledWith(['Only 2 left of Rosy Blush: quantity changed from 5 to 2.']);
      expect(sent()).toEqual([
        { op: 'amount', id: lipstick.id, shadeId: null, amount: 2 },
        { op: 'amount', id: blush.id, shadeId: null, amount: 2 },
      ]);
      expect(amounts(lines())).toEqual([
        [blush.id, 2],
        [lipstick.id, 2],
      ]);
    });

    /** A lipstick in shades 81 and 82, and the server's word that 82 left the cart with its shade. */
    const inShades = makeProduct({
      name: 'Velvet Lipstick',
      stock: 8,
      shades: [81, 82].map((id) => ({ id, name: `Shade ${id}`, hex: '#aa3344', stock: 4, image: `/images/${id}.svg` })),
    });
    const removed: HeldLine = { ...lineOf(inShades, 1, 82), shade: null, amount: 0, shadeRemoved: { shadeId: 82 } };

    it("a line whose shade an Admin removed is told of by the shade's name the shopper saw, and not sent again", async () => {
      const { actor, sent, lines, notifyStock } = await signedIn([lineOf(inShades, 1, 81), lineOf(inShades, 1, 82)], {
        send: [[lineOf(inShades, 2, 81), removed]],
      });
      actor.send({ type: 'SET_AMOUNT', id: inShades.id, shadeId: 81, amount: 2 });
      await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.queue.length === 0);
      expect(notifyStock).toHaveBeenCalledWith(['Velvet Lipstick (Shade 82): that shade is no longer sold and left your cart.']);
      expect(sent()).toEqual([{ op: 'amount', id: inShades.id, shadeId: 81, amount: 2 }]);
      expect(lines()).toEqual([lineOf(inShades, 2, 81)]);
    });

    it('a removed shade told of in an answer before the last is still told, and a change waiting on its line is not sent', async () => {
      const { actor, sent, lines, notifyStock, notifyFailure } = await signedIn([lineOf(inShades, 1, 81), lineOf(inShades, 1, 82)], {
        send: [[lineOf(inShades, 2, 81), removed]],
      });
      actor.send({ type: 'SET_AMOUNT', id: inShades.id, shadeId: 81, amount: 2 });
      actor.send({ type: 'SET_AMOUNT', id: inShades.id, shadeId: 82, amount: 3 });
      await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.queue.length === 0);
      expect(notifyStock).toHaveBeenCalledWith(['Velvet Lipstick (Shade 82): that shade is no longer sold and left your cart.']);
      expect(notifyFailure).not.toHaveBeenCalled();
      expect(sent()).toEqual([{ op: 'amount', id: inShades.id, shadeId: 81, amount: 2 }]);
      expect(lines()).toEqual([lineOf(inShades, 2, 81)]);
    });

    it('reading the server cart after a failure: lowered, removed, told, and the server brought to match', async () => {
      const { actor, sent, lines, notifyStock } = await signedIn([lineOf(lipstick)], {
        send: [unreachable(), unreachable(), ...Array.from({ length: 3 }, () => [lineOf(blush, 2), lineOf(lipstick)])],
        reload: [[held(blush, 5), lineOf(lipstick), held(soldOut, 1), held(mascara, 1, true)]],
      });
      vi.useFakeTimers();
      actor.send({ type: 'SET_AMOUNT', id: lipstick.id, amount: 2 });
      await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS);
      actor.send({ type: 'RELOAD' });
      await vi.advanceTimersByTimeAsync(0);
      vi.useRealTimers();
      expect(notifyStock).toHaveBeenCalledWith([
        'Only 2 left of Rosy Blush: quantity changed from 5 to 2.',
        `${soldOut.name} is out of stock: removed from your cart.`,
        `${mascara.name} is no longer available: removed from your cart.`,
      ]);
      await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.queue.length === 0);
      expect(sent().slice(2)).toEqual([
        { op: 'amount', id: blush.id, shadeId: null, amount: 2 },
        { op: 'remove', id: soldOut.id, shadeId: null },
        { op: 'remove', id: mascara.id, shadeId: null },
      ]);
      expect(amounts(lines())).toEqual([
        [blush.id, 2],
        [lipstick.id, 1],
      ]);
    });

    it('the sign-in merge capped a local quantity or left a line out: the shopper is told which and why', async () => {
      const { actor, lines, notifyStock } = start({
        lines: [lineOf(blush, 2), lineOf(mascara, 4), lineOf(lipstick)],
        answers: { merge: [[{ ...lineOf(blush), amount: 1 }, lineOf(mascara, 4)]] },
      });
      actor.send({ type: 'SIGNED_IN', userId: 'u1' });
      await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
      expect(notifyStock).toHaveBeenCalledWith([
        'Only 1 left of Rosy Blush: quantity changed from 2 to 1.',
        `${lipstick.name} is no longer available: removed from your cart.`,
      ]);
      expect(amounts(lines())).toEqual([
        [blush.id, 1],
        [mascara.id, 4],
      ]);
    });
  });

  describe("this browser's other tabs", () => {
    it('signed out: each change is told to the other tabs with the lines, and a tab shows the lines another tells', () => {
      const { actor, lines, persist, announced } = start();
      actor.send({ type: 'ADD', product: lipstick });
      actor.send({ type: 'SET_AMOUNT', id: lipstick.id, amount: 2 });
      expect(announced).toEqual([
        { userId: null, lines: [lineOf(lipstick)] },
        { userId: null, lines: [lineOf(lipstick, 2)] },
      ]);
      const stored = persist.mock.calls.length;
      actor.send({ type: 'OTHER_TAB', userId: null, lines: [lineOf(mascara)] });
      expect(lines()).toEqual([lineOf(mascara)]);
      expect(
        persist,
        "the telling tab stored them (cartlocal is the browser's): a stale write would undo its later ones",
      ).toHaveBeenCalledTimes(stored);
      expect(announced, 'what another tab told is not told back').toHaveLength(2);
    });

    it("signed in: the server cart each change was answered is told; a tab empties when another's order emptied the server cart", async () => {
      const { actor, lines, announced } = await signedIn([lineOf(lipstick)], { send: [[lineOf(lipstick, 2)]] });
      expect(announced).toEqual([{ userId: 'u1', lines: [lineOf(lipstick)] }]);
      actor.send({ type: 'SET_AMOUNT', id: lipstick.id, amount: 2 });
      await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.queue.length === 0);
      expect(announced.at(-1)).toEqual({ userId: 'u1', lines: [lineOf(lipstick, 2)] });
      actor.send({ type: 'OTHER_TAB', userId: 'u1', lines: [] });
      expect(lines()).toEqual([]);
      expect(announced).toHaveLength(2);
    });

    it("another person's cart, or a visitor's while signed in, is not taken", async () => {
      const { actor, lines } = await signedIn([lineOf(lipstick)], {});
      actor.send({ type: 'OTHER_TAB', userId: 'u2', lines: [] });
      actor.send({ type: 'OTHER_TAB', userId: null, lines: [] });
      expect(lines()).toEqual([lineOf(lipstick)]);
    });

    it('a cart said not saved reads the server cart again when another tab changed it', async () => {
      const { actor, lines } = await signedIn([lineOf(lipstick)], { send: [unreachable(), unreachable()], reload: [[lineOf(mascara)]] });
      vi.useFakeTimers();
      actor.send({ type: 'REMOVE', id: lipstick.id });
      await vi.advanceTimersByTimeAsync(SYNC_RETRY_MS);
      vi.useRealTimers();
      expect(actor.getSnapshot().matches({ signedIn: 'unsynced' })).toBe(true);
      actor.send({ type: 'OTHER_TAB', userId: 'u1', lines: [lineOf(mascara)] });
      await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
      expect(lines()).toEqual([lineOf(mascara)]);
    });
  });
});
