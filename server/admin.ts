import type { Auth, UserRecord } from 'firebase-admin/auth';
import { usernameFromDisplayName } from '~/src/domain/authMessages';
import { DEMO_PASSWORDS } from '~/seed/demoPasswords';
import { DEMO_ADMIN, DEMO_PEOPLE, seedPeople } from '~/seed/seed';
import type { Store } from './core/ports';
import type { Sql } from './db/sql';
import { createSqlStore } from './db/store';

const codeOf = (error: unknown) => (error as { code?: string }).code;

/**
 * Emulator mode only: the sign-in account for the email, with the uid given when there is one (the database's), made when
 * missing. An account of that email under another uid (accounts an emulator kept from elsewhere) is made again under the
 * given one, so the shop user and its sign-in stay one person. Another process may be doing the same at the same moment.
 */
async function ensureAccount(auth: Auth, account: { uid?: string; email: string; password: string }): Promise<string> {
  const existing = await findAccount(auth, { email: account.email });
  if (existing && (account.uid === undefined || existing.uid === account.uid)) return existing.uid;
  if (existing) {
    try {
      await auth.deleteUser(existing.uid);
    } catch (error) {
      if (codeOf(error) !== 'auth/user-not-found') throw error;
    }
  }
  try {
    return (await auth.createUser({ ...account, emailVerified: true })).uid;
  } catch (error) {
    if (codeOf(error) !== 'auth/email-already-exists' && codeOf(error) !== 'auth/uid-already-exists') throw error;
    return (await auth.getUserByEmail(account.email)).uid;
  }
}

/** The uid of the shop user the database holds with the email. */
async function knownUid(sql: Sql, email: string): Promise<string | undefined> {
  return (await createSqlStore(sql).getUserByEmail(email))?.id;
}

/** What became of the first Admin at start, for the start banner. */
export type AdminOutcome =
  | { kind: 'created'; email: string; password: string }
  | { kind: 'promoted'; email: string; uid: string }
  | { kind: 'not-promoted'; reason: string };

/** Emulator mode only: the first Admin's sign-in account (made with the configured password when missing) and its shop user. */
export async function ensureDemoAdmin(
  auth: Auth,
  sql: Sql,
  { email, password }: { email: string; password: string },
): Promise<AdminOutcome> {
  const known = (await knownUid(sql, email)) ?? (email === DEMO_ADMIN.email ? DEMO_ADMIN.id : undefined);
  const uid = await ensureAccount(auth, { ...(known ? { uid: known } : {}), email, password });
  await lockedStore(sql, (store) => ensureAdminUser(store, { uid, email, username: email.split('@')[0]! }));
  return { kind: 'created', email, password };
}

/**
 * A real Firebase project: makes Admin the existing account named by ADMIN_EMAIL (only once that email is
 * verified, since anyone can sign up with any address) or by ADMIN_UID. Creates no sign-in account and no password.
 */
export async function promoteAdmin(
  auth: Auth,
  sql: Sql,
  who: { email: string } | { uid: string },
  warn: (message: string) => void,
): Promise<AdminOutcome> {
  const named = 'email' in who ? `ADMIN_EMAIL (${who.email})` : `ADMIN_UID (${who.uid})`;
  const notPromoted = (reason: string): AdminOutcome => {
    warn(`No Admin promoted: ${reason}`);
    return { kind: 'not-promoted', reason };
  };
  const account = await findAccount(auth, who);
  if (!account)
    return notPromoted(`no sign-in account has ${named} yet. Sign up in the shop with it, verify the email, then restart the server.`);
  if (account.disabled) return notPromoted(`the sign-in account of ${named} is disabled in Firebase. Enable it, then restart the server.`);
  if (!account.email) return notPromoted(`the sign-in account of ${named} has no email, which every shop user needs.`);
  if ('email' in who && !account.emailVerified) {
    return notPromoted(
      `the account with ${named} has not verified its email, and anyone can sign up with any address. Verify the email (the link Firebase sends), or set ADMIN_UID to the account's uid instead, then restart the server.`,
    );
  }
  const { uid, email } = account;
  // A short piece of the uid keeps the username free even when another shopper has the same name.
  const username = usernameFromDisplayName(account.displayName ?? null, email, uid.replace(/[^A-Za-z0-9]/g, '').slice(0, 4));
  await lockedStore(sql, (store) => ensureAdminUser(store, { uid, email, username }));
  return { kind: 'promoted', email, uid };
}

async function findAccount(auth: Auth, who: { email: string } | { uid: string }): Promise<UserRecord | null> {
  try {
    return 'email' in who ? await auth.getUserByEmail(who.email) : await auth.getUser(who.uid);
  } catch (error) {
    if (codeOf(error) === 'auth/user-not-found') return null;
    throw error;
  }
}

async function ensureAdminUser(store: Store, { uid, email, username }: { uid: string; email: string; username: string }): Promise<void> {
  const user = await store.getUser(uid);
  if (!user) {
    await store.insertUser({ id: uid, email, username, type: 'Admin', img: null, createdAt: new Date().toISOString() });
  } else if (user.type !== 'Admin') {
    await store.updateUser(uid, { type: 'Admin' });
  }
}

/** Emulator mode only: the demo shoppers, with sign-in accounts, so the shop has people and orders to show. */
export async function ensureDemoShoppers(auth: Auth, sql: Sql): Promise<void> {
  const shoppers = DEMO_PEOPLE.filter((person) => person.id !== DEMO_ADMIN.id);
  for (const person of shoppers) {
    await ensureAccount(auth, {
      uid: (await knownUid(sql, person.email)) ?? person.id,
      email: person.email,
      password: DEMO_PASSWORDS.shopper,
    });
  }
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
