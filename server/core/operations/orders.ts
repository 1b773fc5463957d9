import type { components, operations } from '~/src/api/schema';
import { lineStock, lostItsShade } from '~/src/domain/cartShade';
import { FIRST_ORDERS_PAGE, newerFirst, orderSearchTerm } from '~/src/domain/orderTable';
import { canChangeOrderStatus } from '~/src/domain/permissions';
import { orderAddressError } from '~/src/domain/validation/shipping';
import { created, ok, requireAdmin, requireSelf, requireSelfOrAdmin, type Context, type Operations } from '../context';
import { ApiError, badRequest, conflict, notFound } from '../errors';
import type { CartRow, OrderRow, PaymentRow, PaymentStatus, ProductRow, Store } from '../ports';
import { attemptRefundWithin, REFUND_WAIT_MS, refundPayment } from '../refunds';
import { cartView, orderView } from '../views';
import { productsOf } from './cart';
import { boughtProducts, rerank } from './products';

const CART_CHANGED = 'Your cart changed after payment started.';
const NOT_COMPLETED = 'The payment was not completed.';

const newestFirst = (orders: OrderRow[]) => orders.filter((o) => o.status !== 'cancelled').sort(newerFirst);

type OrdersQuery = NonNullable<operations['listOrders']['parameters']['query']>;
type OrderPage = components['schemas']['OrderPage'];

/** What shapes a page of orders, and means nothing to the list. */
const PAGE_PARAMETERS = ['search', 'status', 'pageSize'] as const;

/** One page of the Admin's orders table (GET /orders?page=): a page past the last is read again as the last, as the product table's is. */
async function orderTablePage(
  store: Store,
  { search, status, page = 1, pageSize = FIRST_ORDERS_PAGE.pageSize }: OrdersQuery,
): Promise<OrderPage> {
  const term = search === undefined ? '' : orderSearchTerm(search);
  const read = (at: number) =>
    store.orderPage({ ...(term ? { term } : {}), ...(status ? { status } : {}), offset: (at - 1) * pageSize, limit: pageSize });
  let found = await read(page);
  const last = Math.max(1, Math.ceil(found.total / pageSize));
  if (page > last) found = await read(last);
  return { items: found.rows.map(orderView), page: Math.min(page, last), pageCount: last, total: found.total };
}

const soldOut = (name: string) => `${name} sold out meanwhile.`;

/** A line as a shopper names it: "Classic Red of Velvet Lipstick", or the product's name without shades. */
function lineName(product: ProductRow, shadeId: number | null): string {
  const shade = product.shades.find((s) => s.id === shadeId);
  return shade ? `${shade.name} of ${product.name}` : product.name;
}

/** Asks the payment provider; its failure (down, slow, refusing) is the shopper's 503 to try again, not a 500, and is logged. */
async function fromProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw Object.assign(new ApiError(503, 'The payment service did not answer. Please try again.'), { cause: error });
  }
}

/** The cart as it can be paid now: not empty, every product enabled, every line's shade (or product) in stock for its quantity. Read only: a refusal creates no cart. */
async function payableCart(store: Store, userId: string): Promise<{ cart: CartRow; products: Map<number, ProductRow> }> {
  const cart = await store.getCartByUser(userId);
  if (!cart || cart.lines.length === 0) throw conflict('Your cart is empty.');
  const products = await productsOf(store, cart);
  for (const line of cart.lines) {
    const product = products.get(line.productId);
    if (!product || product.disable) throw conflict(`${product?.name ?? `Product ${line.productId}`} is no longer sold.`);
    if (lostItsShade(product, line)) throw conflict(`A shade of ${product.name} in your cart is no longer sold.`);
    const stock = lineStock(product, line.shadeId);
    if (stock === 0) throw conflict(soldOut(lineName(product, line.shadeId)));
    if (stock < line.quantity) throw conflict(`Only ${stock} of ${lineName(product, line.shadeId)} left in stock.`);
  }
  return { cart, products };
}

const refund = (ctx: Context, paymentId: string, from: PaymentStatus) => refundPayment(ctx, paymentId, from, ctx.now());

/**
 * Owes back the money the provider took for a payment that never becomes an
 * order: from created, or from failed should a round on a process whose clock
 * is ahead have failed it while its capture was under way.
 */
const oweBack = async (ctx: Context, paymentId: string) =>
  (await refund(ctx, paymentId, 'created')) || (await refund(ctx, paymentId, 'failed'));

