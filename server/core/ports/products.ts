import type { Brand, Category } from '~/src/domain/constants';
import type { ProductTableColumn, SortOrder } from '~/src/domain/productTable';

/** A shade of a product, a variant with its own stock; its id is unique in the shop. */
export interface ShadeRow {
  id: number;
  name: string;
  hex: string;
  stock: number;
  image: string;
}

/** A shade to store: with an id, the product's shade of that id kept; without, a new one. */
/** A shade to store; `keepStock`: a kept shade (an id) whose stock the Admin left as read keeps the stock it has when written. */
export type NewShade = Omit<ShadeRow, 'id'> & { id?: number; keepStock?: boolean };

export interface ProductRow {
  id: number;
  name: string;
  brand: Brand;
  category: Category;
  price: number;
  discount: number;
  stock: number;
  description: string;
  image: string;
  /** Mean of the ratings and how many there are, kept with the product so lists need no join. */
  rank: number;
  reviews: number;
  /**
   * The ratings the product came with, given before the shop's own (the
   * seeded catalogue's): their mean and count. The shop's ratings add to
   * them, so rank = (baseRank x baseReviews + sum of own) / (baseReviews + own count).
   */
  baseRank: number;
  baseReviews: number;
  disable: boolean;
  createdAt: string;
  /** In position order; with shades, stock is their sum, kept by the store. */
  shades: ShadeRow[];
}

/** A product has no ratings of the shop's own yet: its rank and reviews are its base. */
export type NewProduct = Omit<ProductRow, 'id' | 'rank' | 'reviews' | 'baseRank' | 'baseReviews' | 'disable' | 'createdAt' | 'shades'> &
  Partial<Pick<ProductRow, 'baseRank' | 'baseReviews' | 'disable' | 'createdAt'>> & { shades: NewShade[] };

/** A page of the Admin's product table as the store reads it (Store.productPage). */
export interface ProductPageQuery {
  name?: string;
  sort?: ProductTableColumn;
  order: SortOrder;
  offset: number;
  limit: number;
}

/** With shades, the product's shades become those (the ones left out removed) and its stock their sum. */
export type ProductPatch = Partial<Omit<ProductRow, 'id' | 'createdAt' | 'baseRank' | 'baseReviews' | 'shades'> & { shades: NewShade[] }>;

/** The catalogue: products, their stock and the Admin's table of them. */
export interface ProductStore {
  listProducts(options?: { name?: string; ids?: readonly number[] }): Promise<ProductRow[]>;
  /**
   * One page of every product, disabled ones included (the Admin's table):
   * those whose name holds `name` (ignoring case, through the name index),
   * sorted by the column in `order` (equal values by id, in the same order;
   * none: by id), `limit` of them after `offset`; with how many match.
   */
  productPage(query: ProductPageQuery): Promise<{ rows: ProductRow[]; total: number }>;
  /**
   * The storefront products (in stock, not disabled), whole, in no order, as
   * the catalogue filters, sorts, pages and shows them: a page is read from
   * one such catalogue, so its products are all as they were at one moment.
   * An adapter may answer the same array until the products change, so what
   * is made from it is kept beside it (a WeakMap).
   */
  storefrontCatalogue(): Promise<readonly ProductRow[]>;
  /** The ids of the products not disabled, sold-out ones among them, ascending: what the sitemap lists, read without the products' other columns. */
  enabledProductIds(): Promise<number[]>;
  getProduct(id: number): Promise<ProductRow | null>;
  insertProduct(product: NewProduct): Promise<ProductRow>;
  /** Inserts the products in the order given (in a transaction, all or none); answers them in that order. */
  insertProducts(products: readonly NewProduct[]): Promise<ProductRow[]>;
  updateProduct(id: number, patch: ProductPatch): Promise<ProductRow>;
  /**
   * Atomically takes quantity off the stock if that much is left; answers
   * whether it did. With `shadeId`, off that shade of the product alone,
   * when it holds that much (and off the product's stock with it); without,
   * off the product's shades in position order.
   */
  takeStock(id: number, quantity: number, shadeId?: number): Promise<boolean>;
  /**
   * Atomically puts quantity back on the stock (stock = stock + quantity).
   * With `shadeId`, on that shade, and nothing when the product no longer
   * has it; without (a line bought before shades were sold), on the
   * product's first shade.
   */
  addStock(id: number, quantity: number, shadeId?: number): Promise<void>;
}

/** The shop's own ratings of products; the product's rank and reviews are kept by ProductStore. */
export interface RatingStore {
  /**
   * Within a transaction: makes every other transaction that calls it (or
   * changes the product) wait until this one ends, then answers the product;
   * so checking who may rate it and changing its ratings is one step.
   */
  lockProduct(id: number): Promise<ProductRow | null>;
  /** Sets the user's rating of the product, replacing an old one; answers every rating given to the product in the shop (its base aside). */
  setRating(userId: string, productId: number, rating: number): Promise<number[]>;
  /** Removes the user's rating of the product; answers the shop's ratings of the product left, or null when the user had none. */
  removeRating(userId: string, productId: number): Promise<number[] | null>;
  /** The user's rating of the product, null when they have not rated it. */
  getRating(userId: string, productId: number): Promise<number | null>;
}
