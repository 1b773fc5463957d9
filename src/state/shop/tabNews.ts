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
export function hearOtherTabs<T>(channel: Channel, onNews: (news: T) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const receiver = new BroadcastChannel(channel);
  receiver.onmessage = (event: MessageEvent<T>) => onNews(event.data);
  return () => receiver.close();
}
