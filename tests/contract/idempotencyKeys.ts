import { expect, it } from 'vitest';
import type { Identity } from '~/server/core/ports';
import type { Product } from '~/src/domain/types';

type Call = <T>(
  method: 'get' | 'post' | 'put',
  path: string,
  options?: { as?: Identity; body?: unknown; headers?: Record<string, string> },
) => Promise<{ status: number; body: T }>;

const product = (name: string) => ({
  name,
  price: 12.5,
  brand: 'dior',
  category: 'lipstick',
  stock: 4,
  description: '<p>Soft matte finish.</p>',
  image: '/images/products/1.svg',
});

/**
 * POST /products and POST /products/import with an Idempotency-Key: a
 * repeat (its answer lost) answers the first reply and creates nothing;
 * the key with another body is refused, writing nothing; the key is the
 * user's own; without a key every call creates.
 */
export function idempotencyKeyTests({
  call,
  admin,
  secondAdmin,
  errorOf,
}: {
  call: Call;
  admin: Identity;
  secondAdmin: () => Promise<Identity>;
  errorOf: (body: unknown) => { code: string; field?: string };
}) {
  const named = async (name: string) => (await call<Product[]>('get', '/products', { as: admin })).body.filter((p) => p.name === name);
  const keyed = () => ({ 'Idempotency-Key': crypto.randomUUID() });

  it('a product created again with the same key answers the first one, and one product exists', async () => {
    const headers = keyed();
    const first = await call<Product>('post', '/products', { as: admin, body: product('Keyed Lipstick'), headers });
    const again = await call<Product>('post', '/products', { as: admin, body: product('Keyed Lipstick'), headers });
    expect(first.status).toBe(201);
    expect(again).toEqual(first);
    expect((await named('Keyed Lipstick')).map((p) => p.id)).toEqual([first.body.id]);
  });

  it('an import sent again with the same key answers the first rows, created once', async () => {
    const headers = keyed();
    const body = { products: [product('Keyed Import A'), product('Keyed Import B')] };
    const first = await call<Product[]>('post', '/products/import', { as: admin, body, headers });
    const again = await call<Product[]>('post', '/products/import', { as: admin, body, headers });
    expect(first.status).toBe(201);
    expect(again).toEqual(first);
    expect([...(await named('Keyed Import A')), ...(await named('Keyed Import B'))].map((p) => p.id)).toEqual(first.body.map((p) => p.id));
  });

  it('the same create sent twice at once with one key creates one product, both answered with it', async () => {
    const headers = keyed();
    const send = () => call<Product>('post', '/products', { as: admin, body: product('Twice At Once'), headers });
    const [one, two] = await Promise.all([send(), send()]);
    expect(two).toEqual(one);
    expect((await named('Twice At Once')).map((p) => p.id)).toEqual([one.body.id]);
  });

  it('a repeat with its fields in another order or a default written out is the same create; another discount is another', async () => {
    const headers = keyed();
    const sent = product('Reordered Lipstick');
    const first = await call<Product>('post', '/products', { as: admin, body: sent, headers });
    const reordered = Object.fromEntries(Object.entries(sent).reverse());
    const repeats = [reordered, { ...sent, discount: 0 }, { ...reordered, shades: [] }];
    for (const body of repeats) expect(await call<Product>('post', '/products', { as: admin, body, headers })).toEqual(first);
    const discounted = await call('post', '/products', { as: admin, body: { ...sent, discount: 5 }, headers });
    expect([discounted.status, errorOf(discounted.body).field]).toEqual([409, 'Idempotency-Key']);
    expect((await named('Reordered Lipstick')).map((p) => p.id)).toEqual([first.body.id]);
  });

  it("an import repeated with its rows' fields in another order or defaults written out answers the first rows", async () => {
    const headers = keyed();
    const rows = [product('Reordered Import A'), product('Reordered Import B')];
    const first = await call<Product[]>('post', '/products/import', { as: admin, body: { products: rows }, headers });
    const repeat = { products: rows.map((row) => ({ discount: 0, shades: [], ...Object.fromEntries(Object.entries(row).reverse()) })) };
    expect(await call<Product[]>('post', '/products/import', { as: admin, body: repeat, headers })).toEqual(first);
    expect([...(await named('Reordered Import A')), ...(await named('Reordered Import B'))].map((p) => p.id)).toEqual(
      first.body.map((p) => p.id),
    );
  });

  it('the same UUID in upper case or as a urn:uuid: URN is the same key (UUIDs compare ignoring case)', async () => {
    const key = crypto.randomUUID();
    const send = (sent: string) =>
      call<Product>('post', '/products', { as: admin, body: product('Cased Key'), headers: { 'Idempotency-Key': sent } });
    const first = await send(key);
    for (const sent of [key.toUpperCase(), `urn:uuid:${key}`, `URN:UUID:${key.toUpperCase()}`])
      expect(await send(sent), sent).toEqual(first);
    expect((await named('Cased Key')).map((p) => p.id)).toEqual([first.body.id]);
  });

  it('the same key with another body is refused naming the header, and writes nothing', async () => {
    const headers = keyed();
    expect((await call('post', '/products', { as: admin, body: product('First Body'), headers })).status).toBe(201);
    const other = await call('post', '/products', { as: admin, body: product('Second Body'), headers });
    expect(other.status).toBe(409);
    expect(errorOf(other.body)).toMatchObject({ code: 'conflict', field: 'Idempotency-Key' });
    expect(await named('Second Body')).toEqual([]);
    const asImport = await call('post', '/products/import', { as: admin, body: { products: [product('First Body')] }, headers });
    expect(asImport.status, 'the same key on another operation is another request').toBe(409);
    expect(await named('First Body')).toHaveLength(1);
  });

  it("another Admin's call with the same key is theirs: it creates its own product", async () => {
    const other = await secondAdmin();
    const headers = keyed();
    const mine = await call<Product>('post', '/products', { as: admin, body: product('Shared Key'), headers });
    const theirs = await call<Product>('post', '/products', { as: other, body: product('Shared Key'), headers });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await named('Shared Key')).toHaveLength(2);
  });

  it('a create refused keeps nothing under its key: the corrected repeat creates', async () => {
    const headers = keyed();
    const refused = await call('post', '/products', { as: admin, body: { ...product('Fixed Later'), price: -1 }, headers });
    expect(refused.status).toBe(400);
    const fixed = await call<Product>('post', '/products', { as: admin, body: product('Fixed Later'), headers });
    expect(fixed.status).toBe(201);
    expect(await named('Fixed Later')).toHaveLength(1);
  });

  it('a key that is not a UUID is refused naming the header', async () => {
    const reply = await call('post', '/products', { as: admin, body: product('Bad Key'), headers: { 'Idempotency-Key': 'not-a-uuid' } });
    expect(reply.status).toBe(400);
    expect(errorOf(reply.body).field).toBe('Idempotency-Key');
    expect(await named('Bad Key')).toEqual([]);
  });

  it('without a key, each create creates, as before', async () => {
    await call('post', '/products', { as: admin, body: product('Unkeyed') });
    await call('post', '/products', { as: admin, body: product('Unkeyed') });
    const body = { products: [product('Unkeyed Import')] };
    await call('post', '/products/import', { as: admin, body });
    await call('post', '/products/import', { as: admin, body });
    expect(await named('Unkeyed')).toHaveLength(2);
    expect(await named('Unkeyed Import')).toHaveLength(2);
  });
}
