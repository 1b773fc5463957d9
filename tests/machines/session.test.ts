import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '~/machines/session.machine';
import { DEMO_PASSWORDS } from '~/seed/demoPasswords';
import { toLoggedUser } from '~/src/auth/shopUser';
import { sessionInput, sessionLogic } from '~/src/state/session/session.logic';
import { loggedUserStore } from '~/src/state/storage/keys';
import { machinePaths } from './harness/machinePaths';
import { until } from './harness/settle';
import type { MachineBinding } from './harness/replay';
import { newPerson, type Shop } from './harness/shop';
import { storedUnder } from './harness/specStorage';
import { IDENTITIES, providerSessionModel, sessionModel, type Identity } from './session.model';

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type Who = Identity | 'nobody';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Another tab (or the provider's own record) makes the provider say `who` is signed in. */
async function providerHolds(shop: Shop, who: Who, newcomerMade: { done: boolean }) {
  if (who === 'nobody') return shop.provider.signOut();
  if (who === 'newcomer') {
    const { email } = IDENTITIES.newcomer;
    const password = newPerson('newcomer').password;
    if (newcomerMade.done) await shop.provider.signIn(email, password, true);
    else await shop.provider.signUp(email, password);
    newcomerMade.done = true;
    return;
  }
  await shop.provider.signIn(IDENTITIES[who].email, DEMO_PASSWORDS.shopper, true);
}

/**
 * The session on the mock backend with the app's actors and the mock
 * provider. A stored session is ana's userLogged, with the provider holding
 * whoever the path's first word from it says; a provider session is the
 * provider holding them with no userLogged. The provider loads only once
 * the path's first step is taken, so a shopper can act while it restores.
 * A wrong password, a taken email and an identity with no shop user are
 * data; the provider's own failures (Google, sign-out) are injected faults.
 * A sign-out asked for goes to /login once the session has settled.
 */
const sessionBinding: MachineBinding = {
  name: 'session',
  background: ['authState'],
  async open(shop, path) {
    let openProvider = () => {};
    const providerLoaded = new Promise<void>((resolve) => (openProvider = resolve));
    const visited: string[] = [];
    const newcomerMade = { done: false };
    const data = { wrongPassword: false, emailTaken: false, otherTabStored: false };
    let first = true;
    const { storedUser, providerSession } = path.input as { storedUser: unknown; providerSession?: boolean };
    const restores = Boolean(storedUser) || providerSession === true;
    if (storedUser) await shop.signIn('ana');
    if (restores) {
      const firstWord = path.steps[0]?.event.type === 'AUTH_CHANGED' ? (path.steps[0].event.label as Who) : 'ana';
      await providerHolds(shop, firstWord, newcomerMade);
    }
    /** The sign-outs asked for, and how many pages had been visited when the earliest one not yet settled was. */
    let signOutsAsked = 0;
    let signOutFrom: number | null = null;
    return {
      logic: sessionLogic({
        load: async () => {
          await providerLoaded;
          return shop.auth;
        },
        showLogin: () => void visited.push('/login'),
      }),
      input: sessionInput(),
      async send(event, actor) {
        const opening = first;
        first = false;
        if (opening) setTimeout(openProvider, 0);
        switch (event.type) {
          case 'SIGN_OUT':
            signOutsAsked++;
            signOutFrom ??= visited.length;
            return event;
          case 'SIGN_IN':
            return {
              type: 'SIGN_IN',
              email: IDENTITIES.ana.email,
              password: data.wrongPassword ? 'wrong123' : DEMO_PASSWORDS.shopper,
              remember: true,
            };
          case 'REGISTER': {
            const zoe = newPerson('zoe');
            return {
              type: 'REGISTER',
              email: data.emailTaken ? IDENTITIES.ana.email : zoe.email,
              username: zoe.username,
              password: zoe.password,
            };
          }
          case 'PROFILE_UPDATED': {
            const user = (actor.getSnapshot() as Snapshot).context.user;
            if (!user) return null;
            const updated = await shop.backend.store.updateUser(user.id, { username: 'renamed01' });
            return { type: 'PROFILE_UPDATED', user: toLoggedUser(updated) };
          }
          case 'STORAGE_CHANGED':
            if (event.label === 'user stored') {
              loggedUserStore.write(toLoggedUser((await shop.backend.store.getUser(IDENTITIES.ana.uid))!));
              data.otherTabStored = true;
            }
            window.dispatchEvent(new Event('storage'));
            return null;
          case 'AUTH_CHANGED':
            if (opening && restores) return null;
            // The session listens (the model says so): the provider has loaded and told who it holds first.
            await until(
              () => shop.providerListening(),
              () => 'the sign-in provider never got a listener: the session did not listen as the model says',
            );
            await tick();
            await providerHolds(shop, event.label as Who, newcomerMade);
            return null;
          default:
            return event;
        }
      },
      async arrange(outcome, _before, phase) {
        if (phase !== 'starting') return;
        if (outcome.label === 'wrong password') data.wrongPassword = true;
        if (outcome.label === 'email taken') data.emailTaken = true;
      },
      async check(snapshot) {
        const { context } = snapshot as Snapshot;
        expect(visited.length, 'only a sign-out goes to /login').toBeLessThanOrEqual(signOutsAsked);
        if (signOutFrom !== null && snapshot.matches({ signedOut: 'idle' })) {
          expect(visited.slice(signOutFrom), 'a sign-out asked for went to /login').toContain('/login');
          signOutFrom = null;
        }
        if (snapshot.matches('signedIn')) {
          const backendUser = await shop.backend.store.getUser(context.user!.id);
          expect(storedUnder('userLogged'), 'userLogged is the user shown').toEqual(context.user);
          expect(backendUser && toLoggedUser(backendUser), "userLogged is the backend's user").toEqual(context.user);
        }
        if (snapshot.matches({ signedOut: 'idle' })) {
          expect(context.user).toBeNull();
          if (!data.otherTabStored) expect(storedUnder('userLogged'), 'signed out: no userLogged').toBeNull();
          if (context.error !== null) expect(context.error, 'a failed sign-in says why').not.toBe('');
        }
      },
      showable: (snapshot) => snapshot.matches({ signedOut: 'idle' }) || snapshot.matches('signedIn'),
    };
  },
  otherCalls: {
    srcs: ['signIn', 'signInWithGoogle', 'register', 'signOut'],
    failNext: (shop, kind) => shop.failNextProviderCall(kind),
  },
};

machinePaths([sessionModel, providerSessionModel], sessionBinding);
