import createClient, { type Middleware } from 'openapi-fetch';
import { REQUEST_TIMEOUT_MS } from '../domain/constants';
import type { paths } from './schema';

type TokenSource = () => Promise<string | null>;

let idToken: TokenSource = async () => null;
let tokenOnCatalogueReads = () => false;

/** The session sets where the signed-in user's ID token comes from. */
export function setIdTokenSource(source: TokenSource): void {
  idToken = source;
}

/**
 * Whether catalogue reads carry the token: only an Admin's need it (to see
 * disabled products); everyone else's stay anonymous, so the server answers
 * them from its prebuilt bytes.
 */
export function setTokenOnCatalogueReads(when: () => boolean): void {
  tokenOnCatalogueReads = when;
}

const CATALOGUE_READ = /\/products(\/\d+)?$/;

const auth: Middleware = {
  async onRequest({ request, schemaPath }) {
    if (request.method === 'GET' && CATALOGUE_READ.test(schemaPath.replace('{id}', '0')) && !tokenOnCatalogueReads()) return request;
    const token = await idToken();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    return request;
  },
};

/** The one typed client of the shop API; base URL from VITE_API_BASE (default /api), 15 s timeout. */
export const api = createClient<paths>({
  baseUrl: import.meta.env.VITE_API_BASE ?? '/api',
  fetch: (request) => fetch(request, { signal: AbortSignal.any([request.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) }),
});
api.use(auth);
