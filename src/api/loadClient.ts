import type { api } from './client';
import { clientSettings } from './clientSettings';

export type ApiClient = typeof api;

/** What a failed load of the client is reported as: the request for its code. */
export const CLIENT_CODE = 'the API client’s code';

/**
 * The API client (client.ts, with openapi-fetch), loaded on first use so it
 * is not in the first bundle: a visitor's server-rendered page makes no call.
 * The module loader keeps it once loaded. A load that fails (offline, or a
 * tab left open across a new release) is the call's failure, reported as a
 * failed request is (the failure toast) and thrown to the caller (its Retry);
 * nothing keeps it, so the next call loads the client again.
 */
export const apiClient = (): Promise<ApiClient> =>
  import('./client').then(
    (module) => module.api,
    (error: unknown) => {
      clientSettings.reportFailure({ method: 'GET', url: CLIENT_CODE, reason: error instanceof Error ? error.name : 'Error' });
      throw error;
    },
  );
