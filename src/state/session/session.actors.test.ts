import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, toPromise, type AnyActorLogic, type AnyEventObject } from 'xstate';
import { createMockBackend } from '~/mocks/backend';
import { mockToken } from '~/mocks/identity';
import { DEMO_ADMIN, DEMO_USER } from '~/seed/seed';
import type { AuthProvider, AuthUser } from '~/src/auth/provider';

const ORIGIN = 'http://shop.test';
vi.hoisted(() => vi.stubEnv('VITE_API_BASE', 'http://shop.test/api'));
// The API client reads its base URL when it loads, so after the stub above.
const { setIdTokenSource } = await import('~/src/api/clientSettings');
const { sessionActors } = await import('./session.actors');

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => server.resetHandlers(...(await createMockBackend({ origin: ORIGIN })).handlers));

const identity = (user: { id: string; email: string; username: string }): AuthUser => ({
  uid: user.id,
  email: user.email,
  displayName: user.username,
  photoURL: null,
});
const admin = identity(DEMO_ADMIN);
const ana = identity(DEMO_USER);
/** Someone the shop has never seen, as Google names them. */
const newcomer: AuthUser = {
  uid: 'google-newcomer',
  email: 'marta.lopez@makeup.test',
  displayName: 'Marta López',
  photoURL: '/images/marta.png',
};

/** An in-memory provider holding `held`, whose calls the shop API believes through mock tokens. */
function providerHolding(held: AuthUser | null, options: { google?: AuthUser; redirected?: AuthUser } = {}) {
  let current = held;
  const refuse = (code: string) => Promise.reject({ code, message: code });
  const provider = {
    onAuthStateChanged: () => () => {},
    signIn: async (email: string, password: string) =>
      email === ana.email && password === 'makeup123' ? (current = ana) : refuse('auth/wrong-password'),
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
    ['a wrong password', 'signIn', { email: ana.email, password: 'wrong123', remember: true }, 'Incorrect Password'],
    ['a closed Google popup', 'signInWithGoogle', undefined, 'The Google window was closed before signing in.'],
    [
      'an email already in use',
      'register',
      { email: ana.email, username: 'someone12', password: 'secret12' },
      'An account with this email already exists. Sign in instead.',
    ],
    [
      'a taken username',
      'register',
      { email: 'someone@makeup.test', username: DEMO_USER.username, password: 'secret12' },
      'That username is taken. Choose another one.',
    ],
  ] as const)(
    'a sign-in that fails with %s leaves the provider holding nobody, as the session shows, and fails with the message to show',
    async (_, actor, input, message) => {
      const held = providerHolding(admin);
      await expect(run(sessionActors(async () => held.provider)[actor], input)).rejects.toThrow(new Error(message));
      expect(held.provider.signOut).toHaveBeenCalled();
      expect(held.current()).toBeNull();
    },
  );
});

describe("the provider's auth state", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The authState actor under a parent that records what it sends. */
  function listenTo(load: () => Promise<AuthProvider>) {
    const events: AnyEventObject[] = [];
    const parent = createActor(
      createMachine({
        invoke: { id: 'authState', src: sessionActors(load).authState },
        on: { '*': { actions: ({ event }) => events.push(event) } },
      }),
    ).start();
    return { events, listen: () => parent.getSnapshot().children.authState!.send({ type: 'LISTEN' }), stop: () => parent.stop() };
  }

  it('loads nothing until told to listen, passing on other tabs’ storage changes; then reports the provider’s user, and requests carry its token', async () => {
    vi.stubGlobal('window', new EventTarget());
    const { provider } = providerHolding(ana);
    const load = vi.fn(async () => ({
      ...provider,
      onAuthStateChanged: (listener: (user: AuthUser | null) => void) => (listener(ana), () => {}),
    }));
    setIdTokenSource(async () => null);
    const { events, listen, stop } = listenTo(load);

    window.dispatchEvent(new Event('storage'));
    expect(events).toEqual([{ type: 'STORAGE_CHANGED' }]);
    expect(load).not.toHaveBeenCalled();

    listen();
    listen();
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'AUTH_CHANGED', user: ana }));
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('storage'));
    expect(events.filter((event) => event.type === 'STORAGE_CHANGED')).toHaveLength(1);
    // The profile is not a catalogue read: it goes out with the provider's token, so the mock API answers it.
    const { api } = await import('~/src/api/client');
    const { response } = await api.GET('/users', { params: { query: { userId: ana.uid } } });
    expect(response.status).toBe(200);
    stop();
  });
});
