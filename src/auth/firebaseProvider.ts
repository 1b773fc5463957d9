import { initializeApp } from 'firebase/app';
import {
  GoogleAuthProvider,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  deleteUser,
  getRedirectResult,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  sendPasswordResetEmail,
  setPersistence,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  type User,
} from 'firebase/auth';
import { isAuthFailure, type AuthProvider, type AuthUser } from './provider';

export interface FirebaseWebConfig {
  apiKey: string;
  projectId: string;
  authDomain?: string | undefined;
  /** The Auth emulator's URL; Google sign-in then uses a test Google identity, offline. */
  emulatorUrl?: string | undefined;
}

/** The emulator's stand-in for a Google account: the credential path works without Google's servers. */
export const EMULATOR_GOOGLE_ACCOUNT = { sub: 'google-demo-shopper', email: 'google.shopper@makeup.test', name: 'Google Shopper' };

const toAuthUser = (user: User): AuthUser => ({
  uid: user.uid,
  email: user.email ?? '',
  displayName: user.displayName,
  photoURL: user.photoURL,
});

export function createFirebaseProvider(config: FirebaseWebConfig): AuthProvider {
  const app = initializeApp({
    apiKey: config.apiKey,
    projectId: config.projectId,
    authDomain: config.authDomain ?? `${config.projectId}.firebaseapp.com`,
  });
  // Persisted in localStorage or sessionStorage (by 'remember me'), where the app can see synchronously that
  // there is a session to restore before loading Firebase (loadProvider); IndexedDB, Firebase's default, is
  // last only so a session kept there by an earlier version moves to localStorage.
  const auth = initializeAuth(app, {
    persistence: [browserLocalPersistence, browserSessionPersistence, indexedDBLocalPersistence],
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });

  async function google(): Promise<User> {
    if (config.emulatorUrl) {
      const credential = GoogleAuthProvider.credential(JSON.stringify({ ...EMULATOR_GOOGLE_ACCOUNT, email_verified: true }));
      return (await signInWithCredential(auth, credential)).user;
    }
    try {
      return (await signInWithPopup(auth, new GoogleAuthProvider())).user;
    } catch (error) {
      // A blocked popup falls back to a full-page redirect; on return the session's loadUser completes the sign-in (redirectResult).
      if (isAuthFailure(error) && error.code === 'auth/popup-blocked') await signInWithRedirect(auth, new GoogleAuthProvider());
      throw error;
    }
  }

  return {
    onAuthStateChanged: (listener) => onAuthStateChanged(auth, (user) => listener(user ? toAuthUser(user) : null)),
    async signIn(email, password, remember) {
      await setPersistence(auth, remember ? browserLocalPersistence : browserSessionPersistence);
      return toAuthUser((await signInWithEmailAndPassword(auth, email, password)).user);
    },
    async signUp(email, password) {
      await setPersistence(auth, browserLocalPersistence);
      return toAuthUser((await createUserWithEmailAndPassword(auth, email, password)).user);
    },
    async signInWithGoogle() {
      await setPersistence(auth, browserLocalPersistence);
      return toAuthUser(await google());
    },
    async redirectResult() {
      const result = await getRedirectResult(auth);
      return result ? toAuthUser(result.user) : null;
    },
    async deleteCurrentUser() {
      if (auth.currentUser) await deleteUser(auth.currentUser);
    },
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email),
    signOut: () => signOut(auth),
    async getIdToken() {
      // Before Firebase has restored a signed-in user, currentUser is null although a session exists.
      await auth.authStateReady();
      return auth.currentUser ? auth.currentUser.getIdToken() : null;
    },
  };
}
