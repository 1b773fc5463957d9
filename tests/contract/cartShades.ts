import { expect, it } from 'vitest';
import type { Cart, Order, Product } from '~/src/domain/types';
import { ADMIN, BUYER, type ContractApi, SHOPPER } from './suiteApi';

const lipstick = {
  name: 'Cart Test Lipstick',
  price: 20,
  brand: 'dior',
  category: 'lipstick',
  description: '<p>Soft colour</p>',
  image: '/images/products/lipstick-a4161a.svg',
};
/** In the Admin's order: sold out first, so a line naming no shade takes Classic Red. */
const SHADES = [
  { name: 'Plum', hex: '#5a2a4a', stock: 0 },
  { name: 'Classic Red', hex: '#b22234', stock: 3 },
  { name: 'Nude Pink', hex: '#e3a199', stock: 2 },
];

/** Cart lines per shade (DECISIONS.md "Shades"): a line is a product in a shade, capped at its shade's stock. */
export function cartShadeTests({ call, errorOf }: ContractApi) {
  /** A lipstick in SHADES and a primer without shades, made by the Admin. */
  async function shop() {
    const made = await call<Product>('post', '/products', { as: ADMIN, body: { ...lipstick, shades: SHADES } });
    const plain = await call<Product>('post', '/products', {
      as: ADMIN,
      body: { ...lipstick, name: 'Cart Test Primer', category: 'cream', stock: 4, shades: [] },
    });
    expect([made.status, plain.status]).toEqual([201, 201]);
    const [plum, red, nude] = made.body.shades;
    return { lipstick: made.body, plain: plain.body, plum: plum!, red: red!, nude: nude! };
  }
  const merge = (allProducts: object[], as = SHOPPER) => call<Cart>('post', '/cart/bulk', { as, body: { userID: as.uid, allProducts } });
  const cartNow = async () => (await call<Cart>('get', `/cart/${SHOPPER.uid}`, { as: SHOPPER })).body;
  const linesOf = (cart: Cart) => cart.lines.map(({ productId, shadeId, quantity }) => ({ productId, shadeId, quantity }));

  it('holds two shades of a product as two lines, each capped at its shade’s stock; a line naming no shade takes the first in stock', async () => {
    const { lipstick, plain, red, nude } = await shop();
    const merged = await merge([
      { productId: lipstick.id, shadeId: red.id, quantity: 9 },
      { productId: lipstick.id, shadeId: nude.id, quantity: 1 },
      { productId: plain.id, quantity: 9 },
    ]);
    expect(merged.status).toBe(200);
    expect(linesOf(merged.body)).toEqual([
      { productId: lipstick.id, shadeId: red.id, quantity: 3 },
      { productId: lipstick.id, shadeId: nude.id, quantity: 1 },
      { productId: plain.id, shadeId: null, quantity: 4 },
    ]);
    expect(merged.body.totalPrice).toBe(20 * 8);
    expect(merged.body.removed).toEqual([]);
    // Merged by the pair: the larger quantity kept, capped at that shade's stock; no shade named is the first in stock, Classic Red.
    const again = await merge([
      { productId: lipstick.id, shadeId: nude.id, quantity: 5 },
      { productId: lipstick.id, quantity: 1 },
    ]);
    expect(linesOf(again.body)).toEqual([
      { productId: lipstick.id, shadeId: red.id, quantity: 3 },
      { productId: lipstick.id, shadeId: nude.id, quantity: 2 },
      { productId: plain.id, shadeId: null, quantity: 4 },
    ]);
    expect(await cartNow()).toEqual(again.body);
  });

  it('leaves out a sold-out shade, a shade of another product and a shade named for a product without shades, as an unknown product', async () => {
    const { lipstick, plain, plum } = await shop();
    const other = (await shop()).red;
    const merged = await merge([
      { productId: lipstick.id, shadeId: plum.id, quantity: 1 },
      { productId: lipstick.id, shadeId: other.id, quantity: 1 },
      { productId: plain.id, shadeId: other.id, quantity: 1 },
      { productId: 999999, quantity: 1 },
    ]);
    expect(merged.status).toBe(200);
    expect(merged.body.lines).toEqual([]);
  });

  it('changes the quantity of and removes the line named by product and shade, against that shade’s stock', async () => {
    const { lipstick, plain, red, nude, plum } = await shop();
    const cart = (
      await merge([
        { productId: lipstick.id, shadeId: red.id, quantity: 1 },
        { productId: lipstick.id, shadeId: nude.id, quantity: 1 },
        { productId: plain.id, quantity: 1 },
      ])
    ).body;
    const quantity = (productID: number, newQuantity: number, shadeID?: number) =>
      call<Cart>('put', '/cart/quantity', {
        as: SHOPPER,
        body: { cartID: cart.id, productID, newQuantity, ...(shadeID === undefined ? {} : { shadeID }) },
      });
    const tooMany = await quantity(lipstick.id, 3, nude.id);
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany.body)).toMatchObject({ message: 'Only 2 left in stock.', field: 'newQuantity' });
    expect((await quantity(lipstick.id, 1, plum.id)).status).toBe(404);
    expect((await quantity(plain.id, 1, red.id)).status).toBe(404);
    expect(linesOf((await quantity(lipstick.id, 2, nude.id)).body)).toEqual([
      { productId: lipstick.id, shadeId: red.id, quantity: 1 },
      { productId: lipstick.id, shadeId: nude.id, quantity: 2 },
      { productId: plain.id, shadeId: null, quantity: 1 },
    ]);
    // A client naming no shade changes the product's first line.
    expect(linesOf((await quantity(lipstick.id, 3)).body)[0]).toEqual({ productId: lipstick.id, shadeId: red.id, quantity: 3 });
    const remove = (productID: number, shadeID?: number) =>
      call<Cart>('delete', '/cart', { as: SHOPPER, query: { cartID: cart.id, productID, ...(shadeID === undefined ? {} : { shadeID }) } });
    expect((await remove(lipstick.id, plum.id)).status).toBe(404);
    expect(linesOf((await remove(lipstick.id, red.id)).body)).toEqual([
      { productId: lipstick.id, shadeId: nude.id, quantity: 2 },
      { productId: plain.id, shadeId: null, quantity: 1 },
    ]);
    expect((await remove(lipstick.id, red.id)).status).toBe(404);
    expect(linesOf((await remove(plain.id)).body)).toEqual([{ productId: lipstick.id, shadeId: nude.id, quantity: 2 }]);
  });

  it('switches a line to another shade in its place, joining a line of that shade, capped at its stock', async () => {
    const { lipstick, plain, red, nude, plum } = await shop();
    const cart = (
      await merge([
        { productId: lipstick.id, shadeId: red.id, quantity: 2 },
        { productId: plain.id, quantity: 1 },
      ])
    ).body;
    const switchTo = (shadeID: number, newShadeID: number, as = SHOPPER, productID = lipstick.id) =>
      call<Cart>('put', '/cart/shade', { as, body: { cartID: cart.id, productID, shadeID, newShadeID } });
    expect(linesOf((await switchTo(red.id, nude.id)).body)).toEqual([
      { productId: lipstick.id, shadeId: nude.id, quantity: 2 },
      { productId: plain.id, shadeId: null, quantity: 1 },
    ]);
    const soldOut = await switchTo(nude.id, plum.id);
    expect(soldOut.status).toBe(400);
    expect(errorOf(soldOut.body)).toMatchObject({ message: 'Plum is sold out.', field: 'newShadeID' });
    expect((await switchTo(red.id, nude.id)).status).toBe(404);
    expect((await switchTo(nude.id, (await shop()).red.id)).status).toBe(404);
    expect((await switchTo(nude.id, red.id, BUYER)).status).toBe(403);
    await merge([{ productId: lipstick.id, shadeId: red.id, quantity: 2 }]);
    // Two of Nude Pink join the two of Classic Red: four, capped at its 3.
    expect(linesOf((await switchTo(nude.id, red.id)).body)).toEqual([
      { productId: lipstick.id, shadeId: red.id, quantity: 3 },
      { productId: plain.id, shadeId: null, quantity: 1 },
    ]);
  });

  it('tells once, at the next read, of a line whose shade the Admin removed, and the line is gone', async () => {
    const { lipstick, plum, red, nude } = await shop();
    await merge([
      { productId: lipstick.id, shadeId: red.id, quantity: 1 },
      { productId: lipstick.id, shadeId: nude.id, quantity: 1 },
    ]);
    expect((await call('put', '/products', { as: ADMIN, body: { id: lipstick.id, shades: [plum, nude] } })).status).toBe(200);
    const told = await cartNow();
    expect(told.removed).toEqual([{ productId: lipstick.id, productName: lipstick.name, shadeId: red.id }]);
    expect(linesOf(told)).toEqual([{ productId: lipstick.id, shadeId: nude.id, quantity: 1 }]);
    expect(await cartNow()).toEqual({ ...told, removed: [] });
  });

  it('tells of a line without a shade whose product has shades now, naming no shade, and the line is gone', async () => {
    const { plain } = await shop();
    await merge([{ productId: plain.id, quantity: 1 }]);
    const shades = [{ name: 'Ivory', hex: '#f1e2d0', stock: 2 }];
    expect((await call('put', '/products', { as: ADMIN, body: { id: plain.id, shades } })).status).toBe(200);
    const told = await cartNow();
    expect(told.removed).toEqual([{ productId: plain.id, productName: plain.name, shadeId: null }]);
    expect(linesOf(told)).toEqual([]);
  });

  it("leaves the notice of a removed shade's line to the shopper when an Admin reads or changes the cart first", async () => {
    const { lipstick, plum, red, nude } = await shop();
    const cart = (
      await merge([
        { productId: lipstick.id, shadeId: red.id, quantity: 1 },
        { productId: lipstick.id, shadeId: nude.id, quantity: 1 },
      ])
    ).body;
    expect((await call('put', '/products', { as: ADMIN, body: { id: lipstick.id, shades: [plum, nude] } })).status).toBe(200);
    const seen = (await call<Cart>('get', `/cart/${SHOPPER.uid}`, { as: ADMIN })).body;
    expect(seen.removed).toEqual([]);
    expect(linesOf(seen)).toEqual([{ productId: lipstick.id, shadeId: nude.id, quantity: 1 }]);
    const body = { cartID: cart.id, productID: lipstick.id, shadeID: nude.id, newQuantity: 2 };
    const changed = await call<Cart>('put', '/cart/quantity', { as: ADMIN, body });
    expect(changed.body.removed).toEqual([]);
    expect(linesOf(changed.body)).toEqual([{ productId: lipstick.id, shadeId: nude.id, quantity: 2 }]);
    const told = await cartNow();
    expect(told.removed).toEqual([{ productId: lipstick.id, productName: lipstick.name, shadeId: red.id }]);
    expect(linesOf(told)).toEqual([{ productId: lipstick.id, shadeId: nude.id, quantity: 2 }]);
  });

  it('answers 404 to a change of quantity or shade of a line whose product is now disabled, as to an unknown line', async () => {
    const { lipstick, red, nude } = await shop();
    const cart = (await merge([{ productId: lipstick.id, shadeId: red.id, quantity: 1 }])).body;
    expect((await call('put', '/products', { as: ADMIN, body: { id: lipstick.id, disable: true } })).status).toBe(200);
    const line = { cartID: cart.id, productID: lipstick.id, shadeID: red.id };
    expect((await call('put', '/cart/quantity', { as: SHOPPER, body: { ...line, newQuantity: 2 } })).status).toBe(404);
    expect((await call('put', '/cart/shade', { as: SHOPPER, body: { ...line, newShadeID: nude.id } })).status).toBe(404);
  });

  /** Pays for the shopper's cart and orders it. */
  async function order() {
    const payment = (await call<{ id: string }>('post', '/payments', { as: SHOPPER, body: { userID: SHOPPER.uid } })).body;
    const body = { status: 'open', userID: SHOPPER.uid, address: 'Spain, Madrid, Gran Via 123', paymentId: payment.id };
    return call<Order>('post', '/orders', { as: SHOPPER, body });
  }
  const read = async (id: number) => (await call<Product>('get', `/products/${id}`)).body;
  const shadesOf = (order: Order) =>
    order.lines.map(({ shadeId, shadeName, shadeHex, quantity }) => ({ shadeId, shadeName, shadeHex, quantity }));

  it('orders each shade as a line, takes its stock off that shade, keeps its name and colour as bought, and a cancel gives it back', async () => {
    const { lipstick, plum, red, nude } = await shop();
    await merge([
      { productId: lipstick.id, shadeId: red.id, quantity: 2 },
      { productId: lipstick.id, shadeId: nude.id, quantity: 1 },
    ]);
    const made = await order();
    expect(made.status).toBe(201);
    const bought = [
      { shadeId: red.id, shadeName: 'Classic Red', shadeHex: '#b22234', quantity: 2 },
      { shadeId: nude.id, shadeName: 'Nude Pink', shadeHex: '#e3a199', quantity: 1 },
    ];
    expect(shadesOf(made.body)).toEqual(bought);
    expect(made.body.lines.map((line) => line.image)).toEqual([red.image, nude.image]);
    const after = await read(lipstick.id);
    expect(after.shades.map((shade) => shade.stock)).toEqual([0, 1, 1]);
    expect(after.stock).toBe(2);

    // Renamed and recoloured, then Nude Pink removed: the order keeps what was bought, and the cancel gives back only Classic Red's.
    const cherry = { ...after.shades[1]!, name: 'Cherry', hex: '#aa0000' };
    expect((await call('put', '/products', { as: ADMIN, body: { id: lipstick.id, shades: [plum, cherry] } })).status).toBe(200);
    const mine = (await call<Order[]>('get', '/userOrders', { as: SHOPPER, query: { userID: SHOPPER.uid } })).body;
    expect(shadesOf(mine.find((o) => o.id === made.body.id)!)).toEqual(bought);
    expect((await call('patch', '/orders', { as: ADMIN, body: { orderID: made.body.id, status: 'cancelled' } })).status).toBe(200);
    const restocked = await read(lipstick.id);
    expect(restocked.shades.map(({ name, stock }) => ({ name, stock }))).toEqual([
      { name: 'Plum', stock: 0 },
      { name: 'Cherry', stock: 3 },
    ]);
    expect(restocked.stock).toBe(3);
  });

  it("an Admin's edit leaving a shade's stock as the form read it keeps what sold since; a stock changed from it is set", async () => {
    const { lipstick, red, nude } = await shop();
    // The Admin's form reads the product, then Classic Red sells 2 of its 3.
    const seen = await read(lipstick.id);
    await merge([{ productId: lipstick.id, shadeId: red.id, quantity: 2 }]);
    expect((await order()).status).toBe(201);
    // Saved from that form: Classic Red renamed, its stock left as read; Nude Pink restocked from 2 to 5.
    const shades = seen.shades.map((shade) => ({
      ...shade,
      stockSeen: shade.stock,
      ...(shade.id === red.id ? { name: 'Cherry Red' } : {}),
      ...(shade.id === nude.id ? { stock: 5 } : {}),
    }));
    const edit = await call<Product>('put', '/products', { as: ADMIN, body: { id: lipstick.id, shades } });
    expect(edit.status).toBe(200);
    const kept = [
      { name: 'Plum', stock: 0 },
      { name: 'Cherry Red', stock: 1 },
      { name: 'Nude Pink', stock: 5 },
    ];
    expect(edit.body.shades.map(({ name, stock }) => ({ name, stock }))).toEqual(kept);
    const after = await read(lipstick.id);
    expect(after.shades.map(({ name, stock }) => ({ name, stock }))).toEqual(kept);
    expect([edit.body.stock, after.stock]).toEqual([6, 6]);
  });

  it('refuses an order whose shade sold out since the payment, naming shade and product, and takes no stock', async () => {
    const { lipstick, plum, red, nude } = await shop();
    await merge([{ productId: lipstick.id, shadeId: nude.id, quantity: 1 }]);
    const payment = (await call<{ id: string }>('post', '/payments', { as: SHOPPER, body: { userID: SHOPPER.uid } })).body;
    const shades = [plum, red, { ...nude, stock: 0 }];
    expect((await call('put', '/products', { as: ADMIN, body: { id: lipstick.id, shades } })).status).toBe(200);
    const body = { status: 'open', userID: SHOPPER.uid, address: 'Spain, Madrid, Gran Via 123', paymentId: payment.id };
    const refused = await call('post', '/orders', { as: SHOPPER, body });
    expect(refused.status).toBe(409);
    expect(errorOf(refused.body).message).toBe('Nude Pink of Cart Test Lipstick sold out meanwhile.');
    expect((await read(lipstick.id)).shades.map((shade) => shade.stock)).toEqual([0, 3, 0]);
  });
}
