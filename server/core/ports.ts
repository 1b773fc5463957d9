import type { Brand, Category } from '../../src/domain/constants';
import type { ListedOrderStatus } from '../../src/domain/orderTable';
import type { ProductTableColumn, SortOrder } from '../../src/domain/productTable';
import type { OrderStatus, UserType } from '../../src/domain/types';

export interface ShadeRow {
  name: string;
  hex: string;
}

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
  shades: ShadeRow[];
}

/** A product has no ratings of the shop's own yet: its rank and reviews are its base. */
export type NewProduct = Omit<ProductRow, 'id' | 'rank' | 'reviews' | 'baseRank' | 'baseReviews' | 'disable' | 'createdAt'> &
  Partial<Pick<ProductRow, 'baseRank' | 'baseReviews' | 'disable' | 'createdAt'>>;

/** A page of the Admin's product table as the store reads it (Store.productPage). */
export interface ProductPageQuery {
  name?: string;
  sort?: ProductTableColumn;
  order: SortOrder;
  offset: number;
  limit: number;
}

/** A page of the Admin's orders table as the store reads it (Store.orderPage); `term` as orderSearchTerm makes it. */
export interface OrderPageQuery {
  term?: string;
  status?: ListedOrderStatus;
  offset: number;
  limit: number;
}

export type ProductPatch = Partial<Omit<ProductRow, 'id' | 'createdAt' | 'baseRank' | 'baseReviews'>>;

export interface UserRow {
  /** The identity provider's uid. */
  id: string;
  username: string;
  email: string;
  type: UserType;
  img: string | null;
  createdAt: string;
}

export interface CartLineRow {
  productId: number;
  quantity: number;
}

export interface CartRow {
  id: number;
  userId: string;
  lines: CartLineRow[];
}

export interface OrderLineRow {
  productId: number;
  name: string;
  image: string;
  quantity: number;
  unitPrice: number;
}

/** Who changed an order's status: their user id and email as they were then, so the entry outlives the account. */
export interface OrderActor {
  userId: string;
  email: string;
}

/** One status an order took: the creation as open, then every change. */
export interface OrderHistoryRow {
  status: OrderStatus;
  at: string;
  by: OrderActor;
}

export interface OrderRow {
  id: number;
  userId: string;
  /** Kept as it was when ordered, so the order outlives the account. */
  userEmail: string;
  status: OrderStatus;
  address: string;
  totalPrice: number;
  createdAt: string;
  paymentId: string;
  lines: OrderLineRow[];
  /** Oldest first; the last entry is the current status. */
  history: OrderHistoryRow[];
}

export interface CommentRow {
  id: number;
  userId: string;
  productId: number;
  text: string;
  createdAt: string;
}

/**
 * A payment's state (DECISIONS.md, "Payments"): created when the shopper
 * starts paying; captured once the provider took the money; then fulfilled
 * (its order exists) or refunding (its refund is owed: recorded before the
 * provider is asked, and asked again until it confirms; a capture left
 * without its order for long, or taken but not completed, is owed one too),
 * then refunded; failed when the provider took no money: it refused the
 * capture, or, asked about a payment left created for long, holds no capture of it.
 * Refunded is final, and so is failed but for a capture under way when the
 * provider was asked, which is still recorded.
 */
export type PaymentStatus = 'created' | 'captured' | 'fulfilled' | 'refunding' | 'refunded' | 'failed';

export interface PaymentRow {
  id: string;
  userId: string;
  provider: 'paypal' | 'test';
  amount: number;
  status: PaymentStatus;
  createdAt: string;
}

/** Orders of one status (and one UTC date, for the recent ones): how many, and their totals summed. */
export interface OrderSum {
  status: OrderStatus;
  count: number;
  total: number;
}

/** The shop's rows counted by the database in one read, grouped; the core adds them up into the dashboard's figures. */
export interface ShopCounts {
  /** Products counted by whether they are disabled and whether any stock is left. */
  products: { disable: boolean; inStock: boolean; count: number }[];
  users: { type: UserType; count: number }[];
  orders: OrderSum[];
  /** Orders created from the given moment on, also grouped by their UTC date (YYYY-MM-DD). */
  recentOrders: (OrderSum & { day: string })[];
}

/** A create sent with an Idempotency-Key: whose key, and what was asked (a digest of the operation and its body). */
export interface IdempotencyClaim {
  userId: string;
  key: string;
  fingerprint: string;
  /** When it was asked (ISO). */
  at: string;
}

