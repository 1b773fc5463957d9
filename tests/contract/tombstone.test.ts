import { expect, it } from 'vitest';
import { DEMO_ADMIN } from '~/seed/seed';
import { coreUnderTest } from './coreUnderTest';

const ADMIN = { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email };

it("keeps a deleted user's email from opening a new shop user under another sign-in account", async () => {
  const { store, call } = await coreUnderTest();
  expect((await call(ADMIN, 'deleteUser', { path: { idOrEmail: 'user-bruno' } })).status).toBe(204);
  const before = await store.listUsers();
  const comeback = await call({ uid: 'another-account', email: 'Bruno@makeup.test' }, 'createUser', { body: { username: 'brunoAgain1' } });
  expect(comeback.status).toBe(403);
  expect(await store.listUsers()).toEqual(before);
});
