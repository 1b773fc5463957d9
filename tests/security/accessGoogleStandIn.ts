import { createHmac, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Agent } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import { initializeApp, type Credential } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { Identity } from '~/server/core/ports';

export const TRUSTED_KID = 'stand-in-key';

/**
 * Google's two endpoints a server for a real Firebase project calls while
 * verifying an ID token: the public keys of securetoken@system.gserviceaccount.com
 * and the account lookup of the revocation check. It answers with a key
 * made here, so a token signed by it is, to firebase-admin, signed by Google.
 */
export interface GoogleStandIn {
  /** The key the stand-in publishes under TRUSTED_KID. */
  trusted: KeyObject;
  /** The paths firebase-admin asked for, in order. */
  requests: string[];
  /** A firebase-admin Auth for the project whose HTTPS calls reach the stand-in, and nowhere else. */
  authFor(projectId: string): Auth;
  close(): Promise<void>;
}

/** Routes every HTTPS connection to the stand-in, in plain HTTP, whatever host was asked for. */
class StandInAgent extends Agent {
  constructor(private readonly port: number) {
    super();
  }

  override createConnection() {
    return connect(this.port, '127.0.0.1');
  }
}

/** firebase-admin's revocation check needs an OAuth token for its own API calls; the stand-in ignores it. */
const standInCredential: Credential = {
  getAccessToken: async () => ({ access_token: 'stand-in', expires_in: 3600 }),
};

export async function startGoogleStandIn(accounts: readonly Identity[]): Promise<GoogleStandIn> {
  const { privateKey: trusted, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '';
    requests.push(path);
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (path.endsWith('/securetoken@system.gserviceaccount.com')) {
        response.setHeader('cache-control', 'public, max-age=3600');
        response.end(JSON.stringify({ [TRUSTED_KID]: publicKey.export({ type: 'spki', format: 'pem' }) }));
        return;
      }
      if (path.endsWith('/accounts:lookup')) {
        const wanted = (JSON.parse(body) as { localId?: string[] }).localId ?? [];
        const users = accounts
          .filter((a) => wanted.includes(a.uid))
          .map((a) => ({ localId: a.uid, email: a.email, emailVerified: true, disabled: false }));
        response.end(JSON.stringify(users.length ? { users } : {}));
        return;
      }
      response.statusCode = 404;
      response.end(JSON.stringify({ error: { code: 404, message: `No stand-in for ${path}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new StandInAgent((server.address() as AddressInfo).port);
  return {
    trusted,
    requests,
    authFor(projectId) {
      return getAuth(initializeApp({ projectId, credential: standInCredential, httpAgent: agent }, `${projectId}-google-stand-in`));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const base64url = (value: object | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/** A Firebase ID token's claims for the identity in the project, as Google issues them, valid for the next hour. */
export function idTokenClaims(identity: Identity, projectId: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: nowSeconds - 60,
    user_id: identity.uid,
    sub: identity.uid,
    iat: nowSeconds - 60,
    exp: nowSeconds + 3600,
    email: identity.email,
    email_verified: true,
    firebase: { identities: { email: [identity.email] }, sign_in_provider: 'password' },
  };
}

/** A JWT with the header and claims, signed RS256 by the key (or left unsigned for alg none, HMAC-signed for HS256). */
export function jwt(header: Record<string, unknown>, claims: object, key?: KeyObject | Buffer): string {
  const signed = `${base64url(header)}.${base64url(claims)}`;
  if (!key) return `${signed}.`;
  const signature = Buffer.isBuffer(key) ? createHmac('sha256', key).update(signed).digest() : sign('RSA-SHA256', Buffer.from(signed), key);
  return `${signed}.${base64url(signature)}`;
}

export const publicPemOf = (key: KeyObject) => Buffer.from(createPublicKey(key).export({ type: 'spki', format: 'pem' }));
