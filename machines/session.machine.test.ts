import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { AuthUser } from '~/src/auth/provider';
import type { LoggedUser } from '~/src/domain/types';
import { sessionMachine, type RegisterInput, type SessionEvent, type SignInInput } from './session.machine';

const ana: LoggedUser = { id: 'u1', type: 'User', username: 'anabelle1', email: 'ana@makeup.test', img: null };
const authAna: AuthUser = { uid: 'u1', email: 'ana@makeup.test', displayName: null, photoURL: null };
const bea: LoggedUser = { id: 'u2', type: 'User', username: 'beatrice1', email: 'bea@makeup.test', img: null };

/** A promise the test settles itself. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * The session on fake actors: `providerSession` is a session the provider keeps
 * in storage (a stored user counts too); the provider reports only once the
 * session has told it to listen, which is when it would be loaded.
 */
function start(
  options: {
    storedUser?: LoggedUser | null;
    providerSession?: boolean;
    signIn?: (input: SignInInput) => Promise<LoggedUser>;
    register?: (input: RegisterInput) => Promise<LoggedUser>;
    google?: () => Promise<LoggedUser>;
    loadUser?: (user: AuthUser) => Promise<LoggedUser | null>;
    signOut?: () => Promise<void>;
  } = {},
) {
  let emit: (event: SessionEvent) => void = () => {};
  let listening = false;
  const stored = (options.storedUser ?? null) !== null || (options.providerSession ?? false);
  let userStoredElsewhere = false;
  const remember = vi.fn();
  const forget = vi.fn();
  const showLogin = vi.fn();
  const anonymous = vi.fn();
  const signOut = vi.fn(options.signOut ?? (async () => {}));
  const machine = sessionMachine.provide({
    actors: {
      authState: fromCallback<{ type: 'LISTEN' }>(({ sendBack, receive }) => {
        emit = sendBack;
        receive(() => (listening = true));
      }),
      loadUser: fromPromise(({ input }) => (options.loadUser ?? (async () => ana))(input)),
      signIn: fromPromise(({ input }) => (options.signIn ?? (async () => ana))(input)),
      signInWithGoogle: fromPromise(() => (options.google ?? (async () => ana))()),
      register: fromPromise(({ input }) => (options.register ?? (async () => ana))(input)),
      signOut: fromPromise(signOut),
    },
    actions: {
      remember: (_, user) => remember(user),
      forget,
      showLogin,
      anonymous,
    },
    guards: { sessionStored: () => stored, userStored: () => userStoredElsewhere },
  });
  const actor = createActor(machine, { input: { storedUser: options.storedUser ?? null } }).start();
  return {
    actor,
    providerLoaded: () => listening,
    authChanged(user: AuthUser | null) {
      expect(listening, 'the provider is loaded before it reports').toBe(true);
      emit({ type: 'AUTH_CHANGED', user });
    },
    /** Another tab changes the storage, leaving the userLogged record stored (its sign-in complete) or not. */
    storageChanged(userStored: boolean) {
      userStoredElsewhere = userStored;
      emit({ type: 'STORAGE_CHANGED' });
    },
    remember,
    forget,
    showLogin,
    anonymous,
    signOut,
  };
}

