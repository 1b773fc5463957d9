import { Link, NavLink } from 'react-router';
import { isAdmin } from '~/src/domain/permissions';
import type { LoggedUser } from '~/src/domain/types';
import { Icon } from '~/src/ui/icons/Icon';
import { AccountMenu } from './AccountMenu';
import * as styles from './Navbar.css';
import { adminLink, sectionLinks } from './navLinks';
import { SideMenu } from './SideMenu';

export interface NavbarProps {
  user: LoggedUser | null;
  hasFavorites: boolean;
  cartCount: number;
  searchTerm: string;
  onSearchChange(term: string): void;
  onSignOut(): void;
}

export function Navbar({ user, hasFavorites, cartCount, searchTerm, onSearchChange, onSignOut }: NavbarProps) {
  return (
    <header className={styles.header}>
      <nav className={styles.bar} aria-label="Main">
        <SideMenu user={user} onSignOut={onSignOut} />
        <Link to="/" className={styles.title}>
          Rouge
        </Link>
        <ul className={styles.links}>
          {sectionLinks(user).map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to} className={styles.link}>
                {entry.label}
              </NavLink>
            </li>
          ))}
          {!isAdmin(user) && (
            // The Admin link's room, kept on every page: it fills in after hydration (the server renders for a visitor) without moving the search and actions.
            <li aria-hidden="true">
              <span className={`${styles.link} ${styles.reservedLink}`} data-label={adminLink.label} />
            </li>
          )}
        </ul>
        <form role="search" className={styles.search} onSubmit={(event) => event.preventDefault()}>
          <Icon name="search" size={20} />
          <input
            type="search"
            className={styles.searchInput}
            aria-label="Search products"
            placeholder="Search products"
            value={searchTerm}
            onChange={(event) => onSearchChange(event.target.value)}
          />
        </form>
        <div className={styles.actions}>
          <Link
            to="/favorites"
            className={[styles.iconButton, hasFavorites ? styles.favoriteOn : ''].join(' ')}
            aria-label={hasFavorites ? 'Favourites (some saved)' : 'Favourites'}
          >
            <Icon name="heart" filled={hasFavorites} />
          </Link>
          <AccountMenu user={user} onSignOut={onSignOut} />
          <Link to="/cart" className={styles.iconButton} aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}>
            <Icon name="cart" />
            {cartCount > 0 && (
              <span className={styles.badge} aria-hidden="true">
                {cartCount}
              </span>
            )}
          </Link>
        </div>
      </nav>
    </header>
  );
}