/** What a create sent with a key answered, kept for a repeat of it. */
export interface KeptReply {
  fingerprint: string;
  status: number;
  body: unknown;
}

/**
 * The store the API's behaviour runs on. Each adapter (the @mswjs/data one
 * in mocks/, the SQL one in server/) implements it; a transaction sees its
 * own writes and commits all or nothing.
 */
export interface Store {
  transaction<T>(work: (tx: Store) => Promise<T>): Promise<T>;

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
  /** Atomically takes quantity off the stock if that much is left; answers whether it did. */
  takeStock(id: number, quantity: number): Promise<boolean>;
  /** Atomically puts quantity back on the stock (stock = stock + quantity). */
  addStock(id: number, quantity: number): Promise<void>;

  listUsers(): Promise<UserRow[]>;
  getUser(id: string): Promise<UserRow | null>;
  /** Within a transaction: the user, kept from being deleted until this one ends, so a cart or favourite written for them meanwhile cannot lose its user. */
  lockUser(id: string): Promise<UserRow | null>;
  /** Emails and usernames match ignoring case. */
  getUserByEmail(email: string): Promise<UserRow | null>;
  getUserByUsername(username: string): Promise<UserRow | null>;
  insertUser(user: UserRow): Promise<UserRow>;
  updateUser(id: string, patch: Partial<Omit<UserRow, 'id' | 'createdAt'>>): Promise<UserRow>;
  /** Deletes the user and everything that is theirs but orders and payments (money records), leaving a tombstone of its id and email. */
  deleteUser(id: string): Promise<void>;
  /** Whether a deleted user had this id or this email (ignoring case). */
  wasDeleted(id: string, email: string): Promise<boolean>;
  /**
   * Within a transaction: makes every other transaction that calls it wait
   * until this one ends, then answers the ids of the Admins; so counting the
   * Admins and changing them is one step.
   */
  lockAdmins(): Promise<string[]>;

  getCartByUser(userId: string): Promise<CartRow | null>;
  getCart(id: number): Promise<CartRow | null>;
  createCart(userId: string): Promise<CartRow>;
  setCartLines(cartId: number, lines: readonly CartLineRow[]): Promise<CartRow>;

  listOrders(options?: { userId?: string }): Promise<OrderRow[]>;
  /**
   * One page of the orders not cancelled, newest first (equal times by id,
   * descending): those whose buyer email or id holds `term` (orderMatches)
   * and of `status`, `limit` of them after `offset`; with how many match.
   */
  orderPage(query: OrderPageQuery): Promise<{ rows: OrderRow[]; total: number }>;
  getOrder(id: number): Promise<OrderRow | null>;
  getOrderByPayment(paymentId: string): Promise<OrderRow | null>;
  /** Writes the order with its history; null when the payment has an order already (a concurrent replay). */
  insertOrder(order: Omit<OrderRow, 'id'>): Promise<OrderRow | null>;
  /** Writes many orders with their histories in a few statements, in the order given: a seed's, whose payments have no orders yet. */
  insertOrders(orders: readonly Omit<OrderRow, 'id'>[]): Promise<void>;
  /**
   * Moves the order from `from` to `change.status` and appends the change to
   * its history, in one step; null when it was no longer `from`.
   */
  setOrderStatus(id: number, from: OrderStatus, change: OrderHistoryRow): Promise<OrderRow | null>;

  listComments(productId: number): Promise<CommentRow[]>;
  getComment(id: number): Promise<CommentRow | null>;
  insertComment(comment: Omit<CommentRow, 'id'>): Promise<CommentRow>;
  /** Writes many comments in one statement, in the order given. */
  insertComments(comments: readonly Omit<CommentRow, 'id'>[]): Promise<void>;
  deleteComment(id: number): Promise<void>;

  listFavorites(userId: string): Promise<number[]>;
  addFavorite(userId: string, productId: number): Promise<void>;
  removeFavorite(userId: string, productId: number): Promise<void>;

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

  /**
   * Within a transaction: claims the user's key for the request, forgetting
   * every key claimed before `expiredBefore` (ISO); a concurrent claim of the
   * same key waits until this transaction ends. Answers null when claimed,
   * else the request that holds the key with its reply.
   */
  claimIdempotencyKey(claim: IdempotencyClaim, expiredBefore: string): Promise<KeptReply | null>;
  /** Keeps the reply of the request that claimed the user's key, in the same transaction as what it did. */
  keepIdempotentReply(userId: string, key: string, reply: { status: number; body?: unknown }): Promise<void>;

  /** Every product, user and order counted and summed in one read of the data; recent orders are those created at or after `since` (ISO). */
  countShop(since: string): Promise<ShopCounts>;

