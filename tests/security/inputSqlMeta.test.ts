import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpMethod } from '../../server/core/contract';
import { contractDocument } from '../../server/core/document';
import type { Identity } from '../../server/core/ports';
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
  schema: { type?: string; $ref?: string };
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

/** A parameter's own kind: integer ids are refused by type, user ids by their pattern; free text reaches the database. */
function kindOf(parameter: Parameter): 'integer' | 'userId' | 'text' {
  const ref = parameter.schema.$ref?.split('/').pop();
  if (parameter.schema.type === 'integer' || ref === 'ProductId' || ref === 'CartId' || ref === 'OrderId') return 'integer';
  return ref === 'UserId' ? 'userId' : 'text';
}

const USER_ID = new RegExp((contractDocument.components.schemas.UserId as { pattern: string }).pattern);
/** Whether the contract refuses the value for the parameter before any handler runs. */
const refusedByContract = (parameter: Parameter, value: string) => kindOf(parameter) === 'integer' || (kindOf(parameter) === 'userId' && !USER_ID.test(value));

let validValue: (parameter: Parameter) => string;

beforeAll(async () => {
  shop = await startShopUnderAttack();
  const productId = (await shop.call<{ id: number }[]>('get', '/products')).body[0]!.id;
  const cartId = (await shop.call<{ id: number }>('post', '/cart/bulk', { as: admin, body: { userID: admin.uid, allProducts: [{ productId, quantity: 1 }] } })).body.id;
  validValue = (parameter) => {
    if (parameter.name === 'cartID') return String(cartId);
    if (kindOf(parameter) === 'integer') return String(productId);
    if (kindOf(parameter) === 'userId') return admin.uid;
    return 'mascara';
  };
  before = await shop.snapshot();
}, 60_000);
afterAll(() => shop.close());

const cases = parameterised().flatMap((operation) =>
  operation.parameters.flatMap((parameter) =>
    (['the Admin', 'a visitor'] as const).map((caller) => ({ ...operation, parameter, caller, label: `${operation.operationId} ${parameter.in} ${parameter.name} as ${caller}` })),
  ),
);

describe('SQL metacharacters in every path and query parameter', () => {
  it('covers every operation of the contract that has such a parameter', () => {
    expect(new Set(cases.map((c) => c.operationId)).size).toBeGreaterThanOrEqual(12);
    // '_' is a well-formed user id, so it reaches the database as a value.
    expect(USER_ID.test('_')).toBe(true);
  });

  it.each(cases)('$label: refused or answered plainly, never a 5xx, and nothing changes', async ({ method, path, parameters, parameter, caller }) => {
    const as: Identity | undefined = caller === 'the Admin' ? admin : undefined;
    for (const attack of METACHARACTERS) {
      const value = (p: Parameter) => (p === parameter ? attack : validValue(p));
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(value(parameters.find((p) => p.name === name)!)));
      const query = Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, value(p)]));
      const reply = await shop.call(method, url, { as, query });
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
  });
});
