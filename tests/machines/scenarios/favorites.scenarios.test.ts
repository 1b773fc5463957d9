import { describe, expect } from 'vitest';
import { FAVORITES_NOT_SAVED } from '~/machines/favorites.machine';
import { scenario } from './scenario';

describe('favourites scenarios', () => {
  scenario(
    'a visitor favourites two products and signs up as zoe: her new account holds those two, on the server and in storage',
    async ({ server, browser }) => {
      const [blush, mascara] = await server.products(5, 5);
      const visitor = browser();
      await visitor.toggleFavorite(blush!);
      await visitor.toggleFavorite(mascara!);

      await visitor.signIn('zoe');

      expect(await server.favoritesOf('zoe')).toEqual([blush!.id, mascara!.id]);
      expect(visitor.favorites()).toEqual([blush!.id, mascara!.id]);
      expect(visitor.storedFavorites()).toEqual(visitor.favorites());
    },
  );

  scenario(
    'a favourite meets one network failure: it is retried, the server holds it and nobody is told of a failure',
    async ({ server, browser }) => {
      const [blush] = await server.products(5);
      const ana = browser();
      await ana.signIn('ana');

      server.failsNext('POST /favorites', 'network');
      await ana.toggleFavorite(blush!);

      expect(server.callsTo('POST /favorites')).toBe(2);
      expect(await server.favoritesOf('ana')).toContain(blush!.id);
      expect(ana.toasts()).not.toContain(FAVORITES_NOT_SAVED);
    },
  );

  scenario(
    "a favourite cannot be saved and the next page cannot reach the server either: the page after shows the server's favourites",
    async ({ server, browser }) => {
      const [blush] = await server.products(5);
      const ana = browser();
      await ana.signIn('ana');
      server.failsNext('POST /favorites', 'server-error');
      server.failsNext('POST /favorites', 'server-error');
      await ana.toggleFavorite(blush!);
      expect(ana.toasts()).toContain(FAVORITES_NOT_SAVED);

      server.failsNext('GET /favorites', 'network');
      await ana.openPage();
      await ana.openPage();

      expect(ana.favorites()).toEqual(await server.favoritesOf('ana'));
      expect(ana.favorites()).not.toContain(blush!.id);
    },
  );
});

describe('favourites on a slow server', () => {
  scenario(
    'with every call answering 150 ms late (within the request timeout), ana removes a favourite and the server list follows once it answers',
    async ({ server, browser }) => {
      const [blush] = await server.products(5);
      const ana = browser();
      await ana.signIn('ana');
      await ana.toggleFavorite(blush!);
      server.answersAfter(150);

      await ana.toggleFavorite(blush!);

      expect(ana.toasts().slice(-2)).toEqual(['Added to Favorites', 'Remove from Favorites']);
      expect(await server.favoritesOf('ana')).toEqual(ana.favorites());
      expect(ana.favorites()).not.toContain(blush!.id);
    },
  );
});
