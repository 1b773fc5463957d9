import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { cartMachine } from '~/machines/cart.machine';
import { favoritesMachine } from '~/machines/favorites.machine';
import { productsMachine } from '~/machines/products.machine';
import type { sessionMachine } from '~/machines/session.machine';
import { cartStore, favoritesStore } from '../storage/keys';
import { DEFAULT_TOAST_MS } from '~/src/domain/constants';
import { cartActors, favoriteActors, fetchCatalogue } from './shop.actors';
import { TAB_CHANNELS, tellOtherTabs } from './tabNews';

/** How the shop tells the shopper: a notice (the spec's 2000 ms unless given a duration), or a failure. */
export interface ShopToasts {
  notify(message: string, duration?: number): void;
  notifyFailure(message: string): void;
}

const told = ({ notify, notifyFailure }: ShopToasts) => ({
  notify: (_: unknown, message: string) => notify(message),
  notifyFailure: (_: unknown, message: string) => notifyFailure(message),
});

/** The catalogue as the app runs it: fetchCatalogue tells a paged catalogue from a list and brings the list. */
export const productsLogic = () => productsMachine.provide({ actors: { fetchCatalogue } });

/** Favourites as the app runs them: their calls (favoriteActors), kept in storage (favorites), the shopper and the other tabs told. */
export const favoritesLogic = (toasts: ShopToasts) =>
  favoritesMachine.provide({
    actors: favoriteActors,
    actions: {
      persist: (_, ids) => favoritesStore.write(ids),
      announce: (_, news) => tellOtherTabs(TAB_CHANNELS.favorites, news),
      ...told(toasts),
    },
  });

/** The cart as the app runs it: its calls (cartActors), kept in storage (cartlocal), the shopper (a line the stock changed for 5000 ms) and the other tabs told. */
export const cartLogic = (toasts: ShopToasts) =>
  cartMachine.provide({
    actors: cartActors,
    actions: {
      persist: (_, lines) => cartStore.write(lines),
      announce: (_, news) => tellOtherTabs(TAB_CHANNELS.cart, news),
      notifyStock: (_, messages) => messages.forEach((message) => toasts.notify(message, DEFAULT_TOAST_MS)),
      ...told(toasts),
    },
  });

/** Favourites and cart start from this browser's storage. */
export const favoritesInput = () => ({ ids: favoritesStore.read() });
export const cartInput = () => ({ lines: cartStore.read() });

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
/** What favourites and cart are told of who is signed in. */
export type BridgeEvent = { type: 'SIGNED_IN'; userId: string } | { type: 'SIGNED_OUT' };
/** A stored session is being restored as this user's: what favourites and cart change meanwhile is theirs. */
type RestoringEvent = { type: 'RESTORING'; userId: string };

/** Who favourites and cart follow: the signed-in user's id, null once signed out, undefined while the session is not sure. */
const bridgedUser = (session: SessionSnapshot): string | null | undefined =>
  session.matches('signedIn') ? (session.context.user?.id ?? null) : session.matches('signedOut') ? null : undefined;

/** The stored user while the session restores (its user is the stored one until the provider has answered). */
const restoringUser = (session: SessionSnapshot): string | undefined =>
  session.matches('restoring') || session.matches('loadingUser') ? session.context.user?.id : undefined;

/**
 * What favourites and cart are sent when the session's user turns from
 * `before` (a stored user counts as signed in) to `now`: a sign-out (not a
 * visitor's page load) empties them; someone else now (another tab signed
 * the provider in as them) lets the earlier user's lists go first.
 */
export function bridgeEvents(before: string | null | undefined, now: string | null): BridgeEvent[] {
  const wasSignedIn = typeof before === 'string';
  if (now === null) return wasSignedIn ? [{ type: 'SIGNED_OUT' }] : [];
  return [...(wasSignedIn && before !== now ? [{ type: 'SIGNED_OUT' } as const] : []), { type: 'SIGNED_IN', userId: now }];
}

/**
 * SessionBridge's memory of who favourites and cart last followed,
 * starting from the stored user: told each user the session says (undefined
 * while it is not sure, which changes nothing), it sends them bridgeEvents.
 */
export function followSession(stored: string | undefined, send: (event: BridgeEvent) => void): (now: string | null | undefined) => void {
  let previous: string | null | undefined = stored;
  return (now) => {
    if (now === undefined) return;
    const before = previous;
    previous = now;
    bridgeEvents(before, now).forEach(send);
  };
}

/**
 * Tells favourites and cart who the session says is signed in, from now on
 * (the app's SessionBridge, and QA's scenario browser), until the returned
 * function is called: while a stored session restores, both hear whose
 * it is (a favourite clicked or a cart changed meanwhile is theirs, sent
 * once the session is confirmed); once the session is sure, both follow its user
 * (followSession, from the stored user: signing out while the session
 * restores still empties their lists).
 */
export function bridgeSession(
  session: Pick<ActorRefFrom<typeof sessionMachine>, 'getSnapshot' | 'subscribe'>,
  favorites: { send(event: BridgeEvent | RestoringEvent): void },
  cart: { send(event: BridgeEvent | RestoringEvent): void },
): () => void {
  const follow = followSession(session.getSnapshot().context.user?.id, (event) => {
    favorites.send(event);
    cart.send(event);
  });
  let restoring: string | undefined;
  let user: string | null | undefined;
  const told = (snapshot: SessionSnapshot, first = false) => {
    if (first || restoringUser(snapshot) !== restoring) {
      restoring = restoringUser(snapshot);
      if (restoring) {
        favorites.send({ type: 'RESTORING', userId: restoring });
        cart.send({ type: 'RESTORING', userId: restoring });
      }
    }
    if (first || bridgedUser(snapshot) !== user) {
      user = bridgedUser(snapshot);
      follow(user);
    }
  };
  told(session.getSnapshot(), true);
  const subscription = session.subscribe((snapshot) => told(snapshot));
  return () => subscription.unsubscribe();
}
