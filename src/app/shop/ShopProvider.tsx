import { createActorContext } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { cartMachine } from '../../../machines/cart.machine';
import { favoritesMachine } from '../../../machines/favorites.machine';
import { productsMachine } from '../../../machines/products.machine';
import { notify } from '../../ui/toast';
import { Session } from '../session/SessionProvider';
import { cartStore, favoritesStore } from '../storage/keys';
import { cartActors, favoriteActors, fetchProducts } from './shopActors';

export const Products = createActorContext(productsMachine.provide({ actors: { fetchProducts } }));

export const Favorites = createActorContext(
  favoritesMachine.provide({
    actors: favoriteActors,
    actions: { persist: (_, ids) => favoritesStore.write(ids), notify: (_, message) => notify(message) },
  }),
);

export const Cart = createActorContext(
  cartMachine.provide({
    actors: cartActors,
    actions: { persist: (_, lines) => cartStore.write(lines), notify: (_, message) => notify(message) },
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
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (userId === undefined) return;
    const wasSignedIn = typeof previous.current === 'string';
    previous.current = userId;
    if (!userId && !wasSignedIn) return;
    const event = userId ? ({ type: 'SIGNED_IN', userId } as const) : ({ type: 'SIGNED_OUT' } as const);
    favorites.send(event);
    cart.send(event);
  }, [userId, favorites, cart]);
  return null;
}

/** The storefront's shared state: the product list, favourites and cart, started from browser storage. */
export function ShopProvider({ children }: { children: ReactNode }) {
  return (
    <Products.Provider>
      <Favorites.Provider options={{ input: { ids: favoritesStore.read() } }}>
        <Cart.Provider options={{ input: { lines: cartStore.read() } }}>
          <SessionBridge />
          {children}
        </Cart.Provider>
      </Favorites.Provider>
    </Products.Provider>
  );
}

/** The product list, loaded on first use. */
export function useProductList() {
  const products = Products.useActorRef();
  const state = Products.useSelector((s) => s);
  useEffect(() => {
    if (state.matches('idle')) products.send({ type: 'LOAD' });
  }, [state, products]);
  return { products: state.context.products, loading: state.hasTag('loading') || state.matches('idle'), failed: state.context.failed };
}
