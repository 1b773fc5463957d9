/** Who the authentication provider says is signed in. */
export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: string | null;
}

/** A provider failure: its code (e.g. auth/wrong-password) and its own message. */
export interface AuthFailure {
  code: string;
  message: string;
}

/**
 * What the shop needs of an authentication provider: Firebase in the app, an
 * in-memory one with the mock backend.
 */
export interface AuthProvider {
  /** Calls back with the signed-in user, or null, now and after every change. */
  onAuthStateChanged(listener: (user: AuthUser | null) => void): () => void;
  signIn(email: string, password: string, remember: boolean): Promise<AuthUser>;
  signUp(email: string, password: string): Promise<AuthUser>;
  signInWithGoogle(): Promise<AuthUser>;
  /** Who has just come back from a sign-in redirect (Google's, when its popup was blocked), once; else null. */
  redirectResult(): Promise<AuthUser | null>;
  /** Removes the account just created, when the shop refused it (e.g. a taken username). */
  deleteCurrentUser(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  signOut(): Promise<void>;
  getIdToken(): Promise<string | null>;
}

export function isAuthFailure(error: unknown): error is AuthFailure {
  return typeof error === 'object' && error !== null && typeof (error as AuthFailure).code === 'string';
}
