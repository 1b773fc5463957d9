import { canReview } from '~/src/domain/permissions';
import { firstProductError, type ProductField } from '~/src/domain/validation/product';
import { MESSAGES } from '~/src/domain/validation/messages';
import { isPictureUrl } from '~/src/domain/validation/patterns';
import { firstShadesError, SHADE_MESSAGES, shadeName, shadesStock } from '~/src/domain/shades';
import { shadeImage } from '~/seed/catalogue/productImage';
import { catalogueChangeOf } from '../catalogueChanges';
import { callerIsAdmin, created, ok, requireAdmin, requireSelf, requireUser, type Context, type Operations } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { createOnce, IDEMPOTENCY_HEADER } from '../idempotency';
import { validDescription } from '~/src/domain/description';
import type { components, operations } from '~/src/api/schema';
import { DEFAULT_SORT } from '~/src/domain/catalogue';
import { catalogueIndex, type CatalogueIndex, type IndexQuery } from '~/src/domain/catalogueIndex';
import { FIRST_TABLE_PAGE } from '~/src/domain/productTable';
import type { CataloguePage, Product } from '~/src/domain/types';
import type { NewProduct, NewShade, ProductRow, ProductPatch, Store } from '../ports';
import { mapInTurns } from '../turns';
import { productView } from '../views';

type ProductInput = components['schemas']['ProductInput'];
type ShadeInput = components['schemas']['ShadeInput'];
type AdminProductPage = components['schemas']['AdminProductPage'];
export type ListQuery = NonNullable<operations['listProducts']['parameters']['query']>;
type TableQuery = NonNullable<operations['listAdminProductPage']['parameters']['query']>;

/** Each storefront catalogue's index, made once for as long as the store answers the same catalogue. */
const indexes = new WeakMap<readonly ProductRow[], CatalogueIndex<Product>>();

/** The catalogue's index: the one made before patched with what changed, when the store says how it changed, else made whole. */
function indexOf(entries: readonly ProductRow[]): CatalogueIndex<Product> {
  let index = indexes.get(entries);
  if (!index) {
    const change = catalogueChangeOf(entries);
    const before = change && indexes.get(change.from);
    index = before ? before.patched(change.changed.map(productView), change.removed) : catalogueIndex(entries.map(productView));
    indexes.set(entries, index);
  }
  return index;
}

/** One page of the storefront catalogue with its facets (GET /products?page=), the same for every caller, its products as they were at one moment: a name narrows it to the products whose name holds it. */
async function cataloguePage(store: Store, query: ListQuery): Promise<CataloguePage> {
  return indexOf(await store.storefrontCatalogue()).page(indexQueryOf(query));
}

/** The index's query for GET /products?page= as the contract reads it. */
export function indexQueryOf({ page = 1, pageSize, name, brand, category, colour, min, max, offers, sort }: ListQuery): IndexQuery {
  const filter = {
    brands: brand ?? 'all',
    categories: category ?? 'all',
    colour: colour ?? 'all',
    priceMin: min ?? null,
    priceMax: max ?? null,
    offers: offers ?? false,
  } as const;
  return { filter, name: name || null, sort: sort ?? DEFAULT_SORT, page, ...(pageSize ? { size: pageSize } : {}) };
}

/** One page of the Admin's product table (GET /products/admin): a page past the last is read again as the last, as the catalogue's page is clamped. */
async function productTablePage(
  store: Store,
  { name, sort, order = 'asc', page = 1, pageSize = FIRST_TABLE_PAGE.pageSize }: TableQuery,
): Promise<AdminProductPage> {
  const read = (at: number) =>
    store.productPage({ ...(name ? { name } : {}), ...(sort ? { sort } : {}), order, offset: (at - 1) * pageSize, limit: pageSize });
  let found = await read(page);
  const last = Math.max(1, Math.ceil(found.total / pageSize));
  if (page > last) found = await read(last);
  return { items: found.rows.map(productView), page: Math.min(page, last), pageCount: last, total: found.total };
}

/** A product a shopper may see: disabled ones are missing to all but an Admin. Read through `store`, the transaction's within one. */
export async function visibleProduct(ctx: Context, id: number, store: Store = ctx.store): Promise<ProductRow> {
  const product = await store.getProduct(id);
  if (!product || (product.disable && !callerIsAdmin(ctx))) throw notFound('Product');
  return product;
}

/** The products the user has an order with that is not cancelled. */
export async function boughtProducts(store: Store, userId: string): Promise<Set<number>> {
  const orders = await store.listOrders({ userId });
  return new Set(orders.filter((order) => order.status !== 'cancelled').flatMap((order) => order.lines.map((line) => line.productId)));
}

/** Whether the user has an order with the product that is not cancelled. */
export async function hasBought(store: Store, userId: string, productId: number): Promise<boolean> {
  return (await boughtProducts(store, userId)).has(productId);
}

