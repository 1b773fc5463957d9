import { expect } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { adminUsersLogic } from '~/src/features/adminUsers/adminUsers.logic';
import { ADMIN_USERS, NOBODY, type AdminUsersSnapshot } from './adminUsers.model';
import type { MachineBinding } from './harness/replay';
import { SEEDED_PEOPLE } from './harness/shop';

/** The model's people as seeded ones: the Admin signed in, elena and ana leave, bruno's type changes, dario is Blocked. */
const SEEDED = { self: 'admin', leaving: 'elena', leavingToo: 'ana', changing: 'bruno', blocked: 'dario' } as const;
type Role = keyof typeof SEEDED;

const row = (u: { id: string; type: string }) => `${u.id} ${u.type}`;

/** The table's read: its latest failing leaves the table as it was, said by its error. */
export const TABLE_READ = 'GET /users';

/**
 * The Admin's user list on the mock backend as the app provides it
 * (adminUsersLogic); the page's focus after a delete has nothing to move here.
 * `sabotage` changes the app's machine first (a broken actor given with `provide`).
 */
export const adminUsersBinding = (sabotage: (logic: AnyStateMachine) => AnyStateMachine = (logic) => logic): MachineBinding => ({
  name: 'adminUsers',
  async open(shop) {
    const self = await shop.signIn('admin');
    const realId = (id: string) => {
      const role = (Object.keys(ADMIN_USERS) as Role[]).find((r) => ADMIN_USERS[r].id === id);
      return role ? SEEDED_PEOPLE[SEEDED[role]]!.id : id === NOBODY ? 'nobody-at-all' : id;
    };
    /** The users the Admin last confirmed deleting. */
    let removing: string[] = [];
    return {
      logic: sabotage(adminUsersLogic({ deleted: () => {} })),
      input: { selfId: self.id },
      async send(event, actor) {
        const { context } = actor.getSnapshot() as AdminUsersSnapshot;
        if (event.type === 'CONFIRM') removing = context.removing;
        if (event.type === 'SELECT') return { type: 'SELECT', ids: (event.ids as string[]).map(realId) };
        if (event.type === 'DELETE' || event.type === 'CHANGE_TYPE') return { ...event, id: realId(event.id as string) };
        return event;
      },
      async check(snapshot) {
        const { context } = snapshot as AdminUsersSnapshot;
        expect(
          context.users.some((u) => u.id === self.id),
          'the signed-in Admin is left out',
        ).toBe(false);
        expect(
          context.selection.every((id) => context.users.some((u) => u.id === id)),
          'only listed users are selected',
        ).toBe(true);
        const held = (await shop.backend.store.listUsers()).filter((u) => u.id !== self.id);
        if (snapshot.matches({ ready: 'refreshing' }) && context.error === null) {
          expect(held.filter((u) => removing.includes(u.id)).map(row), 'a delete said done removed every user it was asked to').toEqual([]);
        }
        expect((await shop.backend.store.getUser(self.id))?.type, 'the Admin stays an Admin').toBe('Admin');
        if (snapshot.matches({ ready: 'idle' }) && (!shop.latestFailed(TABLE_READ) || context.error === null)) {
          expect(context.users.map(row).sort(), 'the table is what the server holds (or its error says it was not read again)').toEqual(
            held.map(row).sort(),
          );
        }
      },
      showable: (snapshot) => snapshot.matches('failed') || snapshot.matches({ ready: 'idle' }),
    };
  },
});
