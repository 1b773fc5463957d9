import { assign, fromPromise, setup } from 'xstate';
import { clampAmount, lineOf, type CartLine } from '../src/domain/cartLine';
import type { Product } from '../src/domain/types';

export type CartEvent =
  | { type: 'ADD'; product: Product; amount?: number }
  | { type: 'SET_AMOUNT'; id: number; amount: number }
  | { type: 'REMOVE'; id: number }
  | { type: 'CLEAR' }
  | { type: 'SIGNED_IN'; userId: string }
  | { type: 'SIGNED_OUT' };

/** A change for the server cart, sent in order. */
export type CartChange =
  | { op: 'add'; id: number; amount: number }
  | { op: 'amount'; id: number; amount: number }
  | { op: 'remove'; id: number }
  | { op: 'clear' };

export interface CartContext {
  lines: CartLine[];
  userId: string | null;
  queue: CartChange[];
}

export const ADDED_TO_CART = 'Added to Cart';

const notProvided = (name: string) => () => {
  throw new Error(`cart machine: provide the "${name}" actor`);
};

/**
 * The cart: local lines for everyone (`cartlocal`, written by `persist`); for
 * a signed-in user the server cart is the truth, the local lines are merged
 * into it on sign-in, and each change goes to it in order. Adding always
 * says 'Added to Cart'; a product already in the cart is not added again.
 */
export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as { lines: CartLine[] },
  },
  actors: {
    merge: fromPromise<CartLine[], { userId: string; lines: CartLine[] }>(notProvided('merge')),
    send: fromPromise<CartLine[], { userId: string; change: CartChange }>(notProvided('send')),
  },
  actions: {
    persist: (_, _lines: CartLine[]) => {},
    notify: (_, _message: string) => {},
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({ lines: input.lines, userId: null, queue: [] }),
  initial: 'signedOut',
  on: {
    ADD: [
      { guard: ({ context, event }) => context.lines.some((l) => l.id === event.product.id), actions: { type: 'notify', params: ADDED_TO_CART } },
      {
        guard: ({ event }) => event.product.stock > 0,
        actions: [
          assign(({ context, event }) => {
            const line = lineOf(event.product, event.amount);
            return {
              lines: [...context.lines, line],
              queue: context.userId ? [...context.queue, { op: 'add' as const, id: line.id, amount: line.amount }] : context.queue,
            };
          }),
          { type: 'persist', params: ({ context }) => context.lines },
          { type: 'notify', params: ADDED_TO_CART },
        ],
      },
    ],
    SET_AMOUNT: {
      guard: ({ context, event }) => context.lines.some((l) => l.id === event.id),
      actions: [
        assign(({ context, event }) => {
          const lines = context.lines.map((l) => (l.id === event.id ? { ...l, amount: clampAmount(event.amount, l.stock) } : l));
          const amount = lines.find((l) => l.id === event.id)!.amount;
          return { lines, queue: context.userId ? [...context.queue, { op: 'amount' as const, id: event.id, amount }] : context.queue };
        }),
        { type: 'persist', params: ({ context }) => context.lines },
      ],
    },
    REMOVE: {
      guard: ({ context, event }) => context.lines.some((l) => l.id === event.id),
      actions: [
        assign(({ context, event }) => ({
          lines: context.lines.filter((l) => l.id !== event.id),
          queue: context.userId ? [...context.queue, { op: 'remove' as const, id: event.id }] : context.queue,
        })),
        { type: 'persist', params: ({ context }) => context.lines },
      ],
    },
    CLEAR: {
      actions: [
        assign(({ context }) => ({ lines: [], queue: context.userId ? [...context.queue, { op: 'clear' as const }] : context.queue })),
        { type: 'persist', params: [] },
      ],
    },
    SIGNED_OUT: { target: '.signedOut', actions: [assign({ lines: [], userId: null, queue: [] }), { type: 'persist', params: [] }] },
  },
  states: {
    signedOut: {
      on: { SIGNED_IN: { target: 'signedIn', actions: assign({ userId: ({ event }) => event.userId }) } },
    },
    signedIn: {
      initial: 'merging',
      states: {
        merging: {
          invoke: {
            src: 'merge',
            input: ({ context }) => ({ userId: context.userId!, lines: context.lines }),
            onDone: { target: 'idle', actions: [assign({ lines: ({ event }) => event.output }), { type: 'persist', params: ({ event }) => event.output }] },
            onError: 'idle',
          },
        },
        idle: {
          always: { guard: ({ context }) => context.queue.length > 0, target: 'sending' },
        },
        sending: {
          invoke: {
            src: 'send',
            input: ({ context }) => ({ userId: context.userId!, change: context.queue[0]! }),
            onDone: [
              { guard: ({ context }) => context.queue.length > 1, target: 'sending', reenter: true, actions: assign({ queue: ({ context }) => context.queue.slice(1) }) },
              { target: 'idle', actions: [assign({ queue: [], lines: ({ event }) => event.output }), { type: 'persist', params: ({ event }) => event.output }] },
            ],
            onError: { target: 'idle', actions: assign({ queue: ({ context }) => context.queue.slice(1) }) },
          },
        },
      },
    },
  },
});
