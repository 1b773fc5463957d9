import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OperationId, Route } from '../core/contract';
import { ApiError } from '../core/errors';

export interface RateLimits {
  /** Sign-ups, payments, orders, comments and ratings one caller may send per minute, each call counted on its own. */
  writesPerMinute: number;
  /** Cart and favourites changes one caller may send per minute, each call counted on its own: far past a shopper's clicks, short of a script's. */
  cartWritesPerMinute: number;
  /** Images one caller may upload per hour: the upload quota. */
  uploadsPerHour: number;
  /** Sitemap files one visitor may ask for per minute: crawlers ask for a few; a file not made yet since the catalogue changed costs some 50 ms at 100,000 products. */
  sitemapsPerMinute: number;
}

/** Far above what a person does, and what the end-to-end and contract suites send. */
export const DEFAULT_RATE_LIMITS: RateLimits = { writesPerMinute: 30, cartWritesPerMinute: 300, uploadsPerHour: 60, sitemapsPerMinute: 60 };

export const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const cartWrites = (limits: RateLimits) => ({ max: limits.cartWritesPerMinute, timeWindow: MINUTE });

/** The calls an abuser would repeat: signing up, paying, ordering, commenting, rating, uploading, and changing a cart or favourites. */
const LIMITED: Partial<Record<OperationId, (limits: RateLimits) => { max: number; timeWindow: number }>> = {
  createUser: (limits) => ({ max: limits.writesPerMinute, timeWindow: MINUTE }),
  createPayment: (limits) => ({ max: limits.writesPerMinute, timeWindow: MINUTE }),
  createOrder: (limits) => ({ max: limits.writesPerMinute, timeWindow: MINUTE }),
  createComment: (limits) => ({ max: limits.writesPerMinute, timeWindow: MINUTE }),
  // Each rating moves the catalogue's version, which every cache and rendered page is rebuilt after.
  rateProduct: (limits) => ({ max: limits.writesPerMinute, timeWindow: MINUTE }),
  uploadImage: (limits) => ({ max: limits.uploadsPerHour, timeWindow: HOUR }),
  mergeCart: cartWrites,
  setCartQuantity: cartWrites,
  removeCartLine: cartWrites,
  switchCartShade: cartWrites,
  clearCart: cartWrites,
  addFavorite: cartWrites,
  removeFavorite: cartWrites,
};

/**
 * Registers @fastify/rate-limit for the routes given a limit by rateLimitOf.
 * A caller is counted by its verified uid (so a shared address does not
 * share a limit, and a new token does not reset one), else by its address:
 * request.ip, which follows X-Forwarded-For only when the app trusts a proxy.
 */
export async function registerRateLimits(app: FastifyInstance, callerOf: (request: FastifyRequest) => Promise<{ uid: string } | null>) {
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: async (request) => {
      const caller = await callerOf(request);
      return caller ? `uid:${caller.uid}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) => new ApiError(429, `Too many requests. Please try again in ${context.after}.`),
  });
}

/** The route's rate limit, for its config; undefined for a route that has none. */
export function rateLimitOf(route: Route, limits: RateLimits): RateLimitOptions | undefined {
  return LIMITED[route.operationId]?.(limits);
}
