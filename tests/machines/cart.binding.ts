import { expect } from 'vitest';
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import { CART_NOT_SAVED, type cartMachine } from '~/machines/cart.machine';
import { cartInput, cartLogic } from '~/src/state/shop/shop.logic';
import { SYNC_ATTEMPTS } from '~/machines/sync';
import { lineOf, shadeIdOf, type CartLine } from '~/src/domain/cartLine';
import type { Product } from '~/src/domain/types';
import { CART_PRODUCTS, MODEL_MAX_LINES, VISITOR_CART } from './cart.model';
import type { MachineBinding } from './harness/replay';
import { shopToasts, type Shop } from './harness/shop';
import { storedUnder } from './harness/specStorage';
import { mostFailedInARow, toldFailure, untoldRefusals } from './harness/told';

type Snapshot = SnapshotFrom<typeof cartMachine>;
type Role = keyof typeof CART_PRODUCTS;

/** The cart's API calls. */
const CART_CALLS = /^\w+ \/cart\b/;

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
    const [lipstick, mascara, soldOut] = await shop.takeProducts([
      CART_PRODUCTS.lipstick.stock,
      CART_PRODUCTS.mascara.stock,
      CART_PRODUCTS.soldOut.stock,
    ]);
    // In the model's shades, each holding its stock: a line is a product in a shade, capped at the shade's stock.
    const inShades = async (product: Product, stocks: number[]) =>
      shop.changeProduct(product.id, {
        shades: product.shades.slice(0, stocks.length).map((shade, i) => ({ ...shade, stock: stocks[i]! })),
      });
    const asModel = (product: Product, role: Role) =>
      inShades(
        product,
        CART_PRODUCTS[role].shades.map((shade) => shade.stock),
      );
    const real = {
      lipstick: await asModel(lipstick!, 'lipstick'),
      mascara: await asModel(mascara!, 'mascara'),
      soldOut: await asModel(soldOut!, 'soldOut'),
    };
    const roleOf = (modelId: number) => (Object.keys(CART_PRODUCTS) as Role[]).find((role) => CART_PRODUCTS[role].id === modelId)!;
    const realId = (modelId: number) => real[roleOf(modelId)].id;
    /** The real line of a model line: the real product in the shade at the model shade's place. */
    const realLine = (line: CartLine) => {
      const role = roleOf(line.id);
      const at = CART_PRODUCTS[role].shades.findIndex((shade) => shade.id === line.shade?.id);
      return lineOf(real[role], line.amount, real[role].shades[at]?.id ?? null);
    };
    // The visitor's cart from before, under the spec's key.
    localStorage.setItem('cartlocal', JSON.stringify(VISITOR_CART.map(realLine)));
    let userId = '';
    /** The step being checked was a sign-out. */
    let signedOut = false;
    return {
      logic: logic(shop),
      input: { ...cartInput(), maxLines: MODEL_MAX_LINES },
      async send(event, actor) {
        switch (event.type) {
          case 'ADD':
            return { type: 'ADD', product: real[event.label as Role] };
          case 'SET_AMOUNT':
          case 'REMOVE':
            return { ...event, id: realId(event.id as number) };
          case 'SET_SHADE':
            return { ...event, id: realId(event.id as number), to: real.lipstick.shades[1]! };
          case 'RESTORING':
          case 'SIGNED_IN':
            userId = (await shop.signIn('zoe')).id;
            return { type: event.type, userId };
          case 'SIGNED_OUT':
            await shop.signOut();
            signedOut = true;
            return event;
          case 'OTHER_TAB': {
            // The other tab's lines, which it stored (this tab shows them unless it reads the server again); signed in, the server cart it was answered.
            const lines = (event.lines as CartLine[]).map(realLine);
            if (!actor.getSnapshot().matches({ signedIn: 'unsynced' })) localStorage.setItem('cartlocal', JSON.stringify(lines));
            if (event.userId === null) return { ...event, lines };
            await shop.setServerCart(
              userId,
              lines.map((line) => ({ id: line.id, shadeId: shadeIdOf(line), quantity: line.amount })),
            );
            return { ...event, userId, lines };
          }
          default:
            return event;
        }
      },
      async arrange(outcome, before, phase) {
        if (phase !== 'answering') return;
        const { context } = before as Snapshot;
        // A page opened after a failure: the server holds the cart the model answers, the one shown (the shopper's other tab saved it).
        if (before.matches({ signedIn: 'reloading' }) && outcome.label === 'answered') {
          await shop.setServerCart(
            userId,
            context.lines.map(realLine).map((line) => ({ id: line.id, shadeId: shadeIdOf(line), quantity: line.amount })),
          );
        }
        if (outcome.label !== 'refused') return;
        const change = context.queue[0]!;
        if (change.op === 'amount') {
          // Whichever shade the line is in, fewer are left than asked for.
          const product = await shop.product(realId(change.id));
          await inShades(
            product,
            product.shades.map(() => change.amount - 1),
          );
        }
        if (change.op === 'remove') await shop.removeFromServerCart(userId, realId(change.id));
      },
      async check(snapshot) {
        const { context } = snapshot as Snapshot;
        expect(storedUnder('cartlocal') ?? [], 'cartlocal holds the cart shown').toEqual(context.lines);
        if (signedOut) expect(context.lines, "a sign-out leaves no one's cart behind").toEqual([]);
        signedOut = false;
        if (snapshot.matches({ signedIn: 'idle' })) {
          const server = (await shop.serverCart(userId)).map(({ id, quantity }) => ({ id, amount: quantity }));
          expect(byAmount(context.lines), 'the signed-in cart is the server cart').toEqual(byAmount(server));
          expect(shop.latestFailed(CART_CALLS), 'a cart shown as saved: its latest call was answered').toBe(false);
        }
        if (snapshot.matches({ signedIn: 'unsynced' })) {
          expect(toldFailure(shop, CART_NOT_SAVED), 'a cart that may differ from the server was said not saved').toBe(true);
        }
        expect(
          mostFailedInARow(shop, CART_CALLS),
          `a change the server could not take is sent ${SYNC_ATTEMPTS} times, then the shopper is told`,
        ).toBeLessThanOrEqual(SYNC_ATTEMPTS);
        expect(await untoldRefusals(shop, CART_CALLS), "the server's refusals are told in its words").toEqual([]);
      },
      recovered: (snapshot) =>
        !shop.toasts.some((toast) => toast.kind === 'failure') && (snapshot.matches('signedOut') || snapshot.matches({ signedIn: 'idle' })),
      showable: (snapshot) =>
        snapshot.matches('signedOut') ||
        snapshot.matches({ signedIn: 'idle' }) ||
        (snapshot.matches({ signedIn: 'unsynced' }) && toldFailure(shop, CART_NOT_SAVED)),
    };
  },
});
