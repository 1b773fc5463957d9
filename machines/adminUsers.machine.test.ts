import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { canned, everyAnswerTaken, type Answer } from '~/tests/fixtures/cannedActor';
import type { User, UserType } from '~/src/domain/types';
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

const without = (...ids: string[]) => people().filter((u) => !ids.includes(u.id));
const withType = (id: string, type: UserType) => people().map((u) => (u.id === id ? user(id, type) : u));
const unreachable = () => new Error('503');

/** What the server answered each call, in order: the users listed, nothing for a deletion, the user changed; or the error. */
interface Answers {
  load: Answer<User[]>[];
  remove?: Answer<void>[];
  setType?: Answer<User>[];
}

/** The machine, signed in as the Admin 'me', with actors that answer as the test says and record what they were sent. */
function start(answers: Answers) {
  const load = canned<User[], unknown>('load', answers.load);
  const remove = canned<void, { ids: string[] }>('remove', answers.remove);
  const setType = canned<User, TypeChange>('setType', answers.setType);
  let deletedCalls = 0;
  const machine = adminUsersMachine.provide({
    actors: { load: load.actor, remove: remove.actor, setType: setType.actor },
    actions: { deleted: () => void deletedCalls++ },
  });
  const actor = createActor(machine, { input: { selfId: 'me' } }).start();
  const context = () => actor.getSnapshot().context;
  const ids = () => context().users.map((u) => u.id);
  const types = () => Object.fromEntries(context().users.map((u) => [u.id, u.type]));
  const idle = () => waitFor(actor, (s) => s.matches({ ready: 'idle' }) || s.matches('failed'));
  const removals = () => remove.calls.map((call) => call.ids);
  return { actor, context, ids, types, idle, removals, typeChanges: setType.calls, deleted: () => deletedCalls };
}

afterEach(everyAnswerTaken);

