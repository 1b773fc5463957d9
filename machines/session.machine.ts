import { assign, fromCallback, fromPromise, sendTo, setup, type ActorRefFrom, type DoneActorEvent } from 'xstate';
import type { AuthUser } from '~/src/auth/provider';
import type { LoggedUser } from '~/src/domain/types';

export interface SignInInput {
  email: string;
  password: string;
  remember: boolean;
}

export interface RegisterInput {
  email: string;
  username: string;
  password: string;
}

export type SessionEvent =
  | { type: 'AUTH_CHANGED'; user: AuthUser | null }
  /** Another tab changed this site's storage: it may have signed someone in. */
  | { type: 'STORAGE_CHANGED' }
  /** The shopper opened a sign-in page: the provider loads ahead of the sign-in. */
  | { type: 'PREPARE_SIGN_IN' }
  | ({ type: 'SIGN_IN' } & SignInInput)
  | { type: 'SIGN_IN_WITH_GOOGLE' }
  | ({ type: 'REGISTER' } & RegisterInput)
  | { type: 'SIGN_OUT' }
  | { type: 'PROFILE_UPDATED'; user: LoggedUser };

export interface SessionContext {
  user: LoggedUser | null;
  error: string | null;
  /** Sign out was asked for while a sign-in was under way: it runs once the sign-in settles. */
  signOutAfterSignIn: boolean;
}

const notProvided = (name: string) => () => {
  throw new Error(`session machine: provide the "${name}" actor`);
};

/** A sign-in may start in every state that is not itself busy, and replaces whoever the app or the provider holds. */
const START_SIGN_IN = { SIGN_IN: '#signingIn', SIGN_IN_WITH_GOOGLE: '#signingInWithGoogle', REGISTER: '#registering' } as const;

const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { storedUser: LoggedUser | null },
  },
  actors: {
    /** Sends AUTH_CHANGED once told to LISTEN (loading the provider then), and STORAGE_CHANGED until then. */
    authState: fromCallback<{ type: 'LISTEN' }>(notProvided('authState')),
    loadUser: fromPromise<LoggedUser | null, AuthUser>(notProvided('loadUser')),
    /** The sign-ins answer the shop user signed in, or fail with an Error whose message is the one to show. */
    signIn: fromPromise<LoggedUser, SignInInput>(notProvided('signIn')),
    signInWithGoogle: fromPromise<LoggedUser>(notProvided('signInWithGoogle')),
    register: fromPromise<LoggedUser, RegisterInput>(notProvided('register')),
    signOut: fromPromise<void>(notProvided('signOut')),
  },
  actions: {
    /** Holds the user a sign-in answered. */
    signedIn: assign((_, user: LoggedUser) => ({ user })),
    /** Writes the userLogged record. */
    remember: (_, _user: LoggedUser) => {},
    /** Clears the userLogged record. */
    forget: () => {},
    /** Goes to the login page. */
    showLogin: () => {},
    /** Nobody to restore: requests go out without a token until the provider is loaded. */
    anonymous: () => {},
    /** Loads the provider and follows who it says is signed in, from now on. */
    listen: sendTo('authState', { type: 'LISTEN' }),
  },
  guards: {
    signOutAfterSignIn: ({ context }) => context.signOutAfterSignIn,
    /** Whether this browser holds a session: the userLogged record, or the provider's own (checked without loading it). */
    sessionStored: () => false,
    /**
     * Whether the userLogged record is stored, which a tab writes once its
     * sign-in is complete (the provider's record comes earlier, before a new
     * account's shop user exists).
     */
    userStored: () => false,
  },
});

/** Each sign-in actor answers a LoggedUser (see setup); the union of sources leaves the done event's output unknown here. */
const signedInUser = ({ event }: { event: unknown }) => (event as DoneActorEvent<LoggedUser>).output;

const signInInput = ({ event }: { event: SessionEvent }): SignInInput => {
  const { email, password, remember } = event as Extract<SessionEvent, { type: 'SIGN_IN' }>;
  return { email, password, remember };
};

const registerInput = ({ event }: { event: SessionEvent }): RegisterInput => {
  const { email, username, password } = event as Extract<SessionEvent, { type: 'REGISTER' }>;
  return { email, username, password };
};

/**
 * A sign-in sub-state of signedOut (`id`, reached from START_SIGN_IN) that
 * runs the `src` actor: signed in as the one it returns, or back to idle with
 * the message it fails with; a sign-out asked for meanwhile runs once it settles.
 */
