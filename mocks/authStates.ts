import type { AuthProvider } from '~/src/auth/provider';

const pending = () => new Promise<never>(() => {});

/** For stories of waiting states: nobody is signed in, and every request to the provider stays pending. */
export const pendingAuthProvider: AuthProvider = {
  onAuthStateChanged: (listener) => {
    queueMicrotask(() => listener(null));
    return () => {};
  },
  signIn: pending,
  signUp: pending,
  signInWithGoogle: pending,
  redirectResult: async () => null,
  deleteCurrentUser: pending,
  sendPasswordReset: pending,
  signOut: pending,
  getIdToken: async () => null,
};

/** For stories of the restoring state: the provider never says who is signed in. */
export const silentAuthProvider: AuthProvider = { ...pendingAuthProvider, onAuthStateChanged: () => () => {} };

/** For stories of a refusal: nobody is signed in, and every sign-in, sign-up and reset fails as the provider would, with its code and its own text. */
export const refusingAuthProvider = (code: string, message: string): AuthProvider => {
  const refuse = () => Promise.reject({ code, message });
  return {
    ...pendingAuthProvider,
    signIn: refuse,
    signUp: refuse,
    signInWithGoogle: refuse,
    sendPasswordReset: refuse,
    signOut: async () => {},
  };
};
