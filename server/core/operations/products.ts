import { canReview } from '../../../src/domain/permissions';
import { firstProductError, type ProductField } from '../../../src/domain/validation/product';
import { callerIsAdmin, created, ok, requireAdmin, requireSelf, requireUser, type Context, type Operations } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { sanitizeDescription } from '../html';
import type { components } from '../../../src/api/schema';
import type { NewProduct, ProductRow } from '../ports';
import { productView } from '../views';

type ProductInput = components['schemas']['ProductInput'];

/** A product a shopper may see: disabled ones are missing to all but an Admin. */
export async function visibleProduct(ctx: Context, id: number): Promise<ProductRow> {
  const product = await ctx.store.getProduct(id);
  if (!product || (product.disable && !callerIsAdmin(ctx))) throw notFound('Product');
  return product;
}

/** Whether the user has an order with the product that is not cancelled. */
export async function hasBought(ctx: Context, userId: string, productId: number): Promise<boolean> {
  const orders = await ctx.store.listOrders({ userId });
  return orders.some((order) => order.status !== 'cancelled' && order.lines.some((line) => line.productId === productId));
}

/**
 * The product form's rules on the fields given (400 naming the first that
 * fails, after `at`, such as 'products.3.'), then the description sanitised.
 */
function checkedFields<T extends Partial<Record<ProductField, string | number>>>(fields: T, at = ''): T {
  const error = firstProductError(fields);
  if (error) throw badRequest(error.message, `${at}${error.field}`);
  if (typeof fields.description !== 'string') return fields;
  const description = sanitizeDescription(fields.description);
  if (description.length < 4) throw badRequest('description must hold at least 4 characters of text.', `${at}description`);
  return { ...fields, description };
}

/** A checked product input as the row to insert, created now. */
function newProduct(ctx: Context, input: ProductInput, at?: string): NewProduct {
  const { discount = 0, shades = [], ...fields } = checkedFields(input, at);
  return { ...fields, discount, shades, createdAt: ctx.now().toISOString() };
}

/** Why canReview said no, in words for the shopper. */
export function reviewRefusal(user: { type: string }): string {
  return user.type === 'Banned' || user.type === 'Blocked'
    ? 'Your account may not write reviews or ratings.'
    : 'Only buyers of this product may review or rate it.';
}

export const productOperations: Pick<
  Operations,
  'listProducts' | 'getProduct' | 'createProduct' | 'importProducts' | 'updateProduct' | 'updateProductsBulk' | 'rateProduct' | 'getOwnRating'
> = {
  async listProducts(ctx, { query }) {
    const rows = await ctx.store.listProducts(query.name ? { name: query.name } : {});
    const visible = callerIsAdmin(ctx) ? rows : rows.filter((row) => !row.disable);
    return ok(visible.map(productView));
  },

  async getProduct(ctx, { path }) {
    return ok(productView(await visibleProduct(ctx, path.id)));
  },

  async createProduct(ctx, { body }) {
    requireAdmin(ctx);
    return created(productView(await ctx.store.insertProduct(newProduct(ctx, body))));
  },

  async importProducts(ctx, { body }) {
    requireAdmin(ctx);
    // Every row is checked before anything is written.
    const rows = body.products.map((input, index) => newProduct(ctx, input, `products.${index}.`));
    const made = await ctx.store.transaction((tx) => tx.insertProducts(rows));
    return created(made.map(productView));
  },

  async updateProduct(ctx, { body }) {
    requireAdmin(ctx);
    const { id, ...patch } = checkedFields(body);
    if (!(await ctx.store.getProduct(id))) throw notFound('Product');
    return ok(productView(await ctx.store.updateProduct(id, patch)));
  },

  async updateProductsBulk(ctx, { body }) {
    requireAdmin(ctx);
    const { ids, ...patch } = checkedFields(body);
    const rows = await ctx.store.transaction(async (tx) => {
      const found = await tx.listProducts({ ids });
      if (found.length !== ids.length) throw notFound('Product');
      return Promise.all(ids.map((id) => tx.updateProduct(id, patch)));
    });
    return ok(rows.map(productView));
  },

  async rateProduct(ctx, { body }) {
    const user = requireSelf(ctx, body.userId);
    await visibleProduct(ctx, body.productId);
    if (!canReview(user, await hasBought(ctx, user.id, body.productId))) {
      throw forbidden(reviewRefusal(user));
    }
    const row = await ctx.store.transaction(async (tx) => {
      const ratings = await tx.setRating(user.id, body.productId, body.rating);
      const mean = ratings.reduce((sum, r) => sum + r, 0) / ratings.length;
      return tx.updateProduct(body.productId, { rank: Math.round(mean * 100) / 100, reviews: ratings.length });
    });
    return ok(productView(row));
  },

  async getOwnRating(ctx, { path }) {
    const user = requireUser(ctx);
    await visibleProduct(ctx, path.id);
    return ok({ rating: await ctx.store.getRating(user.id, path.id) });
  },
};