/** The payment's status as stored now: what a concurrent call or a round moved it to. */
const statusNow = async (store: Store, paymentId: string) => (await store.getPayment(paymentId))?.status;

/**
 * Captures a created payment with its provider and records the outcome: captured, failed, or its refund owed on a wrong amount or currency or a capture not completed.
 * A payment that no longer matches the payable cart is refused before the provider is asked, so it is never captured.
 * Answers the payment's status after: captured, or the one a concurrent call or a round had moved it to before this call began its capture.
 */
async function capture(ctx: Context, payment: PaymentRow): Promise<PaymentStatus | undefined> {
  try {
    const { cart, products } = await payableCart(ctx.store, payment.userId);
    if (cartView(cart, products).totalPrice !== payment.amount) throw conflict(CART_CHANGED);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    // A concurrent call for the payment may have made its order, emptying the cart, since this one read the payment: answered as that call's.
    const status = await statusNow(ctx.store, payment.id);
    if (status === 'created') throw error;
    return status;
  }
  // Stamped before the provider is asked: the rounds leave a payment alone for STALE_CAPTURE_MS after its capture began.
  if (!(await ctx.store.startCapture(payment.id, ctx.now().toISOString()))) return statusNow(ctx.store, payment.id);
  const outcome = await fromProvider(() => ctx.payments.capture(payment.id));
  if (outcome.kind === 'refused') {
    await ctx.store.setPaymentStatus(payment.id, 'failed', 'created');
    throw conflict(NOT_COMPLETED);
  }
  // Money taken that the provider may never complete makes no order: its refund is owed, and made by the rounds once the provider completes it.
  if (outcome.kind === 'pending') {
    await oweBack(ctx, payment.id);
    throw conflict(NOT_COMPLETED);
  }
  const captured = outcome.money;
  if (captured.currency !== 'USD' || captured.amount !== payment.amount) {
    await oweBack(ctx, payment.id);
    throw conflict('The payment amount does not match your cart.');
  }
  // Recorded before the order is made: after a crash here, a replay goes straight to the order (or, none coming, the retries refund it).
  await ctx.store.recordCapture(payment.id, ctx.now().toISOString());
  return 'captured';
}

/**
 * Makes the order of a captured payment: the payment marked fulfilled, stock
 * taken, order written and cart emptied in one transaction. Null when the
 * payment was no longer captured (a concurrent call for it got there first).
 */
async function fulfil(ctx: Context, payment: PaymentRow, address: string, email: string): Promise<OrderRow | null> {
  const createdAt = ctx.now().toISOString();
  return ctx.store.transaction(async (tx) => {
    // Claimed first, so a concurrent call for the same payment waits here and then finds it fulfilled.
    if (!(await tx.setPaymentStatus(payment.id, 'fulfilled', 'captured'))) return null;
    const { cart, products } = await payableCart(tx, payment.userId);
    const view = cartView(cart, products);
    if (view.totalPrice !== payment.amount) throw conflict(CART_CHANGED);
    for (const line of cart.lines) {
      if (!(await tx.takeStock(line.productId, line.quantity, line.shadeId ?? undefined)))
        throw conflict(soldOut(lineName(products.get(line.productId)!, line.shadeId)));
    }
    const order = await tx.insertOrder({
      userId: payment.userId,
      userEmail: email,
      status: 'open',
      address,
      totalPrice: payment.amount,
      createdAt,
      paymentId: payment.id,
      lines: view.lines.map((line) => {
        const shade = line.product.shades.find((s) => s.id === line.shadeId);
        return {
          productId: line.productId,
          name: line.product.name,
          image: shade?.image ?? line.product.image,
          shadeId: shade?.id ?? null,
          shadeName: shade?.name ?? null,
          shadeHex: shade?.hex ?? null,
          quantity: line.quantity,
          unitPrice: line.product.totalPrice,
        };
      }),
      history: [{ status: 'open', at: createdAt, by: { userId: payment.userId, email } }],
    });
    if (!order) throw conflict('This payment has an order already.');
    await tx.setCartLines(cart.id, []);
    return order;
  });
}

/**
 * After a cancel: the buyer's ratings of the order's products they no longer
 * hold another order with stop counting, and those products are re-ranked.
 * Their comments stay, since they were a buyer when they wrote them.
 */
async function dropRatings(tx: Store, order: OrderRow): Promise<void> {
  const still = await boughtProducts(tx, order.userId);
  for (const productId of new Set(order.lines.map((line) => line.productId))) {
    if (still.has(productId)) continue;
    const product = await tx.lockProduct(productId);
    const ratings = await tx.removeRating(order.userId, productId);
    if (product && ratings) await rerank(tx, product, ratings);
  }
}

