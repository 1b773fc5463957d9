import { isAdmin } from '~/src/domain/permissions';
import { emailError, usernameError } from '~/src/domain/validation/account';
import { isPictureUrl } from '~/src/domain/validation/patterns';
import { created, noContent, ok, requireAdmin, requireSelfOrAdmin, requireUser, type Context, type Operations } from '../context';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../errors';
import type { Store, UserRow } from '../ports';
import { userView } from '../views';

async function existingUser(store: Store, id: string): Promise<UserRow> {
  const user = await store.getUser(id);
  if (!user) throw notFound('User');
  return user;
}

function checkUsername(username: string | undefined, field: string): void {
  const message = username === undefined ? undefined : usernameError(username);
  if (message) throw badRequest(message, field);
}

/** A profile photo is shown beside the user's comments: only a picture URL the page may load. */
function checkPicture(img: string | null | undefined, field: string): void {
  if (img && !isPictureUrl(img)) throw badRequest(`${field} must be a picture on this shop or an https URL.`, field);
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

/** Admins may delete anyone but themselves. */
function deletingAdmin(ctx: Context, ids: readonly string[]): UserRow {
  const admin = requireAdmin(ctx);
  if (ids.includes(admin.id)) throw conflict('You cannot delete your own account.');
  return admin;
}

/**
 * The rules on who is Admin, checked on the Admins as read under their lock
 * (Store.lockAdmins), so that two Admins demoting or deleting each other at
 * once cannot both succeed: an Admin always remains, and a caller demoted or
 * deleted meanwhile is no longer an Admin.
 */
function checkAdminChange(admins: readonly string[], caller: UserRow, leaving: readonly string[]): void {
  if (admins.every((id) => leaving.includes(id))) throw conflict('An Admin must always remain.');
  if (!admins.includes(caller.id)) throw forbidden('Only an Admin may do this.');
}

/** Deletes the users, leaving tombstones, and disables their sign-in accounts; all in the caller's transaction. */
async function deleteUsers(ctx: Context, tx: Store, caller: UserRow, ids: readonly string[]): Promise<void> {
  const admins = await tx.lockAdmins();
  for (const id of ids) await existingUser(tx, id);
  checkAdminChange(admins, caller, ids);
  for (const id of ids) await tx.deleteUser(id);
  // Last, so an identity provider that fails leaves the shop's users as they were.
  for (const id of ids) await ctx.accounts.disable(id);
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
    checkUsername(body.username, 'username');
    checkPicture(body.img, 'img');
    const { uid, email } = ctx.identity;
    // The sign-in provider takes addresses the shop does not (markup in the local part): the shop's own rule decides.
    const badEmail = emailError(email);
    if (badEmail) throw badRequest(badEmail, 'email');
    const user = await ctx.store.transaction(async (tx) => {
      if (await tx.wasDeleted(uid, email)) {
        throw forbidden('This account was deleted from the shop and cannot be opened again. Please contact support.');
      }
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
    checkUsername(body.newUser.username, 'newUser.username');
    checkPicture(body.newUser.img, 'newUser.img');
    const user = await ctx.store.transaction(async (tx) => {
      await existingUser(tx, body.userId);
      await assertFree(tx, body.userId, body.newUser);
      return tx.updateUser(body.userId, body.newUser);
    });
    return ok(userView(user));
  },

  async deleteUsers(ctx, { body }) {
    const admin = deletingAdmin(ctx, body.ids);
    await ctx.store.transaction((tx) => deleteUsers(ctx, tx, admin, body.ids));
    return noContent();
  },

  async setUserType(ctx, { body }) {
    const admin = requireAdmin(ctx);
    if (body.userId === admin.id) throw conflict('You cannot change your own type.');
    const user = await ctx.store.transaction(async (tx) => {
      const admins = await tx.lockAdmins();
      await existingUser(tx, body.userId);
      checkAdminChange(admins, admin, body.type === 'Admin' ? [] : [body.userId]);
      return tx.updateUser(body.userId, { type: body.type });
    });
    return ok(userView(user));
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
    const admin = deletingAdmin(ctx, [path.idOrEmail]);
    await ctx.store.transaction((tx) => deleteUsers(ctx, tx, admin, [path.idOrEmail]));
    return noContent();
  },
};
