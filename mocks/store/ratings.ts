import type { RatingStore } from '~/server/core/ports';
import type { Database } from '../db';
import { toProduct } from './products';
import { byId, where } from './tables';

export function ratingStore(db: Database): RatingStore {
  const ratingsOf = (productId: number) => db.rating.findMany(where({ productId })).map((e) => e.rating);

  return {
    async lockProduct(id) {
      // Transactions here already run one at a time.
      const e = db.product.findFirst(byId(id));
      return e ? toProduct(e) : null;
    },
    async setRating(userId, productId, rating) {
      const id = `${userId}:${productId}`;
      if (db.rating.findFirst(byId(id))) db.rating.update({ ...byId(id), data: { rating } } as never);
      else db.rating.create({ id, userId, productId, rating });
      return ratingsOf(productId);
    },
    async removeRating(userId, productId) {
      const id = `${userId}:${productId}`;
      if (!db.rating.findFirst(byId(id))) return null;
      db.rating.delete(byId(id));
      return ratingsOf(productId);
    },
    async getRating(userId, productId) {
      return db.rating.findFirst(byId(`${userId}:${productId}`))?.rating ?? null;
    },
  };
}
