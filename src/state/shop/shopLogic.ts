import { cartMachine } from '../../../machines/cart.machine';
import { favoritesMachine } from '../../../machines/favorites.machine';
import { productsMachine } from '../../../machines/products.machine';
import { cartStore, favoritesStore } from '../storage/keys';
import { cartActors, favoriteActors, fetchCatalogue } from './shopActors';

/** How the shop tells the shopper: a notice, or a failure. */
export interface ShopToasts {
  notify(message: string): void;
  notifyFailure(message: string): void;
}

const told = ({ notify, notifyFailure }: ShopToasts) => ({
  notify: (_: unknown, message: string) => notify(message),
  notifyFailure: (_: unknown, message: string) => notifyFailure(message),
});

/** The catalogue as the app runs it: fetchCatalogue tells a paged catalogue from a list and brings the list. */
export const productsLogic = () => productsMachine.provide({ actors: { fetchCatalogue } });

/** Favourites as the app runs them: their calls (favoriteActors), kept in storage (favorites), the shopper told. */
export const favoritesLogic = (toasts: ShopToasts) =>
  favoritesMachine.provide({ actors: favoriteActors, actions: { persist: (_, ids) => favoritesStore.write(ids), ...told(toasts) } });

/** The cart as the app runs it: its calls (cartActors), kept in storage (cartlocal), the shopper told. */
export const cartLogic = (toasts: ShopToasts) => cartMachine.provide({ actors: cartActors, actions: { persist: (_, lines) => cartStore.write(lines), ...told(toasts) } });

/** Favourites and cart start from this browser's storage. */
export const favoritesInput = () => ({ ids: favoritesStore.read() });
export const cartInput = () => ({ lines: cartStore.read() });
