import { lineOf, type CartLine } from './cartLine';
import { isCartFull, notAddedMessage } from './cartSize';
import type { Cart } from './types';

/** A server cart line as the cart takes it: the quantity the server holds (it may be more than the stock now left) and whether the product is still sold. */
export interface HeldLine extends CartLine {
  disabled?: boolean;
}

/** A cart line the stock changed: its quantity lowered to what is left, or the line removed (`to` 0) because none is left, the product is no longer sold or (at sign-in) the server cart was full. */
export interface StockChange {
  id: number;
  name: string;
  from: number;
  to: number;
  reason: 'fewer' | 'soldOut' | 'unavailable' | 'cartFull';
}

/** The server cart's lines as the server holds them: the quantity not capped at the stock, a disabled product marked. */
export const heldLinesOf = (cart: Cart): HeldLine[] =>
  cart.lines.map(({ product, quantity }) => ({
    ...lineOf(product, quantity),
    amount: quantity,
    ...(product.disable ? { disabled: true } : {}),
  }));

/** The lines a shopper can buy: each quantity at most the stock left, a line with none left or no longer sold removed; and what changed. */
export function fitToStock(held: readonly HeldLine[]): { lines: CartLine[]; changes: StockChange[] } {
  const lines: CartLine[] = [];
  const changes: StockChange[] = [];
  for (const { disabled, ...line } of held) {
    const reason = disabled ? 'unavailable' : line.stock <= 0 ? 'soldOut' : line.amount > line.stock ? 'fewer' : null;
    if (reason === null) lines.push(line);
    else changes.push({ id: line.id, name: line.name, from: line.amount, to: reason === 'fewer' ? line.stock : 0, reason });
    if (reason === 'fewer') lines.push({ ...line, amount: line.stock });
  }
  return { lines, changes };
}

/**
 * What the sign-in merge changed of the local lines sent to it: the server
 * caps each quantity at the stock, leaves out a product sold out or no
 * longer sold, and those a full cart has no room for (a merged cart full,
 * every line left out is told as that).
 */
export function lostInMerge(local: readonly CartLine[], merged: readonly CartLine[]): StockChange[] {
  const leftOut = isCartFull(merged.length) ? 'cartFull' : 'unavailable';
  return local.flatMap((line): StockChange[] => {
    const kept = merged.find((m) => m.id === line.id);
    if (!kept) return [{ id: line.id, name: line.name, from: line.amount, to: 0, reason: leftOut }];
    return kept.amount < line.amount ? [{ id: line.id, name: line.name, from: line.amount, to: kept.amount, reason: 'fewer' }] : [];
  });
}

/** What the shopper is told of a line the stock changed, naming the product. */
export function stockChangeMessage({ name, from, to, reason }: StockChange): string {
  switch (reason) {
    case 'fewer':
      return `Only ${to} left of ${name}: quantity changed from ${from} to ${to}.`;
    case 'soldOut':
      return `${name} is out of stock: removed from your cart.`;
    case 'unavailable':
      return `${name} is no longer available: removed from your cart.`;
    case 'cartFull':
      return notAddedMessage(name);
  }
}
