import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** PayPal's JS SDK: its script, its button and checkout frames, their images and calls. */
const PAYPAL = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];
/**
 * Firebase Auth: its two REST hosts and Google's sign-in script, named
 * exactly: wildcards such as *.googleapis.com or *.firebaseapp.com would let
 * anyone's hosted files run as scripts here. The project's own auth domain,
 * whose frame carries the popup sign-in, comes from the configuration.
 */
const FIREBASE_CALLS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
const GOOGLE_SIGN_IN_SCRIPT = 'https://apis.google.com';
/** Where a Google account's profile picture, kept as the user's image, is served from. */
const GOOGLE_PICTURES = 'https://*.googleusercontent.com';

/**
 * The Content-Security-Policy: the shop's own origin, plus what PayPal's SDK
 * and Firebase Auth need; no inline scripts, plugins or framing.
 * connectOrigins are further origins the page may call (the Auth emulator's),
 * frameOrigins further origins it may frame (the Firebase project's auth domain).
 * Inline styles stay allowed: the toast and dialog libraries, and PayPal's
 * SDK, insert style elements at run time.
 */
export interface PolicyOrigins {
  connectOrigins?: readonly string[];
  frameOrigins?: readonly string[];
}

export function contentSecurityPolicy({ connectOrigins = [], frameOrigins = [] }: PolicyOrigins = {}): Record<string, string[]> {
  const self = "'self'";
  return {
    'default-src': [self],
    'base-uri': [self],
    'form-action': [self],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'script-src': [self, ...PAYPAL, GOOGLE_SIGN_IN_SCRIPT],
    'script-src-attr': ["'none'"],
    'style-src': [self, "'unsafe-inline'"],
    'img-src': [self, 'data:', 'blob:', ...PAYPAL, GOOGLE_PICTURES],
    'font-src': [self],
    'connect-src': [self, ...PAYPAL, ...FIREBASE_CALLS, ...connectOrigins],
    'frame-src': [...PAYPAL, ...frameOrigins],
  };
}

/**
 * Helmet's headers: the policy above, nosniff, no framing, and a referrer
 * that stays on the shop; for every answer, the router's own refusals
 * included. They never change per request (no nonces), so helmet is run once
 * and its headers kept: setting them is then one step of each answer, where
 * running helmet for each was a tenth of a small answer's time.
 */
export function securityHeaders(origins: PolicyOrigins = {}): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(origins) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Google sign-in and PayPal checkout open popups that report back to this page.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  })({} as IncomingMessage, collector as unknown as ServerResponse, () => undefined);
  return Object.freeze(headers);
}
