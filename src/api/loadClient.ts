import type { api } from './client';

export type ApiClient = typeof api;

/**
 * The API client (client.ts, with openapi-fetch), loaded on first use so it
 * is not in the first bundle: a visitor's server-rendered page makes no call.
 * The module loader keeps it once loaded; a failed load is tried again.
 */
export const apiClient = (): Promise<ApiClient> => import('./client').then((m) => m.api);
