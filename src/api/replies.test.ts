import { describe, expect, it } from 'vitest';
import { makeProduct } from '~/tests/fixtures/product';
import type { CataloguePage } from '../domain/types';
import { cataloguePage, dataOf, errorMessage, productList } from './replies';

it("errorMessage reads the contract's error body and nothing else", () => {
  expect(errorMessage({ error: { code: 'bad_request', message: 'username is required' } })).toBe('username is required');
  expect(errorMessage('<html>Bad Gateway</html>')).toBeUndefined();
  expect(errorMessage(undefined)).toBeUndefined();
});

describe('dataOf', () => {
  class Refused extends Error {}
  const reply = (status: number, body?: unknown) => ({
    ...(status < 300 ? { data: body } : { error: body }),
    response: new Response(null, { status }),
  });

  it('answers the data, and throws the API message of a 4xx as the refused class and of a 5xx as a plain Error', () => {
    expect(dataOf(reply(200, [1, 2]), { refused: Refused })).toEqual([1, 2]);
    const refusal = () => dataOf(reply(409, { error: { code: 'conflict', message: 'Only 1 left.' } }), { refused: Refused });
    expect(refusal).toThrow(Refused);
    expect(refusal).toThrow('Only 1 left.');
    const failure = () => dataOf(reply(503, {}), { refused: Refused, failure: 'Could not load.' });
    expect(failure).toThrow('Could not load.');
    expect(failure).not.toThrow(Refused);
    expect(() => dataOf(reply(404, {}))).toThrow(new Error('The request failed.'));
  });
});

it('productList takes the list and cataloguePage the page, each refusing the other answer GET /products gives', () => {
  const list = [makeProduct()];
  const page: CataloguePage = { items: list, page: 1, pageCount: 1, total: 1, facets: { brands: [], categories: [], colours: [] } };
  expect(productList(list)).toBe(list);
  expect(cataloguePage(page)).toBe(page);
  expect(() => productList(page)).toThrow('answered a catalogue page where the list was asked for');
  expect(() => cataloguePage(list)).toThrow('answered the list where a page was asked for');
});
