/** Spec section 8 and the codes it names; anything else shows the provider's own message. */
const MESSAGES: Record<string, string> = {
  'auth/user-not-found': 'User not Found.',
  'auth/wrong-password': 'Incorrect Password',
  // Email-enumeration protection: one honest message that does not say whether the account exists.
  'auth/invalid-credential': 'The email or the password is wrong.',
  'auth/invalid-login-credentials': 'The email or the password is wrong.',
  'auth/email-already-in-use': 'An account with this email already exists. Sign in instead.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/network-request-failed': 'We could not reach the sign-in service. Check your connection and try again.',
  'auth/popup-closed-by-user': 'The Google window was closed before signing in.',
  'auth/cancelled-popup-request': 'The Google window was closed before signing in.',
  'auth/user-disabled': 'This account is disabled.',
};

export function authErrorMessage(error: { code?: string; message?: string }): string {
  return (error.code && MESSAGES[error.code]) || error.message || 'Something went wrong. Please try again.';
}

/** A shop username from a Google display name: letters and digits, starting with a letter, 8-15 long. */
export function usernameFromDisplayName(displayName: string | null, email: string, suffix: string): string {
  const base = (displayName || email.split('@')[0] || 'shopper').normalize('NFD').replace(/[^A-Za-z0-9]/g, '');
  const start = /^[A-Za-z]/.test(base) ? base : `u${base}`;
  return `${start.slice(0, 15 - suffix.length)}${suffix}`.padEnd(8, '0');
}
