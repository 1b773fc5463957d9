import type { SnapshotFrom } from 'xstate';
import { adminUsersMachine, type TypeChange } from '~/machines/adminUsers.machine';
import type { User, UserType } from '~/src/domain/types';
import { answers, fails, type MachineModel } from './harness/model';

type Snapshot = SnapshotFrom<typeof adminUsersMachine>;

const user = (id: string, type: UserType): User => ({
  id,
  username: id,
  email: `${id}@makeup.test`,
  type,
  img: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** The people a path acts on, by role (the replay maps them to seeded people), the signed-in Admin, and an id nobody has. */
export const ADMIN_USERS = {
  self: user('self', 'Admin'),
  leaving: user('leaving', 'User'),
  leavingToo: user('leavingToo', 'User'),
  changing: user('changing', 'User'),
  blocked: user('blocked', 'Blocked'),
};
export const NOBODY = 'nobody';

const listed = ({ context }: Snapshot, ...ids: string[]) => ids.every((id) => context.users.some((u) => u.id === id));

/**
 * The Admin's user list: selecting one or two, deleting one (after its
 * confirmation, or dismissed), deleting the selection (one user, or several
 * in one call), a user no longer listed, changing
 * a user's type (to another type, to the one they have, or leaving a
 * Blocked user's dialog with no choice), retrying a failed load. Each read
 * and change answers or fails; the list read again is the one shown.
 */
export const adminUsersModel: MachineModel<typeof adminUsersMachine> = {
  name: 'adminUsers',
  machine: adminUsersMachine,
  inputs: [{ label: '', input: { selfId: ADMIN_USERS.self.id } }],
  key: ({ context }) => ({
    users: context.users.map((u) => `${u.id} ${u.type}`),
    selection: context.selection,
    target: context.target,
    chosen: context.chosen,
    error: context.error !== null,
  }),
  effect: ({ context }, id) => ({
    users: context.users.flatMap((u) => (id(u.id) === undefined ? [] : [`${id(u.id)} ${u.type}`])).sort(),
    selection: context.selection.map(id),
    removing: context.removing.map(id),
    target: context.target === null ? null : id(context.target),
    chosen: context.chosen,
    error: context.error !== null,
  }),
  // The table offers only listed users to select.
  events: (snapshot) => [
    ...(listed(snapshot, ADMIN_USERS.leaving.id) ? [{ type: 'SELECT', ids: [ADMIN_USERS.leaving.id], label: 'one' }] : []),
    ...(listed(snapshot, ADMIN_USERS.leaving.id, ADMIN_USERS.leavingToo.id)
      ? [{ type: 'SELECT', ids: [ADMIN_USERS.leaving.id, ADMIN_USERS.leavingToo.id], label: 'two' }]
      : []),
    { type: 'DELETE', id: ADMIN_USERS.leaving.id, label: 'listed' },
    { type: 'DELETE', id: NOBODY, label: 'not listed' },
    { type: 'DELETE_SELECTED' },
    { type: 'CHANGE_TYPE', id: ADMIN_USERS.changing.id, label: 'user' },
    { type: 'CHANGE_TYPE', id: ADMIN_USERS.blocked.id, label: 'blocked user' },
    { type: 'CHOOSE', userType: 'Banned', label: 'Banned' },
    { type: 'CHOOSE', userType: 'User', label: 'User' },
    { type: 'CONFIRM' },
    { type: 'DISMISS' },
    { type: 'RETRY' },
  ],
  // One user is deleted by one call, several by another: the paths end each answered and failed.
  callKind: (src, input) => (src === 'remove' ? ((input as { ids: string[] }).ids.length === 1 ? 'one' : 'several') : undefined),
  outcomes: {
    load: [
      answers((snapshot) => (snapshot.matches('loading') ? Object.values(ADMIN_USERS) : [ADMIN_USERS.self, ...snapshot.context.users])),
      fails(),
    ],
    remove: [answers(() => undefined), fails()],
    setType: [
      {
        label: 'answered',
        output: (snapshot, input) => ({
          ...snapshot.context.users.find((u) => u.id === (input as TypeChange).userId)!,
          type: (input as TypeChange).type,
        }),
      },
      fails(),
    ],
  },
};

export type { Snapshot as AdminUsersSnapshot };
