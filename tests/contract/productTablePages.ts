import { expect, it } from 'vitest';
import type { Identity } from '~/server/core/ports';
import type { components } from '~/src/api/schema';
import type { ProductTableColumn, SortOrder } from '~/src/domain/productTable';
import type { Product } from '~/src/domain/types';

type AdminProductPage = components['schemas']['AdminProductPage'];

type Call = <T>(
  method: 'get' | 'put' | 'patch',
  path: string,
  options?: { as?: Identity; body?: unknown; query?: Record<string, string | number>; search?: string },
) => Promise<{ status: number; body: T }>;

const COLUMNS: readonly ProductTableColumn[] = ['name', 'brand', 'price', 'discount', 'totalPrice', 'stock', 'status'];

/** A column's value as the table shows it, in the order the server sorts it by: text ignoring case, available before disabled. */
const valueOf = (product: Product, column: ProductTableColumn): string | number =>
  column === 'name' || column === 'brand' ? product[column].toLowerCase() : column === 'status' ? Number(product.disable) : product[column];

const ascending = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * GET /products/admin: the Admin product table's page, held to the list an
 * Admin reads whole (GET /products): every product, disabled ones
 * included, searched by name, sorted by each column both ways and paged.
 */
export function productTablePageTests({
  call,
  admin,
  shopper,
  errorOf,
}: {
  call: Call;
  admin: Identity;
  shopper: Identity;
  errorOf: (body: unknown) => { field?: string };
}) {
  const everyProduct = async () => (await call<Product[]>('get', '/products', { as: admin })).body;
  const pageOf = async (query: Record<string, string | number>) => {
    const reply = await call<AdminProductPage>('get', '/products/admin', { as: admin, query });
    expect(reply.status, JSON.stringify(query)).toBe(200);
    return reply.body;
  };
  /** Every page of the query, in order, at 25 a page. */
  const allPages = async (query: Record<string, string | number>) => {
    const first = await pageOf({ ...query, pageSize: 25 });
    const rest = await Promise.all(Array.from({ length: first.pageCount - 1 }, (_, i) => pageOf({ ...query, pageSize: 25, page: i + 2 })));
    for (const [i, page] of [first, ...rest].entries())
      expect(page).toMatchObject({ page: i + 1, pageCount: first.pageCount, total: first.total });
    return [first, ...rest].flatMap((page) => page.items);
  };

  it('pages every product, disabled ones included, by id when unsorted', async () => {
    const products = await everyProduct();
    expect(products.some((p) => p.disable)).toBe(true);
    const first = await pageOf({});
    expect(first).toEqual({ items: products.slice(0, 5), page: 1, pageCount: Math.ceil(products.length / 5), total: products.length });
    expect(await allPages({})).toEqual(products);
  });

  it('sorts by each of the table columns, both ways; equal values by id the same way', async () => {
    const products = await everyProduct();
    for (const column of COLUMNS) {
      const sorted = { asc: await allPages({ sort: column }), desc: await allPages({ sort: column, order: 'desc' }) } satisfies Record<
        SortOrder,
        Product[]
      >;
      const values = products.map((p) => valueOf(p, column)).sort(ascending);
      expect(
        sorted.asc.map((p) => valueOf(p, column)),
        column,
      ).toEqual(values);
      expect(
        sorted.desc.map((p) => p.id),
        `${column} desc is asc reversed`,
      ).toEqual(sorted.asc.map((p) => p.id).reverse());
      expect(new Set(sorted.asc.map((p) => p.id)).size, `${column}: every product once`).toBe(products.length);
    }
  });

  it('searches by part of the name ignoring case, disabled products found too, sorted and paged', async () => {
    const products = await everyProduct();
    const disabled = products.find((p) => p.disable)!;
    const term = disabled.name.split(' ')[0]!.slice(0, 4);
    const named = products.filter((p) => p.name.toLowerCase().includes(term.toLowerCase()));
    expect(named.length).toBeGreaterThan(1);
    expect(await allPages({ name: term.toUpperCase() })).toEqual(named);
    const byPrice = [...named].sort((a, b) => ascending(b.price, a.price) || b.id - a.id);
    const second = await pageOf({ name: term, sort: 'price', order: 'desc', pageSize: 5, page: 2 });
    expect(second).toEqual({
      items: byPrice.slice(5, 10),
      page: Math.min(2, Math.ceil(named.length / 5)),
      pageCount: Math.ceil(named.length / 5),
      total: named.length,
    });
    expect(await pageOf({ name: 'zzzz-nothing', page: 3 })).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
    // LIKE's wildcards in the name are text: no name holds them.
    for (const name of ['%', '_', 'a%e'])
      expect((await pageOf({ name })).total, name).toBe(products.filter((p) => p.name.toLowerCase().includes(name)).length);
  });

  it('clamps a page past the last to the last, and pages by 5, 10 or 25', async () => {
    const products = await everyProduct();
    for (const pageSize of [5, 10, 25]) {
      const pageCount = Math.ceil(products.length / pageSize);
      const last = { items: products.slice((pageCount - 1) * pageSize), page: pageCount, pageCount, total: products.length };
      expect(await pageOf({ pageSize, page: pageCount })).toEqual(last);
      expect(await pageOf({ pageSize, page: pageCount + 1 })).toEqual(last);
      expect(await pageOf({ pageSize, page: 1_000_000 })).toEqual(last);
      expect((await pageOf({ pageSize, page: 2 })).items).toEqual(products.slice(pageSize, 2 * pageSize));
    }
  });

  it('shows a change at once: a product disabled stays listed, marked disabled', async () => {
    const [product] = (await everyProduct()).filter((p) => !p.disable);
    await call('patch', '/products/bulk', { as: admin, body: { ids: [product!.id], disable: true } });
    const found = (await allPages({ sort: 'status', order: 'desc' })).find((p) => p.id === product!.id);
    expect(found).toMatchObject({ id: product!.id, disable: true });
  });

  it('answers only an Admin: 401 without a token, 403 to a shopper', async () => {
    expect((await call('get', '/products/admin')).status).toBe(401);
    expect((await call('get', '/products/admin', { as: shopper })).status).toBe(403);
  });

  it('refuses a bad value with 400 naming its parameter', async () => {
    const cases: [string, string][] = [
      ['pageSize=7', 'pageSize'],
      ['pageSize=48', 'pageSize'],
      ['page=0', 'page'],
      ['page=two', 'page'],
      ['page=1000001', 'page'],
      ['page=1&page=2', 'page'],
      ['page=0x10', 'page'],
      ['sort=category', 'sort'],
      ['sort=A-Z', 'sort'],
      ['sort=name&order=down', 'order'],
      ['order=desc', 'order'],
      ['name=', 'name'],
      [`name=${'a'.repeat(101)}`, 'name'],
      ['brand=dior', 'brand'],
    ];
    for (const [search, field] of cases) {
      const reply = await call('get', '/products/admin', { as: admin, search });
      expect(reply.status, search).toBe(400);
      expect(errorOf(reply.body).field, search).toBe(field);
    }
  });
}
