import type { Identity, IdentityVerifier } from '../server/core/ports';

const PREFIX = 'mock.';

const encode = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const decode = (base64: string) => new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));

/** A mock ID token: readable, unsigned; only the in-memory backend accepts it. */
export function mockToken(identity: Identity): string {
  return PREFIX + encode(JSON.stringify(identity));
}

export const mockIdentity: IdentityVerifier = {
  async verify(token) {
    if (!token.startsWith(PREFIX)) return null;
    try {
      const value = JSON.parse(decode(token.slice(PREFIX.length))) as Partial<Identity>;
      return typeof value.uid === 'string' && typeof value.email === 'string' ? { uid: value.uid, email: value.email } : null;
    } catch {
      return null;
    }
  },
};
