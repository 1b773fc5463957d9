import { expect, it } from 'vitest';
import { isSignInPage } from './signInPages';

it('the sign-in pages are /login, /register and /resetPassword, in any case, with or without a final slash', () => {
  for (const path of ['/login', '/Login', '/register/', '/resetPassword', '/RESETPASSWORD']) expect(isSignInPage(path), path).toBe(true);
  for (const path of ['/home', '/cart', '/login/more', '/loginx', '/admin/login', '/']) expect(isSignInPage(path), path).toBe(false);
});
