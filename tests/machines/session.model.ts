import { assign, type SnapshotFrom } from 'xstate';
import { sessionMachine } from '~/machines/session.machine';
import { MOCK_GOOGLE_ACCOUNT } from '~/mocks/auth';
import { DEMO_USER } from '~/seed/seed';
import type { AuthUser } from '~/src/auth/provider';
import type { LoggedUser } from '~/src/domain/types';
import { answers, fails, type MachineModel, type ModelEvent } from './harness/model';
import { SEEDED_PEOPLE } from './harness/shop';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

/** Who the sign-in provider may say is signed in: seeded people, and someone with an identity but no shop user yet. */
export const IDENTITIES = {
  ana: { uid: DEMO_USER.id, email: DEMO_USER.email, displayName: null, photoURL: null },
  bruno: { uid: SEEDED_PEOPLE.bruno!.id, email: SEEDED_PEOPLE.bruno!.email, displayName: null, photoURL: null },
  newcomer: { uid: 'newcomer', email: 'newcomer@shoppers.test', displayName: null, photoURL: null },
} satisfies Record<string, AuthUser>;
export type Identity = keyof typeof IDENTITIES;

const listening = (context: object) => (context as { listening?: boolean }).listening === true;

const shopUser = (identity: AuthUser): LoggedUser => ({
  id: identity.uid,
  type: 'User',
  username: identity.email,
  email: identity.email,
  img: null,
});

/** The provider tells who is signed in (on listening, or after another tab's sign-in or sign-out). */
const providerSays = (who: Identity | 'nobody'): ModelEvent => ({
  type: 'AUTH_CHANGED',
  user: who === 'nobody' ? null : IDENTITIES[who],
  label: who,
});

/**
 * The session as the model runs it. The guards read storage in the app;
 * here `sessionStored` says whether the browser holds a session, and the
 * event's label whether another tab stored a user. The model notes when the
 * provider is listened to (the app's `listen` loads it): only then does it
 * speak, and only before does storage.
 */
function modelMachine(sessionStored: (args: { context: Snapshot['context'] }) => boolean) {
  return sessionMachine.provide({
    actions: { listen: assign({ listening: true } as never) },
    guards: {
      sessionStored,
      userStored: ({ event }) => (event as ModelEvent).label === 'user stored',
    },
  });
}

/**
 * The session's model. It starts with a stored session (ana's userLogged)
 * or as a visitor. The shopper opens a sign-in page, signs in (ana), with
 * Google, registers (a new person), signs out, updates their profile;
 * another tab changes storage; the provider says who is signed in. Each
 * provider or shop call answers, is refused by the data (a wrong password,
 * an email already taken, an identity with no shop user) or fails (the
 * provider cannot be reached).
 */
export const sessionModel: MachineModel<typeof sessionMachine> = {
  name: 'session',
  machine: modelMachine(({ context }) => context.user !== null),
  inputs: [
    { label: 'visitor', input: { storedUser: null } },
    { label: 'stored session', input: { storedUser: shopUser(IDENTITIES.ana) } },
  ],
  key: ({ context }) => ({
    user: context.user?.id ?? null,
    error: context.error !== null,
    signOutAfterSignIn: context.signOutAfterSignIn,
    listening: listening(context),
  }),
  effect: ({ context }) => ({
    user: context.user?.email ?? null,
    error: context.error !== null,
    signOutAfterSignIn: context.signOutAfterSignIn,
  }),
  events: ({ context }) => [
    { type: 'PREPARE_SIGN_IN' },
    { type: 'SIGN_IN', email: IDENTITIES.ana.email, password: 'ana', remember: true, label: 'ana' },
    { type: 'SIGN_IN_WITH_GOOGLE' },
    { type: 'REGISTER', email: 'zoe@shoppers.test', username: 'zoeshopper', password: 'zoe', label: 'zoe' },
    { type: 'SIGN_OUT' },
    ...(context.user ? [{ type: 'PROFILE_UPDATED', user: { ...context.user, username: 'renamed01' } }] : []),
    ...(listening(context)
      ? [providerSays('nobody'), providerSays('ana'), providerSays('bruno'), providerSays('newcomer')]
      : [
          { type: 'STORAGE_CHANGED', label: 'user stored' },
          { type: 'STORAGE_CHANGED', label: 'nothing stored' },
        ]),
  ],
  // The app's authState passes another tab's storage changes on only until it listens; these states are entered listening.
  impossible: Object.fromEntries(
    [
      'session.restoring',
      'session.loadingUser',
      'signingIn',
      'signingInWithGoogle',
      'registering',
      'session.signedIn',
      'session.signingOut',
    ].map((state) => [
      `${state}: session STORAGE_CHANGED #0`,
      'the session listens to the provider here, and storage changes are no longer passed on',
    ]),
  ),
  outcomes: {
    loadUser: [answers((_, input) => ((input as AuthUser).uid === IDENTITIES.newcomer.uid ? null : shopUser(input as AuthUser))), fails()],
    signIn: [answers(() => shopUser(IDENTITIES.ana)), { label: 'wrong password', error: () => new Error('Incorrect Password') }, fails()],
    signInWithGoogle: [answers(() => shopUser(MOCK_GOOGLE_ACCOUNT)), fails()],
    register: [
      { label: 'answered', output: () => shopUser({ ...IDENTITIES.newcomer, uid: 'zoe', email: 'zoe@shoppers.test' }) },
      { label: 'email taken', error: () => new Error('The email address is already in use by another account.') },
      fails(),
    ],
    signOut: [answers(() => undefined), fails()],
  },
};

/**
 * A browser whose provider holds a session but no userLogged (a sign-in
 * whose shop user was not stored yet, or userLogged cleared): there is a
 * session to restore all the same. The provider says who it holds (someone
 * with a shop user, or an identity without one); the rest is the session
 * model's.
 */
export const providerSessionModel: MachineModel<typeof sessionMachine> = {
  ...sessionModel,
  machine: modelMachine(() => true),
  inputs: [{ label: 'provider session', input: { storedUser: null, providerSession: true } }],
  events: (snapshot) => (snapshot.matches('restoring') ? [providerSays('ana'), providerSays('newcomer')] : []),
};

export type { Snapshot as SessionSnapshot };
