import createClient, { type Middleware } from 'openapi-fetch';
import { REQUEST_TIMEOUT_MS } from '../domain/constants';
import { clientSettings } from './clientSettings';
import { isServerFailure } from './replies';
import type { paths } from './schema';

const CATALOGUE_READ = /\/products(\/\d+)?$/;

const auth: Middleware = {
  async onRequest({ request, schemaPath }) {
    if (request.method === 'GET' && CATALOGUE_READ.test(schemaPath.replace('{id}', '0')) && !clientSettings.tokenOnCatalogueReads())
      return request;
    const token = await clientSettings.idToken();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    return request;
  },
};

const failures: Middleware = {
  onResponse({ request, response }) {
    if (isServerFailure(response.status))
      clientSettings.reportFailure({ method: request.method, url: request.url, reason: response.status });
  },
  onError({ request, error }) {
    // An AbortError is the caller giving up (a newer search, a page left): not a failure.
    const name = error instanceof Error ? error.name : 'Error';
    if (name !== 'AbortError') clientSettings.reportFailure({ method: request.method, url: request.url, reason: name });
  },
};

/**
 * The one typed client of the shop API; base URL from VITE_API_BASE (default
 * /api), 15 s timeout, the token and failure reporting as clientSettings says.
 * Lazy chunks import it; code in the first load gets it through apiClient().
 */
export const api = createClient<paths>({
  baseUrl: import.meta.env.VITE_API_BASE ?? '/api',
  fetch: (request) => fetch(request, { signal: AbortSignal.any([request.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) }),
});
api.use(failures, auth);
