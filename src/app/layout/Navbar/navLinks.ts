import type { LoggedUser } from '~/src/domain/types';
import { isAdmin } from '~/src/domain/permissions';

export interface NavEntry {
  to: string;
  label: string;
}

/** The back office's entry, the last section link, for an Admin only. */
export const adminLink: NavEntry = { to: '/admin', label: 'Admin' };

/** Home, Catalogue and About for everyone; Admin only for an Admin. */
export function sectionLinks(user: LoggedUser | null): NavEntry[] {
  const links = [
    { to: '/home', label: 'Home' },
    { to: '/catalogue', label: 'Catalogue' },
    { to: '/about', label: 'About' },
  ];
  return isAdmin(user) ? [...links, adminLink] : links;
}
