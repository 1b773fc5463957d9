import { describe, expect, it } from 'vitest';
import { afterSignInPath, safeReturnPath } from './returnPath';

describe('a path to return to after signing in', () => {
  it('is a path on this shop, with its query and hash', () => {
    expect(safeReturnPath('/cart')).toBe('/cart');
    expect(safeReturnPath('/catalogue?sort=newest&page=2#top')).toBe('/catalogue?sort=newest&page=2#top');
    expect(safeReturnPath('/detail/12')).toBe('/detail/12');
  });

  // `/%61dmin/dashboard` is /admin/dashboard to the router, so the check must read it so too.
  it('is read as the router reads it: an escaped letter is the letter', () => {
    expect(safeReturnPath('/%61dmin/dashboard')).toBe('/admin/dashboard');
    expect(afterSignInPath({ type: 'User' }, safeReturnPath('/%61dmin/dashboard'))).toBe('/home');
    expect(safeReturnPath('/search/a%3Fb%2Fc')).toBe('/search/a%3Fb%2Fc');
  });

  it('is never another site, a script, or a sign-in page (no open redirect, no loop)', () => {
    for (const value of [
      'https://evil.test/',
      'http://127.0.0.1:4319/cart',
      '//evil.test/',
      '/\\evil.test/',
      '\\\\evil.test',
      '/\t/evil.test',
      '/.//evil.test',
      '/..//evil.test',
      '/a/..//evil.test',
      '/%2e//evil.test',
      '/%2e%2e//evil.test',
      '/%zz',
      '/%6Cogin',
      ' /cart',
      'javascript:alert(1)',
      'cart',
      '',
      null,
      undefined,
      '/login',
      '/Login?from=/cart',
      '/register',
      '/resetPassword',
      `/${'a'.repeat(2000)}`,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });
});

describe('where a sign-in leads', () => {
  const shopper = { type: 'User' } as const;
  const admin = { type: 'Admin' } as const;

  it('takes a shopper back to where they were, else to the landing page (/home)', () => {
    expect(afterSignInPath(shopper, '/cart')).toBe('/cart');
    expect(afterSignInPath(shopper, null)).toBe('/home');
  });

  it('keeps the landing page for an Admin (/dashboard leads to /admin/dashboard) unless sent from the admin area', () => {
    expect(afterSignInPath(admin, '/cart')).toBe('/admin/dashboard');
    expect(afterSignInPath(admin, null)).toBe('/admin/dashboard');
    expect(afterSignInPath(admin, '/admin/users')).toBe('/admin/users');
    expect(afterSignInPath(admin, '/Admin/products/list')).toBe('/Admin/products/list');
  });

  it('never takes a shopper into the admin area, which would send them back to sign in', () => {
    expect(afterSignInPath(shopper, '/admin/users')).toBe('/home');
    expect(afterSignInPath(shopper, '/administrators')).toBe('/administrators');
  });
});
