import type { Auth } from 'firebase-admin/auth';
import { DEMO_ADMIN, DEMO_PEOPLE, seedPeople } from '../seed/seed';
import type { Store } from './core/ports';
import type { Sql } from './db/sql';
import { createSqlStore } from './db/store';

/** The password of the demo shoppers the emulator mode creates. */
export const DEMO_PASSWORD = 'makeup123';

const codeOf = (error: unknown) => (error as { code?: string }).code;

/** The sign-in account for the email, created when missing; another process may be creating it at the same moment. */
async function ensureAccount(auth: Auth, account: { uid?: string; email: string; password: string }): Promise<string> {
  try {
    return (await auth.getUserByEmail(account.email)).uid;
  } catch (error) {
    if (codeOf(error) !== 'auth/user-not-found') throw error;
  }
  try {
    return (await auth.createUser({ ...account, emailVerified: true })).uid;
  } catch (error) {
    if (codeOf(error) !== 'auth/email-already-exists' && codeOf(error) !== 'auth/uid-already-exists') throw error;
    return (await auth.getUserByEmail(account.email)).uid;
  }
}

/** The first Admin comes from configuration: a sign-in account for ADMIN_EMAIL and a shop user of type Admin. */
export async function ensureAdmin(auth: Auth, sql: Sql, email: string, password: string): Promise<void> {
  const uid = await ensureAccount(auth, { ...(email === DEMO_ADMIN.email ? { uid: DEMO_ADMIN.id } : {}), email, password });
  await lockedStore(sql, (store) => ensureAdminUser(store, uid, email));
}

async function ensureAdminUser(store: Store, uid: string, email: string): Promise<void> {
  const user = await store.getUser(uid);
  if (!user) {
    await store.insertUser({ id: uid, email, username: email.split('@')[0]!, type: 'Admin', img: null, createdAt: new Date().toISOString() });
  } else if (user.type !== 'Admin') {
    await store.updateUser(uid, { type: 'Admin' });
  }
}

/** Emulator mode only: the demo shoppers, with sign-in accounts, so the shop has people and orders to show. */
export async function ensureDemoShoppers(auth: Auth, sql: Sql): Promise<void> {
  const shoppers = DEMO_PEOPLE.filter((person) => person.id !== DEMO_ADMIN.id);
  for (const person of shoppers) await ensureAccount(auth, { uid: person.id, email: person.email, password: DEMO_PASSWORD });
  await lockedStore(sql, async (store) => {
    if (!(await store.getUser(shoppers[0]!.id))) await seedPeople(store, shoppers);
  });
}

const PEOPLE_LOCK = 727275;

/** Start-up writes in one transaction that server processes starting together take in turns. */
async function lockedStore(sql: Sql, work: (store: Store) => Promise<void>): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [PEOPLE_LOCK]);
    await work(createSqlStore(tx));
  });
}
