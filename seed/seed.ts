import type { OrderLineRow, ProductRow, Store, UserRow } from '~/server/core/ports';
import { totalPrice } from '~/src/domain/price';
import { generateCatalogue } from './catalogue/generate';
import { generateReviews } from './reviews/generate';
import { newProductOf } from './shadeRows';

export const DEMO_ADMIN: UserRow = {
  id: 'demo-admin',
  username: 'shopadmin',
  email: 'admin@makeup.test',
  type: 'Admin',
  img: null,
  createdAt: '2025-06-01T09:00:00.000Z',
};

export const DEMO_USER: UserRow = {
  id: 'demo-user',
  username: 'anabelle1',
  email: 'ana@makeup.test',
  type: 'User',
  img: null,
  createdAt: '2025-09-14T17:30:00.000Z',
};

const OTHER_USERS: UserRow[] = [
  { id: 'user-bruno', username: 'brunosilva', email: 'bruno@makeup.test', type: 'User', img: null, createdAt: '2026-01-03T10:00:00.000Z' },
  {
    id: 'user-carla',
    username: 'carlamendes',
    email: 'carla@makeup.test',
    type: 'Banned',
    img: null,
    createdAt: '2026-02-11T10:00:00.000Z',
  },
  {
    id: 'user-dario',
    username: 'dariorossi',
    email: 'dario@makeup.test',
    type: 'Blocked',
    img: null,
    createdAt: '2026-03-21T10:00:00.000Z',
  },
  { id: 'user-elena', username: 'elenagarcia', email: 'elena@makeup.test', type: 'User', img: null, createdAt: '2026-05-30T10:00:00.000Z' },
];

export const DEMO_PEOPLE: UserRow[] = [DEMO_ADMIN, DEMO_USER, ...OTHER_USERS];

/** Products per insert when seeding: a large catalogue goes in a few statements, not one per product. */
const SEED_BATCH = 2000;

/** The generated catalogue, its ratings carried over as each product's base; answers the products as stored. */
export async function seedCatalogue(store: Store, productCount?: number): Promise<ProductRow[]> {
  const products = generateCatalogue(productCount).map(newProductOf);
  const stored: ProductRow[] = [];
  for (let start = 0; start < products.length; start += SEED_BATCH)
    stored.push(...(await store.insertProducts(products.slice(start, start + SEED_BATCH))));
  return stored;
}

/**
 * A seeded order's line in the shade a card adds (DECISIONS.md "Shades"):
 * the product's first in stock, else its first; its picture that shade's.
 */
export function inFirstShade(line: OrderLineRow, product: ProductRow | undefined): OrderLineRow {
  const shade = product?.shades.find((s) => s.stock > 0) ?? product?.shades[0];
  if (!shade) return { ...line, shadeId: null, shadeName: null, shadeHex: null };
  return { ...line, image: shade.image, shadeId: shade.id, shadeName: shade.name, shadeHex: shade.hex };
}

/** The seeded products' comments, with the shoppers who wrote them and the approved orders in which they bought them. */
export async function seedReviews(store: Store, products: readonly ProductRow[]): Promise<void> {
  const { shoppers, orders, comments } = generateReviews(products, { userId: DEMO_ADMIN.id, email: DEMO_ADMIN.email });
  const byId = new Map(products.map((product) => [product.id, product]));
  for (const shopper of shoppers) await store.insertUser(shopper);
  await store.insertOrders(
    orders.map((order) => ({ ...order, lines: order.lines.map((line) => inFirstShade(line, byId.get(line.productId))) })),
  );
  await store.insertComments(comments);
}

/** Shoppers of every type and two orders of the demo shopper (who must be among them). */
export async function seedPeople(store: Store, people: readonly UserRow[] = DEMO_PEOPLE): Promise<void> {
  for (const user of people) await store.insertUser(user);
  const bought = (await store.listProducts()).filter((p) => !p.disable && p.stock > 0).slice(0, 3);
  const line = (i: number, quantity: number) =>
    inFirstShade(
      {
        productId: bought[i]!.id,
        name: bought[i]!.name,
        image: bought[i]!.image,
        quantity,
        unitPrice: totalPrice(bought[i]!.price, bought[i]!.discount),
      },
      bought[i],
    );
  const buyer = { userId: DEMO_USER.id, email: DEMO_USER.email };
  const admin = { userId: DEMO_ADMIN.id, email: DEMO_ADMIN.email };
  const orders = [
    {
      status: 'approved' as const,
      lines: [line(0, 1), line(1, 2)],
      createdAt: '2026-09-02T12:00:00.000Z',
      history: [
        { status: 'open' as const, at: '2026-09-02T12:00:00.000Z', by: buyer },
        { status: 'created' as const, at: '2026-09-02T16:45:00.000Z', by: admin },
        { status: 'processing' as const, at: '2026-09-03T09:10:00.000Z', by: admin },
        { status: 'approved' as const, at: '2026-09-05T11:30:00.000Z', by: admin },
      ],
    },
    {
      status: 'open' as const,
      lines: [line(2, 1)],
      createdAt: '2026-11-10T15:20:00.000Z',
      history: [{ status: 'open' as const, at: '2026-11-10T15:20:00.000Z', by: buyer }],
    },
  ];
  for (const [index, order] of orders.entries()) {
    await store.insertOrder({
      userId: DEMO_USER.id,
      userEmail: DEMO_USER.email,
      address: 'Argentina, Cordoba, San Martin 1234',
      paymentId: `SEED-${index + 1}`,
      totalPrice: Math.round(order.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0) * 100) / 100,
      ...order,
    });
  }
}

/** The demo shop: the generated catalogue with its reviews, an Admin, shoppers of every type and two orders of the demo shopper. */
export async function seedStore(store: Store, productCount?: number): Promise<void> {
  await store.transaction(async (tx) => {
    await seedReviews(tx, await seedCatalogue(tx, productCount));
    await seedPeople(tx);
  });
}
