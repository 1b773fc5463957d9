import { canReview, isAdmin } from '~/src/domain/permissions';
import { commentTextError } from '~/src/domain/validation/comment';
import { created, noContent, ok, requireSelf, requireUser, type Operations } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { commentView } from '../views';
import { hasBought, reviewRefusal, visibleProduct } from './products';

export const commentOperations: Pick<Operations, 'listComments' | 'createComment' | 'deleteComment'> = {
  async listComments(ctx, { query }) {
    await visibleProduct(ctx, query.productId);
    const rows = await ctx.store.listComments(query.productId);
    const authors = new Map((await ctx.store.listUsers()).map((u) => [u.id, u]));
    const newestFirst = [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    return ok(newestFirst.map((row) => commentView(row, authors.get(row.userId))));
  },

  async createComment(ctx, { body }) {
    const user = requireSelf(ctx, body.userId);
    const textError = commentTextError(body.text);
    if (textError) throw badRequest(textError, 'text');
    const text = body.text.trim();
    await visibleProduct(ctx, body.productId);
    if (!canReview(user, await hasBought(ctx.store, user.id, body.productId))) throw forbidden(reviewRefusal(user));
    const row = await ctx.store.insertComment({
      userId: user.id,
      productId: body.productId,
      text,
      createdAt: ctx.now().toISOString(),
    });
    return created(commentView(row, user));
  },

  async deleteComment(ctx, { query }) {
    const user = requireUser(ctx);
    const comment = await ctx.store.getComment(query.commentId);
    if (!comment) throw notFound('Comment');
    if (comment.userId !== user.id && !isAdmin(user)) throw forbidden();
    await ctx.store.deleteComment(comment.id);
    return noContent();
  },
};
