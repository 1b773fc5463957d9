import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { AuthUser } from '../src/auth/provider';
import type { LoggedUser } from '../src/domain/types';
import { sessionMachine, type RegisterInput, type SessionEvent, type SignInInput } from './session.machine';

const ana: LoggedUser = { id: 'u1', type: 'User', username: 'anabelle1', email: 'ana@makeup.test', img: null };
const authAna: AuthUser = { uid: 'u1', email: 'ana@makeup.test', displayName: null, photoURL: null };

function start(options: {
  storedUser?: LoggedUser | null;
  signIn?: (input: SignInInput) => Promise<LoggedUser>;
  register?: (input: RegisterInput) => Promise<LoggedUser>;
  google?: () => Promise<LoggedUser>;
  loadUser?: (user: AuthUser) => Promise<LoggedUser | null>;
} = {}) {
  let emit: (event: SessionEvent) => void = () => {};
  const remember = vi.fn();
  const forget = vi.fn();
  const showLogin = vi.fn();
  const signOut = vi.fn(async () => {});
  const machine = sessionMachine.provide({
    actors: {
      authState: fromCallback<SessionEvent>(({ sendBack }) => {
        emit = sendBack;
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
    },
  });
  const actor = createActor(machine, { input: { storedUser: options.storedUser ?? null } }).start();
  return { actor, authChanged: (user: AuthUser | null) => emit({ type: 'AUTH_CHANGED', user }), remember, forget, showLogin, signOut };
}

describe('session machine', () => {
  it('shows the stored user at once and is loading until the provider answers', () => {
    const { actor } = start({ storedUser: ana });
    expect(actor.getSnapshot().context.user).toEqual(ana);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  });

  it('restoring -> signedOut when the provider has nobody, clearing the stored user', () => {
    const { actor, authChanged, forget } = start({ storedUser: ana });
    authChanged(null);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(forget).toHaveBeenCalled();
  });

  it('restoring -> loadingUser -> signedIn when the provider has a user with a shop account', async () => {
    const { actor, authChanged, remember } = start();
    authChanged(authAna);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.user).toEqual(ana);
    expect(remember).toHaveBeenCalledWith(ana);
  });

  it('loadingUser -> signedOut when there is no shop account', async () => {
    const { actor, authChanged } = start({ loadUser: async () => null });
    authChanged(authAna);
    await waitFor(actor, (s) => s.matches('signedOut'));
  });

  it('keeps the stored user when the shop cannot be reached', async () => {
    const { actor, authChanged } = start({ storedUser: ana, loadUser: async () => Promise.reject(new Error('offline')) });
    authChanged(authAna);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.user).toEqual(ana);
  });

  it('restoring -> signingIn: a sign-in before the provider answers is not lost', async () => {
    const { actor, authChanged } = start();
    actor.send({ type: 'SIGN_IN_WITH_GOOGLE' });
    expect(actor.getSnapshot().value).toBe('signingInWithGoogle');
    authChanged(null);
    await waitFor(actor, (s) => s.matches('signedIn'));
  });

  it('signedOut -> signingIn -> signedIn with email and password', async () => {
    const signIn = vi.fn(async () => ana);
    const { actor, authChanged, remember } = start({ signIn });
    authChanged(null);
    actor.send({ type: 'SIGN_IN', email: 'ana@makeup.test', password: 'secret1', remember: true });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(signIn).toHaveBeenCalledWith({ email: 'ana@makeup.test', password: 'secret1', remember: true });
    expect(remember).toHaveBeenCalledWith(ana);
  });

  it.each([
    ['auth/user-not-found', 'User not Found.'],
    ['auth/wrong-password', 'Incorrect Password'],
  ])('signingIn -> signedOut with the message for %s', async (code, message) => {
    const { actor, authChanged } = start({ signIn: async () => Promise.reject({ code, message: 'provider text' }) });
    authChanged(null);
    actor.send({ type: 'SIGN_IN', email: 'ana@makeup.test', password: 'secret1', remember: false });
    await waitFor(actor, (s) => s.matches('signedOut') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(message);
  });

  it('clears the last error when trying again', async () => {
    const { actor, authChanged } = start({ signIn: async () => Promise.reject({ code: 'auth/wrong-password', message: '' }) });
    authChanged(null);
    actor.send({ type: 'SIGN_IN', email: 'a@b.co', password: 'x1234', remember: false });
    await waitFor(actor, (s) => s.context.error !== null);
    actor.send({ type: 'SIGN_IN', email: 'a@b.co', password: 'x1234', remember: false });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('signedOut -> signingInWithGoogle -> signedIn, or back with the provider message', async () => {
    const ok = start();
    ok.authChanged(null);
    ok.actor.send({ type: 'SIGN_IN_WITH_GOOGLE' });
    await waitFor(ok.actor, (s) => s.matches('signedIn'));
    const failed = start({ google: async () => Promise.reject({ code: 'auth/popup-blocked', message: 'The popup was blocked.' }) });
    failed.authChanged(null);
    failed.actor.send({ type: 'SIGN_IN_WITH_GOOGLE' });
    await waitFor(failed.actor, (s) => s.context.error !== null);
    expect(failed.actor.getSnapshot().context.error).toBe('The popup was blocked.');
  });

  it('signedOut -> registering -> signedIn, or back with the message', async () => {
    const register = vi.fn(async () => ana);
    const ok = start({ register });
    ok.authChanged(null);
    ok.actor.send({ type: 'REGISTER', email: 'ana@makeup.test', username: 'anabelle1', password: 'secret1' });
    await waitFor(ok.actor, (s) => s.matches('signedIn'));
    expect(register).toHaveBeenCalledWith({ email: 'ana@makeup.test', username: 'anabelle1', password: 'secret1' });
    const taken = start({ register: async () => Promise.reject({ code: 'auth/email-already-in-use', message: '' }) });
    taken.authChanged(null);
    taken.actor.send({ type: 'REGISTER', email: 'ana@makeup.test', username: 'anabelle1', password: 'secret1' });
    await waitFor(taken.actor, (s) => s.context.error !== null);
    expect(taken.actor.getSnapshot().context.error).toMatch(/already exists/);
  });

  it('signedIn -> signingOut -> signedOut: clears the stored user and shows the login page', async () => {
    const { actor, authChanged, forget, showLogin, signOut } = start({ storedUser: ana });
    authChanged(authAna);
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'SIGN_OUT' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(signOut).toHaveBeenCalled();
    expect(forget).toHaveBeenCalled();
    expect(showLogin).toHaveBeenCalled();
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('signedIn: a profile change is remembered; a sign-out elsewhere signs out here', async () => {
    const { actor, authChanged, remember } = start();
    authChanged(authAna);
    await waitFor(actor, (s) => s.matches('signedIn'));
    const renamed = { ...ana, username: 'anaRenamed1' };
    actor.send({ type: 'PROFILE_UPDATED', user: renamed });
    expect(remember).toHaveBeenLastCalledWith(renamed);
    authChanged(null);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });
});
