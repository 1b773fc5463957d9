import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** PayPal's JS SDK: its script, its button and checkout frames, their images and calls. */
const PAYPAL = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];
/** Firebase Auth: its REST calls (identitytoolkit, securetoken), Google's sign-in script and the auth domain's frames. */
const FIREBASE = ['https://*.googleapis.com', 'https://apis.google.com', 'https://*.firebaseapp.com'];
/** Where a Google account's profile picture, kept as the user's image, is served from. */
const GOOGLE_PICTURES = 'https://*.googleusercontent.com';

/**
 * The Content-Security-Policy: the shop's own origin, plus what PayPal's SDK
 * and Firebase Auth need; no inline scripts, plugins or framing.
 * connectOrigins are further origins the page may call (the Auth emulator's).
 * Inline styles stay allowed: the toast and dialog libraries, and PayPal's
 * SDK, insert style elements at run time.
 */
export function contentSecurityPolicy(connectOrigins: readonly string[] = []): Record<string, string[]> {
  const self = "'self'";
  return {
    'default-src': [self],
    'base-uri': [self],
    'form-action': [self],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'script-src': [self, ...PAYPAL, ...FIREBASE],
    'script-src-attr': ["'none'"],
    'style-src': [self, "'unsafe-inline'"],
    'img-src': [self, 'data:', 'blob:', ...PAYPAL, GOOGLE_PICTURES],
    'font-src': [self],
    'connect-src': [self, ...PAYPAL, ...FIREBASE, ...connectOrigins],
    'frame-src': [...PAYPAL, ...FIREBASE],
  };
}

/** @fastify/helmet on every answer: the policy above, nosniff, no framing, and a referrer that stays on the shop. */
export async function registerSecurityHeaders(app: FastifyInstance, connectOrigins: readonly string[] = []) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(connectOrigins) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Google sign-in and PayPal checkout open popups that report back to this page.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}
