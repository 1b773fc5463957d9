import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpMethod } from '~/server/core/contract';
import { contractDocument } from '~/server/core/document';
import type { Identity } from '~/server/core/ports';
import { expectNoLeak, PEOPLE, startShopUnderAttack, type ShopUnderAttack } from './inputAttack';

let shop: ShopUnderAttack;
let before: Record<string, unknown[]>;
const { admin } = PEOPLE;

const METACHARACTERS = [
  "'",
  '";--',
  '%',
  '_',
  '\\',
  "' OR 1=1 --",
  "1' OR '1'='1",
  '1 OR 1=1',
  '1; DROP TABLE products; --',
  "' UNION SELECT email, id FROM users --",
  '$1',
  ')',
  '‘’“”',
  '＇ OR １=１ --',
  "x' OR '1'='1@makeup.test",
  '%_%',
];

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: { type?: string; $ref?: string; enum?: string[]; minimum?: number; maximum?: number };
}

/** Every operation of the contract with path or query parameters, each parameter listed with where it goes. */
function parameterised(): { method: HttpMethod; path: string; operationId: string; parameters: Parameter[] }[] {
  const shared = contractDocument.components.parameters ?? {};
  return Object.entries(contractDocument.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) => {
      const parameters = (operation.parameters ?? [])
        .map((p) => ('$ref' in p ? shared[p.$ref.split('/').pop()!]! : p) as Parameter)
        .filter((p) => p.in === 'path' || p.in === 'query');
      return parameters.length ? [{ method: method as HttpMethod, path, operationId: operation.operationId, parameters }] : [];
    }),
  );
}

const schemas = contractDocument.components.schemas as Record<string, Parameter['schema']>;
const ID_SCHEMAS = ['ProductId', 'CartId', 'OrderId'];

/** A parameter's schema, its reference followed. */
const schemaOf = (parameter: Parameter) => {
  const ref = parameter.schema.$ref?.split('/').pop();
  return ref ? schemas[ref]! : parameter.schema;
};

/**
 * A parameter's own kind: ids and other integers are refused by type, user
 * ids by their pattern, enums, numbers and booleans by their schema; free
 * text reaches the database.
 */
function kindOf(parameter: Parameter): 'id' | 'integer' | 'userId' | 'typed' | 'text' {
  const ref = parameter.schema.$ref?.split('/').pop();
  if (ref && ID_SCHEMAS.includes(ref)) return 'id';
  if (ref === 'UserId') return 'userId';
  const schema = schemaOf(parameter);
  // An integer bounded well below the ids' range is a count (a page, a page size), not an id.
  if (schema.type === 'integer') return schema.maximum !== undefined && schema.maximum < 2147483647 ? 'integer' : 'id';
  return schema.enum || schema.type === 'number' || schema.type === 'boolean' ? 'typed' : 'text';
}
const USER_ID = new RegExp((contractDocument.components.schemas.UserId as { pattern: string }).pattern);
/** Whether the contract refuses the value for the parameter before any handler runs. */
const refusedByContract = (parameter: Parameter, value: string) =>
  ['id', 'integer', 'typed'].includes(kindOf(parameter)) || (kindOf(parameter) === 'userId' && !USER_ID.test(value));

let validValue: (parameter: Parameter) => string;

beforeAll(async () => {
  shop = await startShopUnderAttack();
  const productId = (await shop.call<{ id: number }[]>('get', '/products')).body[0]!.id;
  const cartId = (
    await shop.call<{ id: number }>('post', '/cart/bulk', {
      as: admin,
      body: { userID: admin.uid, allProducts: [{ productId, quantity: 1 }] },
    })
  ).body.id;
  validValue = (parameter) => {
    if (parameter.name === 'cartID') return String(cartId);
    const schema = schemaOf(parameter);
    switch (kindOf(parameter)) {
      case 'id':
        return String(productId);
      case 'integer':
        return String(schema.minimum ?? 1);
      case 'userId':
        return admin.uid;
      case 'typed':
        return schema.enum?.[0] ?? (schema.type === 'boolean' ? 'true' : '1');
      case 'text':
        return 'mascara';
    }
  };
  before = await shop.snapshot();
}, 60_000);
afterAll(() => shop.close());

const cases = parameterised().flatMap((operation) =>
  operation.parameters.flatMap((parameter) =>
    (['the Admin', 'a visitor'] as const).map((caller) => ({
      ...operation,
      parameter,
      caller,
      label: `${operation.operationId} ${parameter.in} ${parameter.name} as ${caller}`,
    })),
  ),
);

describe('SQL metacharacters in every path and query parameter', () => {
  it('covers every operation of the contract that has such a parameter', () => {
    expect(new Set(cases.map((c) => c.operationId)).size).toBeGreaterThanOrEqual(12);
    // '_' is a well-formed user id, so it reaches the database as a value.
    expect(USER_ID.test('_')).toBe(true);
  });

  it.each(cases)(
    '$label: refused or answered plainly, never a 5xx, and nothing changes',
    async ({ method, path, parameters, parameter, caller }) => {
      const as: Identity | undefined = caller === 'the Admin' ? admin : undefined;
      for (const attack of METACHARACTERS) {
        const value = (p: Parameter) => (p === parameter ? attack : validValue(p));
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(value(parameters.find((p) => p.name === name)!)));
        // The parameter attacked, with every required one beside it: an optional one (such as `page`) would change what the call is.
        const query = Object.fromEntries(
          parameters.filter((p) => p.in === 'query' && (p === parameter || p.required)).map((p) => [p.name, value(p)]),
        );
        let reply = await shop.call(method, url, { as, query });
        // A parameter read only with `page` (GET /orders' search and status) is attacked on the page it shapes.
        if (reply.status === 400 && reply.body.error?.message === `${parameter.name} is read only with page.`) {
          reply = await shop.call(method, url, { as, query: { ...query, page: '1' } });
        }
        expectNoLeak(reply);
        if (reply.status === 401) {
          expect(as, reply.text).toBeUndefined();
          continue;
        }
        if (refusedByContract(parameter, attack)) {
          expect([reply.status, reply.body.error?.field], `${attack}: ${reply.text}`).toEqual([400, parameter.name]);
          continue;
        }
        expect([200, 403, 404], `${attack}: ${reply.text}`).toContain(reply.status);
        // A search matches the term as text: a wildcard or quote matches only names holding it.
        if (reply.status === 200 && Array.isArray(reply.body)) {
          for (const product of reply.body as { name: string }[]) expect(product.name.toLowerCase()).toContain(attack.toLowerCase());
        }
      }
      expect(await shop.snapshot()).toEqual(before);
    },
  );
});