  getPayment(id: string): Promise<PaymentRow | null>;
  insertPayment(payment: PaymentRow): Promise<PaymentRow>;
  /** Moves the payment from `from` to `status` in one step; answers whether it was in `from`. */
  setPaymentStatus(id: string, status: PaymentStatus, from: PaymentStatus): Promise<boolean>;
  /**
   * Moves the payment from created, or from failed (the provider, asked about
   * it by a round on a process whose clock is ahead while this capture was
   * under way, held none yet), to captured in one step, recording when (ISO);
   * answers whether it was either.
   */
  recordCapture(id: string, at: string): Promise<boolean>;
  /**
   * Records that the shop begins asking the provider, `at` (ISO), to capture
   * the payment, if it is still created; answers whether it was. The rounds
   * then leave it alone for STALE_CAPTURE_MS, so no capture under way is
   * settled under it.
   */
  startCapture(id: string, at: string): Promise<boolean>;
  /**
   * The ids of the provider's payments still created whose last capture began
   * before `staleBefore` (ISO), or, none begun, that were created before it;
   * the stalest first.
   */
  staleCreatedPayments(provider: PaymentRow['provider'], staleBefore: string): Promise<string[]>;
  /**
   * Moves a payment still created whose capture has not begun since
   * `staleBefore` (ISO), as staleCreatedPayments lists it, to failed or to
   * refunding (its first attempt not claimed yet), in one step; answers
   * whether it did. A capture begun meanwhile wins.
   */
  settleStaleCreated(id: string, status: 'failed' | 'refunding', staleBefore: string): Promise<boolean>;
  /**
   * Owes the refund of every payment captured before `capturedBefore` (ISO)
   * that has no order, each moved from captured in one step (so an order
   * made for it meanwhile wins), its first attempt not claimed yet; answers
   * their ids. A payment captured before its capture time was recorded
   * counts from its creation.
   */
  oweStaleCaptures(capturedBefore: string): Promise<string[]>;
  /**
   * Moves the payment from `from` to refunding in one step, its first refund
   * attempt claimed as begun `at` (ISO), or not claimed yet when null;
   * answers whether it was in `from`.
   */
  oweRefund(id: string, from: PaymentStatus, at: string | null): Promise<boolean>;
  /**
   * Claims one refund owed whose last attempt began before `staleBefore`
   * (ISO), the longest waiting first, stamping its next attempt as begun `at`;
   * answers its payment id, or null when none is left. One caller claims each
   * attempt, however many processes ask at once.
   */
  claimOwedRefund(staleBefore: string, at: string): Promise<string | null>;
}

export interface Identity {
  uid: string;
  email: string;
}

/** The sign-in accounts: turns a bearer token into a verified identity, or null; disables an account. */
export interface IdentityVerifier {
  verify(token: string): Promise<Identity | null>;
  /** The account can no longer sign in and its tokens no longer verify; an unknown uid is left alone. */
  disable(uid: string): Promise<void>;
}

export interface CapturedMoney {
  amount: number;
  /** ISO 4217, as the provider reports it; the shop charges USD only. */
  currency: string;
}

/**
 * What a capture came to: money taken and completed; money taken but not
 * completed (PayPal holds the capture PENDING, or it has moved on since),
 * which never becomes an order and is owed back; or no money taken.
 */
export type CaptureOutcome = { kind: 'completed'; money: CapturedMoney } | { kind: 'pending' } | { kind: 'refused' };

export interface PaymentProvider {
  readonly name: 'paypal' | 'test';
  /** Creates a capture order in USD for the amount; answers the provider's id. */
  create(amount: number): Promise<string>;
  /** Captures an approved payment; answers what the capture came to, with the money actually captured once completed. */
  capture(id: string): Promise<CaptureOutcome>;
  /**
   * Gives a captured payment back, whatever its amount or currency; a repeat
   * (after a lost answer, or once refunded) refunds nothing more and resolves.
   */
  refund(id: string): Promise<void>;
  /**
   * Whether the provider holds money captured for the payment (even if since
   * given back), for one whose capture's answer never reached the shop; false
   * only when it holds no capture of it. Throws when it cannot tell.
   */
  wasCaptured(id: string): Promise<boolean>;
}

export interface UploadedFile {
  bytes: Uint8Array;
  filename: string;
}

export interface ImageStore {
  /** Stores an image whose type is already checked; answers its URL. */
  save(file: UploadedFile, type: 'png' | 'jpeg' | 'tiff'): Promise<string>;
}
