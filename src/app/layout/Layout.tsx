import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../ui/Spinner/Spinner';
import { Toaster } from '../../ui/Toaster';
import { Session, SessionProvider, useSessionUser } from '../session/SessionProvider';
import { cartLineIdsStore, favoritesStore } from '../storage/keys';
import { useStoredValue } from '../storage/storedValue';
import { Footer } from './Footer/Footer';
import * as styles from './Layout.css';
import { Navbar } from './Navbar/Navbar';

/** The storefront frame: navbar, the routed page, footer and toasts, inside the session. */
export function Layout() {
  return (
    <SessionProvider>
      <Shell />
    </SessionProvider>
  );
}

function Shell() {
  const session = Session.useActorRef();
  const user = useSessionUser();
  const favorites = useStoredValue(favoritesStore);
  const cart = useStoredValue(cartLineIdsStore);
  const [searchTerm, setSearchTerm] = useState('');

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <Navbar
        user={user}
        hasFavorites={favorites.length > 0}
        cartCount={cart.length}
        searchTerm={searchTerm}
        onSearchChange={setSearchTerm}
        onSignOut={() => session.send({ type: 'SIGN_OUT' })}
      />
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
