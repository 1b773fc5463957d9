import type { AuthProvider, AuthUser } from '~/src/auth/provider';
import { mockToken } from './identity';
import { DEMO_PASSWORDS } from '~/seed/demoPasswords';
import { DEMO_PEOPLE } from '~/seed/seed';

export const MOCK_GOOGLE_ACCOUNT: AuthUser = {
  uid: 'google-demo-shopper',
  email: 'google.shopper@makeup.test',
  displayName: 'Google Shopper',
  photoURL: null,
};

const SESSION_KEY = 'mockAuthUser';
const fail = (code: string, message: string) => Promise.reject({ code, message });

/**
 * The in-memory authentication provider that goes with the MSW backend:
 * the seeded people can sign in, new accounts live until the page reloads,
 * and the signed-in user survives a reload in browser storage.
 */
export function createMockAuthProvider(): AuthProvider {
  const accounts = new Map<string, { user: AuthUser; password: string }>(
    DEMO_PEOPLE.map((person) => [
      person.email,
      {
        user: { uid: person.id, email: person.email, displayName: person.username, photoURL: null },
        password: person.type === 'Admin' ? DEMO_PASSWORDS.admin : DEMO_PASSWORDS.shopper,
      },
    ]),
  );
  const listeners = new Set<(user: AuthUser | null) => void>();
  const stored = (storage: Storage) => {
    const raw = storage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as AuthUser) : null;
  };
  let current: AuthUser | null = stored(localStorage) ?? stored(sessionStorage);

  function set(user: AuthUser | null, remember = true) {
    current = user;
    localStorage.removeItem(SESSION_KEY);
    sessionStorage.removeItem(SESSION_KEY);
    if (user) (remember ? localStorage : sessionStorage).setItem(SESSION_KEY, JSON.stringify(user));
    listeners.forEach((listener) => listener(user));
  }

  return {
    onAuthStateChanged(listener) {
      listeners.add(listener);
      queueMicrotask(() => listener(current));
      return () => listeners.delete(listener);
    },
    async signIn(email, password, remember) {
      const account = accounts.get(email.toLowerCase());
      if (!account) return fail('auth/user-not-found', 'There is no user record corresponding to this identifier.');
      if (account.password !== password) return fail('auth/wrong-password', 'The password is invalid.');
      set(account.user, remember);
      return account.user;
    },
    async signUp(email, password) {
      if (accounts.has(email.toLowerCase()))
        return fail('auth/email-already-in-use', 'The email address is already in use by another account.');
      const user: AuthUser = { uid: `mock-${crypto.randomUUID()}`, email: email.toLowerCase(), displayName: null, photoURL: null };
      accounts.set(user.email, { user, password });
      set(user);
      return user;
    },
    async signInWithGoogle() {
      set(MOCK_GOOGLE_ACCOUNT);
      return MOCK_GOOGLE_ACCOUNT;
    },
    // Google sign-in here never leaves the page.
    redirectResult: async () => null,
    async deleteCurrentUser() {
      if (current) accounts.delete(current.email);
      set(null);
    },
    async sendPasswordReset(email) {
      if (!accounts.has(email.toLowerCase()))
        return fail('auth/user-not-found', 'There is no user record corresponding to this identifier.');
    },
    async signOut() {
      set(null);
    },
    getIdToken: async () => (current ? mockToken({ uid: current.uid, email: current.email }) : null),
  };
}

export const mockAuthProvider = createMockAuthProvider();
