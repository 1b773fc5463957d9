import { isAdmin, landingPath } from './permissions';
import { isSignInPage } from './signInPages';
import type { UserType } from './types';

/** The query parameter of /login and /register that names where a sign-in returns to. */
export const RETURN_PARAM = 'from';

const BASE = 'http://shop.invalid';
const ADMIN_AREA = /^\/admin(\/|$)/i;

/**
 * A path on this shop to return to (its path, query and hash), or null: only
 * a relative path starting with one `/` is taken, never another origin (`//host`,
 * `/\host`, `https:`, `javascript:`), whitespace or control characters, nor
 * a sign-in page.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\\s\p{Cc}]/u.test(value)) return null;
  const url = new URL(value, BASE);
  const path = canonicalPath(url.pathname);
  // The parser resolves dot segments: `/.//host` comes out as `//host`, another origin.
  if (url.origin !== BASE || path === null || path.startsWith('//') || isSignInPage(path)) return null;
  return `${path}${url.search}${url.hash}`;
}

/**
 * Each segment decoded and encoded again, as the router reads it: `/%61dmin`
 * is /admin, so the admin area and the sign-in pages are told apart by what
 * the router will show; null for an escape that decodes to nothing (`%zz`).
 */
function canonicalPath(pathname: string): string | null {
  try {
    return pathname
      .split('/')
      .map((segment) => encodeURIComponent(decodeURIComponent(segment)))
      .join('/');
  } catch {
    return null;
  }
}

/**
 * Where a sign-in (by email, Google or registering) leads: back to `from`,
 * where the shopper was; an Admin lands where /dashboard leads (the spec's
 * landing page after login) unless `from` is in the admin area, and a
 * shopper never goes back into it. Without `from`, the landing page.
 */
export function afterSignInPath(user: { type: UserType } | null | undefined, from: string | null): string {
  if (from === null || isAdmin(user) !== ADMIN_AREA.test(from)) return landingPath(user);
  return from;
}
