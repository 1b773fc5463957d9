import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { makeProduct } from '../tests/fixtures/product';
import { lineOf, type CartLine } from '../src/domain/cartLine';
import { cartMachine, type CartChange } from './cart.machine';

const lipstick = makeProduct({ stock: 3 });
const mascara = makeProduct({ stock: 10 });
const soldOut = makeProduct({ stock: 0 });

function start(options: { lines?: CartLine[]; server?: CartLine[] } = {}) {
  let server = [...(options.server ?? [])];
  const sent: CartChange[] = [];
  const persist = vi.fn();
  const notify = vi.fn();
  const machine = cartMachine.provide({
    actors: {
      merge: fromPromise(async ({ input }) => {
        for (const line of input.lines) if (!server.some((s) => s.id === line.id)) server.push(line);
        return [...server];
      }),
      send: fromPromise(async ({ input }) => {
        const change = input.change;
        sent.push(change);
        if (change.op === 'clear') server = [];
        else if (change.op === 'remove') server = server.filter((l) => l.id !== change.id);
        else if (change.op === 'amount') server = server.map((l) => (l.id === change.id ? { ...l, amount: change.amount } : l));
        else server.push(lineOf(change.id === lipstick.id ? lipstick : mascara, change.amount));
        return [...server];
      }),
    },
    actions: { persist: (_, lines) => persist(lines), notify: (_, message) => notify(message) },
  });
  const actor = createActor(machine, { input: { lines: options.lines ?? [] } }).start();
  return { actor, sent, persist, notify, lines: () => actor.getSnapshot().context.lines, server: () => server };
}

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
});
