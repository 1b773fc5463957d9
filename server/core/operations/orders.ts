import { canChangeOrderStatus } from '../../../src/domain/permissions';
import { created, ok, requireAdmin, requireSelf, requireSelfOrAdmin, type Context, type Operations } from '../context';
import { ApiError, conflict, forbidden, notFound } from '../errors';
import type { CartRow, OrderRow, PaymentRow, ProductRow, Store } from '../ports';
import { cartView, orderView } from '../views';
import { cartOf, productsOf } from './cart';

const newestFirst = (orders: OrderRow[]) =>
  orders.filter((o) => o.status !== 'cancelled').sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);

/** The cart as it can be paid now: not empty, every product enabled and in stock for its quantity. */
async function payableCart(store: Store, userId: string): Promise<{ cart: CartRow; products: Map<number, ProductRow> }> {
  const cart = await cartOf(store, userId);
  if (cart.lines.length === 0) throw conflict('Your cart is empty.');
  const products = await productsOf(store, cart);
  for (const line of cart.lines) {
    const product = products.get(line.productId);
    if (!product || product.disable) throw conflict('A product in your cart is no longer sold.');
    if (product.stock < line.quantity) throw conflict(`Only ${product.stock} of ${product.name} left in stock.`);
  }
  return { cart, products };
}

class ReplayedPayment extends Error {}

/** Creates the order of a captured payment: stock taken, order written and cart emptied in one transaction. */
async function fulfil(ctx: Context, payment: PaymentRow, address: string, email: string): Promise<{ order: OrderRow; replay: boolean }> {
  const created = await ctx.store.transaction(async (tx) => {
    if (await tx.getOrderByPayment(payment.id)) return null;
    const { cart, products } = await payableCart(tx, payment.userId);
    const view = cartView(cart, products);
    if (view.totalPrice !== payment.amount) throw conflict('Your cart changed after payment started.');
    for (const line of cart.lines) {
      if (!(await tx.takeStock(line.productId, line.quantity))) throw conflict('A product in your cart sold out.');
    }
    const order = await tx.insertOrder({
      userId: payment.userId,
      userEmail: email,
      status: 'open',
      address,
      totalPrice: payment.amount,
      createdAt: ctx.now().toISOString(),
      paymentId: payment.id,
      lines: view.lines.map((line) => ({
        productId: line.productId,
        name: line.product.name,
        image: line.product.image,
        quantity: line.quantity,
        unitPrice: line.product.totalPrice,
      })),
    });
    // A concurrent call for the same payment wrote its order first: undo this one's stock changes.
    if (!order) throw new ReplayedPayment();
    await tx.setCartLines(cart.id, []);
    return order;
  }).catch((error: unknown) => {
    if (error instanceof ReplayedPayment) return null;
    throw error;
  });
  if (created) return { order: created, replay: false };
  const earlier = await ctx.store.getOrderByPayment(payment.id);
  if (!earlier) throw notFound('Order');
  return { order: earlier, replay: true };
}

export const orderOperations: Pick<
  Operations,
  'createPayment' | 'createOrder' | 'setOrderStatus' | 'listOrders' | 'listUserOrders'
> = {
  async createPayment(ctx, { body }) {
    const user = requireSelf(ctx, body.userID);
    const { cart, products } = await payableCart(ctx.store, user.id);
    const amount = cartView(cart, products).totalPrice;
    const id = await ctx.payments.create(amount);
    const payment = await ctx.store.insertPayment({
      id,
      userId: user.id,
      provider: ctx.payments.name,
      amount,
      createdAt: ctx.now().toISOString(),
    });
    return created({ id: payment.id, provider: payment.provider, amount: payment.amount, currency: 'USD' });
  },

  async createOrder(ctx, { body }) {
    const user = requireSelf(ctx, body.userID);
    const payment = await ctx.store.getPayment(body.paymentId);
    if (!payment) throw notFound('Payment');
    if (payment.userId !== user.id) throw forbidden();
    const earlier = await ctx.store.getOrderByPayment(payment.id);
    if (earlier) return ok(orderView(earlier));
    const captured = await ctx.payments.capture(payment.id);
    if (captured === null) throw conflict('The payment was not completed.');
    if (captured !== payment.amount) {
      await ctx.payments.refund(payment.id);
      throw conflict('The payment amount does not match your cart.');
    }
    try {
      const { order, replay } = await fulfil(ctx, payment, body.address, user.email);
      return replay ? ok(orderView(order)) : created(orderView(order));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) await ctx.payments.refund(payment.id);
      throw error;
    }
  },

  async setOrderStatus(ctx, { body }) {
    requireAdmin(ctx);
    const order = await ctx.store.transaction(async (tx) => {
      const current = await tx.getOrder(body.orderID);
      if (!current) throw notFound('Order');
      if (!canChangeOrderStatus(current.status, body.status)) {
        throw conflict(`An order that is ${current.status} cannot become ${body.status}.`);
      }
      if (body.status === 'cancelled') {
        for (const line of current.lines) {
          const product = await tx.getProduct(line.productId);
          if (product) await tx.updateProduct(product.id, { stock: product.stock + line.quantity });
        }
      }
      return tx.setOrderStatus(current.id, body.status);
    });
    if (order.status === 'cancelled') await ctx.payments.refund(order.paymentId);
    return ok(orderView(order));
  },

  async listOrders(ctx) {
    requireAdmin(ctx);
    return ok(newestFirst(await ctx.store.listOrders()).map(orderView));
  },

  async listUserOrders(ctx, { query }) {
    requireSelfOrAdmin(ctx, query.userID);
    return ok(newestFirst(await ctx.store.listOrders({ userId: query.userID })).map(orderView));
  },
};
