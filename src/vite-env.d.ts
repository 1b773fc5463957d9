/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  /** 'true' starts the in-browser MSW backend. */
  readonly VITE_MSW?: string;
  /** A Firebase web config selects Firebase sign-in; without it the mock backend's sign-in is used. */
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  /** e.g. http://127.0.0.1:9099: the Auth emulator, with its offline Google sign-in. */
  readonly VITE_FIREBASE_AUTH_EMULATOR?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
