import { createActorContext } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import type { productsMachine } from '~/machines/products.machine';
import { notify, notifyFailure } from '~/src/ui/toast';
import { useHydrated } from '~/src/ui/useHydrated';
import { useLoad } from '~/src/ui/useLoad';
import { pageKey, type PageRequest } from '~/src/domain/pageRequest';
import { isAdmin } from '~/src/domain/permissions';
import type { CataloguePage } from '~/src/domain/types';
import { Session } from '../session/SessionProvider';
import { serverReads, type CatalogueReads } from './catalogueReads';
import { InitialCatalogue } from './InitialCatalogue';
import { cartNewsOf, favoritesNewsOf, hearOtherTabs, TAB_CHANNELS } from './tabNews';
import { bridgeSession, cartInput, cartLogic, favoritesInput, favoritesLogic, productsLogic } from './shop.logic';

export const Products = createActorContext(productsLogic());

/** A paged catalogue's reads, made anew when the catalogue changes (its revision moves): the first are the ones the page was rendered from. */
const Reads = createContext<CatalogueReads>(serverReads());

function ReadsProvider({ children }: { children: ReactNode }) {
  const initial = useContext(InitialCatalogue);
  const revision = Products.useSelector((s) => s.context.revision);
  const reads = useMemo(() => (revision === 0 && initial?.paged ? initial.reads : serverReads()), [revision, initial]);
  return <Reads.Provider value={reads}>{children}</Reads.Provider>;
}

export const useCatalogueReads = () => useContext(Reads);

export const Favorites = createActorContext(favoritesLogic({ notify, notifyFailure }));

export const Cart = createActorContext(cartLogic({ notify, notifyFailure }));

/** Tells favourites and cart who is signed in, once the session is sure (bridgeSession); a sign-out (not a visitor's page load) empties them. */
function SessionBridge() {
  const session = Session.useActorRef();
  const favorites = Favorites.useActorRef();
  const cart = Cart.useActorRef();
  useEffect(() => bridgeSession(session, favorites, cart), [session, favorites, cart]);
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
  const initial = useContext(InitialCatalogue);
  const rendered = initial !== undefined && !initial.paged;
  const products = Products.useActorRef();
  useEffect(() => {
    if (admin && rendered) products.send({ type: 'REFRESH' });
  }, [admin, rendered, products]);
  return null;
}

/** Another tab of this browser changed the catalogue (an Admin's save), the cart or the favourites: this tab follows. */
function TabSync() {
  const products = Products.useActorRef();
  const favorites = Favorites.useActorRef();
  const cart = Cart.useActorRef();
  useEffect(() => {
    const stops = [
      hearOtherTabs(TAB_CHANNELS.catalogue, () => products.send({ type: 'REFRESH' })),
      hearOtherTabs(TAB_CHANNELS.favorites, (raw) => {
        const news = favoritesNewsOf(raw);
        if (news) favorites.send({ ...news, type: 'OTHER_TAB' });
      }),
      hearOtherTabs(TAB_CHANNELS.cart, (raw) => {
        const news = cartNewsOf(raw);
        if (news) cart.send({ ...news, type: 'OTHER_TAB' });
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [products, favorites, cart]);
  return null;
}

/** The storefront's shared state: the catalogue (a list, or a paged catalogue's reads), favourites and cart, started from browser storage. */
export function ShopProvider({ children }: { children: ReactNode }) {
  const initial = useContext(InitialCatalogue);
  return (
    <Products.Provider options={{ input: initial?.paged ? { paged: true } : { products: initial?.products } }}>
      <ReadsProvider>
        <Favorites.Provider options={{ input: favoritesInput() }}>
          <Cart.Provider options={{ input: cartInput() }}>
            <SessionBridge />
            <ReloadOnNavigation />
            <TabSync />
            <AdminList />
            {children}
          </Cart.Provider>
        </Favorites.Provider>
      </ReadsProvider>
    </Products.Provider>
  );
}

/** Asks for the catalogue when it is not there: not asked yet, or the last load failed. */
export function load(products: ActorRefFrom<typeof productsMachine>) {
  const snapshot = products.getSnapshot();
  if (snapshot.matches('idle') || snapshot.matches('failed')) products.send({ type: 'LOAD' });
}

/**
 * The catalogue, loaded on first use and loaded again when a page that needs
 * it opens after a failed load: `paged` (the screens ask for their pages),
 * or its `products`; `retry` is the page's Retry.
 */
export function useCatalogue() {
  const products = Products.useActorRef();
  const state = Products.useSelector((s) => s);
  useEffect(() => load(products), [products]);
  return {
    paged: state.context.mode === 'paged',
    products: state.context.products,
    loading: state.hasTag('loading') || state.matches('idle'),
    failed: state.matches('failed'),
    retry: () => products.send({ type: 'LOAD' }),
  };
}

/** Pages of a paged catalogue (null: none wanted): known ones at once, the others asked for together. */
export function usePages(requests: readonly PageRequest[] | null) {
  const reads = useCatalogueReads();
  const known = requests?.map((request) => reads.peekPage(request));
  const allKnown = known?.every((page) => page !== undefined) ?? false;
  const key = requests?.map(pageKey).join('|') ?? null;
  const loaded = useLoad(
    requests && !allKnown
      ? (signal) => Promise.all(requests.map((request) => reads.peekPage(request) ?? reads.fetchPage(request, signal)))
      : null,
    [key, reads, allKnown],
  );
  return allKnown ? { status: 'done' as const, value: known as CataloguePage[], retry: loaded.retry } : loaded;
}

/** Whether the product is one of this browser's favourites (none on a server-rendered page until it has hydrated). */
export function useIsFavorite(productId: number): boolean {
  const favorite = Favorites.useSelector((s) => s.context.ids.includes(productId));
  return useHydrated() && favorite;
}
