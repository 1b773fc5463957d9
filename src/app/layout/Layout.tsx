import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';
import { setFailureReporter } from '~/src/api/clientSettings';
import { Spinner } from '~/src/ui/Spinner/Spinner';
import { Toaster } from '~/src/ui/Toaster';
import { useHydrated } from '~/src/ui/useHydrated';
import { notifyFailure } from '~/src/ui/toast';
import { SearchTermProvider, useSearchTerm } from '~/src/state/search/SearchTerm';
import { Session, SessionProvider, useSessionUser } from '~/src/state/session/SessionProvider';
import { Cart, Favorites, ShopProvider } from '~/src/state/shop/ShopProvider';
import { Footer } from './Footer/Footer';
import * as styles from './Layout.css';
import { Navbar } from './Navbar/Navbar';

setFailureReporter((failure) => {
  console.warn(`Request failed: ${failure.method} ${failure.url} (${failure.reason})`);
  notifyFailure();
});

const SearchOverlay = lazy(() => import('~/src/features/search/SearchOverlay'));

/** The storefront frame: navbar, the routed page, footer and toasts, inside the session. */
export function Layout() {
  return (
    <SessionProvider>
      <ShopProvider>
        <SearchTermProvider>
          <Shell />
        </SearchTermProvider>
      </ShopProvider>
    </SessionProvider>
  );
}

function Shell() {
  const session = Session.useActorRef();
  // A server-rendered page is a visitor's: this browser's session, favourites and cart show once it has hydrated.
  const hydrated = useHydrated();
  const user = useSessionUser();
  const hasFavorites = Favorites.useSelector((s) => s.context.ids.length > 0);
  const cartCount = Cart.useSelector((s) => s.context.lines.length);
  const { term, setTerm } = useSearchTerm();

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <Navbar
        user={hydrated ? user : null}
        hasFavorites={hydrated && hasFavorites}
        cartCount={hydrated ? cartCount : 0}
        searchTerm={term}
        onSearchChange={setTerm}
        onSignOut={() => session.send({ type: 'SIGN_OUT' })}
      />
      {term.trim() && (
        <Suspense fallback={null}>
          <SearchOverlay />
        </Suspense>
      )}
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
