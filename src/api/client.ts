import createClient, { type Middleware } from 'openapi-fetch';
import { REQUEST_TIMEOUT_MS } from '../domain/constants';
import type { paths } from './schema';

type TokenSource = () => Promise<string | null>;

let idToken: TokenSource = async () => null;

/** The session sets where the signed-in user's ID token comes from. */
export function setIdTokenSource(source: TokenSource): void {
  idToken = source;
}

const auth: Middleware = {
  async onRequest({ request }) {
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
