import type { Identity, IdentityVerifier } from '~/server/core/ports';

const PREFIX = 'mock.';

const encode = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const decode = (base64: string) => new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));

/** A mock ID token: readable, unsigned; only the in-memory backend accepts it. */
export function mockToken(identity: Identity): string {
  return PREFIX + encode(JSON.stringify(identity));
}

export interface MockIdentity extends IdentityVerifier {
  /** Lets a disabled account sign in again, as the Firebase console can. */
  enable(uid: string): void;
}

/** The in-memory backend's sign-in accounts: any mock token verifies unless its account was disabled. */
export function createMockIdentity(): MockIdentity {
  const disabled = new Set<string>();
  return {
    async verify(token) {
      if (!token.startsWith(PREFIX)) return null;
      try {
        const value = JSON.parse(decode(token.slice(PREFIX.length))) as Partial<Identity>;
        if (typeof value.uid !== 'string' || typeof value.email !== 'string' || disabled.has(value.uid)) return null;
        return { uid: value.uid, email: value.email };
      } catch {
        return null;
      }
    },
    async disable(uid) {
      disabled.add(uid);
    },
    enable(uid) {
      disabled.delete(uid);
    },
  };
}
