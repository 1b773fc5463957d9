import { expect, it } from 'vitest';
import { DEMO_ADMIN } from '~/seed/seed';
import { coreUnderTest } from '~/tests/contract/coreUnderTest';

const ADMIN = { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email };
const product = {
  name: 'Glow Primer',
  price: 18.5,
  brand: 'nyx',
  category: 'foundation',
  stock: 7,
  description: 'A light primer.',
  image: '/uploads/a.webp',
};

// DECISIONS.md: 'a cap of 1,000,000 for both (the contract's) ... The form and the server check one rule from src/domain'.
it("refuses a price or a stock over 1,000,000 with 400 naming the field and the form's message, on create, edit and import", async () => {
  const { call } = await coreUnderTest({ productCount: 20 });
  const message = 'This value cannot be more than 1000000';
  for (const field of ['price', 'stock'] as const) {
    const tooMuch = { ...product, [field]: 1_000_001 };
    expect(await call(ADMIN, 'createProduct', { body: tooMuch }), field).toMatchObject({
      status: 400,
      body: { error: { field, message } },
    });
    expect(await call(ADMIN, 'updateProduct', { body: { id: 1, [field]: 1e20 } }), field).toMatchObject({
      status: 400,
      body: { error: { field, message } },
    });
    expect(await call(ADMIN, 'importProducts', { body: { products: [product, tooMuch] } }), field).toMatchObject({
      status: 400,
      body: { error: { field: `products.1.${field}`, message } },
    });
  }
  expect((await call(ADMIN, 'createProduct', { body: { ...product, price: 1_000_000, stock: 1_000_000 } })).status).toBe(201);
});
