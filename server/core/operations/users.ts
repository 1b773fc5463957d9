import { isAdmin } from '../../../src/domain/permissions';
import { created, noContent, ok, requireAdmin, requireSelfOrAdmin, requireUser, type Context, type Operations } from '../context';
import { conflict, forbidden, notFound, unauthorized } from '../errors';
import type { Store, UserRow } from '../ports';
import { userView } from '../views';

async function existingUser(store: Store, id: string): Promise<UserRow> {
  const user = await store.getUser(id);
  if (!user) throw notFound('User');
  return user;
}

async function assertFree(store: Store, userId: string, fields: { username?: string; email?: string }) {
  if (fields.username !== undefined) {
    const owner = await store.getUserByUsername(fields.username);
    if (owner && owner.id !== userId) throw conflict('That username is taken.');
  }
  if (fields.email !== undefined) {
    const owner = await store.getUserByEmail(fields.email);
    if (owner && owner.id !== userId) throw conflict('That email belongs to another account.');
  }
}

/** Admins may delete anyone but themselves; so an Admin always remains. */
function assertDeletable(ctx: Context, ids: readonly string[]) {
  const admin = requireAdmin(ctx);
  if (ids.includes(admin.id)) throw conflict('You cannot delete your own account.');
}

export const userOperations: Pick<
  Operations,
  'listUsers' | 'createUser' | 'updateUser' | 'deleteUsers' | 'setUserType' | 'getUser' | 'deleteUser'
> = {
  async listUsers(ctx, { query }) {
    if (query.userId === undefined) {
      requireAdmin(ctx);
      return ok((await ctx.store.listUsers()).map(userView));
    }
    if (!ctx.identity) throw unauthorized();
    // Asking for itself is how a signed-in identity learns whether it has a shop account yet.
    if (query.userId === ctx.identity.uid) return ok(ctx.user ? [userView(ctx.user)] : []);
    requireAdmin(ctx);
    const user = await ctx.store.getUser(query.userId);
    return ok(user ? [userView(user)] : []);
  },

  async createUser(ctx, { body }) {
    if (!ctx.identity) throw unauthorized();
    if (ctx.user) return ok(userView(ctx.user));
    const { uid, email } = ctx.identity;
    const user = await ctx.store.transaction(async (tx) => {
      await assertFree(tx, uid, { username: body.username, email });
      return tx.insertUser({
        id: uid,
        email,
        username: body.username,
        type: 'User',
        img: body.img ?? null,
        createdAt: ctx.now().toISOString(),
      });
    });
    return created(userView(user));
  },

  async updateUser(ctx, { body }) {
    requireSelfOrAdmin(ctx, body.userId);
    const user = await ctx.store.transaction(async (tx) => {
      await existingUser(tx, body.userId);
      await assertFree(tx, body.userId, body.newUser);
      return tx.updateUser(body.userId, body.newUser);
    });
    return ok(userView(user));
  },

  async deleteUsers(ctx, { body }) {
    assertDeletable(ctx, body.ids);
    await ctx.store.transaction(async (tx) => {
      for (const id of body.ids) await existingUser(tx, id);
      for (const id of body.ids) await tx.deleteUser(id);
    });
    return noContent();
  },

  async setUserType(ctx, { body }) {
    const admin = requireAdmin(ctx);
    if (body.userId === admin.id) throw conflict('You cannot change your own type.');
    await existingUser(ctx.store, body.userId);
    return ok(userView(await ctx.store.updateUser(body.userId, { type: body.type })));
  },

  async getUser(ctx, { path }) {
    const caller = requireUser(ctx);
    const key = path.idOrEmail;
    const mine = key === caller.id || key.toLowerCase() === caller.email.toLowerCase();
    if (!mine && !isAdmin(caller)) throw forbidden();
    const user = key.includes('@') ? await ctx.store.getUserByEmail(key) : await ctx.store.getUser(key);
    if (!user) throw notFound('User');
    return ok(userView(user));
  },

  async deleteUser(ctx, { path }) {
    assertDeletable(ctx, [path.idOrEmail]);
    await ctx.store.transaction(async (tx) => {
      await existingUser(tx, path.idOrEmail);
      await tx.deleteUser(path.idOrEmail);
    });
    return noContent();
  },
};
