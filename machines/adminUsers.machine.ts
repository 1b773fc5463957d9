import { assign, fromPromise, setup } from 'xstate';
import { isTypeChange, othersThan } from '~/src/domain/adminUsers';
import type { ASSIGNABLE_USER_TYPES } from '~/src/domain/permissions';
import type { User } from '~/src/domain/types';

/** A type the admin dialog offers (spec section 6: Admin, User or Banned; never Blocked). */
export type AssignableUserType = (typeof ASSIGNABLE_USER_TYPES)[number];

export interface TypeChange {
  userId: string;
  type: AssignableUserType;
}

export type AdminUsersEvent =
  | { type: 'RETRY' }
  | { type: 'SELECT'; ids: string[] }
  /** The row menu's 'Delete user'. */
  | { type: 'DELETE'; id: string }
  /** The toolbar's Delete, for the selected users. */
  | { type: 'DELETE_SELECTED' }
  /** The row menu's 'Change user status'. */
  | { type: 'CHANGE_TYPE'; id: string }
  | { type: 'CHOOSE'; userType: AssignableUserType }
  /** A delete confirmation's yes, or the type dialog's Ok. */
  | { type: 'CONFIRM' }
  /** A delete confirmation's no, or the type dialog's Cancel. */
  | { type: 'DISMISS' };

export interface AdminUsersContext {
  /** The signed-in Admin, left out of the list. */
  selfId: string | null;
  /** Everyone else, as the server last said. */
  users: User[];
  selection: string[];
  /** The users a delete confirmation is about: the row's one, or the selection. */
  removing: string[];
  /** The user whose type the dialog changes, and the type chosen in it. */
  target: string | null;
  chosen: AssignableUserType | null;
  /** Why the last change was refused or failed (the server's message). */
  error: string | null;
}

export const CHANGE_FAILED = 'The users could not be changed.';
export const RELOAD_FAILED = 'The users could not be loaded again; the list may be out of date.';

const notProvided = (name: string) => () => {
  throw new Error(`admin-users machine: provide the "${name}" actor`);
};

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : CHANGE_FAILED);

const targetOf = (context: AdminUsersContext) => context.users.find((user) => user.id === context.target);

/**
 * The Admin's user list (spec section 2 'Admin users screen', section 4
 * 'Admin actions', section 5 'Delete confirmation'): a selection; deleting
 * one user or the selected ones after a confirmation; changing a user's
 * type through a dialog offering Admin, User or Banned. After each change
 * the list is read again, so the table shows what the server holds; a
 * refused change (the last Admin, a caller no longer Admin) keeps the
 * server's message to show.
 */
export const adminUsersMachine = setup({
  types: {
    context: {} as AdminUsersContext,
    events: {} as AdminUsersEvent,
    input: {} as { selfId: string | null },
  },
  actors: {
    load: fromPromise<User[]>(notProvided('load')),
    remove: fromPromise<void, { ids: string[] }>(notProvided('remove')),
    setType: fromPromise<User, TypeChange>(notProvided('setType')),
  },
  actions: {
    /** The list as read, without the signed-in Admin, and a selection keeping only users still listed. */
    listed: assign(({ context }, users: User[]) => {
      const others = othersThan(users, context.selfId);
      return { users: others, selection: context.selection.filter((id) => others.some((user) => user.id === id)) };
    }),
    /** The deleted rows are gone, and with them the focus of whatever opened the confirmation. */
    deleted: () => {},
  },
  guards: {
    knownUser: ({ context, event }) => 'id' in event && context.users.some((user) => user.id === event.id),
    hasSelection: ({ context }) => context.selection.length > 0,
    typeChange: ({ context }) => {
      const target = targetOf(context);
      return !!target && isTypeChange(target.type, context.chosen);
    },
    hasChoice: ({ context }) => context.chosen !== null,
  },
}).createMachine({
  id: 'adminUsers',
  context: ({ input }) => ({ selfId: input.selfId, users: [], selection: [], removing: [], target: null, chosen: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: { type: 'listed', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        SELECT: { actions: assign({ selection: ({ event }) => [...new Set(event.ids)] }) },
      },
      states: {
        idle: {
          on: {
            DELETE: {
              guard: 'knownUser',
              target: 'confirmingDeleteOne',
              actions: assign({ removing: ({ event }) => [event.id], error: null }),
            },
            DELETE_SELECTED: {
              guard: 'hasSelection',
              target: 'confirmingDeleteMany',
              actions: assign({ removing: ({ context }) => context.selection, error: null }),
            },
            CHANGE_TYPE: {
              guard: 'knownUser',
              target: 'choosingType',
              actions: assign({
                target: ({ event }) => event.id,
                // The dialog starts on the user's type when it offers it (a Blocked user starts with none).
                chosen: ({ context, event }) => {
                  const type = context.users.find((user) => user.id === event.id)!.type;
                  return type === 'Blocked' ? null : type;
                },
                error: null,
              }),
            },
          },
        },
        confirmingDeleteOne: {
          on: {
            CONFIRM: 'deleting',
            DISMISS: { target: 'idle', actions: assign({ removing: [] }) },
          },
        },
        confirmingDeleteMany: {
          on: {
            CONFIRM: 'deleting',
            DISMISS: { target: 'idle', actions: assign({ removing: [] }) },
          },
        },
        choosingType: {
          on: {
            CHOOSE: { actions: assign({ chosen: ({ event }) => event.userType }) },
            CONFIRM: [
              { guard: 'typeChange', target: 'changingType' },
              { guard: 'hasChoice', target: 'idle', actions: assign({ target: null, chosen: null }) },
            ],
            DISMISS: { target: 'idle', actions: assign({ target: null, chosen: null }) },
          },
        },
        deleting: {
          tags: 'busy',
          invoke: {
            src: 'remove',
            input: ({ context }) => ({ ids: context.removing }),
            onDone: {
              target: 'refreshing',
              actions: [
                assign({
                  users: ({ context }) => context.users.filter((user) => !context.removing.includes(user.id)),
                  selection: ({ context }) => context.selection.filter((id) => !context.removing.includes(id)),
                }),
                'deleted',
              ],
            },
            onError: { target: 'refreshing', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
          },
        },
        changingType: {
          tags: 'busy',
          invoke: {
            src: 'setType',
            input: ({ context }) => ({ userId: context.target!, type: context.chosen! }),
            onDone: {
              target: 'refreshing',
              actions: assign({
                users: ({ context, event }) => context.users.map((user) => (user.id === event.output.id ? event.output : user)),
              }),
            },
            onError: { target: 'refreshing', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
          },
        },
        refreshing: {
          tags: 'busy',
          entry: assign({ removing: [], target: null, chosen: null }),
          invoke: {
            src: 'load',
            onDone: { target: 'idle', actions: { type: 'listed', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: assign({ error: ({ context }) => context.error ?? RELOAD_FAILED }) },
          },
        },
      },
    },
  },
});
