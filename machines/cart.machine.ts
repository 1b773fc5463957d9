import { assign, fromPromise, setup } from 'xstate';
import { clampAmount, isLineOf, lineOf, shadeIdOf, type CartLine } from '~/src/domain/cartLine';
import { shadeToAdd } from '~/src/domain/cartShade';
import { CART_FULL, isCartFull } from '~/src/domain/cartSize';
import { fitToStock, lostInMerge, stockChangeMessage, type HeldLine, type StockChange } from '~/src/domain/cartStock';
import { CART_MAX_LINES } from '~/src/domain/constants';
import type { Shade } from '~/src/domain/shadeChoice';
import type { Product } from '~/src/domain/types';
import { SYNC_ATTEMPTS, SYNC_RETRY_MS, SyncRefused } from './sync';

export type CartEvent =
  /** `shadeId`: the shade chosen on the product page; none from a card or favourites, which add the product's first shade in stock. */
  | { type: 'ADD'; product: Product; amount?: number; shadeId?: number }
  /** A line is the product `id` in the shade `shadeId`; without it (null), the product's first line. */
  | { type: 'SET_AMOUNT'; id: number; shadeId?: number | null; amount: number }
  | { type: 'REMOVE'; id: number; shadeId?: number | null }
  /** The line moves to another of its product's shades (`to`, in stock), joining a line of it already in the cart. */
  | { type: 'SET_SHADE'; id: number; shadeId?: number | null; to: Shade }
  | { type: 'CLEAR' }
  /** A stored session is being restored: changes are the user's, sent once it is confirmed. */
  | { type: 'RESTORING'; userId: string }
  | { type: 'SIGNED_IN'; userId: string }
  | { type: 'SIGNED_OUT' }
  /** A page was opened: lines that could not be saved are replaced by the server cart. */
  | { type: 'RELOAD' }
  /** Another tab of this browser changed the cart: its lines (for a signed-in user, the server cart it was answered). */
  | ({ type: 'OTHER_TAB' } & CartNews);

/** What a tab tells the others after changing the cart: whose cart (null: the visitor's local one) and its lines. */
export interface CartNews {
  userId: string | null;
  lines: CartLine[];
}

/** A change for the server cart, sent in order; a line is the product `id` in the shade `shadeId` (null: none named). */
export type CartChange =
  /** `line`: the line the add made, shown on top of a server cart answered before the add was sent. */
  | { op: 'add'; id: number; shadeId: number | null; amount: number; line: CartLine }
  | { op: 'amount'; id: number; shadeId: number | null; amount: number }
  | { op: 'remove'; id: number; shadeId: number | null }
  | { op: 'shade'; id: number; shadeId: number | null; to: Shade }
  | { op: 'clear' };

export interface CartContext {
  lines: CartLine[];
  /** The most lines the cart takes (CART_MAX_LINES, the server's limit too). */
  maxLines: number;
  userId: string | null;
  /** What the sign-in merge sends: the local lines when the session began restoring or signed in (later changes are queued). */
  toMerge: CartLine[];
  queue: CartChange[];
  /** Failed tries of the change at the head of the queue. */
  attempts: number;
}

export const ADDED_TO_CART = 'Added to Cart';
export const CART_NOT_SAVED = 'Your cart could not be saved. Please try again.';

/** The changes that bring the server cart to what stock allows. */
const corrections = (changes: StockChange[]): CartChange[] =>
  changes
    // A line whose shade was removed has already left the server cart.
    .filter((c) => c.reason !== 'shadeRemoved')
    .map((c) => (c.to > 0 ? { op: 'amount', id: c.id, shadeId: c.shadeId, amount: c.to } : { op: 'remove', id: c.id, shadeId: c.shadeId }));

/** The changes waiting, less those of lines the server already took out because an Admin removed their shade (it would refuse them). */
const withoutRemoved = (queue: CartChange[], held: HeldLine[]) => {
  const gone = held.flatMap((line) => (line.shadeRemoved ? [{ id: line.id, shadeId: line.shadeRemoved.shadeId }] : []));
  return queue.filter((c) => !('id' in c) || !gone.some((line) => line.id === c.id && line.shadeId === c.shadeId));
};

/** Whether a change waiting touches the line (after a clear, every line): the server's copy of it is not the shopper's yet. */
const touchedBy = (queue: CartChange[]) => (line: CartLine) =>
  queue.some((c) => c.op === 'clear' || ('id' in c && isLineOf(line, c.id, c.shadeId)));

/** The local lines no change waiting touches: what the sign-in merge was sent of them is what they still hold. */
const untouched = (lines: CartLine[], queue: CartChange[]) => lines.filter((line) => !touchedBy(queue)(line));

