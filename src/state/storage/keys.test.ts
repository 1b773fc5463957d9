// @vitest-environment jsdom
import { beforeEach, expect, it } from 'vitest';
import { cartStore, favoritesStore, forgetUser, loggedUserStore, paymentStore, shippingStore } from './keys';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

it('reads the stored logged user and refuses a malformed one', () => {
  expect(loggedUserStore.read()).toBeNull();
  localStorage.setItem('userLogged', JSON.stringify({ id: 'u1', type: 'Admin', username: 'ana', email: 'a@b.co', img: null }));
  expect(loggedUserStore.read()).toEqual({ id: 'u1', type: 'Admin', username: 'ana', email: 'a@b.co', img: null });
  localStorage.setItem('userLogged', JSON.stringify({ id: 'u1', type: 'Emperor', username: 'ana', email: 'a@b.co' }));
  expect(loggedUserStore.read()).toBeNull();
  localStorage.setItem('userLogged', '{not json');
  expect(loggedUserStore.read()).toBeNull();
});

it('tells listeners when a value is written or removed', () => {
  let calls = 0;
  const stop = loggedUserStore.subscribe(() => calls++);
  loggedUserStore.write({ id: 'u1', type: 'User', username: 'ana', email: 'a@b.co', img: null });
  loggedUserStore.write(null);
  stop();
  expect(calls).toBe(2);
  expect(localStorage.getItem('userLogged')).toBeNull();
});

it('reads favourite ids and well-formed cart lines, each with its shade (a line kept before shades: none)', () => {
  const line = { id: 7, amount: 1, name: 'Velvet Lipstick', price: 10, stock: 3, image: '/i.svg', discount: 0 };
  const inShade = { ...line, id: 8, shade: { id: 81, name: 'Classic Red', hex: '#b01c2e' } };
  localStorage.setItem('favorites', JSON.stringify([3, 'x', 5]));
  localStorage.setItem('cartlocal', JSON.stringify([line, inShade, { ...line, id: 10, shade: { id: 'x' } }, { id: 9, amount: 2 }]));
  expect(favoritesStore.read()).toEqual([3, 5]);
  expect(cartStore.read()).toEqual([{ ...line, shade: null }, inShade, { ...line, id: 10, shade: null }]);
});

it('forgets the user and their checkout (shipping address, kept payment) on sign-out', () => {
  loggedUserStore.write({ id: 'u1', type: 'User', username: 'ana', email: 'a@b.co', img: null });
  shippingStore.write('u1', { country: 'argentina', state: 'cordoba', address: 'san martin', street: '123' });
  paymentStore.write({ id: 'TEST-1', provider: 'test', amount: 30 });
  forgetUser();
  expect(loggedUserStore.read()).toBeNull();
  expect(shippingStore.read('u1')).toBeNull();
  expect(paymentStore.read()).toBeNull();
  expect(sessionStorage.length).toBe(0);
});

it("keeps the shipping form's fields for the user who typed them, in this tab's session only", () => {
  const typed = { country: 'argentina', state: 'co', address: '', street: '12' };
  shippingStore.write('u1', typed);
  expect(shippingStore.read('u1')).toEqual(typed);
  expect(shippingStore.read('u2')).toBeNull();
  expect(localStorage.length).toBe(0);
  shippingStore.forget();
  expect(shippingStore.read('u1')).toBeNull();
});
