import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, seedStore } from '~/seed/seed';
import type { IdentityVerifier } from '~/server/core/ports';
import { createTestPayments } from '~/server/core/testPayments';
import { migrate } from '~/server/db/migrate';
import { openPglite } from '~/server/db/pglite';
import type { Sql } from '~/server/db/sql';
import { firebaseAuth, firebaseIdentity } from '~/server/identity/firebase';
import { sharpImages } from '~/server/images/sharpImages';
import { createShop, type Shop } from '~/server/shop';
import { expectRefused, send, type Attempt, type Target } from './accessRequests';
import { idTokenClaims, jwt, publicPemOf, startGoogleStandIn, TRUSTED_KID, type GoogleStandIn } from './accessGoogleStandIn';
import { snapshotDb } from './snapshot';

/** A real project's id: not demo-, so firebase-admin checks Google's signatures (the emulator accepts unsigned tokens for demo- projects only). */
const PROJECT = 'makeup-shop-live';
const OTHER_PROJECT = 'another-shop-live';
const ADMIN = { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email };
const SHOPPER = { uid: 'user-bruno', email: 'bruno@makeup.test' };
const KEYS_PATH = '/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com';

let sql: Sql;
let google: GoogleStandIn;
/** The server with Google's endpoints answered by the stand-in. */
let reachable: Target & { shop: Shop };
/** The server built exactly as production builds it: its keys come from Google alone, which this machine cannot reach. */
let unreachable: Target & { shop: Shop };
let productId: number;

async function startShop(identity: IdentityVerifier): Promise<Target & { shop: Shop }> {
  const uploadsDir = await mkdtemp(join(tmpdir(), 'uploads-'));
  const shop = await createShop({ sql, identity, payments: createTestPayments(), images: sharpImages(uploadsDir), uploadsDir });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const address = shop.app.server.address();
  return { shop, baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api` };
}

/** Every kind of token an attacker could send, all for the Admin, none of them a valid token of this project. */
function hostileTokens(): Record<string, string> {
  const now = Math.floor(Date.now() / 1000);
  const own = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const header = { alg: 'RS256', kid: TRUSTED_KID, typ: 'JWT' };
  const admin = idTokenClaims(ADMIN, PROJECT, now);
  const shopperToken = jwt(header, idTokenClaims(SHOPPER, PROJECT, now), google.trusted);
  const [shopperHead, , shopperSignature] = shopperToken.split('.');
  return {
    'signed by another key under the published kid': jwt(header, admin, own),
    'signed by another key under its own kid': jwt({ ...header, kid: 'attacker-key' }, admin, own),
    "a shopper's genuine token with the claims changed to the Admin's": `${shopperHead}.${Buffer.from(JSON.stringify(admin)).toString('base64url')}.${shopperSignature}`,
    'unsigned (alg none) under the published kid': jwt({ alg: 'none', kid: TRUSTED_KID, typ: 'JWT' }, admin),
    'unsigned (alg none) without a kid, as the emulator issues': jwt({ alg: 'none', typ: 'JWT' }, admin),
    'HS256 keyed with the published public key': jwt({ alg: 'HS256', kid: TRUSTED_KID, typ: 'JWT' }, admin, publicPemOf(google.trusted)),
    'signed by the published key without a kid': jwt({ alg: 'RS256', typ: 'JWT' }, admin, google.trusted),
    'expired an hour ago': jwt(header, { ...admin, auth_time: now - 7200, iat: now - 7200, exp: now - 3600 }, google.trusted),
    'issued for another project': jwt(header, idTokenClaims(ADMIN, OTHER_PROJECT, now), google.trusted),
    'for another audience': jwt(header, { ...admin, aud: OTHER_PROJECT }, google.trusted),
    'from another issuer': jwt(header, { ...admin, iss: `https://securetoken.google.com/${OTHER_PROJECT}` }, google.trusted),
    'not a JWT': 'forged',
  };
}

/** What a forged Admin token is for: a write (every product free) and a read (every user's email). */
const attacks = (token: string, label: string): Attempt[] => [
  {
    label: `${label}: discount a product to 100%`,
    method: 'patch',
    path: '/products/bulk',
    token,
    body: { ids: [productId], discount: 100 },
  },
  { label: `${label}: list every user`, method: 'get', path: '/users', token },
];

const validAdminToken = () => jwt({ alg: 'RS256', kid: TRUSTED_KID, typ: 'JWT' }, idTokenClaims(ADMIN, PROJECT), google.trusted);

beforeAll(async () => {
  // firebase-admin trusts the emulator while this is set (startShopUnderTest sets it); these servers are for a real project.
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  sql = await openPglite();
  await migrate(sql);
  google = await startGoogleStandIn([ADMIN, SHOPPER]);
  reachable = await startShop(firebaseIdentity(google.authFor(PROJECT)));
  unreachable = await startShop(firebaseIdentity(firebaseAuth({ projectId: PROJECT })));
  await seedStore(reachable.shop.store);
  const [product] = await sql.query<{ id: number }>('SELECT id FROM products WHERE NOT disable AND discount < 100 ORDER BY id LIMIT 1');
  productId = product!.id;
}, 120_000);

afterAll(async () => {
  await reachable.shop.app.close();
  await unreachable.shop.app.close();
  await sql.close();
  await google.close();
});

describe('a server for a real Firebase project, with Google reachable', () => {
  it('refuses every forged, tampered, unsigned, expired, other-project and other-audience token with 401, changing nothing', async () => {
    for (const [label, token] of Object.entries(hostileTokens())) {
      for (const attempt of attacks(token, label)) await expectRefused(sql, reachable, attempt, 401);
    }
    // The signatures were checked against the keys Google publishes, and no refused token got as far as the account lookup.
    expect(google.requests).toContain(KEYS_PATH);
    expect(google.requests.filter((path) => path.endsWith('/accounts:lookup'))).toEqual([]);
  });

  it('answers the same requests for a token signed by the published key: the refusals are the verifier’s', async () => {
    const token = validAdminToken();
    const before = await snapshotDb(sql);
    const read = await send(reachable, { label: 'list users', method: 'get', path: '/users', token });
    expect(read.status).toBe(200);
    const write = await send(reachable, attacks(token, 'valid')[0]!);
    expect(write.status).toBe(200);
    expect(await snapshotDb(sql)).not.toEqual(before);
    // Revocation and disabled accounts were checked with Google too.
    expect(google.requests.filter((path) => path.endsWith('/accounts:lookup')).length).toBeGreaterThan(0);
  });
});

describe('a server for a real Firebase project, built as production builds it, unable to reach Google', () => {
  it('fails closed: every token is refused with 401, even one signed by a key it would otherwise trust, changing nothing', async () => {
    const tokens = { ...hostileTokens(), 'signed by the stand-in key, which this server cannot fetch': validAdminToken() };
    for (const [label, token] of Object.entries(tokens)) {
      for (const attempt of attacks(token, label)) await expectRefused(sql, unreachable, attempt, 401);
    }
  });
});