const signingInWith = (
  id: string,
  invoke: { src: 'signIn'; input: typeof signInInput } | { src: 'signInWithGoogle' } | { src: 'register'; input: typeof registerInput },
) =>
  sessionSetup.createStateConfig({
    id,
    tags: ['busy'],
    entry: [assign({ error: null }), 'listen'],
    on: { SIGN_OUT: { actions: assign({ signOutAfterSignIn: true }) } },
    invoke: {
      ...invoke,
      onDone: [
        { guard: 'signOutAfterSignIn', target: '#session.signingOut' },
        {
          target: '#session.signedIn',
          actions: [
            { type: 'signedIn', params: signedInUser },
            { type: 'remember', params: signedInUser },
          ],
        },
      ],
      onError: [
        { guard: 'signOutAfterSignIn', target: '#session.signingOut' },
        { target: 'idle', actions: assign({ error: ({ event }) => (event.error as Error).message }) },
      ],
    },
  });

/**
 * The session: restored from the stored user at once, confirmed by the
 * provider's auth-state change; sign-in by email and password, by Google, or
 * by registering, from any settled state (the user shown is the one the
 * sign-in returns, never the provider's earlier one); sign-out from every
 * state. The provider (Firebase, a large download) is loaded only when a
 * session is stored, when a sign-in page opens, a sign-in or sign-out starts,
 * or another tab completes a sign-in; a visitor goes straight to signedOut
 * without it. The provider calls, the shop-user calls and the storage are
 * injected with `provide`.
 */
export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: ({ input }) => ({ user: input.storedUser, error: null, signOutAfterSignIn: false }),
  invoke: { id: 'authState', src: 'authState' },
  on: {
    PREPARE_SIGN_IN: { actions: 'listen' },
    STORAGE_CHANGED: { guard: 'userStored', actions: 'listen' },
  },
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'sessionStored', target: 'restoring' },
        { target: 'signedOut', actions: 'anonymous' },
      ],
    },
    restoring: {
      tags: ['loading'],
      entry: 'listen',
      on: {
        // A shopper may sign in or out before the provider has said who is signed in; the provider call waits for it.
        ...START_SIGN_IN,
        SIGN_OUT: 'signingOut',
        AUTH_CHANGED: [{ guard: ({ event }) => event.user === null, target: 'signedOut' }, { target: 'loadingUser' }],
      },
    },
    loadingUser: {
      tags: ['loading'],
      // Leaving stops the load: its answer, about the provider's earlier user, is dropped.
      on: { ...START_SIGN_IN, SIGN_OUT: 'signingOut' },
      invoke: {
        src: 'loadUser',
        input: ({ event }) => (event as Extract<SessionEvent, { type: 'AUTH_CHANGED' }>).user!,
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'signedIn',
            actions: [assign({ user: ({ event }) => event.output }), { type: 'remember', params: ({ event }) => event.output! }],
          },
          { target: 'signedOut' },
        ],
        // The API could not be reached: keep a stored user rather than signing anyone out.
        onError: [{ guard: ({ context }) => context.user !== null, target: 'signedIn' }, { target: 'signedOut' }],
      },
    },
    /**
     * Nobody is shown, and a sign-in runs from here: whoever was signed in
     * before is signed out first (favourites and cart let go of them), and
     * the sign-in's own answer decides who is signed in next.
     */
    signedOut: {
      entry: [assign({ user: null }), 'forget'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            ...START_SIGN_IN,
            // The provider may hold an identity the shop has no user for.
            SIGN_OUT: '#session.signingOut',
            AUTH_CHANGED: { guard: ({ event }) => event.user !== null, target: '#session.loadingUser' },
          },
        },
        signingIn: signingInWith('signingIn', { src: 'signIn', input: signInInput }),
        signingInWithGoogle: signingInWith('signingInWithGoogle', { src: 'signInWithGoogle' }),
        registering: signingInWith('registering', { src: 'register', input: registerInput }),
      },
    },
    signedIn: {
      on: {
        ...START_SIGN_IN,
        SIGN_OUT: 'signingOut',
        PROFILE_UPDATED: {
          actions: [assign({ user: ({ event }) => event.user }), { type: 'remember', params: ({ event }) => event.user }],
        },
        AUTH_CHANGED: [
          { guard: ({ event }) => event.user === null, target: 'signedOut' },
          // Another tab signed the provider in as someone else: let go of this user and load that one.
          {
            guard: ({ context, event }) => event.user!.uid !== context.user?.id,
            target: 'loadingUser',
            actions: [assign({ user: null }), 'forget'],
          },
        ],
      },
    },
    signingOut: {
      tags: ['busy'],
      // Nobody is shown from the moment sign-out is asked for; the provider's own answer comes later.
      entry: [assign({ user: null, signOutAfterSignIn: false }), 'listen'],
      invoke: {
        src: 'signOut',
        onDone: { target: 'signedOut', actions: [assign({ error: null }), 'showLogin'] },
        onError: { target: 'signedOut', actions: [assign({ error: null }), 'showLogin'] },
      },
    },
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
