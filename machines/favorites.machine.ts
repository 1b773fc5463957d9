import { assign, fromPromise, setup } from 'xstate';

export type FavoritesEvent =
  | { type: 'TOGGLE'; productId: number }
  | { type: 'SIGNED_IN'; userId: string }
  | { type: 'SIGNED_OUT' };

export interface FavoriteChange {
  op: 'add' | 'remove';
  productId: number;
}

export interface FavoritesContext {
  ids: number[];
  userId: string | null;
  /** Changes not yet sent to the server, sent one at a time in order. */
  queue: FavoriteChange[];
}

export const ADDED_TO_FAVORITES = 'Added to Favorites';
export const REMOVED_FROM_FAVORITES = 'Remove from Favorites';

const notProvided = (name: string) => () => {
  throw new Error(`favorites machine: provide the "${name}" actor`);
};

const toggled = (context: FavoritesContext, productId: number): FavoriteChange =>
  context.ids.includes(productId) ? { op: 'remove', productId } : { op: 'add', productId };

/**
 * Favourites: the local list always changes at once (mirrored to storage by
 * `persist`, told by `notify`); for a signed-in user each change also goes
 * to the server, in order, and the server's list is taken once all are sent.
 * On sign-in the local favourites are copied up when the server has none.
 */
export const favoritesMachine = setup({
  types: {
    context: {} as FavoritesContext,
    events: {} as FavoritesEvent,
    input: {} as { ids: number[] },
  },
  actors: {
    load: fromPromise<number[], { userId: string; local: number[] }>(notProvided('load')),
    send: fromPromise<number[], FavoriteChange & { userId: string }>(notProvided('send')),
  },
  actions: {
    persist: (_, _ids: number[]) => {},
    notify: (_, _message: string) => {},
    toggleLocally: assign(({ context, event }) => {
      const { productId } = event as Extract<FavoritesEvent, { type: 'TOGGLE' }>;
      const change = toggled(context, productId);
      return {
        ids: change.op === 'add' ? [...context.ids, productId] : context.ids.filter((id) => id !== productId),
        queue: context.userId ? [...context.queue, change] : context.queue,
      };
    }),
  },
}).createMachine({
  id: 'favorites',
  context: ({ input }) => ({ ids: input.ids, userId: null, queue: [] }),
  initial: 'signedOut',
  on: {
    TOGGLE: {
      actions: [
        { type: 'notify', params: ({ context, event }) => (context.ids.includes(event.productId) ? REMOVED_FROM_FAVORITES : ADDED_TO_FAVORITES) },
        'toggleLocally',
        { type: 'persist', params: ({ context }) => context.ids },
      ],
    },
    SIGNED_OUT: { target: '.signedOut', actions: [assign({ ids: [], userId: null, queue: [] }), { type: 'persist', params: [] }] },
  },
  states: {
    signedOut: {
      on: { SIGNED_IN: { target: 'signedIn', actions: assign({ userId: ({ event }) => event.userId }) } },
    },
    signedIn: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'load',
            input: ({ context }) => ({ userId: context.userId!, local: context.ids }),
            onDone: { target: 'idle', actions: [assign({ ids: ({ event }) => event.output }), { type: 'persist', params: ({ event }) => event.output }] },
            onError: 'idle',
          },
        },
        idle: {
          always: { guard: ({ context }) => context.queue.length > 0, target: 'sending' },
        },
        sending: {
          invoke: {
            src: 'send',
            input: ({ context }) => ({ ...context.queue[0]!, userId: context.userId! }),
            onDone: [
              { guard: ({ context }) => context.queue.length > 1, target: 'sending', reenter: true, actions: assign({ queue: ({ context }) => context.queue.slice(1) }) },
              {
                target: 'idle',
                actions: [assign({ queue: [], ids: ({ event }) => event.output }), { type: 'persist', params: ({ event }) => event.output }],
              },
            ],
            // The request failed: the change stays local; the next sign-in reloads the server's list.
            onError: { target: 'idle', actions: assign({ queue: ({ context }) => context.queue.slice(1) }) },
          },
        },
      },
    },
  },
});
