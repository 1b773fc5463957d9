import { factory, nullable, primaryKey } from '@mswjs/data';

/** The in-memory tables. Lists and nested records are kept as JSON text, as the SQL store keeps them in jsonb. */
export function createDatabase() {
  return factory({
    product: {
      id: primaryKey(Number),
      name: String,
      brand: String,
      category: String,
      price: Number,
      discount: Number,
      stock: Number,
      description: String,
      image: String,
      rank: Number,
      reviews: Number,
      baseRank: Number,
      baseReviews: Number,
      disable: Boolean,
      createdAt: String,
      shades: String,
    },
    user: {
      id: primaryKey(String),
      username: String,
      email: String,
      type: String,
      img: nullable(String),
      createdAt: String,
    },
    cart: {
      id: primaryKey(Number),
      userId: String,
      lines: String,
    },
    order: {
      id: primaryKey(Number),
      userId: String,
      userEmail: String,
      status: String,
      address: String,
      totalPrice: Number,
      createdAt: String,
      paymentId: String,
      lines: String,
    },
    orderHistory: {
      id: primaryKey(Number),
      orderId: Number,
      status: String,
      at: String,
      byUserId: String,
      byEmail: String,
    },
    comment: {
      id: primaryKey(Number),
      userId: String,
      productId: Number,
      text: String,
      createdAt: String,
    },
    favorite: {
      id: primaryKey(String),
      userId: String,
      productId: Number,
      createdAt: String,
    },
    rating: {
      id: primaryKey(String),
      userId: String,
      productId: Number,
      rating: Number,
    },
    payment: {
      id: primaryKey(String),
      userId: String,
      provider: String,
      amount: Number,
      status: String,
      createdAt: String,
    },
    deletedUser: {
      id: primaryKey(String),
      email: String,
      deletedAt: String,
    },
    /** Keyed by the user id and the key, joined by a NUL (which neither holds). */
    idempotencyKey: {
      id: primaryKey(String),
      fingerprint: String,
      createdAt: String,
      status: Number,
      body: String,
    },
  });
}

export type Database = ReturnType<typeof createDatabase>;
export type TableName =
  'product' | 'user' | 'cart' | 'order' | 'orderHistory' | 'comment' | 'favorite' | 'rating' | 'payment' | 'deletedUser' | 'idempotencyKey';
