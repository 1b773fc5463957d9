import { CART_MAX_LINES } from './constants';

const HOLDS = `can hold ${CART_MAX_LINES} products at most.`;

/** What a shopper is told when a product would be one line more than a cart holds. */
export const CART_FULL = `Your cart ${HOLDS}`;

/** What a shopper is told of a product of theirs a full cart did not take. */
export const notAddedMessage = (name: string) => `${name} was not added: your cart ${HOLDS}`;

/** Whether a cart of this many lines takes no new product (one made before the limit may hold more). */
export const isCartFull = (lines: number, maxLines = CART_MAX_LINES) => lines >= maxLines;
