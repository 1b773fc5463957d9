import type { Shade } from './shadeChoice';

// Apart from the product page's shade rules: every page's cards need these, the product page alone those.

/** A card shows at most this many swatches, then "+N" for the rest. */
export const CARD_SWATCHES = 5;

/** The swatches a card shows and how many more the product has. */
export function cardSwatches(shades: readonly Shade[]): { shown: Shade[]; more: number } {
  return { shown: shades.slice(0, CARD_SWATCHES), more: Math.max(0, shades.length - CARD_SWATCHES) };
}

/** How many shades, as a screen reader hears a card's swatches. */
export const shadeCountLabel = (count: number) => `${count} shade${count === 1 ? '' : 's'}`;
