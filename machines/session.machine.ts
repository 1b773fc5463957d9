import { assign, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { AuthUser } from '../src/auth/provider';
import { authErrorMessage } from '../src/domain/authMessages';
import type { LoggedUser } from '../src/domain/types';

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
  | ({ type: 'SIGN_IN' } & SignInInput)
  | { type: 'SIGN_IN_WITH_GOOGLE' }
  | ({ type: 'REGISTER' } & RegisterInput)
  | { type: 'SIGN_OUT' }
  | { type: 'PROFILE_UPDATED'; user: LoggedUser };

export interface SessionContext {
  user: LoggedUser | null;
  error: string | null;
}

const notProvided = (name: string) => () => {
  throw new Error(`session machine: provide the "${name}" actor`);
};

/**
 * The session: restored from the stored user at once, confirmed by the
 * provider's auth-state change; sign-in by email and password, by Google, or
 * by registering; sign-out. The provider calls, the shop-user calls and the
 * storage are injected with `provide`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { storedUser: LoggedUser | null },
  },
  actors: {
    authState: fromCallback<SessionEvent>(notProvided('authState')),
    loadUser: fromPromise<LoggedUser | null, AuthUser>(notProvided('loadUser')),
    signIn: fromPromise<LoggedUser, SignInInput>(notProvided('signIn')),
    signInWithGoogle: fromPromise<LoggedUser>(notProvided('signInWithGoogle')),
    register: fromPromise<LoggedUser, RegisterInput>(notProvided('register')),
    signOut: fromPromise<void>(notProvided('signOut')),
  },
  actions: {
    /** Writes the userLogged record. */
    remember: (_, _user: LoggedUser) => {},
    /** Clears the userLogged record. */
    forget: () => {},
    /** Goes to the login page. */
    showLogin: () => {},
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ user: input.storedUser, error: null }),
  invoke: { src: 'authState' },
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['loading'],
      on: {
        // A shopper may sign in before the provider has said who is signed in; the sign-in waits for the provider itself.
        SIGN_IN: 'signingIn',
        SIGN_IN_WITH_GOOGLE: 'signingInWithGoogle',
        REGISTER: 'registering',
        AUTH_CHANGED: [
          { guard: ({ event }) => event.user === null, target: 'signedOut', actions: [assign({ user: null }), 'forget'] },
          { target: 'loadingUser' },
        ],
      },
    },
    loadingUser: {
      tags: ['loading'],
      invoke: {
        src: 'loadUser',
        input: ({ event }) => (event as Extract<SessionEvent, { type: 'AUTH_CHANGED' }>).user!,
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'signedIn',
            actions: [assign({ user: ({ event }) => event.output }), { type: 'remember', params: ({ event }) => event.output! }],
          },
          { target: 'signedOut', actions: [assign({ user: null }), 'forget'] },
        ],
        // The API could not be reached: keep a stored user rather than signing anyone out.
        onError: [{ guard: ({ context }) => context.user !== null, target: 'signedIn' }, { target: 'signedOut' }],
      },
    },
    signedOut: {
      on: {
        SIGN_IN: 'signingIn',
        SIGN_IN_WITH_GOOGLE: 'signingInWithGoogle',
        REGISTER: 'registering',
        AUTH_CHANGED: { guard: ({ event }) => event.user !== null, target: 'loadingUser' },
      },
    },
    signingIn: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'signIn',
        input: ({ event }) => {
          const { email, password, remember } = event as Extract<SessionEvent, { type: 'SIGN_IN' }>;
          return { email, password, remember };
        },
        onDone: { target: 'signedIn', actions: [assign({ user: ({ event }) => event.output }), { type: 'remember', params: ({ event }) => event.output }] },
        onError: { target: 'signedOut', actions: assign({ error: ({ event }) => authErrorMessage(event.error as object) }) },
      },
    },
    signingInWithGoogle: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'signInWithGoogle',
        onDone: { target: 'signedIn', actions: [assign({ user: ({ event }) => event.output }), { type: 'remember', params: ({ event }) => event.output }] },
        onError: { target: 'signedOut', actions: assign({ error: ({ event }) => authErrorMessage(event.error as object) }) },
      },
    },
    registering: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'register',
        input: ({ event }) => {
          const { email, username, password } = event as Extract<SessionEvent, { type: 'REGISTER' }>;
          return { email, username, password };
        },
        onDone: { target: 'signedIn', actions: [assign({ user: ({ event }) => event.output }), { type: 'remember', params: ({ event }) => event.output }] },
        onError: { target: 'signedOut', actions: assign({ error: ({ event }) => authErrorMessage(event.error as object) }) },
      },
    },
    signedIn: {
      on: {
        SIGN_OUT: 'signingOut',
        PROFILE_UPDATED: { actions: [assign({ user: ({ event }) => event.user }), { type: 'remember', params: ({ event }) => event.user }] },
        AUTH_CHANGED: { guard: ({ event }) => event.user === null, target: 'signedOut', actions: [assign({ user: null }), 'forget'] },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        src: 'signOut',
        onDone: { target: 'signedOut', actions: [assign({ user: null, error: null }), 'forget', 'showLogin'] },
        onError: { target: 'signedOut', actions: [assign({ user: null, error: null }), 'forget', 'showLogin'] },
      },
    },
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
