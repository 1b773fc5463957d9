import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { promoteAdmin } from '~/server/admin';
import { migrate } from '~/server/db/migrate';
import { openPglite } from '~/server/db/pglite';
import type { Sql } from '~/server/db/sql';
import { createSqlStore } from '~/server/db/store';
import { firebaseAuth } from '~/server/identity/firebase';
import { authEmulator } from './authEmulator';

// A real project cannot run offline, so its promotion path runs here against the Auth emulator's accounts.
let sql: Sql;
let auth: ReturnType<typeof firebaseAuth>;
const email = (name: string) => `${name}.${randomUUID().slice(0, 8)}@makeup.test`;

beforeAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulator().host;
  auth = firebaseAuth({ projectId: authEmulator().projectId });
  sql = await openPglite();
  await migrate(sql);
}, 60_000);
afterAll(() => sql.close());

/** Promotes as the server does at start, collecting its warnings. */
async function promote(who: { email: string } | { uid: string }) {
  const warnings: string[] = [];
  const outcome = await promoteAdmin(auth, sql, who, (message) => warnings.push(message));
  return { outcome, warnings };
}

const shopUser = (uid: string) => createSqlStore(sql).getUser(uid);

it('makes Admin the existing account whose verified email is ADMIN_EMAIL', async () => {
  const address = email('owner');
  const account = await auth.createUser({ email: address, emailVerified: true, displayName: 'Shop Owner' });
  const { outcome, warnings } = await promote({ email: address });
  expect(outcome).toEqual({ kind: 'promoted', email: address, uid: account.uid });
  expect(warnings).toEqual([]);
  expect(await shopUser(account.uid)).toMatchObject({
    id: account.uid,
    email: address,
    type: 'Admin',
    username: expect.stringMatching(/^ShopOwner/),
  });
});

it('makes Admin the existing shop user of that verified account, keeping the rest of it', async () => {
  const address = email('shopper');
  const account = await auth.createUser({ email: address, emailVerified: true });
  await createSqlStore(sql).insertUser({
    id: account.uid,
    email: address,
    username: 'shopperfirst1',
    type: 'User',
    img: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  expect((await promote({ email: address })).outcome).toMatchObject({ kind: 'promoted' });
  expect(await shopUser(account.uid)).toMatchObject({ username: 'shopperfirst1', type: 'Admin', createdAt: '2026-01-01T00:00:00.000Z' });
});

it('does not make Admin an account that signed up with ADMIN_EMAIL without verifying it, and says what to do', async () => {
  const address = email('squatter');
  const account = await auth.createUser({ email: address, password: 'squat123', emailVerified: false });
  await createSqlStore(sql).insertUser({
    id: account.uid,
    email: address,
    username: 'squatter01',
    type: 'User',
    img: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  const { outcome, warnings } = await promote({ email: address });
  const reason = `the account with ADMIN_EMAIL (${address}) has not verified its email, and anyone can sign up with any address. Verify the email (the link Firebase sends), or set ADMIN_UID to the account's uid instead, then restart the server.`;
  expect(outcome).toEqual({ kind: 'not-promoted', reason });
  expect(warnings).toEqual([`No Admin promoted: ${reason}`]);
  expect((await shopUser(account.uid))?.type).toBe('User');
});

it('creates no sign-in account and no shop user when nobody has ADMIN_EMAIL yet', async () => {
  const address = email('nobody');
  const { outcome, warnings } = await promote({ email: address });
  expect(outcome).toEqual({
    kind: 'not-promoted',
    reason: `no sign-in account has ADMIN_EMAIL (${address}) yet. Sign up in the shop with it, verify the email, then restart the server.`,
  });
  expect(warnings).toHaveLength(1);
  await expect(auth.getUserByEmail(address)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  expect(await createSqlStore(sql).getUserByEmail(address)).toBeNull();
});

it('makes Admin the account named by ADMIN_UID, which the operator picked by hand', async () => {
  const address = email('byuid');
  const account = await auth.createUser({ email: address, emailVerified: false });
  expect((await promote({ uid: account.uid })).outcome).toEqual({ kind: 'promoted', email: address, uid: account.uid });
  expect((await shopUser(account.uid))?.type).toBe('Admin');
});

it('does not make Admin a disabled account, nor an unknown uid', async () => {
  const address = email('disabled');
  const account = await auth.createUser({ email: address, emailVerified: true, disabled: true });
  expect((await promote({ email: address })).outcome).toEqual({
    kind: 'not-promoted',
    reason: `the sign-in account of ADMIN_EMAIL (${address}) is disabled in Firebase. Enable it, then restart the server.`,
  });
  expect(await shopUser(account.uid)).toBeNull();
  expect((await promote({ uid: 'no-such-uid' })).outcome).toMatchObject({
    kind: 'not-promoted',
    reason: expect.stringContaining('no sign-in account has ADMIN_UID (no-such-uid) yet'),
  });
});
