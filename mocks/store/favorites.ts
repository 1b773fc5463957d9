import type { FavoriteStore } from '~/server/core/ports';
import type { Database } from '../db';
import { byId, where } from './tables';

export function favoriteStore(db: Database): FavoriteStore {
  return {
    async listFavorites(userId) {
      return db.favorite
        .findMany(where({ userId }))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((e) => e.productId);
    },
    async addFavorite(userId, productId) {
      const id = `${userId}:${productId}`;
      if (!db.favorite.findFirst(byId(id))) db.favorite.create({ id, userId, productId, createdAt: new Date().toISOString() });
    },
    async removeFavorite(userId, productId) {
      db.favorite.delete(byId(`${userId}:${productId}`));
    },
  };
}