/** The product's rank and reviews: the ratings it came with and the shop's own ones together, the rank to 2 decimals. */
export function rankOf(
  product: Pick<ProductRow, 'baseRank' | 'baseReviews'>,
  ratings: readonly number[],
): Pick<ProductRow, 'rank' | 'reviews'> {
  const reviews = product.baseReviews + ratings.length;
  if (reviews === 0) return { rank: 0, reviews };
  const sum = ratings.reduce((total, rating) => total + rating, product.baseRank * product.baseReviews);
  return { rank: Math.round((sum / reviews) * 100) / 100, reviews };
}

/**
 * Stores the product's rank and reviews for the shop's ratings of it; when
 * they come out as they are (the same stars given again) nothing is written,
 * so the catalogue's version, and all that is kept by it, stays.
 */
export async function rerank(tx: Store, product: ProductRow, ratings: readonly number[]): Promise<ProductRow> {
  const ranked = rankOf(product, ratings);
  if (ranked.rank === product.rank && ranked.reviews === product.reviews) return product;
  return tx.updateProduct(product.id, ranked);
}

/**
 * The product form's rules on the fields given (400 naming the first that
 * fails, after `at`, such as 'products.3.'), then the description's own
 * rule, the form's too, on its readable text; it is stored sanitised.
 */
function checkedFields<T extends Partial<Record<ProductField, string | number>>>(fields: T, at = ''): T {
  const error = firstProductError(fields);
  if (error) throw badRequest(error.message, `${at}${error.field}`);
  if (typeof fields.description !== 'string') return fields;
  const description = validDescription(fields.description);
  if (description === undefined) throw badRequest('description must hold at least 4 characters of text.', `${at}description`);
  return { ...fields, description };
}

/**
 * The shades given, checked with the shade editor's rules (400 naming the
 * shade's field, or `shades` for the list and for an id not among `own`, the
 * product's shades), as rows to store: names as shadeName writes them, a shade without a
 * picture given its rendered one, a kept shade sent with the stock its form read
 * keeping the stock it has (a sale since the read stands).
 */
function checkedShades(
  input: readonly ShadeInput[],
  product: Pick<ProductRow, 'brand' | 'category'>,
  own: readonly number[],
  at = '',
): NewShade[] {
  const error = firstShadesError(input);
  if (error) throw badRequest(error.message, error.index === null ? `${at}shades` : `${at}shades.${error.index}.${error.field}`);
  const ids = input.flatMap((shade) => (shade.id === undefined ? [] : [shade.id]));
  if (ids.some((id) => !own.includes(id))) throw badRequest(SHADE_MESSAGES.notOwn, `${at}shades`);
  if (new Set(ids).size !== ids.length) throw badRequest(SHADE_MESSAGES.idTwice, `${at}shades`);
  const badImage = input.findIndex((shade) => shade.image !== undefined && !isPictureUrl(shade.image));
  if (badImage >= 0) throw badRequest(MESSAGES.productImage, `${at}shades.${badImage}.image`);
  return input.map(({ id, name, hex, stock, stockSeen, image }) => ({
    ...(id === undefined ? {} : { id }),
    ...(id !== undefined && stock === stockSeen ? { keepStock: true } : {}),
    name: shadeName(name),
    hex,
    stock,
    image: image ?? shadeImage(product, hex),
  }));
}

/** A product with shades has their stock's sum: a stock given must be it (400 naming stock). */
function shadedStock(stock: number | undefined, shades: readonly NewShade[], at = ''): number {
  const sum = shadesStock(shades);
  if (stock !== undefined && stock !== sum) throw badRequest(SHADE_MESSAGES.stockNotSum, `${at}stock`);
  return sum;
}

/** A checked product input as the row to insert, created now: with shades, its stock is their sum. */
function newProduct(ctx: Context, input: ProductInput, at = ''): NewProduct {
  const { discount = 0, shades: given = [], stock, ...fields } = checkedFields(input, at);
  const shades = checkedShades(given, fields, [], at);
  if (shades.length === 0 && stock === undefined) throw badRequest(MESSAGES.required, `${at}stock`);
  const total = shades.length === 0 ? stock! : shadedStock(stock, shades, at);
  return { ...fields, discount, stock: total, shades, createdAt: ctx.now().toISOString() };
}

/**
 * A checked change of the product: shades given replace its shades (their
 * ids its own) and set its stock to their sum, none given to a product with
 * shades only with a stock; on a product with shades, and none given, the
 * stock may not change alone.
 */
function productPatch(product: ProductRow, { shades, ...fields }: Omit<components['schemas']['ProductUpdate'], 'id'>): ProductPatch {
  if (shades === undefined) {
    if (product.shades.length === 0) return fields;
    const { stock, ...rest } = fields;
    if (stock !== undefined && stock !== product.stock) throw badRequest(SHADE_MESSAGES.stockNotSum, 'stock');
    // The stock read may be old already (a sale between the read and the write): the store keeps it the shades' sum.
    return rest;
  }
  const own = product.shades.map((shade) => shade.id);
  const rows = checkedShades(shades, { brand: fields.brand ?? product.brand, category: fields.category ?? product.category }, own);
  if (rows.length > 0) return { ...fields, shades: rows, stock: shadedStock(fields.stock, rows) };
  // Its shades' stock goes with them: a product left without shades is sold from the stock given, as one made without.
  if (product.shades.length > 0 && fields.stock === undefined) throw badRequest(MESSAGES.required, 'stock');
  return { ...fields, shades: rows };
}

