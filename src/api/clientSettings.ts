import { REQUEST_TIMEOUT_MS } from '../domain/constants';

/**
 * What the app tells the API client before its first request, kept apart
 * from the client (client.ts, loaded on first use) so the session and the
 * layout can set it without loading the client.
 */

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

/** What the client reads of these settings on each request. */
export const clientSettings = {
  idToken: () => idToken(),
  tokenOnCatalogueReads: () => tokenOnCatalogueReads(),
  reportFailure: (failure: RequestFailure) => reportFailure(failure),
};
