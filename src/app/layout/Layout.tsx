import { Suspense, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Spinner } from '../../ui/Spinner/Spinner';
import { Toaster } from '../../ui/Toaster';
import { cartLineIdsStore, favoritesStore, loggedUserStore } from '../storage/keys';
import { useStoredValue } from '../storage/storedValue';
import { Footer } from './Footer/Footer';
import * as styles from './Layout.css';
import { Navbar } from './Navbar/Navbar';

/** The storefront frame: navbar, the routed page, footer and toasts. */
export function Layout() {
  const navigate = useNavigate();
  const user = useStoredValue(loggedUserStore);
  const favorites = useStoredValue(favoritesStore);
  const cart = useStoredValue(cartLineIdsStore);
  const [searchTerm, setSearchTerm] = useState('');

  const signOut = () => {
    loggedUserStore.write(null);
    navigate('/login');
  };

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
        onSignOut={signOut}
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
