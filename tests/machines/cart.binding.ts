import { expect } from 'vitest';
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import { CART_NOT_SAVED, type cartMachine } from '../../machines/cart.machine';
import { cartInput, cartLogic } from '../../src/state/shop/shopLogic';
import { cartStore } from '../../src/state/storage/keys';
import { CART_PRODUCTS } from './cart.model';
import type { MachineBinding } from './harness/replay';
import { shopToasts, type Shop } from './harness/shop';

type Snapshot = SnapshotFrom<typeof cartMachine>;
type Role = keyof typeof CART_PRODUCTS;

const byAmount = (lines: { id: number; amount: number }[]) => lines.map(({ id, amount }) => [id, amount]).sort(([a], [b]) => a! - b!);

/**
 * The cart on the mock backend with the app's actors: a new shopper (an
 * empty server cart) signs in; products of the model's stocks are taken
 * from the seeded catalogue. A refusal is made by the data: the stock drops
 * below the amount asked for, or the line was already removed elsewhere.
 * `logic` is the app's cart unless a test gives another (a broken one).
 */
export const cartBinding = (logic: (shop: Shop) => AnyStateMachine = (shop) => cartLogic(shopToasts(shop))): MachineBinding => ({
  name: 'cart',
  async open(shop) {
    const [lipstick, mascara, soldOut] = await shop.takeProducts([CART_PRODUCTS.lipstick.stock, CART_PRODUCTS.mascara.stock, CART_PRODUCTS.soldOut.stock]);
    const real = { lipstick: lipstick!, mascara: mascara!, soldOut: soldOut! };
    const realId = (modelId: number) => real[(Object.keys(CART_PRODUCTS) as Role[]).find((role) => CART_PRODUCTS[role].id === modelId)!].id;
    let userId = '';
    return {
      logic: logic(shop),
      input: cartInput(),
      async send(event) {
        switch (event.type) {
          case 'ADD':
            return { type: 'ADD', product: real[event.label as Role] };
          case 'SET_AMOUNT':
          case 'REMOVE':
            return { ...event, id: realId(event.id as number) };
          case 'SIGNED_IN':
            userId = (await shop.signIn('zoe')).id;
            return { type: 'SIGNED_IN', userId };
          case 'SIGNED_OUT':
            await shop.signOut();
            return event;
          default:
            return event;
        }
      },
      async arrange(outcome, before, phase) {
        if (outcome.label !== 'refused' || phase !== 'answering') return;
        const change = (before as Snapshot).context.queue[0]!;
        if (change.op === 'amount') await shop.changeProduct(realId(change.id), { stock: change.amount - 1 });
        if (change.op === 'remove') await shop.removeFromServerCart(userId, realId(change.id));
      },
      async check(snapshot) {
        const { context } = snapshot as Snapshot;
        expect(cartStore.read(), 'cartlocal holds the cart shown').toEqual(context.lines);
        if (snapshot.matches({ signedIn: 'idle' })) {
          const server = (await shop.serverCart(userId)).map(({ id, quantity }) => ({ id, amount: quantity }));
          expect(byAmount(context.lines), 'the signed-in cart is the server cart').toEqual(byAmount(server));
        }
        if (snapshot.matches({ signedIn: 'unsynced' })) {
          expect(shop.toasts.some((t) => t.kind === 'failure' && t.text === CART_NOT_SAVED), 'a cart that may differ from the server was said not saved').toBe(true);
        }
      },
      showable: (snapshot) =>
        snapshot.matches('signedOut') ||
        snapshot.matches({ signedIn: 'idle' }) ||
        (snapshot.matches({ signedIn: 'unsynced' }) && shop.toasts.some((t) => t.kind === 'failure' && t.text === CART_NOT_SAVED)),
    };
  },
});
