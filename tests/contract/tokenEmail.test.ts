import { expect, it } from 'vitest';
import { DEMO_USER } from '~/seed/seed';
import { coreUnderTest } from './coreUnderTest';

const BRUNO = 'user-bruno';

it("follows the verified token's email: the shop user's email changes with the sign-in account's", async () => {
  const { store, call } = await coreUnderTest();
  const renamed = { uid: BRUNO, email: 'bruno.renamed@makeup.test' };
  const mine = await call(renamed, 'listUsers', { query: { userId: BRUNO } });
  expect(mine.body).toMatchObject([{ id: BRUNO, email: renamed.email }]);
  expect((await store.getUser(BRUNO))?.email).toBe(renamed.email);
});

it("leaves the email as it is while another shop user holds the token's email", async () => {
  const { store, call } = await coreUnderTest();
  const clash = { uid: BRUNO, email: DEMO_USER.email };
  expect((await call(clash, 'listUsers', { query: { userId: BRUNO } })).status).toBe(200);
  expect((await store.getUser(BRUNO))?.email).toBe('bruno@makeup.test');
  expect((await store.getUser(DEMO_USER.id))?.email).toBe(DEMO_USER.email);
});
