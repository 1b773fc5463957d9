import { MESSAGES as FORM } from './validation/messages';

/** What a failure the shop does not know says: never the provider's or the server's own text. */
export const AUTH_UNKNOWN = 'Something went wrong. Please try again.';

const CREDENTIALS = 'The email or the password is wrong.';
const EMAIL_IN_USE = 'An account with this email already exists. Sign in instead.';
const GOOGLE_CLOSED = 'The Google window was closed before signing in.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const LINK_EXPIRED = 'This link has expired or was already used. Ask for a new one.';
const BROWSER = 'Your browser does not allow signing in here. Allow cookies and site data for this shop and try again.';
const CLOSED = 'This account cannot sign in. Please contact support.';
/** The provider is set up wrongly or not answering as it should: nothing the shopper can change. */
const UNAVAILABLE = 'Sign-in is not available right now. Please try again later.';

/** Each message with the codes that show it. */
const BY_MESSAGE: Record<string, readonly string[]> = {
  // Spec section 8.
  'User not Found.': ['auth/user-not-found'],
  'Incorrect Password': ['auth/wrong-password'],
  // Email-enumeration protection: one honest message that does not say whether the account exists.
  [CREDENTIALS]: ['auth/invalid-credential', 'auth/invalid-login-credentials'],
  // The form's own messages (DECISIONS.md): the provider refused what the form should have.
  [FORM.email]: ['auth/invalid-email', 'auth/missing-email', 'auth/invalid-recipient-email', 'shop/invalid-email'],
  [FORM.password]: ['auth/weak-password', 'auth/missing-password', 'auth/password-does-not-meet-requirements'],
  [EMAIL_IN_USE]: ['auth/email-already-in-use', 'auth/credential-already-in-use'],
  'An account with this email already exists. Sign in with your email and password.': ['auth/account-exists-with-different-credential'],
  'That username is taken. Choose another one.': ['shop/username-taken'],
  'Too many attempts. Please wait a moment and try again.': ['auth/too-many-requests', 'auth/quota-exceeded'],
  'We could not reach the sign-in service. Check your connection and try again.': ['auth/network-request-failed', 'auth/timeout'],
  [GOOGLE_CLOSED]: ['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/redirect-cancelled-by-user', 'auth/user-cancelled'],
  'Your browser blocked the Google window. Allow pop-ups for this shop and try again.': ['auth/popup-blocked'],
  'This account is disabled.': ['auth/user-disabled'],
  [CLOSED]: ['auth/login-blocked', 'auth/admin-restricted-operation', 'shop/account-closed'],
  'Please verify your email address first, with the link we sent you.': ['auth/unverified-email', 'auth/email-change-needs-verification'],
  [SESSION_ENDED]: [
    'auth/requires-recent-login',
    'auth/user-token-expired',
    'auth/invalid-user-token',
    'auth/user-mismatch',
    'auth/user-signed-out',
    'auth/null-user',
    'auth/tenant-id-mismatch',
  ],
  [LINK_EXPIRED]: ['auth/expired-action-code', 'auth/invalid-action-code', 'auth/code-expired'],
  [BROWSER]: [
    'auth/web-storage-unsupported',
    'auth/operation-not-supported-in-this-environment',
    'auth/cors-unsupported',
    'auth/unsupported-persistence-type',
  ],
  [UNAVAILABLE]: [
    'auth/app-deleted',
    'auth/app-not-authorized',
    'auth/app-not-installed',
    'auth/argument-error',
    'auth/auth-domain-config-required',
    'auth/already-initialized',
    'auth/captcha-check-failed',
    'auth/cordova-not-ready',
    'auth/custom-token-mismatch',
    'auth/dependent-sdk-initialized-before-auth',
    'auth/dynamic-link-not-activated',
    'auth/emulator-config-failed',
    'auth/internal-error',
    'auth/invalid-api-key',
    'auth/invalid-app-credential',
    'auth/invalid-app-id',
    'auth/invalid-auth-event',
    'auth/invalid-cert-hash',
    'auth/invalid-continue-uri',
    'auth/invalid-cordova-configuration',
    'auth/invalid-custom-token',
    'auth/invalid-dynamic-link-domain',
    'auth/invalid-emulator-scheme',
    'auth/invalid-hosting-link-domain',
    'auth/invalid-message-payload',
    'auth/invalid-multi-factor-session',
    'auth/invalid-oauth-client-id',
    'auth/invalid-oauth-provider',
    'auth/invalid-persistence-type',
    'auth/invalid-phone-number',
    'auth/invalid-provider-id',
    'auth/invalid-recaptcha-action',
    'auth/invalid-recaptcha-token',
    'auth/invalid-recaptcha-version',
    'auth/invalid-req-type',
    'auth/invalid-sender',
    'auth/invalid-tenant-id',
    'auth/invalid-verification-code',
    'auth/invalid-verification-id',
    'auth/maximum-second-factor-count-exceeded',
    'auth/missing-android-pkg-name',
    'auth/missing-app-credential',
    'auth/missing-client-type',
    'auth/missing-continue-uri',
    'auth/missing-iframe-start',
    'auth/missing-ios-bundle-id',
    'auth/missing-multi-factor-info',
    'auth/missing-multi-factor-session',
    'auth/missing-or-invalid-nonce',
    'auth/missing-phone-number',
    'auth/missing-recaptcha-token',
    'auth/missing-recaptcha-version',
    'auth/missing-verification-code',
    'auth/missing-verification-id',
    'auth/multi-factor-auth-required',
    'auth/multi-factor-info-not-found',
    'auth/no-auth-event',
    'auth/no-such-provider',
    'auth/operation-not-allowed',
    'auth/provider-already-linked',
    'auth/recaptcha-not-enabled',
    'auth/redirect-operation-pending',
    'auth/rejected-credential',
    'auth/second-factor-already-in-use',
    'auth/unauthorized-continue-uri',
    'auth/unauthorized-domain',
    'auth/unsupported-first-factor',
    'auth/unsupported-password-policy-schema-version',
    'auth/unsupported-tenant-operation',
    'shop/unavailable',
  ],
};

const MESSAGES = new Map(Object.entries(BY_MESSAGE).flatMap(([message, codes]) => codes.map((code) => [code, message] as const)));

/**
 * The shop's message for a sign-in failure, by its code: the provider's
 * (auth/...) or the shop's own (shop/...). An unknown code, or none, gets
 * AUTH_UNKNOWN: the failure's own text never reaches the page.
 */
export function authErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && MESSAGES.get(code)) || AUTH_UNKNOWN;
}

/** A shop username from a Google display name: letters and digits, starting with a letter, 8-15 long. */
export function usernameFromDisplayName(displayName: string | null, email: string, suffix: string): string {
  const base = (displayName || email.split('@')[0] || 'shopper').normalize('NFD').replace(/[^A-Za-z0-9]/g, '');
  const start = /^[A-Za-z]/.test(base) ? base : `u${base}`;
  return `${start.slice(0, 15 - suffix.length)}${suffix}`.padEnd(8, '0');
}