describe('session machine', () => {
  it('shows the stored user at once and is loading until the provider, loaded at once, answers', () => {
    const { actor, providerLoaded, anonymous } = start({ storedUser: ana });
    expect(actor.getSnapshot().context.user).toEqual(ana);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(providerLoaded()).toBe(true);
    expect(anonymous).not.toHaveBeenCalled();
  });

  it('a visitor with nothing stored is signed out at once, without loading the provider; requests go without a token', () => {
    const { actor, providerLoaded, anonymous, forget } = start();
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(providerLoaded()).toBe(false);
    expect(anonymous).toHaveBeenCalled();
    expect(forget).toHaveBeenCalled();
  });

  it.each([
    ['a sign-in', { type: 'SIGN_IN', email: 'ana@makeup.test', password: 'secret1', remember: true }],
    ['a Google sign-in', { type: 'SIGN_IN_WITH_GOOGLE' }],
    ['a registration', { type: 'REGISTER', email: 'ana@makeup.test', username: 'anabelle1', password: 'secret1' }],
    ['a sign-out', { type: 'SIGN_OUT' }],
    ['a sign-in page opened', { type: 'PREPARE_SIGN_IN' }],
  ] as const)("%s loads a visitor's provider and follows it", async (_, event) => {
    const offline = async () => Promise.reject(new Error('We could not reach the sign-in service. Check your connection and try again.'));
    const { actor, providerLoaded, authChanged } = start({ signIn: offline, google: offline, register: offline });
    actor.send(event);
    expect(providerLoaded()).toBe(true);
    await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
    // The provider now reports its user: say, one this browser signed in elsewhere meanwhile.
    authChanged(authAna);
    await waitFor(actor, (s) => s.matches('signedIn'));
  });

  it("signedOut -> loadingUser -> signedIn: another tab's sign-in, once it stores its user, is followed by a visitor's tab", async () => {
    const { actor, providerLoaded, storageChanged, authChanged } = start();
    storageChanged(false);
    expect(providerLoaded()).toBe(false);
    storageChanged(true);
    expect(providerLoaded()).toBe(true);
    authChanged(authAna);
    expect(actor.getSnapshot().matches('loadingUser')).toBe(true);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.user).toEqual(ana);
  });

  it('restoring -> signedOut when the provider has nobody, clearing the stored user', () => {
    const { actor, authChanged, forget } = start({ storedUser: ana });
    authChanged(null);
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(forget).toHaveBeenCalled();
  });

  it('restoring -> loadingUser -> signedIn when the provider has a user with a shop account', async () => {
    const { actor, authChanged, remember } = start({ providerSession: true });
    authChanged(authAna);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.user).toEqual(ana);
    expect(remember).toHaveBeenCalledWith(ana);
  });

  it('loadingUser -> signedOut when there is no shop account', async () => {
    const { actor, authChanged } = start({ providerSession: true, loadUser: async () => null });
    authChanged(authAna);
    await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
  });

  it('keeps the stored user when the shop cannot be reached', async () => {
    const { actor, authChanged } = start({ storedUser: ana, loadUser: async () => Promise.reject(new Error('offline')) });
    authChanged(authAna);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.user).toEqual(ana);
  });

  it('restoring -> signingIn: a sign-in before the provider answers is not lost', async () => {
    const { actor, authChanged } = start({ providerSession: true });
    actor.send({ type: 'SIGN_IN_WITH_GOOGLE' });
    expect(actor.getSnapshot().matches({ signedOut: 'signingInWithGoogle' })).toBe(true);
    authChanged(null);
    await waitFor(actor, (s) => s.matches('signedIn'));
  });

  it('signedOut -> signingIn -> signedIn with email and password', async () => {
    const signIn = vi.fn(async () => ana);
    const { actor, remember } = start({ signIn });
    actor.send({ type: 'SIGN_IN', email: 'ana@makeup.test', password: 'secret1', remember: true });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(signIn).toHaveBeenCalledWith({ email: 'ana@makeup.test', password: 'secret1', remember: true });
    expect(remember).toHaveBeenCalledWith(ana);
  });

  it('signingIn -> signedOut with the message the sign-in fails with', async () => {
    const { actor } = start({ signIn: async () => Promise.reject(new Error('Incorrect Password')) });
    actor.send({ type: 'SIGN_IN', email: 'ana@makeup.test', password: 'secret1', remember: false });
    await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Incorrect Password');
  });

  it('clears the last error when trying again', async () => {
    const { actor } = start({ signIn: async () => Promise.reject(new Error('Incorrect Password')) });
    actor.send({ type: 'SIGN_IN', email: 'a@b.co', password: 'x1234', remember: false });
    await waitFor(actor, (s) => s.context.error !== null);
    actor.send({ type: 'SIGN_IN', email: 'a@b.co', password: 'x1234', remember: false });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('signedOut -> signingInWithGoogle -> signedIn, or back with the message it fails with', async () => {
    const ok = start();
    ok.actor.send({ type: 'SIGN_IN_WITH_GOOGLE' });
    await waitFor(ok.actor, (s) => s.matches('signedIn'));
    const failed = start({ google: async () => Promise.reject(new Error('The popup was blocked.')) });
    failed.actor.send({ type: 'SIGN_IN_WITH_GOOGLE' });
    await waitFor(failed.actor, (s) => s.context.error !== null);
    expect(failed.actor.getSnapshot().context.error).toBe('The popup was blocked.');
  });

  it('signedOut -> registering -> signedIn, or back with the message', async () => {
    const register = vi.fn(async () => ana);
    const ok = start({ register });
    ok.actor.send({ type: 'REGISTER', email: 'ana@makeup.test', username: 'anabelle1', password: 'secret1' });
    await waitFor(ok.actor, (s) => s.matches('signedIn'));
    expect(register).toHaveBeenCalledWith({ email: 'ana@makeup.test', username: 'anabelle1', password: 'secret1' });
    const taken = start({ register: async () => Promise.reject(new Error('An account with this email already exists. Sign in instead.')) });
    taken.actor.send({ type: 'REGISTER', email: 'ana@makeup.test', username: 'anabelle1', password: 'secret1' });
    await waitFor(taken.actor, (s) => s.context.error !== null);
    expect(taken.actor.getSnapshot().context.error).toMatch(/already exists/);
  });

  it('signedIn -> signingOut -> signedOut: clears the stored user and shows the login page', async () => {
    const { actor, authChanged, forget, showLogin, signOut } = start({ storedUser: ana });
    authChanged(authAna);
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'SIGN_OUT' });
    await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
    expect(signOut).toHaveBeenCalled();
    expect(forget).toHaveBeenCalled();
    expect(showLogin).toHaveBeenCalled();
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('signedIn: a profile change is remembered; a sign-out elsewhere signs out here', async () => {
    const { actor, authChanged, remember } = start({ providerSession: true });
    authChanged(authAna);
    await waitFor(actor, (s) => s.matches('signedIn'));
    const renamed = { ...ana, username: 'anaRenamed1' };
    actor.send({ type: 'PROFILE_UPDATED', user: renamed });
    expect(remember).toHaveBeenLastCalledWith(renamed);
    authChanged(null);
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
  });

  it('signedIn -> loadingUser -> signedIn as B when another tab signs the provider in as B', async () => {
    const authBea: AuthUser = { uid: 'u2', email: 'bea@makeup.test', displayName: null, photoURL: null };
    const loadUser = vi.fn(async (user: AuthUser) => (user.uid === 'u2' ? bea : ana));
    const { actor, authChanged, remember, forget } = start({ storedUser: ana, loadUser });
    authChanged(authAna);
    await waitFor(actor, (s) => s.matches('signedIn'));
    authChanged(authAna);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(loadUser).toHaveBeenCalledTimes(1);

    authChanged(authBea);
    // A is let go of at once: nobody is shown until B's shop user is loaded.
    expect(actor.getSnapshot().matches('loadingUser')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(forget).toHaveBeenCalled();
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(loadUser).toHaveBeenLastCalledWith(authBea);
    expect(actor.getSnapshot().context.user).toEqual(bea);
    expect(remember).toHaveBeenLastCalledWith(bea);
  });

  describe('signing in while someone else is held', () => {
    it.each([
      ['SIGN_IN', { type: 'SIGN_IN', email: 'bea@makeup.test', password: 'secret1', remember: true }],
      ['SIGN_IN_WITH_GOOGLE', { type: 'SIGN_IN_WITH_GOOGLE' }],
      ['REGISTER', { type: 'REGISTER', email: 'bea@makeup.test', username: 'beatrice1', password: 'secret1' }],
    ] as const)('signedIn -> %s -> signedIn as the one the sign-in returns', async (_, event) => {
      const { actor, authChanged, remember, forget } = start({
        providerSession: true,
        signIn: async () => bea,
        google: async () => bea,
        register: async () => bea,
      });
      authChanged(authAna);
      await waitFor(actor, (s) => s.matches('signedIn'));
      actor.send(event);
      // Signed out while the sign-in runs: favourites and cart let go of the earlier user.
      expect(actor.getSnapshot().matches('signedOut')).toBe(true);
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      expect(actor.getSnapshot().context.user).toBeNull();
      expect(forget).toHaveBeenCalled();
      await waitFor(actor, (s) => s.matches('signedIn'));
      expect(actor.getSnapshot().context.user).toEqual(bea);
      expect(remember).toHaveBeenLastCalledWith(bea);
    });

    it("loadingUser -> signingIn: the earlier user's load is dropped and the session ends as the new one", async () => {
      const anaLoad = deferred<LoggedUser | null>();
      const { actor, authChanged, remember } = start({ providerSession: true, loadUser: () => anaLoad.promise, signIn: async () => bea });
      authChanged(authAna);
      expect(actor.getSnapshot().value).toBe('loadingUser');
      actor.send({ type: 'SIGN_IN', email: 'bea@makeup.test', password: 'secret1', remember: true });
      await waitFor(actor, (s) => s.matches('signedIn'));
      anaLoad.resolve(ana);
      await Promise.resolve();
      expect(actor.getSnapshot().context.user).toEqual(bea);
      expect(remember).not.toHaveBeenCalledWith(ana);
    });

    it('a failed sign-in over a stored user ends signed out showing nobody', async () => {
      const { actor } = start({ storedUser: ana, signIn: async () => Promise.reject(new Error('Incorrect Password')) });
      actor.send({ type: 'SIGN_IN', email: 'bea@makeup.test', password: 'wrong12', remember: true });
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      expect(actor.getSnapshot().context).toMatchObject({ user: null, error: 'Incorrect Password' });
    });
  });

  describe('sign out works in every state', () => {
    it('restoring -> signingOut -> signedOut, whoever the provider then announces', async () => {
      const provider = deferred<void>();
      const { actor, authChanged, signOut, forget, showLogin } = start({ storedUser: ana, signOut: () => provider.promise });
      actor.send({ type: 'SIGN_OUT' });
      expect(actor.getSnapshot().value).toBe('signingOut');
      expect(actor.getSnapshot().context.user).toBeNull();
      authChanged(authAna);
      expect(actor.getSnapshot().value).toBe('signingOut');
      provider.resolve();
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      expect(signOut).toHaveBeenCalled();
      expect(forget).toHaveBeenCalled();
      expect(showLogin).toHaveBeenCalled();
    });

    it('loadingUser -> signingOut -> signedOut; the late load is dropped', async () => {
      const anaLoad = deferred<LoggedUser | null>();
      const { actor, authChanged, signOut, remember } = start({ storedUser: ana, loadUser: () => anaLoad.promise });
      authChanged(authAna);
      expect(actor.getSnapshot().value).toBe('loadingUser');
      actor.send({ type: 'SIGN_OUT' });
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      anaLoad.resolve(ana);
      await Promise.resolve();
      expect(actor.getSnapshot()).toMatchObject({ value: { signedOut: 'idle' }, context: { user: null } });
      expect(signOut).toHaveBeenCalled();
      expect(remember).not.toHaveBeenCalled();
    });

    it('signedOut -> signingOut: the provider lets go of an identity the shop has no user for', async () => {
      const { actor, authChanged, signOut } = start({ providerSession: true, loadUser: async () => null });
      authChanged(authAna);
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      actor.send({ type: 'SIGN_OUT' });
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      expect(signOut).toHaveBeenCalled();
    });

    it.each([
      ['signingIn', { type: 'SIGN_IN', email: 'bea@makeup.test', password: 'secret1', remember: true }],
      ['signingInWithGoogle', { type: 'SIGN_IN_WITH_GOOGLE' }],
      ['registering', { type: 'REGISTER', email: 'bea@makeup.test', username: 'beatrice1', password: 'secret1' }],
    ] as const)('%s: the sign-in settles, then the sign-out runs', async (state, event) => {
      const pending = deferred<LoggedUser>();
      const { actor, signOut, remember } = start({
        signIn: () => pending.promise,
        google: () => pending.promise,
        register: () => pending.promise,
      });
      actor.send(event);
      actor.send({ type: 'SIGN_OUT' });
      expect(actor.getSnapshot().matches({ signedOut: state })).toBe(true);
      expect(signOut).not.toHaveBeenCalled();
      pending.resolve(bea);
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      expect(signOut).toHaveBeenCalled();
      expect(remember).not.toHaveBeenCalled();
      expect(actor.getSnapshot().context).toMatchObject({ user: null, signOutAfterSignIn: false });
    });

    it('a sign-out asked for during a sign-in that fails still signs the provider out', async () => {
      const pending = deferred<LoggedUser>();
      const { actor, signOut } = start({ signIn: () => pending.promise });
      actor.send({ type: 'SIGN_IN', email: 'bea@makeup.test', password: 'secret1', remember: true });
      actor.send({ type: 'SIGN_OUT' });
      pending.reject(new Error('We could not reach the sign-in service. Check your connection and try again.'));
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      expect(signOut).toHaveBeenCalled();
    });
  });
});
