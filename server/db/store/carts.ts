import type { CartRow, CartStore } from '~/server/core/ports';
import type { Sql } from '../sql';
import { first } from './rows';

/**
 * The cart with its row locked, then its lines: in a transaction, another
 * cart write waits for this one to end, then reads the lines it left.
 */
async function getCart(db: Sql, where: string, value: unknown): Promise<CartRow | null> {
  const cart = first(await db.query(`SELECT id, user_id FROM carts WHERE ${where} = $1 FOR UPDATE`, [value]));
  if (!cart) return null;
  const lines = await db.query<{ product_id: number; shade_id: number | null; quantity: number }>(
    'SELECT product_id, shade_id, quantity FROM cart_lines WHERE cart_id = $1 ORDER BY position',
    [cart.id],
  );
  return {
    id: Number(cart.id),
    userId: String(cart.user_id),
    lines: lines.map((l) => ({
      productId: Number(l.product_id),
      shadeId: l.shade_id === null ? null : Number(l.shade_id),
      quantity: Number(l.quantity),
    })),
  };
}

export function cartStore(sql: Sql): CartStore {
  return {
    getCartByUser: (userId) => getCart(sql, 'user_id', userId),
    getCart: (id) => getCart(sql, 'id', id),
    async createCart(userId) {
      // A concurrent insert of the same user's cart waits here for its transaction to end; then the cart it made is locked as ours.
      await sql.query('INSERT INTO carts (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [userId]);
      return (await getCart(sql, 'user_id', userId))!;
    },
    setCartLines: (cartId, lines) =>
      sql.transaction(async (tx) => {
        // The cart's row first, so two writes of the same cart take turns (the second then deletes the lines the first inserted).
        await tx.query('SELECT 1 FROM carts WHERE id = $1 FOR UPDATE', [cartId]);
        await tx.query('DELETE FROM cart_lines WHERE cart_id = $1', [cartId]);
        if (lines.length > 0) {
          await tx.query(
            `INSERT INTO cart_lines (cart_id, product_id, shade_id, quantity, position)
             SELECT $1, line.product_id, line.shade_id, line.quantity, line.position
             FROM unnest($2::int[], $3::int[], $4::int[]) WITH ORDINALITY AS line(product_id, shade_id, quantity, position)`,
            [cartId, lines.map((l) => l.productId), lines.map((l) => l.shadeId), lines.map((l) => l.quantity)],
          );
        }
        return (await getCart(tx, 'id', cartId))!;
      }),
  };
}
