import { expect, it } from 'vitest';
import { coreUnderTest } from '~/tests/contract/coreUnderTest';

// DECISIONS.md: 'the form and the server take a plain address ...; anything else gets the form's email message'.
it('makes no shop user for a sign-in account whose email is not a plain address: 400 naming email, with the form’s message', async () => {
  const { store, call } = await coreUnderTest({ productCount: 20 });
  const odd = { uid: 'odd-address', email: '<b>x</b>@qa.test' };
  const refused = await call(odd, 'createUser', { body: { username: 'oddperson1' } });
  expect(refused).toMatchObject({ status: 400, body: { error: { field: 'email', message: 'Please insert Valid email pattern' } } });
  expect(await store.getUser(odd.uid)).toBeNull();
  const plain = { uid: 'plain-address', email: 'plain.person@qa.test' };
  expect((await call(plain, 'createUser', { body: { username: 'plainperson1' } })).status).toBe(201);
});
