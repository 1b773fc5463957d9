import { ok, requireExistingSelfOrAdmin, requireSelfOrAdmin, type Operations } from '../context';
import { visibleProduct } from './products';

export const favoriteOperations: Pick<Operations, 'listFavorites' | 'addFavorite' | 'removeFavorite'> = {
  async listFavorites(ctx, { query }) {
    requireSelfOrAdmin(ctx, query.userId);
    return ok(await ctx.store.listFavorites(query.userId));
  },

  async addFavorite(ctx, { body }) {
    return ctx.store.transaction(async (tx) => {
      await requireExistingSelfOrAdmin(ctx, tx, body.userId);
      await visibleProduct(ctx, body.productId, tx);
      const current = await tx.listFavorites(body.userId);
      if (!current.includes(body.productId)) await tx.addFavorite(body.userId, body.productId);
      return ok(await tx.listFavorites(body.userId));
    });
  },

  async removeFavorite(ctx, { body }) {
    requireSelfOrAdmin(ctx, body.userId);
    await ctx.store.removeFavorite(body.userId, body.productId);
    return ok(await ctx.store.listFavorites(body.userId));
  },
};
