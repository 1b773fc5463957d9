import { assign, fromPromise, setup } from 'xstate';
import { SYNC_ATTEMPTS, SYNC_RETRY_MS, SyncRefused } from './sync';

export type FavoritesEvent =
  | { type: 'TOGGLE'; productId: number }
  /** A stored session is being restored: the shopper already shows as this user, so a change made now is theirs. */
  | { type: 'RESTORING'; userId: string }
  | { type: 'SIGNED_IN'; userId: string }
  | { type: 'SIGNED_OUT' }
  /** A page was opened: favourites that could not be saved are replaced by the server's. */
  | { type: 'RELOAD' }
  /** Another tab of this browser changed the favourites: its list (for a signed-in user, the server's it was answered). */
  | ({ type: 'OTHER_TAB' } & FavoritesNews);

/** What a tab tells the others after changing the favourites: whose (null: the visitor's local ones) and the list. */
export interface FavoritesNews {
  userId: string | null;
  ids: number[];
}

export interface FavoriteChange {
  op: 'add' | 'remove';
  productId: number;
}

export interface FavoritesContext {
  ids: number[];
  userId: string | null;
  /** Changes not yet sent to the server, sent one at a time in order. */
  queue: FavoriteChange[];
  /** Failed tries of the change at the head of the queue. */
  attempts: number;
}

export const ADDED_TO_FAVORITES = 'Added to Favorites';
export const REMOVED_FROM_FAVORITES = 'Remove from Favorites';
export const FAVORITES_NOT_SAVED = 'Your favourites could not be saved. Please try again.';

const notProvided = (name: string) => () => {
  throw new Error(`favorites machine: provide the "${name}" actor`);
};

/** The server's list with the changes not yet sent on top: what the shopper sees. */
const withPending = (ids: number[], queue: FavoriteChange[]) =>
  queue.reduce(
    (list, { op, productId }) =>
      op === 'remove' ? list.filter((id) => id !== productId) : list.includes(productId) ? list : [...list, productId],
    ids,
  );

/** The list before the changes not yet sent: each undone, the last first. */
const withoutPending = (ids: number[], queue: FavoriteChange[]) =>
  queue.reduceRight((list, { op, productId }) => (op === 'add' ? list.filter((id) => id !== productId) : [...list, productId]), ids);

const toggled = (context: FavoritesContext, productId: number): FavoriteChange =>
  context.ids.includes(productId) ? { op: 'remove', productId } : { op: 'add', productId };

const favoritesSetup = setup({
  types: {
    context: {} as FavoritesContext,
    events: {} as FavoritesEvent,
    input: {} as { ids: number[] },
  },
  actors: {
    load: fromPromise<number[], { userId: string; local: number[] }>(notProvided('load')),
    send: fromPromise<number[], FavoriteChange & { userId: string }>(notProvided('send')),
    reload: fromPromise<number[], { userId: string }>(notProvided('reload')),
  },
  delays: { retry: SYNC_RETRY_MS },
  guards: {
    queued: ({ context }) => context.queue.length > 0,
    mayRetry: ({ context }) => context.attempts + 1 < SYNC_ATTEMPTS,
    sameList: ({ context, event }) => event.type === 'OTHER_TAB' && event.userId === context.userId,
  },
  actions: {
    persist: (_, _ids: number[]) => {},
    announce: (_, _news: FavoritesNews) => {},
    notify: (_, _message: string) => {},
    notifyFailure: (_, _message: string) => {},
    takeServerList: assign(({ context }, ids: number[]) => ({ ids: withPending(ids, context.queue) })),
    toggleLocally: assign(({ context, event }) => {
      const { productId } = event as Extract<FavoritesEvent, { type: 'TOGGLE' }>;
      const change = toggled(context, productId);
      return {
        ids: change.op === 'add' ? [...context.ids, productId] : context.ids.filter((id) => id !== productId),
        queue: context.userId ? [...context.queue, change] : context.queue,
      };
    }),
  },
});

/** A visitor's change, told to the other tabs (a signed-in one is told once the server has taken it). */
const announceLocal = favoritesSetup.enqueueActions(({ context, enqueue }) => {
  if (context.userId === null) enqueue({ type: 'announce', params: { userId: null, ids: context.ids } });
});

/** The server's list it was answered, for the other tabs. */
const announceServerList = {
  type: 'announce',
  params: ({ context, event }: { context: FavoritesContext; event: { output: number[] } }) => ({
    userId: context.userId,
    ids: event.output,
  }),
} as const;

