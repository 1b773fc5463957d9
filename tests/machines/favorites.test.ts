import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { FAVORITES_NOT_SAVED, favoritesMachine } from '../../machines/favorites.machine';
import { favoritesInput, favoritesLogic } from '../../src/state/shop/shopLogic';
import { favoritesStore } from '../../src/state/storage/keys';
import { favoritesModel, type FavoriteRole } from './favorites.model';
import { machinePaths } from './harness/machinePaths';
import type { MachineBinding } from './harness/replay';
import { shopToasts } from './harness/shop';

type Snapshot = SnapshotFrom<typeof favoritesMachine>;

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/**
 * Favourites on the mock backend with the app's actors: a new shopper (no
 * server favourites) restores or signs in; the product that is gone is
 * disabled on the server before the path starts, so adding it is refused
 * (and left out when the local list is copied up).
 */
const favoritesBinding: MachineBinding = {
  name: 'favorites',
  async open(shop) {
    const [lipstick, gone] = await shop.takeProducts([5, 5]);
    await shop.changeProduct(gone!.id, { disable: true });
    const real: Record<FavoriteRole, number> = { lipstick: lipstick!.id, gone: gone!.id };
    let userId = '';
    const signIn = async () => (userId = (await shop.signIn('zoe')).id);
    return {
      logic: favoritesLogic(shopToasts(shop)),
      input: favoritesInput(),
      async send(event) {
        switch (event.type) {
          case 'TOGGLE':
            return { type: 'TOGGLE', productId: real[event.label as FavoriteRole] };
          case 'RESTORING':
          case 'SIGNED_IN':
            return { type: event.type, userId: await signIn() };
          case 'SIGNED_OUT':
            await shop.signOut();
            return event;
          default:
            return event;
        }
      },
      async check(snapshot) {
        const { context } = snapshot as Snapshot;
        expect(favoritesStore.read(), 'the stored favourites are the ones shown').toEqual(context.ids);
        expect(context.ids.every((id) => Object.values(real).includes(id)), 'only the products toggled').toBe(true);
        if (snapshot.matches({ signedIn: 'idle' })) {
          expect(sorted(context.ids), "the signed-in favourites are the server's").toEqual(sorted(await shop.serverFavorites(userId)));
        }
        if (snapshot.matches({ signedIn: 'unsynced' })) {
          expect(shop.toasts.some((t) => t.kind === 'failure' && t.text === FAVORITES_NOT_SAVED), 'favourites that may differ from the server were said not saved').toBe(true);
        }
      },
      showable: (snapshot) =>
        snapshot.matches('signedOut') ||
        snapshot.matches('restoring') ||
        snapshot.matches({ signedIn: 'idle' }) ||
        (snapshot.matches({ signedIn: 'unsynced' }) && shop.toasts.some((t) => t.kind === 'failure' && t.text === FAVORITES_NOT_SAVED)),
    };
  },
};

machinePaths(favoritesModel, favoritesBinding);
