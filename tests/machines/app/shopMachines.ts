import { cartMachine } from '../../../machines/cart.machine';
import { favoritesMachine } from '../../../machines/favorites.machine';
import { cartActors, favoriteActors } from '../../../src/state/shop/shopActors';
import { cartStore, favoritesStore } from '../../../src/state/storage/keys';
import type { Shop } from '../harness/shop';

/**
 * Favourites and cart as src/state/shop/ShopProvider.tsx provides them: the
 * app's actors (shopActors.ts) and its storage keys; the toasts are the
 * shop's record of what the shopper was told. (ShopProvider builds these
 * inside its module with React's createActorContext, so they are wired here
 * the same way rather than imported.)
 */
/** The toasts, as the shop records them. */
const toasts = (shop: Shop) => ({
  notify: (_: unknown, text: string) => void shop.toasts.push({ kind: 'notice', text }),
  notifyFailure: (_: unknown, text: string) => void shop.toasts.push({ kind: 'failure', text }),
});

export const favoritesLogic = (shop: Shop) =>
  favoritesMachine.provide({ actors: favoriteActors, actions: { persist: (_, ids) => favoritesStore.write(ids), ...toasts(shop) } });

export const cartLogic = (shop: Shop) => cartMachine.provide({ actors: cartActors, actions: { persist: (_, lines) => cartStore.write(lines), ...toasts(shop) } });