/** The server cart with the changes not yet sent on top: what the shopper sees. */
function withPending(server: CartLine[], queue: CartChange[]): CartLine[] {
  return queue.reduce((lines, change) => {
    switch (change.op) {
      case 'add':
        return lines.some((l) => isLineOf(l, change.id, change.shadeId)) ? lines : [...lines, change.line];
      case 'amount': {
        const line = lines.find((l) => isLineOf(l, change.id, change.shadeId));
        return lines.map((l) => (l === line ? { ...l, amount: change.amount } : l));
      }
      case 'remove': {
        const line = lines.find((l) => isLineOf(l, change.id, change.shadeId));
        return lines.filter((l) => l !== line);
      }
      case 'shade': {
        const line = lines.find((l) => isLineOf(l, change.id, change.shadeId));
        return line ? inShade(lines, line, change.to) : lines;
      }
      case 'clear':
        return [];
    }
  }, server);
}

/** The lines with `line` moved to the shade `to`, a line already in it joining it (quantities added, capped at the shade's stock), as the server does. */
function inShade(lines: CartLine[], line: CartLine, to: Shade): CartLine[] {
  const joined = lines.find((l) => l !== line && l.id === line.id && shadeIdOf(l) === to.id);
  const amount = clampAmount(line.amount + (joined?.amount ?? 0), to.stock);
  const moved = { ...line, shade: { id: to.id, name: to.name, hex: to.hex }, stock: to.stock, image: to.image, amount };
  return lines.filter((l) => l !== joined).map((l) => (l === line ? moved : l));
}

/** The line an ADD makes: the product in the shade named, else (a card's, favourites') in its first in stock; none when that is not to be had. */
function lineToAdd({ product, shadeId, amount }: Extract<CartEvent, { type: 'ADD' }>): CartLine | undefined {
  const shade = shadeToAdd(product, shadeId);
  if (shade === undefined) return undefined;
  const line = lineOf(product, amount, shade);
  return line.stock > 0 ? line : undefined;
}

/** The line an event names: the product's in the shade, else (no shade named) its first. */
const lineOfEvent = (lines: CartLine[], event: { id: number; shadeId?: number | null }) =>
  lines.find((l) => isLineOf(l, event.id, event.shadeId ?? null));

const notProvided = (name: string) => () => {
  throw new Error(`cart machine: provide the "${name}" actor`);
};

const cartSetup = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as { lines: CartLine[]; maxLines?: number },
  },
  actors: {
    merge: fromPromise<HeldLine[], { userId: string; lines: CartLine[] }>(notProvided('merge')),
    send: fromPromise<HeldLine[], { userId: string; change: CartChange }>(notProvided('send')),
    reload: fromPromise<HeldLine[], { userId: string }>(notProvided('reload')),
  },
  delays: { retry: SYNC_RETRY_MS },
  guards: {
    queued: ({ context }) => context.queue.length > 0,
    mayRetry: ({ context }) => context.attempts + 1 < SYNC_ATTEMPTS,
    sameCart: ({ context, event }) => event.type === 'OTHER_TAB' && event.userId === context.userId,
    full: ({ context }) => isCartFull(context.lines.length, context.maxLines),
  },
  actions: {
    persist: (_, _lines: CartLine[]) => {},
    notify: (_, _message: string) => {},
    notifyFailure: (_, _message: string) => {},
    /** Lines the stock changed, each named with why (not the spec's toasts). */
    notifyStock: (_, _messages: string[]) => {},
    announce: (_, _news: CartNews) => {},
    /**
     * The server cart fitted to the stock, with the changes not yet sent on top; the fitting's own changes join them.
     * A line a change waiting touches is that change's to make, not fitted (nor told of) again.
     */
    takeServerCart: assign(({ context }, held: HeldLine[]) => {
      const fitted = fitToStock(held, touchedBy(context.queue));
      const queue = [...withoutRemoved(context.queue, held), ...corrections(fitted.changes)];
      return { lines: withPending(fitted.lines, queue), queue };
    }),
  },
});

/** A visitor's change, told to the other tabs (a signed-in one is told once the server has taken it). */
const announceLocal = cartSetup.enqueueActions(({ context, enqueue }) => {
  if (context.userId === null) enqueue({ type: 'announce', params: { userId: null, lines: context.lines } });
});

/**
 * What the shopper is told of the lines a server cart's fitting to the stock changed (none a change in the queue
 * touches), a line whose shade was removed named by the shade it had among the lines shown before.
 */
const stockMessages = (held: HeldLine[], lines: CartLine[], queue: CartChange[] = []) =>
  fitToStock(held, touchedBy(queue), lines).changes.map(stockChangeMessage);

