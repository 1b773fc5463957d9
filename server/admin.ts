import type { Auth } from 'firebase-admin/auth';
import { DEMO_ADMIN, DEMO_PEOPLE, seedPeople } from '../mocks/seed';
import type { Store } from './core/ports';

/** The password of the demo shoppers the emulator mode creates. */
export const DEMO_PASSWORD = 'makeup123';

async function ensureAccount(auth: Auth, account: { uid?: string; email: string; password: string }): Promise<string> {
  try {
    return (await auth.getUserByEmail(account.email)).uid;
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    return (await auth.createUser({ ...account, emailVerified: true })).uid;
  }
}

/** The first Admin comes from configuration: a sign-in account for ADMIN_EMAIL and a shop user of type Admin. */
export async function ensureAdmin(auth: Auth, store: Store, email: string, password: string): Promise<void> {
  const uid = await ensureAccount(auth, { ...(email === DEMO_ADMIN.email ? { uid: DEMO_ADMIN.id } : {}), email, password });
  const user = await store.getUser(uid);
  if (!user) {
    await store.insertUser({ id: uid, email, username: email.split('@')[0]!, type: 'Admin', img: null, createdAt: new Date().toISOString() });
  } else if (user.type !== 'Admin') {
    await store.updateUser(uid, { type: 'Admin' });
  }
}

/** Emulator mode only: the demo shoppers, with sign-in accounts, so the shop has people and orders to show. */
export async function ensureDemoShoppers(auth: Auth, store: Store): Promise<void> {
  const shoppers = DEMO_PEOPLE.filter((person) => person.id !== DEMO_ADMIN.id);
  for (const person of shoppers) await ensureAccount(auth, { uid: person.id, email: person.email, password: DEMO_PASSWORD });
  if (!(await store.getUser(shoppers[0]!.id))) await store.transaction((tx) => seedPeople(tx, shoppers));
}
