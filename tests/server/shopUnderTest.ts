import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedStore } from '~/seed/seed';
import type { Identity } from '~/server/core/ports';
import { createTestPayments } from '~/server/core/testPayments';
import { migrate } from '~/server/db/migrate';
import type { Sql } from '~/server/db/sql';
import { firebaseAuth, firebaseIdentity } from '~/server/identity/firebase';
import { sharpImages } from '~/server/images/sharpImages';
import { createShop, type Shop, type ShopParts } from '~/server/shop';
import type { BackendUnderTest } from '../contract/backend';
import { authEmulator } from './authEmulator';

const PASSWORD = 'secret123';
const TABLES = 'products, users, carts, cart_lines, orders, comments, favorites, ratings, payments, deleted_users';

/** The storefront folders staticDirWith made, each deleted when the shop given it closes. */
const madeStaticDirs = new Set<string>();

/** The real server on the given database, listening on loopback, with Firebase identities from the emulator; its uploads go to a temporary folder, deleted at close, as is a storefront folder staticDirWith made. */
export async function startShopUnderTest(
  sql: Sql,
  options: Pick<
    ShopParts,
    'logger' | 'staticDir' | 'rateLimits' | 'connectOrigins' | 'trustProxy' | 'paypalClientId' | 'renderPage' | 'publicOrigin'
  > = {},
): Promise<{ backend: BackendUnderTest; shop: Shop; uploadsDir: string; close(): Promise<void> }> {
  const host = authEmulator().host;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  const auth = firebaseAuth({ projectId: authEmulator().projectId });
  await migrate(sql);
  const uploadsDir = await mkdtemp(join(tmpdir(), 'uploads-'));
  const shop = await createShop({
    sql,
    identity: firebaseIdentity(auth),
    payments: createTestPayments(),
    images: sharpImages(uploadsDir),
    uploadsDir,
    ...options,
  });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const address = shop.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const tokens = new Map<string, string>();

  async function tokenFor(identity: Identity): Promise<string> {
    const cached = tokens.get(identity.uid);
    if (cached) return cached;
    // Another test process (the scale-out servers seed the demo shoppers) may have made the account with its own password.
    await auth.createUser({ uid: identity.uid, email: identity.email, password: PASSWORD }).catch(async (error: { code?: string }) => {
      if (error.code !== 'auth/uid-already-exists' && error.code !== 'auth/email-already-exists') throw error;
      await auth.updateUser(identity.uid, { password: PASSWORD });
    });
    const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: identity.email, password: PASSWORD, returnSecureToken: true }),
    });
    const { idToken } = (await response.json()) as { idToken?: string };
    if (!idToken) throw new Error(`The auth emulator did not sign in ${identity.email}`);
    tokens.set(identity.uid, idToken);
    return idToken;
  }

  return {
    shop,
    uploadsDir,
    backend: {
      baseUrl: `http://127.0.0.1:${port}/api`,
      tokenFor,
      async enableAccount(identity) {
        await auth.updateUser(identity.uid, { disabled: false });
        tokens.delete(identity.uid);
      },
      async reset() {
        await sql.query(`TRUNCATE ${TABLES} RESTART IDENTITY CASCADE`);
        await seedStore(shop.store);
      },
    },
    async close() {
      try {
        await shop.app.close();
        await sql.close();
      } finally {
        await rm(uploadsDir, { recursive: true, force: true });
        if (options.staticDir && madeStaticDirs.delete(options.staticDir)) await rm(options.staticDir, { recursive: true, force: true });
      }
    },
  };
}

/** One call to the shop under test as `as`, its JSON body parsed (undefined when empty). */
export async function callAs<T = any>(backend: BackendUnderTest, as: Identity, method: string, path: string, body?: unknown) {
  const response = await fetch(`${backend.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${await backend.tokenFor(as)}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A folder of a built storefront as the server serves it: its index.html, holding the page template given. */
export async function staticDirWith(indexHtml: string): Promise<string> {
  const staticDir = await mkdtemp(join(tmpdir(), 'spa-'));
  await writeFile(join(staticDir, 'index.html'), indexHtml);
  madeStaticDirs.add(staticDir);
  return staticDir;
}
