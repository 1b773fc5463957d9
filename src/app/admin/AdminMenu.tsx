import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Icon } from '~/src/ui/icons/Icon';
import { ScreenIcon, type ScreenIconName } from '~/src/ui/icons/ScreenIcon';
import * as styles from './AdminLayout.css';

/** A menu entry, highlighted on its own page and on the pages under `alsoUnder` (a product's edit page belongs to Product list). */
function Entry({ to, icon, label, alsoUnder }: { to: string; icon?: ScreenIconName; label: string; alsoUnder?: string }) {
  const { pathname } = useLocation();
  const content = (
    <>
      {icon && <ScreenIcon name={icon} size={20} />}
      {label}
    </>
  );
  return (
    <li>
      {alsoUnder && pathname.startsWith(alsoUnder) ? (
        <Link to={to} className={styles.entry} aria-current="page">
          {content}
        </Link>
      ) : (
        <NavLink to={to} className={styles.entry}>
          {content}
        </NavLink>
      )}
    </li>
  );
}

/**
 * The admin side menu; the Products group is open by default and toggles on
 * click. Below the large breakpoint it folds behind an "Admin menu" button
 * and folds again once an entry is chosen.
 */
export function AdminMenu() {
  const [productsOpen, setProductsOpen] = useState(true);
  const [unfolded, setUnfolded] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setUnfolded(false), [pathname]);
  return (
    <nav className={styles.menu} aria-label="Admin">
      <button
        type="button"
        className={styles.fold}
        aria-expanded={unfolded}
        aria-controls="admin-menu-entries"
        onClick={() => setUnfolded((open) => !open)}
      >
        <Icon name="menu" size={20} />
        Admin menu
      </button>
      <ul id="admin-menu-entries" className={styles.entries} data-unfolded={unfolded}>
        <Entry to="/admin/dashboard" icon="dashboard" label="Dashboard" />
        <li>
          <button
            type="button"
            className={styles.entry}
            aria-expanded={productsOpen}
            aria-controls="admin-products-menu"
            onClick={() => setProductsOpen((open) => !open)}
          >
            <ScreenIcon name="box" size={20} />
            Products
            <ScreenIcon name="chevronDown" size={18} className={[styles.chevron, productsOpen ? '' : styles.chevronClosed].join(' ')} />
          </button>
          <ul id="admin-products-menu" className={styles.sublist} hidden={!productsOpen}>
            <Entry to="/admin/products/list" label="Product list" alsoUnder="/admin/products/edit/" />
            <Entry to="/admin/products/create" label="Add product" />
          </ul>
        </li>
        <Entry to="/admin/orders" icon="receipt" label="Orders" />
        <Entry to="/admin/users" icon="users" label="Users" />
      </ul>
    </nav>
  );
}
