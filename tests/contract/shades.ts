import { expect, it } from 'vitest';
import type { Product } from '~/src/domain/types';
import { ADMIN, type ContractApi } from './suiteApi';

const lipstick = {
  name: 'Shaded Test Lipstick',
  price: 20,
  brand: 'dior',
  category: 'lipstick',
  description: '<p>Soft colour</p>',
  image: '/images/products/lipstick-a4161a.svg',
};
const red = { name: 'Classic Red', hex: '#b22234', stock: 3 };
const nude = { name: 'Nude Pink', hex: '#e3a199', stock: 2 };

/** Shades as variants of their product: their own id, stock and picture, the product's stock their sum (DECISIONS.md "Shades"). */
export function shadeTests({ call, errorOf, products, inStock, placeOrder }: ContractApi) {
  const create = (body: object) => call<Product>('post', '/products', { as: ADMIN, body });
  const update = (body: object) => call<Product>('put', '/products', { as: ADMIN, body });

  it("creates a product with shades, each with its own id and picture, the product's stock their sum", async () => {
    const made = await create({ ...lipstick, shades: [red, { ...nude, image: '/uploads/nude.webp' }] });
    expect(made.status).toBe(201);
    expect(made.body.stock).toBe(5);
    const [first, second] = made.body.shades;
    expect(first).toMatchObject({ ...red, image: expect.stringMatching(/^\/images\/products\/.+\.svg$/) });
    expect(second).toMatchObject({ ...nude, image: '/uploads/nude.webp' });
    expect(first!.id).not.toBe(second!.id);
    expect((await call<Product>('get', `/products/${made.body.id}`)).body.shades).toEqual(made.body.shades);
  });

  it('keeps a shade its id when renamed, removes the shades left out and adds new ones, in the order given', async () => {
    const made = (await create({ ...lipstick, shades: [red, nude] })).body;
    const [kept, dropped] = made.shades;
    const edited = await update({
      id: made.id,
      shades: [
        { name: 'Berry', hex: '#7b2a47', stock: 4 },
        { ...kept!, name: 'Nude Pink', stock: 1 },
      ],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.shades.map(({ name, stock }) => ({ name, stock }))).toEqual([
      { name: 'Berry', stock: 4 },
      { name: 'Nude Pink', stock: 1 },
    ]);
    expect(edited.body.shades[1]!.id).toBe(kept!.id);
    expect(edited.body.shades.map((shade) => shade.id)).not.toContain(dropped!.id);
    expect(edited.body.stock).toBe(5);
    const read = (await call<Product>('get', `/products/${made.id}`)).body;
    expect(read.shades).toEqual(edited.body.shades);
    expect((await products(ADMIN)).find((p) => p.id === made.id)!.shades).toEqual(edited.body.shades);
  });

  it('refuses shades breaking their rules with 400 naming the field, storing nothing', async () => {
    const before = (await products(ADMIN)).length;
    const many = Array.from({ length: 61 }, (_, i) => ({ ...red, name: `Shade ${i}` }));
    const cases: [object, string][] = [
      [{ ...lipstick, shades: [red, { ...nude, name: ' classic RED ' }] }, 'shades.1.name'],
      [{ ...lipstick, shades: [{ ...red, hex: '#B22234' }] }, 'shades.0.hex'],
      [{ ...lipstick, shades: many }, 'shades'],
      [{ ...lipstick, stock: 4, shades: [red, nude] }, 'stock'],
      [{ ...lipstick, shades: [{ ...red, id: 1 }] }, 'shades'],
      [lipstick, 'stock'],
    ];
    for (const [body, field] of cases) {
      const reply = await create(body);
      expect(reply.status, field).toBe(400);
      expect(errorOf(reply.body).field, JSON.stringify(body).slice(0, 80)).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}`));
    }
    expect((await products(ADMIN)).length).toBe(before);
    expect((await create({ ...lipstick, stock: 5, shades: [red, nude] })).status).toBe(201);
  });

  it("refuses an edit naming another product's shade or one shade twice, or changing the stock alone of a product with shades, not of one without", async () => {
    const mine = (await create({ ...lipstick, shades: [red] })).body;
    const other = (await create({ ...lipstick, name: 'Other Test Lipstick', shades: [nude] })).body;
    const foreign = await update({ id: mine.id, shades: [other.shades[0]!] });
    expect(foreign.status).toBe(400);
    expect(errorOf(foreign.body)).toMatchObject({ field: 'shades', message: 'A shade id given is not one of the shades of this product.' });
    const twice = await update({ id: mine.id, shades: [mine.shades[0]!, { ...mine.shades[0]!, name: 'Red Again' }] });
    expect(errorOf(twice.body)).toMatchObject({ field: 'shades', message: 'A shade id is given more than once.' });
    const stockAlone = await update({ id: mine.id, stock: 10 });
    expect(stockAlone.status).toBe(400);
    expect(errorOf(stockAlone.body).field).toBe('stock');
    expect((await call<Product>('get', `/products/${mine.id}`)).body).toMatchObject({
      stock: 3,
      shades: [{ ...red, id: mine.shades[0]!.id }],
    });
    const plain = (await create({ ...lipstick, name: 'Plain Test Lipstick', stock: 7 })).body;
    expect(plain).toMatchObject({ stock: 7, shades: [] });
    expect((await update({ id: plain.id, stock: 9 })).body.stock).toBe(9);
  });

  it('refuses a shade name holding a control or format character, renaming nothing', async () => {
    const made = (await create({ ...lipstick, shades: [red, nude] })).body;
    for (const name of ['\u0001x', '\u200b']) {
      const reply = await update({ id: made.id, shades: [{ ...made.shades[0]!, name }, made.shades[1]!] });
      expect(reply.status, JSON.stringify(name)).toBe(400);
      expect(errorOf(reply.body)).toMatchObject({
        field: 'shades.0.name',
        message: 'A shade name holds no control or invisible characters',
      });
      expect((await create({ ...lipstick, shades: [{ ...red, name }] })).status).toBe(400);
    }
    expect((await call<Product>('get', `/products/${made.id}`)).body.shades).toEqual(made.shades);
  });

  it('takes shades away from a product only with the stock it keeps without them', async () => {
    const made = (await create({ ...lipstick, shades: [red, nude] })).body;
    const bare = await update({ id: made.id, shades: [] });
    expect(bare.status).toBe(400);
    expect(errorOf(bare.body)).toMatchObject({ field: 'stock', message: 'This field is required' });
    expect((await call<Product>('get', `/products/${made.id}`)).body).toMatchObject({ stock: 5, shades: made.shades });
    expect((await update({ id: made.id, shades: [], stock: 2 })).body).toMatchObject({ stock: 2, shades: [] });
  });

  it("takes what is bought off the product's shades, so the stock stays their sum", async () => {
    const product = await inStock(2);
    expect(product.stock).toBe(product.shades.reduce((sum, shade) => sum + shade.stock, 0));
    await placeOrder(product);
    const after = (await call<Product>('get', `/products/${product.id}`)).body;
    expect(after.stock).toBeLessThan(product.stock);
    expect(after.stock).toBe(after.shades.reduce((sum, shade) => sum + shade.stock, 0));
  });

  it("refuses shades whose stock sums over a product's 1,000,000, so the product stays editable", async () => {
    const full = { ...red, stock: 1_000_000 };
    const over = await create({ ...lipstick, shades: [full, { ...nude, stock: 1 }] });
    expect(over.status).toBe(400);
    expect(errorOf(over.body)).toMatchObject({ field: 'shades', message: "A product's shades hold at most 1000000 in all" });
    const made = (await create({ ...lipstick, shades: [full] })).body;
    const edited = await update({ id: made.id, shades: [made.shades[0]!, nude] });
    expect(edited.status).toBe(400);
    expect(errorOf(edited.body).field).toBe('shades');
    expect((await update({ id: made.id, name: 'Renamed Test Lipstick', stock: made.stock })).status).toBe(200);
  });

  it('takes shade names equal once written the same way or lower-cased letter by letter as taken, with 400 on every backend', async () => {
    for (const [first, second] of [
      ['Cr\u00e8me', 'Cre\u0300me'],
      ['\u039f\u0394\u039f\u03a3', '\u03bf\u03b4\u03bf\u03c3'],
    ] as const) {
      const reply = await create({
        ...lipstick,
        shades: [
          { ...red, name: first },
          { ...nude, name: second },
        ],
      });
      expect(reply.status, second).toBe(400);
      expect(errorOf(reply.body)).toMatchObject({ field: 'shades.1.name', message: 'This product already has a shade with this name' });
    }
  });
}
