import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { User, UserType } from '../src/domain/types';
import { adminUsersMachine, CHANGE_FAILED, RELOAD_FAILED, type TypeChange } from './adminUsers.machine';

const user = (id: string, type: UserType = 'User'): User => ({
  id,
  username: `name${id}`,
  email: `${id}@makeup.test`,
  type,
  img: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const people = () => [user('me', 'Admin'), user('ana'), user('bruno', 'Banned'), user('carla', 'Blocked'), user('dora', 'Admin')];

/**
 * The machine on an in-memory server keeping the API's rules (no one
 * deletes or changes themselves, an Admin always remains);
 * `network.failingLoads` loads fail, `network.refusal` refuses the next
 * change with that message, `network.failChange` fails it without one.
 */
function start(users: User[], network = { failingLoads: 0, refusal: null as string | null, failChange: false }) {
  let server = users.map((u) => ({ ...u }));
  const removals: string[][] = [];
  const typeChanges: TypeChange[] = [];
  let deletedCalls = 0;
  const refuse = () => {
    if (network.failChange) {
      network.failChange = false;
      throw new Error('');
    }
    if (network.refusal === null) return;
    const message = network.refusal;
    network.refusal = null;
    throw new Error(message);
  };
  const lastAdminLeaves = (leaving: string[]) => server.filter((u) => u.type === 'Admin').every((u) => leaving.includes(u.id));
  const machine = adminUsersMachine.provide({
    actors: {
      load: fromPromise(async () => {
        if (network.failingLoads > 0) {
          network.failingLoads--;
          throw new Error('503');
        }
        return server.map((u) => ({ ...u }));
      }),
      remove: fromPromise(async ({ input }) => {
        removals.push(input.ids);
        refuse();
        if (input.ids.includes('me')) throw new Error('You cannot delete your own account.');
        if (lastAdminLeaves(input.ids)) throw new Error('An Admin must always remain.');
        server = server.filter((u) => !input.ids.includes(u.id));
      }),
      setType: fromPromise(async ({ input }) => {
        typeChanges.push(input);
        refuse();
        if (input.type !== 'Admin' && lastAdminLeaves([input.userId])) throw new Error('An Admin must always remain.');
        server = server.map((u) => (u.id === input.userId ? { ...u, type: input.type } : u));
        return { ...server.find((u) => u.id === input.userId)! };
      }),
    },
    actions: { deleted: () => void deletedCalls++ },
  });
  const actor = createActor(machine, { input: { selfId: 'me' } }).start();
  const context = () => actor.getSnapshot().context;
  const ids = () => context().users.map((u) => u.id);
  const types = () => Object.fromEntries(context().users.map((u) => [u.id, u.type]));
  const idle = () => waitFor(actor, (s) => s.matches({ ready: 'idle' }) || s.matches('failed'));
  const setServer = (next: User[]) => (server = next);
  return { actor, context, ids, types, idle, network, removals, typeChanges, deleted: () => deletedCalls, setServer };
}

describe('admin-users machine', () => {
  it('has actors that throw until provided: the list fails visibly', async () => {
    const actor = createActor(adminUsersMachine, { input: { selfId: null } }).start();
    await waitFor(actor, (s) => s.matches('failed'));
  });

  it('loading -> ready: everyone but the signed-in Admin', async () => {
    const { actor, ids, idle } = start(people());
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await idle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(ids()).toEqual(['ana', 'bruno', 'carla', 'dora']);
  });

  it('loading -> failed -> RETRY -> loading -> ready', async () => {
    const { actor, ids, idle } = start(people(), { failingLoads: 1, refusal: null, failChange: false });
    await idle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await idle();
    expect(ids()).toEqual(['ana', 'bruno', 'carla', 'dora']);
  });

  it('SELECT keeps each id once', async () => {
    const { actor, context, idle } = start(people());
    await idle();
    actor.send({ type: 'SELECT', ids: ['ana', 'bruno', 'ana'] });
    expect(context().selection).toEqual(['ana', 'bruno']);
  });

  it('idle -> DELETE -> confirmingDeleteOne -> DISMISS -> idle: nothing sent', async () => {
    const { actor, context, idle, removals } = start(people());
    await idle();
    actor.send({ type: 'DELETE', id: 'nobody' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'DELETE', id: 'ana' });
    expect(actor.getSnapshot().matches({ ready: 'confirmingDeleteOne' })).toBe(true);
    expect(context().removing).toEqual(['ana']);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(context().removing).toEqual([]);
    expect(removals).toEqual([]);
  });

  it('confirmingDeleteOne -> CONFIRM -> deleting -> refreshing -> idle: the user is gone, once, and so is its selection', async () => {
    const { actor, context, ids, idle, removals, deleted } = start(people());
    await idle();
    actor.send({ type: 'SELECT', ids: ['ana', 'bruno'] });
    actor.send({ type: 'DELETE', id: 'ana' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches({ ready: 'deleting' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    expect(ids()).toEqual(['bruno', 'carla', 'dora']);
    expect(deleted()).toBe(1);
    await idle();
    expect(removals).toEqual([['ana']]);
    expect(ids()).toEqual(['bruno', 'carla', 'dora']);
    expect(context().selection).toEqual(['bruno']);
    expect(context().error).toBeNull();
  });

  it('idle -> DELETE_SELECTED -> confirmingDeleteMany -> DISMISS -> idle, and -> CONFIRM -> deleting: one call for the selection', async () => {
    const { actor, context, ids, idle, removals } = start(people());
    await idle();
    actor.send({ type: 'DELETE_SELECTED' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'SELECT', ids: ['ana', 'carla'] });
    actor.send({ type: 'DELETE_SELECTED' });
    expect(actor.getSnapshot().matches({ ready: 'confirmingDeleteMany' })).toBe(true);
    expect(context().removing).toEqual(['ana', 'carla']);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(context().selection).toEqual(['ana', 'carla']);

    actor.send({ type: 'DELETE_SELECTED' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches({ ready: 'deleting' })).toBe(true);
    await idle();
    expect(removals).toEqual([['ana', 'carla']]);
    expect(ids()).toEqual(['bruno', 'dora']);
    expect(context().selection).toEqual([]);
  });

  it('deleting -> refreshing -> idle on a refusal: the server\'s message, and the list as the server holds it', async () => {
    const { actor, context, ids, idle, network, setServer, deleted } = start(people());
    await idle();
    actor.send({ type: 'SELECT', ids: ['ana', 'dora'] });
    // Meanwhile another Admin deleted bruno.
    setServer(people().filter((u) => u.id !== 'bruno'));
    network.refusal = 'An Admin must always remain.';
    actor.send({ type: 'DELETE_SELECTED' });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(context().error).toBe('An Admin must always remain.');
    expect(ids()).toEqual(['ana', 'carla', 'dora']);
    expect(context().selection).toEqual(['ana', 'dora']);
    expect(deleted()).toBe(0);

    // The next action starts without the old message.
    actor.send({ type: 'DELETE', id: 'ana' });
    expect(context().error).toBeNull();
  });

  it('a failure without a message says the change failed', async () => {
    const { actor, context, idle, network } = start(people());
    await idle();
    network.failChange = true;
    actor.send({ type: 'DELETE', id: 'ana' });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(context().error).toBe(CHANGE_FAILED);
  });

  it('idle -> CHANGE_TYPE -> choosingType: starts on the user\'s type, or on none for a Blocked user; DISMISS -> idle', async () => {
    const { actor, context, idle, typeChanges } = start(people());
    await idle();
    actor.send({ type: 'CHANGE_TYPE', id: 'nobody' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'CHANGE_TYPE', id: 'bruno' });
    expect(actor.getSnapshot().matches({ ready: 'choosingType' })).toBe(true);
    expect(context()).toMatchObject({ target: 'bruno', chosen: 'Banned' });
    actor.send({ type: 'CHOOSE', userType: 'Admin' });
    expect(context().chosen).toBe('Admin');
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(context()).toMatchObject({ target: null, chosen: null });

    actor.send({ type: 'CHANGE_TYPE', id: 'carla' });
    expect(context().chosen).toBeNull();
    // Ok without a choice does nothing.
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches({ ready: 'choosingType' })).toBe(true);
    actor.send({ type: 'DISMISS' });
    expect(typeChanges).toEqual([]);
  });

  it('choosingType -> CONFIRM on the current type -> idle: nothing to send', async () => {
    const { actor, idle, typeChanges } = start(people());
    await idle();
    actor.send({ type: 'CHANGE_TYPE', id: 'ana' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(typeChanges).toEqual([]);
  });

  it('choosingType -> CHOOSE -> CONFIRM -> changingType -> refreshing -> idle: the user has the new type', async () => {
    const { actor, types, idle, typeChanges } = start(people());
    await idle();
    actor.send({ type: 'CHANGE_TYPE', id: 'ana' });
    actor.send({ type: 'CHOOSE', userType: 'Banned' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches({ ready: 'changingType' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }));
    expect(types().ana).toBe('Banned');
    await idle();
    expect(typeChanges).toEqual([{ userId: 'ana', type: 'Banned' }]);
    expect(types()).toEqual({ ana: 'Banned', bruno: 'Banned', carla: 'Blocked', dora: 'Admin' });

    // A Blocked user can be given a type the dialog offers.
    actor.send({ type: 'CHANGE_TYPE', id: 'carla' });
    actor.send({ type: 'CHOOSE', userType: 'User' });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(types().carla).toBe('User');
  });

  it('changingType -> refreshing -> idle on a refusal: the server\'s message, and the type the server holds', async () => {
    const { actor, context, types, idle } = start([user('me', 'User'), user('dora', 'Admin')]);
    await idle();
    actor.send({ type: 'CHANGE_TYPE', id: 'dora' });
    actor.send({ type: 'CHOOSE', userType: 'User' });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(context().error).toBe('An Admin must always remain.');
    expect(types()).toEqual({ dora: 'Admin' });
    expect(context()).toMatchObject({ target: null, chosen: null });
  });

  it('refreshing -> idle when the list cannot be read again: says so, after the change\'s own message if any', async () => {
    const { actor, context, types, idle, network } = start(people());
    await idle();
    network.failingLoads = 1;
    actor.send({ type: 'CHANGE_TYPE', id: 'ana' });
    actor.send({ type: 'CHOOSE', userType: 'Admin' });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(context().error).toBe(RELOAD_FAILED);
    // The change's answer is shown meanwhile.
    expect(types().ana).toBe('Admin');

    network.failingLoads = 1;
    network.refusal = 'Only an Admin may do this.';
    actor.send({ type: 'DELETE', id: 'bruno' });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(context().error).toBe('Only an Admin may do this.');
  });

  it('a reload drops from the selection the users no longer listed', async () => {
    const { actor, context, idle, setServer } = start(people());
    await idle();
    actor.send({ type: 'SELECT', ids: ['ana', 'carla'] });
    setServer(people().filter((u) => u.id !== 'carla'));
    actor.send({ type: 'CHANGE_TYPE', id: 'bruno' });
    actor.send({ type: 'CHOOSE', userType: 'User' });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(context().selection).toEqual(['ana']);
  });
});
