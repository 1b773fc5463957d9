import type { LoggedUser } from '~/src/domain/types';
import type { NavEntry } from './navLinks';

// Apart from navLinks.ts: only the menus that open on demand (AccountMenuDropdown, SideMenuDialog) show them.

/** The account menu: Sign In and Register logged out; Profile (and Sign out) logged in. */
export function accountLinks(user: LoggedUser | null): NavEntry[] {
  return user
    ? [{ to: '/profile', label: 'Profile' }]
    : [
        { to: '/login', label: 'Sign In' },
        { to: '/register', label: 'Register' },
      ];
}
