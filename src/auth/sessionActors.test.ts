import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { createMockBackend } from '../../mocks/backend';
import { mockToken } from '../../mocks/identity';
import { DEMO_ADMIN, DEMO_USER } from '../../seed/seed';
import type { AuthProvider, AuthUser } from './provider';

const ORIGIN = 'http://shop.test';
vi.hoisted(() => vi.stubEnv('VITE_API_BASE', 'http://shop.test/api'));
// The API client reads its base URL when it loads, so after the stub above.
const { setIdTokenSource } = await import('../api/client');
const { sessionActors } = await import('./sessionActors');

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => server.resetHandlers(...(await createMockBackend({ origin: ORIGIN })).handlers));

const identity = (user: { id: string; email: string; username: string }): AuthUser => ({ uid: user.id, email: user.email, displayName: user.username, photoURL: null });
const admin = identity(DEMO_ADMIN);
const ana = identity(DEMO_USER);
/** Someone the shop has never seen, as Google names them. */
const newcomer: AuthUser = { uid: 'google-newcomer', email: 'marta.lopez@makeup.test', displayName: 'Marta López', photoURL: '/images/marta.png' };

/** An in-memory provider holding `held`, whose calls the shop API believes through mock tokens. */
function providerHolding(held: AuthUser | null, options: { google?: AuthUser; redirected?: AuthUser } = {}) {
  let current = held;
  const refuse = (code: string) => Promise.reject({ code, message: code });
  const provider = {
    onAuthStateChanged: () => () => {},
    signIn: async (email: string, password: string) => (email === ana.email && password === 'makeup123' ? (current = ana) : refuse('auth/wrong-password')),
    signUp: async (email: string) => (email === ana.email ? refuse('auth/email-already-in-use') : (current = { ...newcomer, email })),
    signInWithGoogle: async () => (options.google ? (current = options.google) : refuse('auth/popup-closed-by-user')),
    redirectResult: async () => options.redirected ?? null,
    deleteCurrentUser: async () => {
      current = null;
    },
    sendPasswordReset: async () => {},
    signOut: vi.fn(async () => {
      current = null;
    }),
    getIdToken: async () => (current ? mockToken({ uid: current.uid, email: current.email }) : null),
  } satisfies AuthProvider;
  setIdTokenSource(() => provider.getIdToken());
  return { provider, current: () => current };
}

function run<T extends AnyActorLogic>(logic: T, input?: unknown) {
  return toPromise(createActor(logic, { input } as never).start());
}

describe('session actors on the shop API', () => {
  it('a first-time Google user back from the redirect gets a shop user made exactly as on the popup path', async () => {
    const popup = providerHolding(null, { google: newcomer });
    const byPopup = await run(sessionActors(async () => popup.provider).signInWithGoogle);

    server.resetHandlers(...(await createMockBackend({ origin: ORIGIN })).handlers);
    const redirect = providerHolding(newcomer, { redirected: newcomer });
    const byRedirect = await run(sessionActors(async () => redirect.provider).loadUser, newcomer);

    for (const user of [byPopup, byRedirect]) {
      expect(user).toMatchObject({ id: newcomer.uid, type: 'User', email: newcomer.email, img: newcomer.photoURL });
      expect(user?.username).toMatch(/^MartaLopez\d{1,2}$/);
    }
  });

  it('a restore with no redirect behind it makes no shop user', async () => {
    const { provider } = providerHolding(newcomer);
    await expect(run(sessionActors(async () => provider).loadUser, newcomer)).resolves.toBeNull();
  });

  it.each([
    ['a wrong password', 'signIn', { email: ana.email, password: 'wrong123', remember: true }],
    ['a closed Google popup', 'signInWithGoogle', undefined],
    ['an email already in use', 'register', { email: ana.email, username: 'someone12', password: 'secret12' }],
  ] as const)('a sign-in that fails with %s leaves the provider holding nobody, as the session shows', async (_, actor, input) => {
    const held = providerHolding(admin);
    await expect(run(sessionActors(async () => held.provider)[actor], input)).rejects.toBeDefined();
    expect(held.provider.signOut).toHaveBeenCalled();
    expect(held.current()).toBeNull();
  });
});