describe('admin-users machine', () => {
  it('has actors that throw until provided: the list fails visibly', async () => {
    const actor = createActor(adminUsersMachine, { input: { selfId: null } }).start();
    await waitFor(actor, (s) => s.matches('failed'));
  });

  it('loading -> ready: everyone but the signed-in Admin', async () => {
    const { actor, ids, idle } = start({ load: [people()] });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await idle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(ids()).toEqual(['ana', 'bruno', 'carla', 'dora']);
  });

  it('loading -> failed -> RETRY -> loading -> ready', async () => {
    const { actor, ids, idle } = start({ load: [unreachable(), people()] });
    await idle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await idle();
    expect(ids()).toEqual(['ana', 'bruno', 'carla', 'dora']);
  });

  it('SELECT keeps each id once', async () => {
    const { actor, context, idle } = start({ load: [people()] });
    await idle();
    actor.send({ type: 'SELECT', ids: ['ana', 'bruno', 'ana'] });
    expect(context().selection).toEqual(['ana', 'bruno']);
  });

  it('idle -> DELETE -> confirmingDeleteOne -> DISMISS -> idle: nothing sent', async () => {
    const { actor, context, idle, removals } = start({ load: [people()] });
    await idle();
    actor.send({ type: 'DELETE', id: 'nobody' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'DELETE', id: 'ana' });
    expect(actor.getSnapshot().matches({ ready: 'confirmingDeleteOne' })).toBe(true);
    expect(context().removing).toEqual(['ana']);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(context().removing).toEqual([]);
    expect(removals()).toEqual([]);
  });

  it('confirmingDeleteOne -> CONFIRM -> deleting -> refreshing -> idle: the user is gone, once, and so is its selection', async () => {
    const { actor, context, ids, idle, removals, deleted } = start({ load: [people(), without('ana')], remove: [undefined] });
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
    expect(removals()).toEqual([['ana']]);
    expect(ids()).toEqual(['bruno', 'carla', 'dora']);
    expect(context().selection).toEqual(['bruno']);
    expect(context().error).toBeNull();
  });

  it('idle -> DELETE_SELECTED -> confirmingDeleteMany -> DISMISS -> idle, and -> CONFIRM -> deleting: one call for the selection', async () => {
    const { actor, context, ids, idle, removals } = start({ load: [people(), without('ana', 'carla')], remove: [undefined] });
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
    expect(removals()).toEqual([['ana', 'carla']]);
    expect(ids()).toEqual(['bruno', 'dora']);
    expect(context().selection).toEqual([]);
  });

  it("deleting -> refreshing -> idle on a refusal: the server's message, and the list as the server holds it", async () => {
    // Meanwhile another Admin deleted bruno.
    const { actor, context, ids, idle, removals, deleted } = start({
      load: [people(), without('bruno')],
      remove: [new Error('An Admin must always remain.')],
    });
    await idle();
    actor.send({ type: 'SELECT', ids: ['ana', 'dora'] });
    actor.send({ type: 'DELETE_SELECTED' });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(removals()).toEqual([['ana', 'dora']]);
    expect(context().error).toBe('An Admin must always remain.');
    expect(ids()).toEqual(['ana', 'carla', 'dora']);
    expect(context().selection).toEqual(['ana', 'dora']);
    expect(deleted()).toBe(0);

    // The next action starts without the old message.
    actor.send({ type: 'DELETE', id: 'ana' });
    expect(context().error).toBeNull();
  });

  it('a failure without a message says the change failed', async () => {
    const { actor, context, idle } = start({ load: [people(), people()], remove: [new Error('')] });
    await idle();
    actor.send({ type: 'DELETE', id: 'ana' });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(context().error).toBe(CHANGE_FAILED);
  });

  it("idle -> CHANGE_TYPE -> choosingType: starts on the user's type, or on none for a Blocked user; DISMISS -> idle", async () => {
    const { actor, context, idle, typeChanges } = start({ load: [people()] });
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
    const { actor, idle, typeChanges } = start({ load: [people()] });
    await idle();
    actor.send({ type: 'CHANGE_TYPE', id: 'ana' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(typeChanges).toEqual([]);
  });

  it('choosingType -> CHOOSE -> CONFIRM -> changingType -> refreshing -> idle: the user has the new type', async () => {
    const { actor, types, idle, typeChanges } = start({
      load: [people(), withType('ana', 'Banned'), withType('ana', 'Banned').map((u) => (u.id === 'carla' ? user('carla', 'User') : u))],
      setType: [user('ana', 'Banned'), user('carla', 'User')],
    });
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
    expect(typeChanges.at(-1)).toEqual({ userId: 'carla', type: 'User' });
    expect(types().carla).toBe('User');
  });

  it("changingType -> refreshing -> idle on a refusal: the server's message, and the type the server holds", async () => {
    const { actor, context, types, idle, typeChanges } = start({
      load: [
        [user('me', 'User'), user('dora', 'Admin')],
        [user('me', 'User'), user('dora', 'Admin')],
      ],
      setType: [new Error('An Admin must always remain.')],
    });
    await idle();
    actor.send({ type: 'CHANGE_TYPE', id: 'dora' });
    actor.send({ type: 'CHOOSE', userType: 'User' });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(typeChanges).toEqual([{ userId: 'dora', type: 'User' }]);
    expect(context().error).toBe('An Admin must always remain.');
    expect(types()).toEqual({ dora: 'Admin' });
    expect(context()).toMatchObject({ target: null, chosen: null });
  });

  it("refreshing -> idle when the list cannot be read again: says so, after the change's own message if any", async () => {
    const { actor, context, types, idle } = start({
      load: [people(), unreachable(), unreachable()],
      setType: [user('ana', 'Admin')],
      remove: [new Error('Only an Admin may do this.')],
    });
    await idle();
    actor.send({ type: 'CHANGE_TYPE', id: 'ana' });
    actor.send({ type: 'CHOOSE', userType: 'Admin' });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(context().error).toBe(RELOAD_FAILED);
    // The change's answer is shown meanwhile.
    expect(types().ana).toBe('Admin');

    actor.send({ type: 'DELETE', id: 'bruno' });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(context().error).toBe('Only an Admin may do this.');
  });

  it('a reload drops from the selection the users no longer listed', async () => {
    const { actor, context, idle } = start({
      load: [people(), without('carla').map((u) => (u.id === 'bruno' ? user('bruno', 'User') : u))],
      setType: [user('bruno', 'User')],
    });
    await idle();
    actor.send({ type: 'SELECT', ids: ['ana', 'carla'] });
    actor.send({ type: 'CHANGE_TYPE', id: 'bruno' });
    actor.send({ type: 'CHOOSE', userType: 'User' });
    actor.send({ type: 'CONFIRM' });
    await idle();
    expect(context().selection).toEqual(['ana']);
  });
});
