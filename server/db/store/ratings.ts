import type { RatingStore } from '~/server/core/ports';
import type { Sql } from '../sql';
import { PRODUCT_COLUMNS, toProduct } from './productRows';
import { rowReader } from './rows';

export function ratingStore(sql: Sql): RatingStore {
  const { one } = rowReader(sql);
  async function ratingsOf(productId: number): Promise<number[]> {
    const rows = await sql.query<{ rating: string }>('SELECT rating FROM ratings WHERE product_id = $1', [productId]);
    return rows.map((r) => Number(r.rating));
  }

  return {
    async lockProduct(id) {
      // The catalogue version's row first, as every write of products takes it (migration 016): a rating's write after this lock then cannot deadlock with a checkout.
      await sql.query('SELECT 1 FROM catalogue_version FOR UPDATE');
      return one(toProduct, `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE id = $1 FOR UPDATE OF p`, [id]);
    },
    async setRating(userId, productId, rating) {
      await sql.query(
        'INSERT INTO ratings (user_id, product_id, rating) VALUES ($1, $2, $3) ON CONFLICT (user_id, product_id) DO UPDATE SET rating = EXCLUDED.rating',
        [userId, productId, rating],
      );
      return ratingsOf(productId);
    },
    async removeRating(userId, productId) {
      const gone = await sql.query('DELETE FROM ratings WHERE user_id = $1 AND product_id = $2 RETURNING rating', [userId, productId]);
      return gone.length === 0 ? null : ratingsOf(productId);
    },
    async getRating(userId, productId) {
      const rows = await sql.query<{ rating: string }>('SELECT rating FROM ratings WHERE user_id = $1 AND product_id = $2', [
        userId,
        productId,
      ]);
      return rows[0] ? Number(rows[0].rating) : null;
    },
  };
}