/** What a product row makes, as an Idempotency-Key's repeat must ask it: all but the moment it is made. */
const madeBy = ({ createdAt: _createdAt, ...made }: NewProduct) => made;

/** Why canReview said no, in words for the shopper. */
export function reviewRefusal(user: { type: string }): string {
  return user.type === 'Banned' || user.type === 'Blocked'
    ? 'Your account may not write reviews or ratings.'
    : 'Only buyers of this product may review or rate it.';
}

/** What shapes a catalogue page, and means nothing to the list. */
const PAGE_PARAMETERS = ['brand', 'category', 'colour', 'min', 'max', 'offers', 'sort', 'pageSize'] as const;

export const productOperations: Pick<
  Operations,
  | 'listProducts'
  | 'listAdminProductPage'
  | 'getProduct'
  | 'createProduct'
  | 'importProducts'
  | 'updateProduct'
  | 'updateProductsBulk'
  | 'rateProduct'
  | 'getOwnRating'
> = {
  async listProducts(ctx, { query }) {
    if (query.page !== undefined) return ok(await cataloguePage(ctx.store, query));
    // Said rather than ignored: each such query would otherwise be the whole list again under a name of its own.
    const pageOnly = PAGE_PARAMETERS.find((name) => query[name] !== undefined);
    if (pageOnly) throw badRequest(`${pageOnly} is read only with page.`, pageOnly);
    const rows = await ctx.store.listProducts(query.name ? { name: query.name } : {});
    const visible = callerIsAdmin(ctx) ? rows : rows.filter((row) => !row.disable);
    return ok(await mapInTurns(visible, productView));
  },

  async listAdminProductPage(ctx, { query }) {
    requireAdmin(ctx);
    // Said rather than ignored, as the list's page parameters without page.
    if (query.order !== undefined && query.sort === undefined) throw badRequest('order is read only with sort.', 'order');
    return ok(await productTablePage(ctx.store, query));
  },

  async getProduct(ctx, { path }) {
    return ok(productView(await visibleProduct(ctx, path.id)));
  },

  async createProduct(ctx, { header, body }) {
    const admin = requireAdmin(ctx);
    const row = newProduct(ctx, body);
    const request = { userId: admin.id, key: header[IDEMPOTENCY_HEADER], operation: 'createProduct', made: madeBy(row) } as const;
    return createOnce(ctx, request, async (tx) => created(productView(await tx.insertProduct(row))));
  },

  async importProducts(ctx, { header, body }) {
    const admin = requireAdmin(ctx);
    // Every row is checked before anything is written.
    const rows = body.products.map((input, index) => newProduct(ctx, input, `products.${index}.`));
    const request = { userId: admin.id, key: header[IDEMPOTENCY_HEADER], operation: 'importProducts', made: rows.map(madeBy) } as const;
    return createOnce(ctx, request, async (tx) => created((await tx.insertProducts(rows)).map(productView)));
  },

  async updateProduct(ctx, { body }) {
    requireAdmin(ctx);
    const { id, ...fields } = checkedFields(body);
    const product = await ctx.store.getProduct(id);
    if (!product) throw notFound('Product');
    return ok(productView(await ctx.store.updateProduct(id, productPatch(product, fields))));
  },

  async updateProductsBulk(ctx, { body }) {
    requireAdmin(ctx);
    const { ids, ...patch } = checkedFields(body);
    const rows = await ctx.store.transaction(async (tx) => {
      const found = await tx.listProducts({ ids });
      if (found.length !== ids.length) throw notFound('Product');
      // One after another: a transaction is one connection, which runs one query at a time.
      const updated = [];
      for (const id of ids) updated.push(await tx.updateProduct(id, patch));
      return updated;
    });
    return ok(rows.map(productView));
  },

  async rateProduct(ctx, { body }) {
    const user = requireSelf(ctx, body.userId);
    await visibleProduct(ctx, body.productId);
    const row = await ctx.store.transaction(async (tx) => {
      // Checked with the product held, so a cancel that takes the order away waits or is seen.
      const product = await tx.lockProduct(body.productId);
      if (!product) throw notFound('Product');
      if (!canReview(user, await hasBought(tx, user.id, body.productId))) throw forbidden(reviewRefusal(user));
      return rerank(tx, product, await tx.setRating(user.id, body.productId, body.rating));
    });
    return ok(productView(row));
  },

  async getOwnRating(ctx, { path }) {
    const user = requireUser(ctx);
    await visibleProduct(ctx, path.id);
    return ok({ rating: await ctx.store.getRating(user.id, path.id) });
  },
};
