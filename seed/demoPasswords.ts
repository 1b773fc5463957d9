/** The demo passwords of the local set-ups (the Auth emulator and the in-memory sign-in): the Admin's, and every seeded shopper's. */
export const DEMO_PASSWORDS = { admin: 'admin123', shopper: 'makeup123' } as const;
