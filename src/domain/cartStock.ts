import { isLineOf, lineName, lineOf, shadeIdOf, type CartLine } from './cartLine';
import { isCartFull, notAddedMessage } from './cartSize';
import type { Cart } from './types';

/** A server cart line as the cart takes it: the quantity the server holds (it may be more than the stock now left), whether the product is still sold, and whether it already left the cart because an Admin removed its shade. */
export interface HeldLine extends CartLine {
  disabled?: boolean;
  /** The line already left the server cart: an Admin removed its shade, of this id (null: a line without one whose product has shades now). */
  shadeRemoved?: { shadeId: number | null };
}

/** A cart line the stock changed: its quantity lowered to what is left, or the line removed (`to` 0) because none is left, the product is no longer sold or (at sign-in) the server cart was full. */
export interface StockChange {
  id: number;
  /** The line's shade (null: none named). */
  shadeId: number | null;
  /** The product, with its shade when it has one. */
  name: string;
  from: number;
  to: number;
  /** `shadeRemoved`: the server already took the line out (an Admin removed its shade). */
  reason: 'fewer' | 'soldOut' | 'unavailable' | 'cartFull' | 'shadeRemoved';
}

/** The server cart's lines as the server holds them: the quantity not capped at the stock, a disabled product marked. */
export const heldLinesOf = (cart: Cart): HeldLine[] => [
  ...cart.lines.map(({ product, quantity, shadeId }) => ({
    ...lineOf(product, quantity, shadeId),
    amount: quantity,
    ...(product.disable ? { disabled: true } : {}),
  })),
  ...cart.removed.map(({ productId, productName, shadeId }) => ({
    id: productId,
    name: productName,
    price: 0,
    stock: 0,
    image: '',
    discount: 0,
    amount: 0,
    shade: null,
    shadeRemoved: { shadeId },
  })),
];

const changeOf = (line: CartLine, from: number) => ({ id: line.id, shadeId: shadeIdOf(line), name: lineName(line), from });

/** A line whose shade was removed, in its shade as the shopper's own copy of it (`known`) names it: the server no longer can. */
const inKnownShade = (line: CartLine, { shadeId }: { shadeId: number | null }, known: readonly CartLine[]): CartLine => ({
  ...line,
  shade: known.find((k) => k.id === line.id && shadeIdOf(k) === shadeId)?.shade ?? null,
});

/**
 * The lines a shopper can buy: each quantity at most the stock left, a line with none left or no longer sold removed; and
 * what changed. A line `leave` names is kept as held, neither fitted nor told of. A line whose shade was removed (already
 * out of the server cart) is told of, by its shade's name in `known`, the lines the shopper had.
 */
export function fitToStock(
  held: readonly HeldLine[],
  leave: (line: CartLine) => boolean = () => false,
  known: readonly CartLine[] = [],
): { lines: CartLine[]; changes: StockChange[] } {
  const lines: CartLine[] = [];
  const changes: StockChange[] = [];
  for (const { disabled, shadeRemoved, ...line } of held) {
    // Already out of the server cart, and told of once: told of whatever change waits for it.
    if (shadeRemoved) {
      changes.push({ ...changeOf(inKnownShade(line, shadeRemoved, known), line.amount), to: 0, reason: 'shadeRemoved' });
      continue;
    }
    if (leave(line)) {
      lines.push(line);
      continue;
    }
    const reason = disabled ? 'unavailable' : line.stock <= 0 ? 'soldOut' : line.amount > line.stock ? 'fewer' : null;
    if (reason === null) lines.push(line);
    else changes.push({ ...changeOf(line, line.amount), to: reason === 'fewer' ? line.stock : 0, reason });
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
    // A line sent without a shade is kept as the shade the server took for it.
    const kept = merged.find((m) => isLineOf(m, line.id, shadeIdOf(line)));
    if (!kept) return [{ ...changeOf(line, line.amount), to: 0, reason: leftOut }];
    return kept.amount < line.amount ? [{ ...changeOf(line, line.amount), to: kept.amount, reason: 'fewer' }] : [];
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
    case 'shadeRemoved':
      return shadeRemovedMessage(name);
  }
}

/** Not in the spec: a line whose shade an Admin removed (DECISIONS, Shades: the shopper is told at the next load). */
export const shadeRemovedMessage = (name: string) => `${name}: that shade is no longer sold and left your cart.`;
