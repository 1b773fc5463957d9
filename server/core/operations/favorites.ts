import { ok, requireExistingSelfOrAdmin, requireSelfOrAdmin, type Operations } from '../context';
import { visibleProduct } from './products';

export const favoriteOperations: Pick<Operations, 'listFavorites' | 'addFavorite' | 'removeFavorite'> = {
  async listFavorites(ctx, { query }) {
    requireSelfOrAdmin(ctx, query.userId);
    return ok(await ctx.store.listFavorites(query.userId));
  },

  async addFavorite(ctx, { body }) {
    await requireExistingSelfOrAdmin(ctx, body.userId);
    await visibleProduct(ctx, body.productId);
    const current = await ctx.store.listFavorites(body.userId);
    if (!current.includes(body.productId)) await ctx.store.addFavorite(body.userId, body.productId);
    return ok(await ctx.store.listFavorites(body.userId));
  },

  async removeFavorite(ctx, { body }) {
    requireSelfOrAdmin(ctx, body.userId);
    await ctx.store.removeFavorite(body.userId, body.productId);
    return ok(await ctx.store.listFavorites(body.userId));
  },
};
