import type { CataloguePage, Order, OrderPage, Product } from '../domain/types';

/** A call that answers the list unless asked for a page (`page`): the list is checked to be one. */
const listOf =
  <T, P extends object>(call: string, page: string) =>
  (data: T[] | P): T[] => {
    if (!Array.isArray(data)) throw new Error(`${call} answered ${page} where the list was asked for.`);
    return data;
  };

/** The same call asked for a page (`page`) answers one: the page is checked to be one. */
const pageOf =
  <T, P extends object>(call: string) =>
  (data: T[] | P): P => {
    if (Array.isArray(data)) throw new Error(`${call} answered the list where a page was asked for.`);
    return data;
  };

export const productList = listOf<Product, CataloguePage>('GET /products', 'a catalogue page');
export const cataloguePage = pageOf<Product, CataloguePage>('GET /products');
export const orderList = listOf<Order, OrderPage>('GET /orders', 'a page of orders');
export const orderPage = pageOf<Order, OrderPage>('GET /orders');

/** A 5xx: the server could not answer, so the request may be retried (a 4xx is the answer). */
export const isServerFailure = (status: number) => status >= 500;

/** The contract's error message of a refused request, if its body is the contract's error body. */
export function errorMessage(error: unknown): string | undefined {
  const message = (error as { error?: { message?: unknown } } | undefined)?.error?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * A reply's data, or a thrown error with the API's message (else `failure`):
 * a 4xx is thrown as the caller's `refused` class when it gives one, so a
 * machine can tell the server's answer from a failure worth retrying.
 */
export function dataOf<T>(
  reply: { data?: T; error?: unknown; response: Response },
  { refused, failure = 'The request failed.' }: { refused?: new (message: string) => Error; failure?: string } = {},
): T {
  if (reply.data !== undefined) return reply.data;
  const message = errorMessage(reply.error) ?? failure;
  throw refused && !isServerFailure(reply.response.status) ? new refused(message) : new Error(message);
}
