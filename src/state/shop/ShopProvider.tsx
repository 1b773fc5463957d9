import { createActorContext } from '@xstate/react';
import { useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { cartMachine } from '../../../machines/cart.machine';
import { favoritesMachine } from '../../../machines/favorites.machine';
import { productsMachine } from '../../../machines/products.machine';
import { notify, notifyFailure } from '../../ui/toast';
import { useHydrated } from '../../ui/useHydrated';
import { isAdmin } from '../../domain/permissions';
import { Session } from '../session/SessionProvider';
import { cartStore, favoritesStore } from '../storage/keys';
import { InitialProducts } from './InitialProducts';
import { cartActors, favoriteActors, fetchProducts } from './shopActors';

export const Products = createActorContext(productsMachine.provide({ actors: { fetchProducts } }));

export const Favorites = createActorContext(
  favoritesMachine.provide({
    actors: favoriteActors,
    actions: {
      persist: (_, ids) => favoritesStore.write(ids),
      notify: (_, message) => notify(message),
      notifyFailure: (_, message) => notifyFailure(message),
    },
  }),
);

export const Cart = createActorContext(
  cartMachine.provide({
    actors: cartActors,
    actions: {
      persist: (_, lines) => cartStore.write(lines),
      notify: (_, message) => notify(message),
      notifyFailure: (_, message) => notifyFailure(message),
    },
  }),
);

/**
 * Tells favourites and cart who is signed in, once the session is sure; a
 * sign-out (not a visitor's page load) empties them.
 */
function SessionBridge() {
  const userId = Session.useSelector((s) => (s.matches('signedIn') ? (s.context.user?.id ?? null) : s.matches('signedOut') ? null : undefined));
  const favorites = Favorites.useActorRef();
  const cart = Cart.useActorRef();
  // The stored user while the session restores (its user is the stored one until the provider has answered).
  const restoring = Session.useSelector((s) => (s.matches('restoring') || s.matches('loadingUser') ? s.context.user?.id : undefined));
  // A stored user counts as signed in, so signing out while the session restores still empties their lists.
  const previous = useRef<string | null | undefined>(Session.useActorRef().getSnapshot().context.user?.id);
  useEffect(() => {
    // A favourite clicked meanwhile is theirs: sent, with its retries, once the session is confirmed.
    if (restoring) favorites.send({ type: 'RESTORING', userId: restoring });
  }, [restoring, favorites]);
  useEffect(() => {
    if (userId === undefined) return;
    const before = previous.current;
    previous.current = userId;
    const wasSignedIn = typeof before === 'string';
    if (!userId && !wasSignedIn) return;
    // Someone else now (another tab signed the provider in as them): the earlier user's lists are let go of first.
    const events = userId
      ? [...(wasSignedIn && before !== userId ? [{ type: 'SIGNED_OUT' } as const] : []), { type: 'SIGNED_IN', userId } as const]
      : [{ type: 'SIGNED_OUT' } as const];
    for (const event of events) {
      favorites.send(event);
      cart.send(event);
    }
  }, [userId, favorites, cart]);
  return null;
}

/** Each page opened lets favourites and cart that could not be saved take the server's again. */
function ReloadOnNavigation() {
  const { pathname } = useLocation();
  const favorites = Favorites.useActorRef();
  const cart = Cart.useActorRef();
  useEffect(() => {
    favorites.send({ type: 'RELOAD' });
    cart.send({ type: 'RELOAD' });
  }, [pathname, favorites, cart]);
  return null;
}

/** A server-rendered page's list is a visitor's: an Admin's list, read with their token, also holds the disabled products. */
function AdminList() {
  const admin = Session.useSelector((s) => isAdmin(s.context.user));
  const rendered = useContext(InitialProducts) !== undefined;
  const products = Products.useActorRef();
  useEffect(() => {
    if (admin && rendered) products.send({ type: 'REFRESH' });
  }, [admin, rendered, products]);
  return null;
}

/** Where this browser's tabs tell each other that the catalogue changed. */
const CATALOGUE_CHANNEL = 'catalogue';

/** Another tab of this browser changed the catalogue (an Admin's save): the list here follows. */
function CatalogueSync() {
  const products = Products.useActorRef();
  useEffect(() => {
    const channel = new BroadcastChannel(CATALOGUE_CHANNEL);
    channel.onmessage = () => products.send({ type: 'REFRESH' });
    return () => channel.close();
  }, [products]);
  return null;
}

/** After a change to products: this tab's list refreshes (500 ms later), and so do this browser's other tabs. */
export function useCatalogueChanged(): () => void {
  const products = Products.useActorRef();
  return useCallback(() => {
    products.send({ type: 'REFRESH' });
    const channel = new BroadcastChannel(CATALOGUE_CHANNEL);
    channel.postMessage('changed');
    channel.close();
  }, [products]);
}

/** The storefront's shared state: the product list, favourites and cart, started from browser storage. */
export function ShopProvider({ children }: { children: ReactNode }) {
  const products = useContext(InitialProducts);
  return (
    <Products.Provider options={{ input: { products } }}>
      <Favorites.Provider options={{ input: { ids: favoritesStore.read() } }}>
        <Cart.Provider options={{ input: { lines: cartStore.read() } }}>
          <SessionBridge />
          <ReloadOnNavigation />
          <CatalogueSync />
          <AdminList />
          {children}
        </Cart.Provider>
      </Favorites.Provider>
    </Products.Provider>
  );
}

/**
 * The product list, loaded on first use and loaded again when a page that
 * needs it opens after a failed load; `retry` is the page's Retry.
 */
export function useProductList() {
  const products = Products.useActorRef();
  const state = Products.useSelector((s) => s);
  useEffect(() => {
    const snapshot = products.getSnapshot();
    if (snapshot.matches('idle') || snapshot.matches('failed')) products.send({ type: 'LOAD' });
  }, [products]);
  return {
    products: state.context.products,
    loading: state.hasTag('loading') || state.matches('idle'),
    failed: state.matches('failed'),
    retry: () => products.send({ type: 'LOAD' }),
  };
}

/** The favourites a shopper may see (disabled products hidden), in the order they were added, with the list's load state. */
export function useFavoriteProducts() {
  const ids = Favorites.useSelector((s) => s.context.ids);
  const list = useProductList();
  const favorites = useMemo(() => {
    const byId = new Map(list.products.map((p) => [p.id, p]));
    return ids.flatMap((id) => {
      const product = byId.get(id);
      return product && !product.disable ? [product] : [];
    });
  }, [ids, list.products]);
  return { ...list, ids, favorites };
}

/** Whether the product is one of this browser's favourites (none on a server-rendered page until it has hydrated). */
export function useIsFavorite(productId: number): boolean {
  const favorite = Favorites.useSelector((s) => s.context.ids.includes(productId));
  return useHydrated() && favorite;
}
