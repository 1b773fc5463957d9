import { fromPromise } from 'xstate';
import type { CartChange } from '~/machines/cart.machine';
import type { FavoriteChange } from '~/machines/favorites.machine';
import type { Catalogue, CatalogueMode } from '~/machines/products.machine';
import { apiClient } from '~/src/api/loadClient';
import type { CartLine } from '~/src/domain/cartLine';
import type { HeldLine } from '~/src/domain/cartStock';

/** The calls (shop.calls.ts), loaded on first use beside the API client they make them with: a visitor's first load carries neither. */
const calls = () => Promise.all([import('./shop.calls'), apiClient()]).then(([module]) => module);

export const fetchCatalogue = fromPromise<Catalogue, { mode: CatalogueMode }>(async ({ input }) =>
  (await calls()).fetchCatalogue(input.mode),
);

export const favoriteActors = {
  load: fromPromise<number[], { userId: string; local: number[] }>(async ({ input }) => (await calls()).favoriteCalls.load(input)),
  send: fromPromise<number[], FavoriteChange & { userId: string }>(async ({ input }) => (await calls()).favoriteCalls.send(input)),
  reload: fromPromise<number[], { userId: string }>(async ({ input }) => (await calls()).favoriteCalls.reload(input)),
};

export const cartActors = {
  merge: fromPromise<HeldLine[], { userId: string; lines: CartLine[] }>(async ({ input }) => (await calls()).cartCalls.merge(input)),
  send: fromPromise<HeldLine[], { userId: string; change: CartChange }>(async ({ input }) => (await calls()).cartCalls.send(input)),
  reload: fromPromise<HeldLine[], { userId: string }>(async ({ input }) => (await calls()).cartCalls.reload(input)),
};
