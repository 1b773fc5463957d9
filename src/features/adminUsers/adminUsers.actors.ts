import { fromPromise } from 'xstate';
import { CHANGE_FAILED, type TypeChange } from '~/machines/adminUsers.machine';
import { api } from '~/src/api/client';
import { dataOf, errorMessage } from '~/src/api/replies';
import type { User } from '~/src/domain/types';

/** A 204 has no data for dataOf: the answer is its status; a refusal throws the server's message (the last Admin, your own account). */
function done({ error, response }: { error?: unknown; response: Response }): void {
  if (!response.ok) throw new Error(errorMessage(error) ?? CHANGE_FAILED);
}

/** The admin user list's calls: GET /users, one DELETE /users/{id} or one POST /users/delete for several, PUT /users/type. */
export const adminUsersActors = {
  load: fromPromise<User[]>(async () => dataOf(await api.GET('/users'), { failure: 'The users could not be loaded.' })),
  remove: fromPromise<void, { ids: string[] }>(async ({ input: { ids } }) =>
    done(
      ids.length === 1
        ? await api.DELETE('/users/{idOrEmail}', { params: { path: { idOrEmail: ids[0]! } } })
        : await api.POST('/users/delete', { body: { ids } }),
    ),
  ),
  setType: fromPromise<User, TypeChange>(async ({ input }) =>
    dataOf(await api.PUT('/users/type', { body: input }), { failure: CHANGE_FAILED }),
  ),
};
