import { randomUUID } from 'node:crypto';
import { beforeAll, expect, inject, it } from 'vitest';
import { PROJECT_ID } from '../../scripts/authEmulator.mjs';
import type { IdentityVerifier } from '../../server/core/ports';
import { firebaseAuth, firebaseIdentity } from '../../server/identity/firebase';
import { signIn } from './builtServer';

// The account check's time, short so a change made elsewhere is seen within a test.
const CHECK_MS = 300;
let auth: ReturnType<typeof firebaseAuth>;
let identity: IdentityVerifier;

beforeAll(() => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('authEmulatorHost');
  auth = firebaseAuth({ projectId: PROJECT_ID });
  identity = firebaseIdentity(auth, { accountCheckMs: CHECK_MS });
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new emulator account and a token of it. */
async function account() {
  const email = `identity.${randomUUID().slice(0, 8)}@makeup.test`;
  const { uid } = await auth.createUser({ email, password: 'secret12', emailVerified: true });
  return { uid, email, token: await signIn(email, 'secret12') };
}

it('a valid token names its account; a malformed one names none', async () => {
  const { uid, email, token } = await account();
  expect(await identity.verify(token)).toEqual({ uid, email });
  expect(await identity.verify(`${token}x`)).toBeNull();
  expect(await identity.verify('not-a-token')).toBeNull();
});

it('an account the shop disables is refused at once, though its state was checked a moment before', async () => {
  const { uid, token } = await account();
  expect(await identity.verify(token)).not.toBeNull();
  await identity.disable(uid);
  expect(await identity.verify(token)).toBeNull();
});

it('an account disabled in Firebase by someone else is refused once its last check is older than the check time', async () => {
  const { uid, token } = await account();
  expect(await identity.verify(token)).not.toBeNull();
  await auth.updateUser(uid, { disabled: true });
  await wait(CHECK_MS + 50);
  expect(await identity.verify(token)).toBeNull();
});

it('tokens signed in before their revocation are refused; a new sign-in is accepted', async () => {
  const { uid, email, token } = await account();
  expect(await identity.verify(token)).not.toBeNull();
  // Revocation counts whole seconds: the token's sign-in must be in an earlier second.
  await wait(1100);
  await auth.revokeRefreshTokens(uid);
  await wait(CHECK_MS + 50);
  expect(await identity.verify(token)).toBeNull();
  await wait(1100);
  expect(await identity.verify(await signIn(email, 'secret12'))).toEqual({ uid, email });
});

it('a token of a deleted account is refused', async () => {
  const { uid, token } = await account();
  await auth.deleteUser(uid);
  expect(await identity.verify(token)).toBeNull();
});
