import { expect, it } from 'vitest';
import { ADMIN, BUYER, type ContractApi, SHOPPER } from './suiteApi';

/** A shopper's favourites. */
export function favouriteTests({ call, products }: ContractApi) {
  it('are kept per user without duplicates', async () => {
    const [a, c] = await products();
    const fav = (method: 'post' | 'delete', productId: number, as = SHOPPER) =>
      call<number[]>(method, '/favorites', { as, body: { userId: SHOPPER.uid, productId } });
    expect((await fav('post', a!.id)).body).toEqual([a!.id]);
    expect((await fav('post', a!.id)).body).toEqual([a!.id]);
    expect((await fav('post', c!.id)).body).toEqual([a!.id, c!.id]);
    expect((await fav('post', 999999)).status).toBe(404);
    expect((await fav('post', a!.id, BUYER)).status).toBe(403);
    expect((await fav('delete', a!.id)).body).toEqual([c!.id]);
    expect((await call('get', '/favorites', { as: SHOPPER, query: { userId: SHOPPER.uid } })).body).toEqual([c!.id]);
    expect((await call('get', '/favorites', { as: BUYER, query: { userId: SHOPPER.uid } })).status).toBe(403);
  });

  it('an Admin adding one for a user the shop does not hold gets 404, and nothing is written (it answered 500 on the SQL store)', async () => {
    const [a] = await products();
    const nobody = 'no-such-user-0001';
    const added = await call<{ error: { code: string; message: string } }>('post', '/favorites', {
      as: ADMIN,
      body: { userId: nobody, productId: a!.id },
    });
    expect(added.status).toBe(404);
    expect(added.body.error).toEqual({ code: 'not_found', message: 'User not found.' });
    expect((await call('get', '/favorites', { as: ADMIN, query: { userId: nobody } })).body).toEqual([]);
  });
}
