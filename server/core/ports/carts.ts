export interface CartLineRow {
  productId: number;
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
