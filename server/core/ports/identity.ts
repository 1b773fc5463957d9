export interface Identity {
  uid: string;
  email: string;
}

/** The sign-in accounts: turns a bearer token into a verified identity, or null; disables an account. */
export interface IdentityVerifier {
  verify(token: string): Promise<Identity | null>;
  /** The account can no longer sign in and its tokens no longer verify; an unknown uid is left alone. */
  disable(uid: string): Promise<void>;
}
