import type { Identity } from '~/server/core/ports';

/** What the contract suite needs of a backend under test. */
export interface BackendUnderTest {
  /** e.g. http://shop.test/api */
  baseUrl: string;
  /** A bearer token for the identity; the backend knows how to mint one. */
  tokenFor(identity: Identity): Promise<string>;
  /** Lets the identity's disabled sign-in account sign in again, as the identity provider's console can. */
  enableAccount(identity: Identity): Promise<void>;
  /** Back to the seeded demo shop. */
  reset(): Promise<void>;
}
