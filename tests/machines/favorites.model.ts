import type { SnapshotFrom } from 'xstate';
import { favoritesMachine } from '~/machines/favorites.machine';
import { SyncRefused } from '~/machines/sync';
import { answers, fails, type MachineModel, type ModelEvent } from './harness/model';

type Snapshot = SnapshotFrom<typeof favoritesMachine>;

/** The products a path toggles, by role: one the shop shows, and one disabled on the server since the page showed it. */
export const FAVORITE_PRODUCTS = { lipstick: 1, gone: 2 } as const;
export type FavoriteRole = keyof typeof FAVORITE_PRODUCTS;

/** The visitor's favourites every path starts from (stored under favorites): lipstick, which a sign-in copies up to the new account. */
export const VISITOR_FAVORITES = [FAVORITE_PRODUCTS.lipstick];

const toggle = (role: FavoriteRole): ModelEvent => ({ type: 'TOGGLE', productId: FAVORITE_PRODUCTS[role], label: role });

/** What the server holds in the model: every change sent was taken, but never the product that is gone. */
const serverList = ({ context }: Snapshot) => context.ids.filter((id) => id !== FAVORITE_PRODUCTS.gone);

/** The change being sent adds the product that is gone: the server refuses it. */
const addsGone = ({ context }: Snapshot) => context.queue[0]?.op === 'add' && context.queue[0].productId === FAVORITE_PRODUCTS.gone;

/**
 * Favourites' model: a shopper toggles a product (or one gone from the
 * shop), a stored session restores, they sign in and out, a page opens
 * (RELOAD), another tab's list (lipstick alone) is heard, with lipstick favourited from before; the server takes each change, refuses one for a product it no
 * longer shows, or cannot be reached. At most two changes wait at once.
 */
export const favoritesModel: MachineModel<typeof favoritesMachine> = {
  name: 'favorites',
  machine: favoritesMachine,
  inputs: [{ label: '', input: { ids: VISITOR_FAVORITES } }],
  key: ({ context }) => ({
    signedIn: context.userId !== null,
    ids: context.ids,
    queue: context.queue.map((change) => `${change.op} ${change.productId}`),
    attempts: context.attempts,
  }),
  effect: ({ context }, id) => ({
    signedIn: context.userId !== null,
    ids: context.ids.map(id).sort(),
    queue: context.queue.map((change) => ({ ...change, productId: id(change.productId) })),
    attempts: context.attempts,
  }),
  // A reload that fails with no change waiting leaves the list unsynced; with one waiting, sending goes on.
  callKind: (src, input, { context }) =>
    src === 'send'
      ? (input as { op: string }).op
      : src === 'reload'
        ? context.queue.length > 0
          ? 'changes waiting'
          : 'nothing waiting'
        : undefined,
  events: ({ context }) => [
    ...(context.queue.length < 2 ? [toggle('lipstick'), toggle('gone')] : []),
    { type: 'RESTORING', userId: 'shopper' },
    { type: 'SIGNED_IN', userId: 'shopper' },
    { type: 'SIGNED_OUT' },
    { type: 'RELOAD' },
    { type: 'OTHER_TAB', userId: context.userId, ids: [FAVORITE_PRODUCTS.lipstick], label: 'lipstick' },
  ],
  outcomes: {
    load: [answers(serverList), fails()],
    send: [
      answers(serverList, (snapshot) => !addsGone(snapshot)),
      { label: 'refused', error: () => new SyncRefused('Product not found.'), when: addsGone },
      fails(),
    ],
    reload: [answers(serverList), fails()],
  },
};
