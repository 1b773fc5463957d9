import { beforeEach, expect, it, vi } from 'vitest';
import { setFailureReporter, type RequestFailure } from './clientSettings';
import { CLIENT_CODE, apiClient } from './loadClient';

/** How many of the next loads of the client fail, as a chunk that cannot be fetched does. */
const unreachable = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./client', async (importOriginal) => {
  if (unreachable.loads > 0) {
    unreachable.loads--;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

const reported: RequestFailure[] = [];
setFailureReporter((failure) => reported.push(failure));
beforeEach(() => {
  reported.length = 0;
});

it('a client that cannot be loaded fails the call and is reported as a failed request is; the next call loads it', async () => {
  unreachable.loads = 1;
  const failure: unknown = await apiClient().catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(Error);
  expect(reported).toEqual([{ method: 'GET', url: CLIENT_CODE, reason: (failure as Error).name }]);

  const client = await apiClient();
  expect(client).toBe((await import('./client')).api);
  expect(typeof client.GET).toBe('function');
  expect(reported).toHaveLength(1);
});

it('a client that loads is not reported', async () => {
  await apiClient();
  expect(reported).toEqual([]);
});
