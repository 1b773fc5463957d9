import { expect, it } from 'vitest';
import type { User } from '~/src/domain/types';
import { DEMO_USER } from '~/seed/seed';
import { ADMIN, BUYER, type ContractApi, leaving, NEWCOMER, seededShopper, SHOPPER, USERNAME_RULE, XSS } from './suiteApi';

/** Accounts: sign-up, profiles, types, bans and deletion. */
export function userTests({ call, errorOf, shopState, backend }: ContractApi) {
  it('are listed to an Admin; others may read only themselves', async () => {
    expect((await call('get', '/users')).status).toBe(401);
    expect((await call('get', '/users', { as: SHOPPER })).status).toBe(403);
    const all = await call<User[]>('get', '/users', { as: ADMIN });
    expect(
      all.body
        .filter((u) => !seededShopper(u))
        .map((u) => u.type)
        .sort(),
    ).toEqual(['Admin', 'Banned', 'Blocked', 'User', 'User', 'User']);
    expect(all.body.filter(seededShopper).every((u) => u.type === 'User')).toBe(true);
    expect((await call<User[]>('get', '/users', { as: SHOPPER, query: { userId: SHOPPER.uid } })).body.map((u) => u.email)).toEqual([
      SHOPPER.email,
    ]);
    expect((await call('get', '/users', { as: SHOPPER, query: { userId: BUYER.uid } })).status).toBe(403);
    expect((await call<User>('get', `/users/${SHOPPER.email}`, { as: SHOPPER })).body.id).toBe(SHOPPER.uid);
    expect((await call('get', `/users/${BUYER.email}`, { as: SHOPPER })).status).toBe(403);
    expect((await call<User>('get', `/users/${BUYER.email}`, { as: ADMIN })).body.id).toBe(BUYER.uid);
    expect((await call('get', '/users/nobody@makeup.test', { as: ADMIN })).status).toBe(404);
  });

  it('are created from the verified identity as type User, once', async () => {
    expect((await call('post', '/users', { body: { username: 'newperson1' } })).status).toBe(401);
    expect((await call('post', '/users', { token: 'forged', body: { username: 'newperson1' } })).status).toBe(401);
    expect((await call('get', `/cart/${NEWCOMER.uid}`, { as: NEWCOMER })).status).toBe(403);
    expect((await call('get', '/users', { as: NEWCOMER, query: { userId: NEWCOMER.uid } })).body).toEqual([]);
    expect((await call('get', '/users', { as: NEWCOMER, query: { userId: SHOPPER.uid } })).status).toBe(403);
    const sneaky = await call('post', '/users', { as: NEWCOMER, body: { username: 'newperson1', type: 'Admin' } });
    expect(sneaky.status).toBe(400);
    expect(errorOf(sneaky.body).field).toBe('type');
    const taken = await call('post', '/users', { as: NEWCOMER, body: { username: DEMO_USER.username } });
    expect(taken.status).toBe(409);
    const made = await call<User>('post', '/users', { as: NEWCOMER, body: { username: 'newperson1' } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ id: NEWCOMER.uid, email: NEWCOMER.email, type: 'User', username: 'newperson1' });
    const again = await call<User>('post', '/users', { as: NEWCOMER, body: { username: 'otherName1' } });
    expect(again.status).toBe(200);
    expect(again.body.username).toBe('newperson1');
  });

  it('edit their own profile; an Admin may edit anyone', async () => {
    const own = await call<User>('put', '/users', {
      as: SHOPPER,
      body: { userId: SHOPPER.uid, newUser: { username: 'brunoNew1', img: '/uploads/b.webp' } },
    });
    expect(own.body).toMatchObject({ username: 'brunoNew1', img: '/uploads/b.webp', type: 'User' });
    expect((await call('put', '/users', { as: SHOPPER, body: { userId: BUYER.uid, newUser: { username: 'hacker123' } } })).status).toBe(
      403,
    );
    const selfPromote = await call('put', '/users', { as: SHOPPER, body: { userId: SHOPPER.uid, newUser: { type: 'Admin' } } });
    expect(selfPromote.status).toBe(400);
    expect(
      (await call('put', '/users', { as: SHOPPER, body: { userId: SHOPPER.uid, newUser: { username: DEMO_USER.username } } })).status,
    ).toBe(409);
    expect((await call('put', '/users', { as: ADMIN, body: { userId: BUYER.uid, newUser: { username: 'anaRenamed1' } } })).status).toBe(
      200,
    );
    expect((await call('put', '/users', { as: ADMIN, body: { userId: 'nobody', newUser: { username: 'x12345678' } } })).status).toBe(404);
  });

  it("refuses a username that breaks the spec's rule with its message, on sign-up and on edit, changing nothing", async () => {
    const before = await shopState();
    for (const username of [XSS, 'short1', '1anabelle']) {
      const made = await call('post', '/users', { as: NEWCOMER, body: { username } });
      expect(made.status).toBe(400);
      expect(errorOf(made.body)).toMatchObject({ field: 'username', message: USERNAME_RULE });
      const edited = await call('put', '/users', { as: SHOPPER, body: { userId: SHOPPER.uid, newUser: { username } } });
      expect(edited.status).toBe(400);
      expect(errorOf(edited.body)).toMatchObject({ field: 'newUser.username', message: USERNAME_RULE });
    }
    expect(await shopState()).toEqual(before);
  });

  it('take the email from the sign-in account only: PUT /users cannot set it, so nobody squats another’s', async () => {
    const before = await shopState();
    for (const [as, userId] of [
      [SHOPPER, SHOPPER.uid],
      [ADMIN, BUYER.uid],
    ] as const) {
      const squat = await call('put', '/users', { as, body: { userId, newUser: { email: 'victim@makeup.test' } } });
      expect(squat.status).toBe(400);
      expect(errorOf(squat.body).field).toBe('newUser.email');
      const mixed = await call('put', '/users', { as, body: { userId, newUser: { username: 'someoneNew1', email: NEWCOMER.email } } });
      expect(mixed.status).toBe(400);
      expect(errorOf(mixed.body).field).toBe('newUser.email');
    }
    expect(await shopState()).toEqual(before);
    const made = await call<User>('post', '/users', { as: NEWCOMER, body: { username: 'newperson1' } });
    expect(made.body.email).toBe(NEWCOMER.email);
  });

  it('stay Banned: a Banned user cannot change its type, nor come back as a fresh User once deleted', async () => {
    const banned = leaving('banned');
    expect((await call('post', '/users', { as: banned, body: { username: 'bannedSoon1' } })).status).toBe(201);
    expect((await call('put', '/users/type', { as: ADMIN, body: { userId: banned.uid, type: 'Banned' } })).status).toBe(200);
    const again = await call<User>('post', '/users', { as: banned, body: { username: 'freshStart1' } });
    expect(again.body).toMatchObject({ id: banned.uid, type: 'Banned', username: 'bannedSoon1' });
    expect((await call('put', '/users', { as: banned, body: { userId: banned.uid, newUser: { type: 'User' } } })).status).toBe(400);
    expect((await call('put', '/users/type', { as: banned, body: { userId: banned.uid, type: 'User' } })).status).toBe(403);
    expect((await call('delete', `/users/${banned.uid}`, { as: ADMIN })).status).toBe(204);
    await backend().enableAccount(banned);
    const before = await shopState();
    const fresh = await call('post', '/users', { as: banned, body: { username: 'freshStart1' } });
    expect(fresh.status).toBe(403);
    expect(await shopState()).toEqual(before);
  });

  it('change type by an Admin only, never their own, never to Blocked', async () => {
    expect((await call('put', '/users/type', { as: SHOPPER, body: { userId: SHOPPER.uid, type: 'Admin' } })).status).toBe(403);
    expect((await call('put', '/users/type', { as: ADMIN, body: { userId: ADMIN.uid, type: 'User' } })).status).toBe(409);
    const blocked = await call('put', '/users/type', { as: ADMIN, body: { userId: SHOPPER.uid, type: 'Blocked' } });
    expect(blocked.status).toBe(400);
    expect(errorOf(blocked.body).field).toBe('type');
    expect((await call('put', '/users/type', { as: ADMIN, body: { userId: 'nobody', type: 'User' } })).status).toBe(404);
    const banned = await call<User>('put', '/users/type', { as: ADMIN, body: { userId: SHOPPER.uid, type: 'Banned' } });
    expect(banned.body.type).toBe('Banned');
  });

  // Deleting disables the sign-in account, so these tests delete people of their own, never the demo people.
  it('are deleted by an Admin, never the Admin itself, in bulk all or nothing', async () => {
    const [first, second, third] = [leaving('first'), leaving('second'), leaving('third')];
    for (const [who, username] of [
      [first, 'leavingFirst1'],
      [second, 'leavingSecond1'],
      [third, 'leavingThird1'],
    ] as const) {
      expect((await call('post', '/users', { as: who, body: { username } })).status).toBe(201);
    }
    const count = (await call<User[]>('get', '/users', { as: ADMIN })).body.length;
    expect((await call('delete', `/users/${first.uid}`, { as: BUYER })).status).toBe(403);
    expect((await call('delete', `/users/${ADMIN.uid}`, { as: ADMIN })).status).toBe(409);
    expect((await call('delete', `/users/${first.uid}`, { as: ADMIN })).status).toBe(204);
    expect((await call('delete', `/users/${first.uid}`, { as: ADMIN })).status).toBe(404);
    const withSelf = await call('post', '/users/delete', { as: ADMIN, body: { ids: [second.uid, ADMIN.uid] } });
    expect(withSelf.status).toBe(409);
    const withUnknown = await call('post', '/users/delete', { as: ADMIN, body: { ids: [second.uid, 'nobody'] } });
    expect(withUnknown.status).toBe(404);
    expect((await call<User[]>('get', '/users', { as: ADMIN })).body.some((u) => u.id === second.uid)).toBe(true);
    expect((await call('post', '/users/delete', { as: ADMIN, body: { ids: [second.uid, third.uid] } })).status).toBe(204);
    expect((await call<User[]>('get', '/users', { as: ADMIN })).body).toHaveLength(count - 3);
  });

  it('stay deleted: the sign-in account is disabled and the same identity cannot come back as a new User', async () => {
    const [one, other] = [leaving('one'), leaving('other')];
    expect((await call('post', '/users', { as: one, body: { username: 'leavingOne1' } })).status).toBe(201);
    expect((await call('post', '/users', { as: other, body: { username: 'leavingTwo1' } })).status).toBe(201);
    expect((await call('delete', `/users/${one.uid}`, { as: ADMIN })).status).toBe(204);
    expect((await call('post', '/users/delete', { as: ADMIN, body: { ids: [other.uid] } })).status).toBe(204);
    const before = await shopState();
    for (const who of [one, other]) {
      // The token no longer verifies: the account cannot sign in.
      expect((await call('post', '/users', { as: who, body: { username: 'comingBack1' } })).status).toBe(401);
      // Even once the account is enabled again, the tombstone keeps the shop user from coming back.
      await backend().enableAccount(who);
      const back = await call('post', '/users', { as: who, body: { username: 'comingBack1' } });
      expect(back.status).toBe(403);
      expect(errorOf(back.body).message).toBe('This account was deleted from the shop and cannot be opened again. Please contact support.');
      expect((await call('get', '/users', { as: who, query: { userId: who.uid } })).body).toEqual([]);
    }
    expect(await shopState()).toEqual(before);
  });
}
