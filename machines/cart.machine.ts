import { assign, fromPromise, setup } from 'xstate';
import { clampAmount, lineOf, type CartLine } from '../src/domain/cartLine';
import type { Product } from '../src/domain/types';
import { SYNC_ATTEMPTS, SYNC_RETRY_MS, SyncRefused } from './sync';

export type CartEvent =
  | { type: 'ADD'; product: Product; amount?: number }
  | { type: 'SET_AMOUNT'; id: number; amount: number }
  | { type: 'REMOVE'; id: number }
  | { type: 'CLEAR' }
  | { type: 'SIGNED_IN'; userId: string }
  | { type: 'SIGNED_OUT' }
  /** A page was opened: lines that could not be saved are replaced by the server cart. */
  | { type: 'RELOAD' };

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
  /** Failed tries of the change at the head of the queue. */
  attempts: number;
}

export const ADDED_TO_CART = 'Added to Cart';
export const CART_NOT_SAVED = 'Your cart could not be saved. Please try again.';

/** The server cart with the changes not yet sent on top (an added line from the local ones): what the shopper sees. */
function withPending(server: CartLine[], queue: CartChange[], local: CartLine[]): CartLine[] {
  return queue.reduce((lines, change) => {
    switch (change.op) {
      case 'add':
        return lines.some((l) => l.id === change.id) ? lines : [...lines, ...local.filter((l) => l.id === change.id)];
      case 'amount':
        return lines.map((l) => (l.id === change.id ? { ...l, amount: change.amount } : l));
      case 'remove':
        return lines.filter((l) => l.id !== change.id);
      case 'clear':
        return [];
    }
  }, server);
}

const notProvided = (name: string) => () => {
  throw new Error(`cart machine: provide the "${name}" actor`);
};

/**
 * The cart: local lines for everyone (`cartlocal`, written by `persist`); for
 * a signed-in user the server cart is the truth, the local lines are merged
 * into it on sign-in, and each change goes to it in order. Adding always
 * says 'Added to Cart'; a product already in the cart is not added again.
 * A change the server could not take (no answer, a 5xx) is tried again; if
 * it still fails the shopper is told, the local lines stay as they left
 * them, and the next RELOAD (a page opened) or change that succeeds shows
 * the server cart. A change the server refuses (a 4xx, such as too few in
 * stock) is not retried: its message is shown and the server cart taken.
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
    reload: fromPromise<CartLine[], { userId: string }>(notProvided('reload')),
  },
  delays: { retry: SYNC_RETRY_MS },
  guards: {
    queued: ({ context }) => context.queue.length > 0,
    mayRetry: ({ context }) => context.attempts + 1 < SYNC_ATTEMPTS,
  },
  actions: {
    persist: (_, _lines: CartLine[]) => {},
    notify: (_, _message: string) => {},
    notifyFailure: (_, _message: string) => {},
    takeServerCart: assign(({ context }, lines: CartLine[]) => ({ lines: withPending(lines, context.queue, context.lines) })),
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({ lines: input.lines, userId: null, queue: [], attempts: 0 }),
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
    SIGNED_OUT: { target: '.signedOut', actions: [assign({ lines: [], userId: null, queue: [], attempts: 0 }), { type: 'persist', params: [] }] },
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
            onDone: { target: 'idle', actions: [{ type: 'takeServerCart', params: ({ event }) => event.output }, { type: 'persist', params: ({ context }) => context.lines }] },
            onError: { target: 'unsynced', actions: { type: 'notifyFailure', params: CART_NOT_SAVED } },
          },
        },
        idle: {
          always: { guard: 'queued', target: 'sending' },
        },
        sending: {
          invoke: {
            src: 'send',
            input: ({ context }) => ({ userId: context.userId!, change: context.queue[0]! }),
            onDone: [
              { guard: ({ context }) => context.queue.length > 1, target: 'sending', reenter: true, actions: assign({ queue: ({ context }) => context.queue.slice(1), attempts: 0 }) },
              { target: 'idle', actions: [assign({ queue: [], attempts: 0 }), { type: 'takeServerCart', params: ({ event }) => event.output }, { type: 'persist', params: ({ context }) => context.lines }] },
            ],
            onError: [
              // The server's answer: said in its own words, and its state taken so the screen matches it.
              {
                guard: ({ event }) => event.error instanceof SyncRefused,
                target: 'reloading',
                actions: [assign({ queue: ({ context }) => context.queue.slice(1), attempts: 0 }), { type: 'notifyFailure', params: ({ event }) => (event.error as SyncRefused).message }],
              },
              { guard: 'mayRetry', target: 'retrying', actions: assign({ attempts: ({ context }) => context.attempts + 1 }) },
              { target: 'unsynced', actions: [assign({ queue: [], attempts: 0 }), { type: 'notifyFailure', params: CART_NOT_SAVED }] },
            ],
          },
        },
        retrying: {
          after: { retry: 'sending' },
        },
        /** The local lines may differ from the server cart: kept until the next load that succeeds. */
        unsynced: {
          always: { guard: 'queued', target: 'sending' },
          on: { RELOAD: 'reloading' },
        },
        reloading: {
          invoke: {
            src: 'reload',
            input: ({ context }) => ({ userId: context.userId! }),
            onDone: { target: 'idle', actions: [{ type: 'takeServerCart', params: ({ event }) => event.output }, { type: 'persist', params: ({ context }) => context.lines }] },
            // After a refused change the lines shown may not be the server's, and the refusal alone did not say so.
            onError: { target: 'unsynced', actions: { type: 'notifyFailure', params: CART_NOT_SAVED } },
          },
        },
      },
    },
  },
});
