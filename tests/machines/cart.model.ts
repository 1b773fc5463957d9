import type { SnapshotFrom } from 'xstate';
import { cartMachine } from '~/machines/cart.machine';
import { SyncRefused } from '~/machines/sync';
import { lineOf } from '~/src/domain/cartLine';
import { makeProduct } from '../fixtures/product';
import { answers, fails, type MachineModel, type ModelEvent } from './harness/model';

type Snapshot = SnapshotFrom<typeof cartMachine>;

/** The products a path uses, by role: the replay takes real ones with the same stock from the shop. */
export const CART_PRODUCTS = {
  lipstick: makeProduct({ stock: 3 }),
  mascara: makeProduct({ stock: 10 }),
  soldOut: makeProduct({ stock: 0 }),
};
type Role = keyof typeof CART_PRODUCTS;

/** Another shade of lipstick, in stock, to switch a line to: the replay takes the real lipstick's second shade. */
export const OTHER_SHADE = { id: 9001, name: 'Model Berry', hex: '#7a1f3d', stock: CART_PRODUCTS.lipstick.stock, image: '/model.svg' };

/** The visitor's cart every path starts from (cartlocal): a line of mascara, so a sign-in merges two lines once lipstick is added. */
export const VISITOR_CART = [lineOf(CART_PRODUCTS.mascara)];
/** The cart's limit in the model (the shop's is 100 lines): full once lipstick joins the mascara, so a full cart is reached in every state. */
export const MODEL_MAX_LINES = 2;

const product = (role: Role): ModelEvent => ({ type: 'ADD', product: CART_PRODUCTS[role], label: role });
const lineEvents = (role: Role): ModelEvent[] => [
  { type: 'SET_AMOUNT', id: CART_PRODUCTS[role].id, amount: CART_PRODUCTS[role].stock, label: role },
  { type: 'REMOVE', id: CART_PRODUCTS[role].id, label: role },
  { type: 'SET_SHADE', id: CART_PRODUCTS[role].id, to: OTHER_SHADE, label: role },
];

/** The server's answer in the model: the cart as the shopper sees it (every change sent was taken). */
const answered = (snapshot: Snapshot) => snapshot.context.lines;

/**
 * The cart's model: a shopper adds (a product in stock, one already in
 * the cart, one sold out, one to a full cart), sets an amount, removes, clears, signs in and
 * out, opens a page (RELOAD), hears another tab's cart (a line of
 * lipstick), with a line of mascara in the cart from before; the server takes each change, refuses it
 * (an amount above what is left, a line already gone) or cannot be
 * reached. At most two changes wait at once, which reaches every state.
 */
export const cartModel: MachineModel<typeof cartMachine> = {
  name: 'cart',
  machine: cartMachine,
  inputs: [{ label: '', input: { lines: VISITOR_CART, maxLines: MODEL_MAX_LINES } }],
  key: ({ context }) => ({
    signedIn: context.userId !== null,
    lines: context.lines.map((line) => [line.id, line.shade?.id ?? null]),
    queue: context.queue.map((change) => change.op),
    attempts: context.attempts,
  }),
  effect: ({ context }, id) => ({
    signedIn: context.userId !== null,
    lines: context.lines.map((line) => ({ id: id(line.id), amount: line.amount })).sort((a, b) => String(a.id).localeCompare(String(b.id))),
    // A line's shade is the one the shop's server took (the model's products have none): the change is the model's by product.
    queue: context.queue.map((change) =>
      'id' in change ? { ...change, id: id(change.id), shadeId: null, ...('to' in change ? { to: null } : {}) } : change,
    ),
    attempts: context.attempts,
  }),
  callKind: (src, input) => (src === 'send' ? (input as { change: { op: string } }).change.op : undefined),
  events: ({ context }) => [
    ...(context.queue.length < 2 ? [product('lipstick'), product('soldOut')] : []),
    ...(context.queue.length < 2 ? [...lineEvents('lipstick'), { type: 'CLEAR' }] : []),
    { type: 'SIGNED_IN', userId: 'shopper' },
    { type: 'SIGNED_OUT' },
    { type: 'RELOAD' },
    { type: 'OTHER_TAB', userId: context.userId, lines: [lineOf(CART_PRODUCTS.lipstick)], label: 'lipstick' },
  ],
  outcomes: {
    merge: [answers(answered), fails()],
    send: [
      answers(answered),
      {
        label: 'refused',
        error: () => new SyncRefused('refused'),
        when: ({ context }) => context.queue[0]?.op === 'amount' || context.queue[0]?.op === 'remove',
      },
      fails(),
    ],
    reload: [answers(answered), fails()],
  },
};
