import { ok, type Operations } from '../context';

export const healthOperations: Pick<Operations, 'getHealth'> = {
  async getHealth(ctx) {
    await ctx.store.getProduct(1);
    return ok({ status: 'ok' });
  },
};
