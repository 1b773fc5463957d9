import type { CartNews } from '~/machines/cart.machine';
import type { FavoritesNews } from '~/machines/favorites.machine';
import { cartLines, idList } from '../storage/keys';

/** The channels on which this browser's tabs tell each other what changed. */
export const TAB_CHANNELS = { catalogue: 'catalogue', cart: 'cart', favorites: 'favorites' } as const;
type Channel = (typeof TAB_CHANNELS)[keyof typeof TAB_CHANNELS];

/** Tells this browser's other tabs (never this one) of a change; nothing where there are no tabs (the server rendering a page). */
export function tellOtherTabs(channel: Channel, news: unknown): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const sender = new BroadcastChannel(channel);
  sender.postMessage(news);
  sender.close();
}

/** Hears what the other tabs tell on the channel, until the returned function is called; nothing where there are no tabs. */
export function hearOtherTabs(channel: Channel, onNews: (news: unknown) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const receiver = new BroadcastChannel(channel);
  receiver.onmessage = (event: MessageEvent<unknown>) => onNews(event.data);
  return () => receiver.close();
}

/** Whose cart or favourites a message names: a user's id, or null for the visitor's own; undefined for anything else. */
const ownerOf = (raw: unknown) => (raw === null || typeof raw === 'string' ? raw : undefined);

/** A message heard on the cart channel, read as CartNews; null when it is not one (another page of this origin may post anything). */
export function cartNewsOf(raw: unknown): CartNews | null {
  const { userId, lines } = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const owner = ownerOf(userId);
  const read = cartLines(lines);
  return owner === undefined || read === null ? null : { userId: owner, lines: read };
}

/** A message heard on the favourites channel, read as FavoritesNews; null when it is not one. */
export function favoritesNewsOf(raw: unknown): FavoritesNews | null {
  const { userId, ids } = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const owner = ownerOf(userId);
  const read = idList(ids);
  return owner === undefined || read === null ? null : { userId: owner, ids: read };
}
