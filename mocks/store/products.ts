import type { Brand, Category } from '~/src/domain/constants';
import { nameHolds } from '~/src/domain/nameSearch';
import { onStorefront } from '~/src/domain/productLists';
import type { ProductTableColumn } from '~/src/domain/productTable';
import type { NewShade, ProductRow, ProductStore, ShadeRow } from '~/server/core/ports';
import { badRequest } from '~/server/core/errors';
import { SHADE_MESSAGES, shadesStock } from '~/src/domain/shades';
import type { Database } from '../db';
import { byId, json, nextId, strict, type Entity } from './tables';

export const toProduct = (e: Entity<'product'>): ProductRow => ({
  ...e,
  brand: e.brand as Brand,
  category: e.category as Category,
  shades: json(e.shades),
});

/** What each column of the Admin's product table sorts by, as the SQL store: text in lower case by code point, the final price by price x (100 - discount) in cents (exact). */
const PRODUCT_PAGE_ORDER: Record<ProductTableColumn, (row: Entity<'product'>) => string | number> = {
  name: (row) => row.name.toLowerCase(),
  brand: (row) => row.brand.toLowerCase(),
  price: (row) => row.price,
  discount: (row) => row.discount,
  totalPrice: (row) => Math.round(row.price * 100) * (100 - row.discount),
  stock: (row) => row.stock,
  status: (row) => Number(row.disable),
};

/** Moves on every write to the products (all of them go through this store), so the storefront catalogue is one array until then. */
export interface CatalogueVersion {
  version: number;
}

/** Takes quantity off the shades in position order, each giving what it holds until the quantity is taken, as the SQL store does. */
function takenFromShades(shades: readonly ShadeRow[], quantity: number): ShadeRow[] {
  let left = quantity;
  return shades.map((shade) => {
    const take = Math.min(shade.stock, left);
    left -= take;
    return { ...shade, stock: shade.stock - take };
  });
}

const withStock = (shades: readonly ShadeRow[], shadeId: number, stock: number) =>
  shades.map((shade) => (shade.id === shadeId ? { ...shade, stock } : shade));

export function productStore(db: Database, catalogue: CatalogueVersion): ProductStore {
  let kept: { version: number; entries: readonly ProductRow[] } | null = null;
  // Shade ids are unique in the shop and never given again, as a SQL sequence's.
  let lastShadeId: number | null = null;
  const shadeRows = (shades: readonly NewShade[]): ShadeRow[] => {
    lastShadeId ??= db.product.getAll().reduce((max, e) => json<ShadeRow[]>(e.shades).reduce((m, shade) => Math.max(m, shade.id), max), 0);
    return shades.map(({ id, keepStock: _keep, ...shade }) => ({ id: id ?? (lastShadeId = lastShadeId! + 1), ...shade }));
  };
  const write = (id: number, data: Partial<Omit<Entity<'product'>, 'id'>>) => {
    const e = db.product.update({ ...byId(id), data, ...strict } as never);
    catalogue.version++;
    return toProduct(e as Entity<'product'>);
  };
  const store: ProductStore = {
    async listProducts(options = {}) {
      const ids = options.ids ? new Set(options.ids) : null;
      return db.product
        .getAll()
        .filter((e) => (!options.name || nameHolds(e.name, options.name)) && (!ids || ids.has(e.id)))
        .map(toProduct)
        .sort((a, b) => a.id - b.id);
    },
    async productPage({ name, sort, order, offset, limit }) {
      const key = sort ? PRODUCT_PAGE_ORDER[sort] : () => 0;
      const sign = order === 'desc' ? -1 : 1;
      const matched = db.product
        .getAll()
        .filter((e) => !name || nameHolds(e.name, name))
        .map((e) => ({ e, key: key(e) }))
        .sort((a, b) => sign * (a.key < b.key ? -1 : a.key > b.key ? 1 : a.e.id - b.e.id));
      return { rows: matched.slice(offset, offset + limit).map(({ e }) => toProduct(e)), total: matched.length };
    },
    async enabledProductIds() {
      return db.product
        .getAll()
        .filter((e) => !e.disable)
        .map((e) => e.id)
        .sort((a, b) => a - b);
    },
    async storefrontCatalogue() {
      if (kept?.version !== catalogue.version) {
        const entries = db.product.getAll().filter(onStorefront).map(toProduct);
        kept = { version: catalogue.version, entries };
      }
      return kept.entries;
    },
    async getProduct(id) {
      const e = db.product.findFirst(byId(id));
      return e ? toProduct(e) : null;
    },
    async insertProduct({ baseRank = 0, baseReviews = 0, shades, ...product }) {
      const row: ProductRow = {
        disable: false,
        createdAt: new Date().toISOString(),
        ...product,
        rank: baseRank,
        reviews: baseReviews,
        baseRank,
        baseReviews,
        id: nextId(db.product.getAll()),
        // A new product's shades are all new, whatever ids they carry.
        shades: shadeRows(shades.map(({ id: _id, ...shade }) => shade)),
      };
      db.product.create({ ...row, shades: JSON.stringify(row.shades) });
      catalogue.version++;
      return row;
    },
    async insertProducts(products) {
      const rows: ProductRow[] = [];
      for (const product of products) rows.push(await store.insertProduct(product));
      return rows;
    },
    async updateProduct(id, { shades, ...patch }) {
      // A kept shade another Admin removed since the product was checked: refused, as the SQL store does.
      const stored = json<ShadeRow[]>(db.product.findFirst(byId(id))?.shades ?? '[]');
      if (shades?.some((shade) => shade.id !== undefined && !stored.some((own) => own.id === shade.id)))
        throw badRequest(SHADE_MESSAGES.notOwn, 'shades');
      if (!shades) return write(id, patch);
      // A shade whose stock the Admin left as read keeps the stock it has, and the product the sum of its shades' stock, as the SQL store does.
      const rows = shadeRows(
        shades.map((shade) => (shade.keepStock ? { ...shade, stock: stored.find((own) => own.id === shade.id)!.stock } : shade)),
      );
      return write(id, { ...patch, shades: JSON.stringify(rows), ...(rows.length > 0 ? { stock: shadesStock(rows) } : {}) });
    },
    async takeStock(id, quantity, shadeId) {
      const e = db.product.findFirst(byId(id));
      if (!e || e.stock < quantity) return false;
      const shades = json<ShadeRow[]>(e.shades);
      if (shadeId === undefined) {
        write(id, { stock: e.stock - quantity, shades: JSON.stringify(takenFromShades(shades, quantity)) });
        return true;
      }
      const shade = shades.find((s) => s.id === shadeId);
      if (!shade || shade.stock < quantity) return false;
      write(id, { stock: e.stock - quantity, shades: JSON.stringify(withStock(shades, shadeId, shade.stock - quantity)) });
      return true;
    },
    async addStock(id, quantity, shadeId) {
      const e = db.product.findFirst(byId(id));
      if (!e) return;
      const shades = json<ShadeRow[]>(e.shades);
      const shade = shadeId === undefined ? shades[0] : shades.find((s) => s.id === shadeId);
      if (shadeId !== undefined && !shade) return;
      const added = shade ? withStock(shades, shade.id, shade.stock + quantity) : shades;
      write(id, { stock: e.stock + quantity, shades: JSON.stringify(added) });
    },
  };
  return store;
}
