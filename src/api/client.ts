import createClient, { type Middleware } from 'openapi-fetch';
import { REQUEST_TIMEOUT_MS } from '../domain/constants';
import type { paths } from './schema';

type TokenSource = () => Promise<string | null>;

/** A request that did not get an answer the shop can use: no network, the 15 s timeout, or a 5xx. */
export interface RequestFailure {
  method: string;
  url: string;
  /** The HTTP status of a 5xx, or the error's name (TypeError, TimeoutError) when there was no answer. */
  reason: number | string;
}

const noToken: TokenSource = async () => null;
let resolveTokenSource: (source: TokenSource) => void = () => {};
const firstTokenSource = new Promise<TokenSource>((resolve) => (resolveTokenSource = resolve));
const timedOut = () => new Promise<TokenSource>((resolve) => setTimeout(() => resolve(noToken), REQUEST_TIMEOUT_MS));

/**
 * Until the session sets the source, a request that would carry a token
 * waits for it (a page opened straight on /profile), not longer than the
 * timeout, rather than going out anonymous.
 */
let idToken: TokenSource = async () => (await Promise.race([firstTokenSource, timedOut()]))();
let tokenOnCatalogueReads = () => false;
let reportFailure: (failure: RequestFailure) => void = () => {};

/** The session sets where the signed-in user's ID token comes from. */
export function setIdTokenSource(source: TokenSource): void {
  idToken = source;
  resolveTokenSource(source);
}

/**
 * Whether catalogue reads carry the token: only an Admin's need it (to see
 * disabled products); everyone else's stay anonymous, so the server answers
 * them from its prebuilt bytes.
 */
export function setTokenOnCatalogueReads(when: () => boolean): void {
  tokenOnCatalogueReads = when;
}

/** The app sets who hears of every failed request (it logs it and shows the failure toast). */
export function setFailureReporter(report: (failure: RequestFailure) => void): void {
  reportFailure = report;
}

/** A 5xx: the server could not answer, so the request may be retried (a 4xx is the answer). */
export const isServerFailure = (status: number) => status >= 500;

const CATALOGUE_READ = /\/products(\/\d+)?$/;

const auth: Middleware = {
  async onRequest({ request, schemaPath }) {
    if (request.method === 'GET' && CATALOGUE_READ.test(schemaPath.replace('{id}', '0')) && !tokenOnCatalogueReads()) return request;
    const token = await idToken();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    return request;
  },
};

const failures: Middleware = {
  onResponse({ request, response }) {
    if (isServerFailure(response.status)) reportFailure({ method: request.method, url: request.url, reason: response.status });
  },
  onError({ request, error }) {
    // An AbortError is the caller giving up (a newer search, a page left): not a failure.
    const name = error instanceof Error ? error.name : 'Error';
    if (name !== 'AbortError') reportFailure({ method: request.method, url: request.url, reason: name });
  },
};

/** The one typed client of the shop API; base URL from VITE_API_BASE (default /api), 15 s timeout. */
export const api = createClient<paths>({
  baseUrl: import.meta.env.VITE_API_BASE ?? '/api',
  fetch: (request) => fetch(request, { signal: AbortSignal.any([request.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) }),
});
api.use(failures, auth);

/** The contract's error message of a refused request, if its body is the contract's error body. */
export function errorMessage(error: unknown): string | undefined {
  const message = (error as { error?: { message?: unknown } } | undefined)?.error?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * A reply's data, or a thrown error with the API's message (else `failure`):
 * a 4xx is thrown as the caller's `refused` class when it gives one, so a
 * machine can tell the server's answer from a failure worth retrying.
 */
export function dataOf<T>(
  reply: { data?: T; error?: unknown; response: Response },
  { refused, failure = 'The request failed.' }: { refused?: new (message: string) => Error; failure?: string } = {},
): T {
  if (reply.data !== undefined) return reply.data;
  const message = errorMessage(reply.error) ?? failure;
  throw refused && !isServerFailure(reply.response.status) ? new refused(message) : new Error(message);
}