/**
 * Favourites: the local list always changes at once (mirrored to storage by
 * `persist`, told by `notify`); for a signed-in user each change also goes
 * to the server, in order, and the server's list is taken once all are sent.
 * On sign-in the local favourites are copied up when the server has none.
 * While a stored session is restored, a change is queued as a signed-in
 * one is, and sent (with its retries) once the session is confirmed.
 * A change the server could not take (no answer, a 5xx) is tried again; if
 * it still fails the shopper is told, the local list stays as they left it,
 * and the next RELOAD (a page opened) or change that succeeds shows the
 * server's list. A change the server refuses (a 4xx) is not retried: its
 * message is shown and the server's list taken. Each change is told to
 * this browser's other tabs (`announce`), which take the list.
 */
export const favoritesMachine = favoritesSetup.createMachine({
  id: 'favorites',
  context: ({ input }) => ({ ids: input.ids, userId: null, queue: [], attempts: 0 }),
  initial: 'signedOut',
  on: {
    TOGGLE: {
      actions: [
        {
          type: 'notify',
          params: ({ context, event }) => (context.ids.includes(event.productId) ? REMOVED_FROM_FAVORITES : ADDED_TO_FAVORITES),
        },
        'toggleLocally',
        { type: 'persist', params: ({ context }) => context.ids },
        announceLocal,
      ],
    },
    SIGNED_OUT: {
      target: '.signedOut',
      actions: [assign({ ids: [], userId: null, queue: [], attempts: 0 }), { type: 'persist', params: [] }],
    },
  },
  states: {
    signedOut: {
      on: {
        RESTORING: { target: 'restoring', actions: assign({ userId: ({ event }) => event.userId }) },
        SIGNED_IN: { target: 'signedIn', actions: assign({ userId: ({ event }) => event.userId }) },
        OTHER_TAB: { guard: 'sameList', actions: assign({ ids: ({ event }) => event.ids }) },
      },
    },
    restoring: {
      on: { SIGNED_IN: { target: 'signedIn', actions: assign({ userId: ({ event }) => event.userId }) } },
    },
    signedIn: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'load',
            // Changes queued while the session was restored are sent after the load, not copied up by it.
            input: ({ context }) => ({ userId: context.userId!, local: withoutPending(context.ids, context.queue) }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'takeServerList', params: ({ event }) => event.output },
                { type: 'persist', params: ({ context }) => context.ids },
                announceServerList,
              ],
            },
            onError: { target: 'unsynced', actions: { type: 'notifyFailure', params: FAVORITES_NOT_SAVED } },
          },
        },
        idle: {
          always: { guard: 'queued', target: 'sending' },
          on: { OTHER_TAB: { guard: 'sameList', actions: assign({ ids: ({ event }) => event.ids }) } },
        },
        sending: {
          invoke: {
            src: 'send',
            input: ({ context }) => ({ ...context.queue[0]!, userId: context.userId! }),
            onDone: [
              {
                guard: ({ context }) => context.queue.length > 1,
                target: 'sending',
                reenter: true,
                actions: assign({ queue: ({ context }) => context.queue.slice(1), attempts: 0 }),
              },
              {
                target: 'idle',
                actions: [
                  assign({ queue: [], attempts: 0 }),
                  { type: 'takeServerList', params: ({ event }) => event.output },
                  { type: 'persist', params: ({ context }) => context.ids },
                  announceServerList,
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
              { target: 'unsynced', actions: [assign({ queue: [], attempts: 0 }), { type: 'notifyFailure', params: FAVORITES_NOT_SAVED }] },
            ],
          },
        },
        retrying: {
          after: { retry: 'sending' },
        },
        /** The local list may differ from the server's: kept until the next load that succeeds (a page opened, or another tab's change heard). */
        unsynced: {
          always: { guard: 'queued', target: 'sending' },
          on: { RELOAD: 'reloading', OTHER_TAB: { guard: 'sameList', target: 'reloading' } },
        },
        reloading: {
          invoke: {
            src: 'reload',
            input: ({ context }) => ({ userId: context.userId! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'takeServerList', params: ({ event }) => event.output },
                { type: 'persist', params: ({ context }) => context.ids },
              ],
            },
            onError: 'unsynced',
          },
        },
      },
    },
  },
});