/**
 * The cart: local lines for everyone (`cartlocal`, written by `persist`); for
 * a signed-in user the server cart is the truth, the local lines are merged
 * into it on sign-in, and each change goes to it in order. While a stored
 * session is restored, a change is queued as a signed-in one is: the merge
 * is sent the lines stored before it, and the change on top. Adding says
 * 'Added to Cart'; a product already in the cart (in the same shade: a
 * line is a product in a shade) is not added again; a
 * cart of `maxLines` lines takes no other product: the shopper is told so
 * instead (the server refuses it too, should another tab have filled the
 * cart meanwhile).
 * A change the server could not take (no answer, a 5xx) is tried again; if
 * it still fails the shopper is told, the local lines stay as they left
 * them, and the next RELOAD (a page opened) or change that succeeds shows
 * the server cart. A change the server refuses (a 4xx, such as too few in
 * stock) is not retried: its message is shown and the server cart taken.
 * A server cart holding more than the stock now left (or a product sold
 * out or no longer sold) is fitted to it: the shopper is told which line
 * changed and why, and the server is sent the change. Each change is told
 * to this browser's other tabs (`announce`), which take its lines.
 */
export const cartMachine = cartSetup.createMachine({
  id: 'cart',
  context: ({ input }) => ({
    lines: input.lines,
    maxLines: input.maxLines ?? CART_MAX_LINES,
    userId: null,
    toMerge: [],
    queue: [],
    attempts: 0,
  }),
  initial: 'signedOut',
  on: {
    ADD: [
      {
        guard: ({ context, event }) => {
          const shadeId = shadeToAdd(event.product, event.shadeId);
          return shadeId !== undefined && lineOfEvent(context.lines, { id: event.product.id, shadeId }) !== undefined;
        },
        actions: { type: 'notify', params: ADDED_TO_CART },
      },
      { guard: 'full', actions: { type: 'notifyFailure', params: CART_FULL } },
      {
        guard: ({ event }) => lineToAdd(event) !== undefined,
        actions: [
          assign(({ context, event }) => {
            const line = lineToAdd(event)!;
            const change = { op: 'add' as const, id: line.id, shadeId: shadeIdOf(line), amount: line.amount, line };
            return { lines: [...context.lines, line], queue: context.userId ? [...context.queue, change] : context.queue };
          }),
          { type: 'persist', params: ({ context }) => context.lines },
          announceLocal,
          { type: 'notify', params: ADDED_TO_CART },
        ],
      },
    ],
    SET_AMOUNT: {
      guard: ({ context, event }) => lineOfEvent(context.lines, event) !== undefined,
      actions: [
        assign(({ context, event }) => {
          const line = lineOfEvent(context.lines, event)!;
          const amount = clampAmount(event.amount, line.stock);
          const change = { op: 'amount' as const, id: line.id, shadeId: shadeIdOf(line), amount };
          return {
            lines: context.lines.map((l) => (l === line ? { ...l, amount } : l)),
            queue: context.userId ? [...context.queue, change] : context.queue,
          };
        }),
        { type: 'persist', params: ({ context }) => context.lines },
        announceLocal,
      ],
    },
    REMOVE: {
      guard: ({ context, event }) => lineOfEvent(context.lines, event) !== undefined,
      actions: [
        assign(({ context, event }) => {
          const line = lineOfEvent(context.lines, event)!;
          const change = { op: 'remove' as const, id: line.id, shadeId: shadeIdOf(line) };
          return { lines: context.lines.filter((l) => l !== line), queue: context.userId ? [...context.queue, change] : context.queue };
        }),
        { type: 'persist', params: ({ context }) => context.lines },
        announceLocal,
      ],
    },
    SET_SHADE: {
      guard: ({ context, event }) => {
        const line = lineOfEvent(context.lines, event);
        return line !== undefined && event.to.stock > 0 && shadeIdOf(line) !== event.to.id;
      },
      actions: [
        assign(({ context, event }) => {
          const line = lineOfEvent(context.lines, event)!;
          const change = { op: 'shade' as const, id: line.id, shadeId: shadeIdOf(line), to: event.to };
          return { lines: inShade(context.lines, line, event.to), queue: context.userId ? [...context.queue, change] : context.queue };
        }),
        { type: 'persist', params: ({ context }) => context.lines },
        announceLocal,
      ],
    },
    CLEAR: {
      actions: [
        assign(({ context }) => ({ lines: [], queue: context.userId ? [...context.queue, { op: 'clear' as const }] : context.queue })),
        { type: 'persist', params: [] },
        announceLocal,
      ],
    },
    SIGNED_OUT: {
      target: '.signedOut',
      actions: [assign({ lines: [], userId: null, toMerge: [], queue: [], attempts: 0 }), { type: 'persist', params: [] }],
    },
  },
  states: {
    signedOut: {
      on: {
        RESTORING: {
          target: 'restoring',
          actions: assign({ userId: ({ event }) => event.userId, toMerge: ({ context }) => context.lines }),
        },
        SIGNED_IN: {
          target: 'signedIn',
          actions: assign({ userId: ({ event }) => event.userId, toMerge: ({ context }) => context.lines }),
        },
        OTHER_TAB: { guard: 'sameCart', actions: assign({ lines: ({ event }) => event.lines }) },
      },
    },
    restoring: {
      on: { SIGNED_IN: 'signedIn' },
    },
    signedIn: {
      initial: 'merging',
      states: {
        merging: {
          invoke: {
            src: 'merge',
            input: ({ context }) => ({ userId: context.userId!, lines: context.toMerge }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'notifyStock',
                  params: ({ context, event }) => [
                    ...lostInMerge(untouched(context.toMerge, context.queue), event.output).map(stockChangeMessage),
                    ...stockMessages(event.output, context.lines, context.queue),
                  ],
                },
                { type: 'takeServerCart', params: ({ event }) => event.output },
                { type: 'persist', params: ({ context }) => context.lines },
                { type: 'announce', params: ({ context, event }) => ({ userId: context.userId, lines: fitToStock(event.output).lines }) },
              ],
            },
            onError: { target: 'unsynced', actions: { type: 'notifyFailure', params: CART_NOT_SAVED } },
          },
        },
        idle: {
          always: { guard: 'queued', target: 'sending' },
          on: { OTHER_TAB: { guard: 'sameCart', actions: assign({ lines: ({ event }) => event.lines }) } },
        },
        sending: {
          invoke: {
            src: 'send',
            input: ({ context }) => ({ userId: context.userId!, change: context.queue[0]! }),
            onDone: [
              {
                guard: ({ context, event }) => withoutRemoved(context.queue.slice(1), event.output).length > 0,
                target: 'sending',
                reenter: true,
                actions: [
                  // The server tells of a line gone with its shade once, in whichever answer comes first.
                  {
                    type: 'notifyStock',
                    params: ({ context, event }) =>
                      stockMessages(
                        event.output.filter((line) => line.shadeRemoved),
                        context.lines,
                      ),
                  },
                  assign({ queue: ({ context, event }) => withoutRemoved(context.queue.slice(1), event.output), attempts: 0 }),
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'notifyStock', params: ({ context, event }) => stockMessages(event.output, context.lines) },
                  assign({ queue: [], attempts: 0 }),
                  { type: 'takeServerCart', params: ({ event }) => event.output },
                  { type: 'persist', params: ({ context }) => context.lines },
                  { type: 'announce', params: ({ context, event }) => ({ userId: context.userId, lines: fitToStock(event.output).lines }) },
                ],
              },
            ],
            onError: [
              // The server's answer: said in its own words, and its state taken so the screen matches it.
              {
                guard: ({ event }) => event.error instanceof SyncRefused,
                target: 'reloading',
                actions: [
                  assign({ queue: ({ context }) => context.queue.slice(1), attempts: 0 }),
                  { type: 'notifyFailure', params: ({ event }) => (event.error as SyncRefused).message },
                ],
              },
              { guard: 'mayRetry', target: 'retrying', actions: assign({ attempts: ({ context }) => context.attempts + 1 }) },
              { target: 'unsynced', actions: [assign({ queue: [], attempts: 0 }), { type: 'notifyFailure', params: CART_NOT_SAVED }] },
            ],
          },
        },
        retrying: {
          after: { retry: 'sending' },
        },
        /** The local lines may differ from the server cart: kept until the next load that succeeds (a page opened, or another tab's change heard). */
        unsynced: {
          always: { guard: 'queued', target: 'sending' },
          on: { RELOAD: 'reloading', OTHER_TAB: { guard: 'sameCart', target: 'reloading' } },
        },
        reloading: {
          invoke: {
            src: 'reload',
            input: ({ context }) => ({ userId: context.userId! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'notifyStock', params: ({ context, event }) => stockMessages(event.output, context.lines) },
                { type: 'takeServerCart', params: ({ event }) => event.output },
                { type: 'persist', params: ({ context }) => context.lines },
              ],
            },
            // After a refused change the lines shown may not be the server's, and the refusal alone did not say so.
            onError: { target: 'unsynced', actions: { type: 'notifyFailure', params: CART_NOT_SAVED } },
          },
        },
      },
    },
  },
});
