import type { FavoriteStore } from '~/server/core/ports';
import type { Sql } from '../sql';

export function favoriteStore(sql: Sql): FavoriteStore {
  return {
    async listFavorites(userId) {
      const rows = await sql.query<{ product_id: number }>(
        'SELECT product_id FROM favorites WHERE user_id = $1 ORDER BY created_at, product_id',
        [userId],
      );
      return rows.map((r) => Number(r.product_id));
    },
    async addFavorite(userId, productId) {
      await sql.query('INSERT INTO favorites (user_id, product_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, productId]);
    },
    async removeFavorite(userId, productId) {
      await sql.query('DELETE FROM favorites WHERE user_id = $1 AND product_id = $2', [userId, productId]);
    },
  };
}
