import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while the browser hydrates a server-rendered page,
 * true from the render after: what only this browser knows (its stored
 * session, cart and favourites) is shown from then on, so hydration finds the
 * page the server sent.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
