import type { SnapshotFrom } from 'xstate';
import { cartMachine, type CartChange } from '~/machines/cart.machine';
import { SyncRefused } from '~/machines/sync';
import { lineOf, type CartLine } from '~/src/domain/cartLine';
import type { Product } from '~/src/domain/types';
import { makeProduct } from '../fixtures/product';
import { answers, fails, type MachineModel, type ModelEvent } from './harness/model';

type Snapshot = SnapshotFrom<typeof cartMachine>;

/** A shade of a model product holding `stock`: the replay gives the real product's shade at the same place that stock. */
const modelShade = (id: number, name: string, stock: number) => ({ id, name, hex: '#7a1f3d', stock, image: '/model.svg' });

/** Another shade of lipstick, in stock, to switch a line to. */
export const OTHER_SHADE = modelShade(9001, 'Model Berry', 3);

/** The products a path uses, by role, in shades as the shop's are (a card adds the first in stock): the replay takes real ones given the same shade stocks. */
export const CART_PRODUCTS = {
  lipstick: makeProduct({ stock: 6, shades: [modelShade(9000, 'Model Red', 3), OTHER_SHADE] }),
  mascara: makeProduct({ stock: 10, shades: [modelShade(9002, 'Model Black', 10)] }),
  soldOut: makeProduct({ stock: 0, shades: [] }),
};
type Role = keyof typeof CART_PRODUCTS;

/** A product's line as a card adds it: in its first shade in stock (the model's first shades are in stock). */
export const cardLine = (product: Product, amount = 1) => lineOf(product, amount, product.shades[0]?.id ?? null);

/** The visitor's cart every path starts from (cartlocal): a line of mascara, so a sign-in merges two lines once lipstick is added. */
export const VISITOR_CART = [cardLine(CART_PRODUCTS.mascara)];
/** The cart's limit in the model (the shop's is 100 lines): full once lipstick joins the mascara, so a full cart is reached in every state. */
export const MODEL_MAX_LINES = 2;

const product = (role: Role): ModelEvent => ({ type: 'ADD', product: CART_PRODUCTS[role], label: role });
/**
 * No shade switch while a removal waits: the model's server answers the cart
 * as shown, changes waiting included, which the machine then shows them on
 * top of again; a line removed, then another moved into its shade, is not
 * the same done twice.
 */
const lineEvents = (role: Role, queue: readonly CartChange[]): ModelEvent[] => [
  { type: 'SET_AMOUNT', id: CART_PRODUCTS[role].id, amount: CART_PRODUCTS[role].shades[0]!.stock, label: role },
  { type: 'REMOVE', id: CART_PRODUCTS[role].id, label: role },
  ...(queue.every((change) => change.op !== 'remove')
    ? [{ type: 'SET_SHADE', id: CART_PRODUCTS[role].id, to: OTHER_SHADE, label: role }]
    : []),
];

/** The server's answer in the model: the cart as the shopper sees it (every change sent was taken). */
const answered = (snapshot: Snapshot) => snapshot.context.lines;

/**
 * The cart's model: a shopper adds (a product in stock, one already in
 * the cart, one sold out, one to a full cart), sets an amount, removes, clears, has a stored
 * session restored, signs in and out, opens a page (RELOAD), hears another tab's cart (a line of
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
      'id' in change
        ? {
            ...change,
            id: id(change.id),
            shadeId: null,
            ...('to' in change ? { to: null } : {}),
            ...('line' in change ? { line: null } : {}),
          }
        : change,
    ),
    attempts: context.attempts,
  }),
  callKind: (src, input) => (src === 'send' ? (input as { change: { op: string } }).change.op : undefined),
  events: ({ context }) => [
    ...(context.queue.length < 2 ? [product('lipstick'), product('soldOut')] : []),
    ...(context.queue.length < 2 ? [...lineEvents('lipstick', context.queue), { type: 'CLEAR' }] : []),
    { type: 'RESTORING', userId: 'shopper' },
    { type: 'SIGNED_IN', userId: 'shopper' },
    { type: 'SIGNED_OUT' },
    { type: 'RELOAD' },
    { type: 'OTHER_TAB', userId: context.userId, lines: [cardLine(CART_PRODUCTS.lipstick)], label: 'lipstick' },
  ],
  outcomes: {
    // A new shopper's server cart is empty: the merge answers the lines it was sent, which the changes made meanwhile are shown on top of.
    merge: [answers((_, input) => (input as { lines: CartLine[] }).lines), fails()],
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
