/** A product in a shade: two shades of one product are two lines. */
export interface CartLineRow {
  productId: number;
  /** One of the product's shades; null for a product without shades. */
  shadeId: number | null;
  quantity: number;
}

export interface CartRow {
  id: number;
  userId: string;
  lines: CartLineRow[];
}

export interface CartStore {
  getCartByUser(userId: string): Promise<CartRow | null>;
  getCart(id: number): Promise<CartRow | null>;
  createCart(userId: string): Promise<CartRow>;
  setCartLines(cartId: number, lines: readonly CartLineRow[]): Promise<CartRow>;
}
