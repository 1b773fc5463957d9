import { beforeEach, describe, expect, it } from 'vitest';
import type { BackendUnderTest } from './backend';
import { backOfficeTests } from './backOffice';
import { cartTests } from './cart';
import { cartShadeTests } from './cartShades';
import { cataloguePageTests } from './cataloguePages';
import { colourFilterTests } from './colourFilter';
import { commentTests } from './comments';
import { favouriteTests } from './favourites';
import { hostileValueTests } from './hostileValues';
import { idempotencyKeyTests } from './idempotencyKeys';
import { orderStatusTests, orderTests } from './orders';
import { orderTablePageTests } from './orderTablePages';
import { productTablePageTests } from './productTablePages';
import { productTests } from './products';
import { ratingTests } from './ratings';
import { shadeTests } from './shades';
import { ADMIN, BUYER, contractApi, ORDERING, SHOPPER } from './suiteApi';
import { uploadTests } from './uploads';
import { userTests } from './users';

/**
 * Every operation of openapi.yaml, its success and its 400/401/403/404/409
 * rules, against any backend; every response body is checked against the
 * contract.
 */
export function contractSuite(name: string, backend: () => BackendUnderTest) {
  describe(`contract: ${name}`, () => {
    let b: BackendUnderTest;
    const api = contractApi(() => b);
    const { call, errorOf } = api;

    beforeEach(async () => {
      b = backend();
      await b.reset();
    });

    describe('health', () => {
      it('answers ok', async () => {
        expect(await call('get', '/health')).toEqual({ status: 200, body: { status: 'ok' } });
      });
    });

    describe('products', () => productTests(api));

    describe('shades', () => shadeTests(api));

    describe('catalogue pages', () => cataloguePageTests({ call, admin: ADMIN, errorOf }));

    describe('colour filter', () => colourFilterTests(api));

    describe("the Admin's product table", () => productTablePageTests({ call, admin: ADMIN, shopper: SHOPPER, errorOf }));

    describe("an Admin's creates with an Idempotency-Key", () => {
      const secondAdmin = async () => {
        expect((await call('put', '/users/type', { as: ADMIN, body: { userId: SHOPPER.uid, type: 'Admin' } })).status).toBe(200);
        return SHOPPER;
      };
      idempotencyKeyTests({ call, admin: ADMIN, secondAdmin, errorOf });
    });

    describe('ratings', () => ratingTests(api));

    describe('cart', () => cartTests(api));

    describe('cart lines per shade', () => cartShadeTests(api));

    describe('users', () => userTests(api));

    describe('comments', () => commentTests(api));

    describe('favourites', () => favouriteTests(api));

    describe('checkout and orders', () => orderTests(api));

    describe("the Admin's orders table", () => orderTablePageTests({ call, admin: ADMIN, shopper: ORDERING, buyer: BUYER, errorOf }));

    describe('order status moves', () => orderStatusTests(api));

    describe('back office', () => backOfficeTests(api));

    describe('hostile values', () => hostileValueTests(api));

    describe('uploads', () => uploadTests(api));
  });
}
