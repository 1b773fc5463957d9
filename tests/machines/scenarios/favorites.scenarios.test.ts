import { describe, expect } from 'vitest';
import { scenario } from './scenario';

describe('favourites scenarios', () => {
  scenario('a visitor favourites two products and signs up as zoe: her new account holds those two, on the server and in storage', async ({ server, browser }) => {
    const [blush, mascara] = await server.products(5, 5);
    const visitor = browser();
    await visitor.toggleFavorite(blush!);
    await visitor.toggleFavorite(mascara!);

    await visitor.signIn('zoe');

    expect(await server.favoritesOf('zoe')).toEqual([blush!.id, mascara!.id]);
    expect(visitor.favorites()).toEqual([blush!.id, mascara!.id]);
    expect(visitor.storedFavorites()).toEqual(visitor.favorites());
  });
});

describe('favourites on a slow server', () => {
  scenario('with every call answering 150 ms late (within the request timeout), ana removes a favourite and the server list follows once it answers', async ({ server, browser }) => {
    const [blush] = await server.products(5);
    const ana = browser();
    await ana.signIn('ana');
    await ana.toggleFavorite(blush!);
    server.answersAfter(150);

    await ana.toggleFavorite(blush!);

    expect(ana.toasts().slice(-2)).toEqual(['Added to Favorites', 'Remove from Favorites']);
    expect(await server.favoritesOf('ana')).toEqual(ana.favorites());
    expect(ana.favorites()).not.toContain(blush!.id);
  });
});
