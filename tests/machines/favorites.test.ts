import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { FAVORITES_NOT_SAVED, favoritesMachine } from '~/machines/favorites.machine';
import { SYNC_ATTEMPTS } from '~/machines/sync';
import { favoritesInput, favoritesLogic } from '~/src/state/shop/shop.logic';
import { FAVORITE_PRODUCTS, favoritesModel, VISITOR_FAVORITES, type FavoriteRole } from './favorites.model';
import { machinePaths } from './harness/machinePaths';
import type { MachineBinding } from './harness/replay';
import { shopToasts } from './harness/shop';
import { storedUnder } from './harness/specStorage';
import { mostFailedInARow, toldFailure, untoldRefusals } from './harness/told';

type Snapshot = SnapshotFrom<typeof favoritesMachine>;

/** The favourites' API calls. */
const FAVORITE_CALLS = /^\w+ \/favorites$/;

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/**
 * Favourites on the mock backend with the app's actors: a new shopper (no
 * server favourites) restores or signs in; the product that is gone is
 * disabled on the server before the path starts, so adding it is refused
 * (and left out when the local list is copied up). The visitor's list from
 * before is stored under the spec's key.
 */
const favoritesBinding: MachineBinding = {
  name: 'favorites',
  async open(shop) {
    const [lipstick, gone] = await shop.takeProducts([5, 5]);
    await shop.changeProduct(gone!.id, { disable: true });
    const real: Record<FavoriteRole, number> = { lipstick: lipstick!.id, gone: gone!.id };
    const realId = (modelId: number) =>
      real[(Object.keys(FAVORITE_PRODUCTS) as FavoriteRole[]).find((role) => FAVORITE_PRODUCTS[role] === modelId)!];
    localStorage.setItem('favorites', JSON.stringify(VISITOR_FAVORITES.map(realId)));
    let userId = '';
    /** The step being checked was a sign-out. */
    let signedOut = false;
    const signIn = async () => (userId = (await shop.signIn('zoe')).id);
    /** The server holds these favourites for the shopper, as their other tab saved them. */
    const holdOnServer = async (ids: number[]) => {
      const held = await shop.serverFavorites(userId);
      for (const id of ids.filter((id) => !held.includes(id))) await shop.backend.store.addFavorite(userId, id);
      for (const id of held.filter((id) => !ids.includes(id))) await shop.backend.store.removeFavorite(userId, id);
    };
    return {
      logic: favoritesLogic(shopToasts(shop)),
      input: favoritesInput(),
      async send(event, actor) {
        switch (event.type) {
          case 'TOGGLE':
            return { type: 'TOGGLE', productId: real[event.label as FavoriteRole] };
          case 'RESTORING':
          case 'SIGNED_IN':
            return { type: event.type, userId: await signIn() };
          case 'SIGNED_OUT':
            await shop.signOut();
            signedOut = true;
            return event;
          case 'OTHER_TAB': {
            // The other tab's list, which it stored (this tab shows it unless it reads the server again); signed in, the server's it was answered.
            const ids = (event.ids as number[]).map(realId);
            if (!actor.getSnapshot().matches({ signedIn: 'unsynced' })) localStorage.setItem('favorites', JSON.stringify(ids));
            if (event.userId === null) return { ...event, ids };
            await holdOnServer(ids);
            return { ...event, userId, ids };
          }
          default:
            return event;
        }
      },
      async arrange(outcome, before, phase) {
        if (phase !== 'answering' || outcome.label !== 'answered' || !before.matches({ signedIn: 'reloading' })) return;
        // A page opened after a failure: the server holds the list the model answers, the one shown (the shopper's other tab saved it).
        await holdOnServer((before as Snapshot).context.ids.filter((id) => id !== FAVORITE_PRODUCTS.gone).map(realId));
      },
      async check(snapshot) {
        const { context } = snapshot as Snapshot;
        expect(storedUnder('favorites') ?? [], 'the favourites stored are the ones shown').toEqual(context.ids);
        expect(
          context.ids.every((id) => Object.values(real).includes(id)),
          'only the products toggled',
        ).toBe(true);
        if (signedOut) expect(context.ids, "a sign-out leaves no one's favourites behind").toEqual([]);
        signedOut = false;
        if (snapshot.matches({ signedIn: 'idle' })) {
          expect(sorted(context.ids), "the signed-in favourites are the server's").toEqual(sorted(await shop.serverFavorites(userId)));
          expect(shop.latestFailed(FAVORITE_CALLS), 'favourites shown as saved: their latest call was answered').toBe(false);
        }
        if (snapshot.matches({ signedIn: 'unsynced' })) {
          expect(toldFailure(shop, FAVORITES_NOT_SAVED), 'favourites that may differ from the server were said not saved').toBe(true);
        }
        expect(
          mostFailedInARow(shop, FAVORITE_CALLS),
          `a change the server could not take is sent ${SYNC_ATTEMPTS} times, then the shopper is told`,
        ).toBeLessThanOrEqual(SYNC_ATTEMPTS);
        expect(await untoldRefusals(shop, FAVORITE_CALLS), "the server's refusals are told in its words").toEqual([]);
      },
      recovered: (snapshot) =>
        !shop.toasts.some((toast) => toast.kind === 'failure') && (snapshot.matches('signedOut') || snapshot.matches({ signedIn: 'idle' })),
      showable: (snapshot) =>
        snapshot.matches('signedOut') ||
        snapshot.matches('restoring') ||
        snapshot.matches({ signedIn: 'idle' }) ||
        (snapshot.matches({ signedIn: 'unsynced' }) && toldFailure(shop, FAVORITES_NOT_SAVED)),
    };
  },
};

machinePaths(favoritesModel, favoritesBinding);