/** What a payment that is past capturing answers: its order once fulfilled, else why it cannot make one. */
async function settled(store: Store, paymentId: string) {
  const payment = await store.getPayment(paymentId);
  // An owed refund is as final for the shopper: the payment never becomes an order.
  if (payment?.status === 'refunding' || payment?.status === 'refunded') throw conflict('This payment was refunded. Please pay again.');
  if (payment?.status === 'failed') throw conflict('This payment was not completed. Please pay again.');
  const order = await store.getOrderByPayment(paymentId);
  if (!order) throw notFound('Order');
  return ok(orderView(order));
}

export const orderOperations: Pick<Operations, 'createPayment' | 'createOrder' | 'setOrderStatus' | 'listOrders' | 'listUserOrders'> = {
  async createPayment(ctx, { body }) {
    const user = requireSelf(ctx, body.userID);
    const { cart, products } = await payableCart(ctx.store, user.id);
    const amount = cartView(cart, products).totalPrice;
    const id = await fromProvider(() => ctx.payments.create(amount));
    const payment = await ctx.store.insertPayment({
      id,
      userId: user.id,
      provider: ctx.payments.name,
      amount,
      status: 'created',
      createdAt: ctx.now().toISOString(),
    });
    return created({ id: payment.id, provider: payment.provider, amount: payment.amount, currency: 'USD' });
  },

  async createOrder(ctx, { body }) {
    const user = requireSelf(ctx, body.userID);
    const addressError = orderAddressError(body.address);
    if (addressError) throw badRequest(addressError, 'address');
    const payment = await ctx.store.getPayment(body.paymentId);
    // Another's payment is answered as an unknown one: the answer never tells which payment ids exist.
    if (!payment || payment.userId !== user.id) throw notFound('Payment');
    const status = payment.status === 'created' ? await capture(ctx, payment) : payment.status;
    if (status !== 'captured') return settled(ctx.store, payment.id);
    try {
      const order = await fulfil(ctx, payment, body.address, user.email);
      return order ? created(orderView(order)) : await settled(ctx.store, payment.id);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
      // Not refundable from captured: a concurrent call for the payment made its order meanwhile.
      if (await refund(ctx, payment.id, 'captured')) throw error;
      return settled(ctx.store, payment.id);
    }
  },

  async setOrderStatus(ctx, { body }) {
    const admin = requireAdmin(ctx);
    const change = { status: body.status, at: ctx.now().toISOString(), by: { userId: admin.id, email: admin.email } };
    const { order, owed } = await ctx.store.transaction(async (tx) => {
      const current = await tx.getOrder(body.orderID);
      if (!current) throw notFound('Order');
      if (!canChangeOrderStatus(current.status, body.status)) {
        throw conflict(`An order that is ${current.status} cannot become ${body.status}.`);
      }
      // Only the call that moves the order from the status it read restocks: a concurrent one finds it changed.
      const changed = await tx.setOrderStatus(current.id, current.status, change);
      if (!changed) throw conflict('The order changed meanwhile. Reload and try again.');
      if (body.status !== 'cancelled') return { order: changed, owed: false };
      for (const line of current.lines) await tx.addStock(line.productId, line.quantity, line.shadeId ?? undefined);
      await dropRatings(tx, changed);
      // Owed with the cancel, all or nothing: a crash after the commit leaves it for the retries.
      return { order: changed, owed: await tx.oweRefund(current.paymentId, 'fulfilled', change.at) };
    });
    // A payment this cancel did not owe (no payment row, or one not fulfilled) is never asked to be refunded.
    if (owed) await attemptRefundWithin(ctx, order.paymentId, REFUND_WAIT_MS);
    return ok(orderView(order));
  },

  async listOrders(ctx, { query }) {
    requireAdmin(ctx);
    if (query.page !== undefined) return ok(await orderTablePage(ctx.store, query));
    // Said rather than ignored, as GET /products' page parameters without page.
    const pageOnly = PAGE_PARAMETERS.find((name) => query[name] !== undefined);
    if (pageOnly) throw badRequest(`${pageOnly} is read only with page.`, pageOnly);
    return ok(newestFirst(await ctx.store.listOrders()).map(orderView));
  },

  async listUserOrders(ctx, { query }) {
    requireSelfOrAdmin(ctx, query.userID);
    return ok(newestFirst(await ctx.store.listOrders({ userId: query.userID })).map(orderView));
  },
};
