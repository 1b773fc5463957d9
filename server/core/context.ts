import type { operations } from '~/src/api/schema';
import { isAdmin } from '~/src/domain/permissions';
import type { OperationId } from './contract';
import { forbidden, notFound, unauthorized } from './errors';
import type { Identity, IdentityVerifier, ImageStore, PaymentProvider, Store, UploadedFile, UserRow } from './ports';

export interface Context {
  store: Store;
  payments: PaymentProvider;
  images: ImageStore;
  /** The sign-in accounts, to disable a deleted user's. */
  accounts: IdentityVerifier;
  now(): Date;
  /** The verified identity of the caller, if any. */
  identity: Identity | null;
  /** The caller's shop user, once the identity has one. */
  user: UserRow | null;
}

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
type PartOf<P, K extends string> = P extends { [key in K]?: infer V } ? ([V] extends [never] ? object : NonNullable<V>) : object;

export interface Input<O extends OperationId> {
  path: PartOf<operations[O]['parameters'], 'path'>;
  query: PartOf<operations[O]['parameters'], 'query'>;
  header: PartOf<operations[O]['parameters'], 'header'>;
  body: operations[O] extends { requestBody: infer R } ? JsonOf<R> : undefined;
  /** The multipart file, read only when called: an operation checks its caller first, so a refused caller's upload is never read. */
  readFile(): Promise<UploadedFile | undefined>;
}

export interface Reply {
  status: number;
  body?: unknown;
}

export type Operation<O extends OperationId> = (ctx: Context, input: Input<O>) => Promise<Reply>;
export type Operations = { [O in OperationId]: Operation<O> };

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (body: unknown): Reply => ({ status: 201, body });
export const noContent = (): Reply => ({ status: 204 });

/**
 * The identity's shop user, its email brought in line with the verified
 * token's (the sign-in account's email may have changed since). The email is
 * left as it is while another shop user holds the new one.
 */
export async function shopUserOf(store: Store, identity: Identity): Promise<UserRow | null> {
  const user = await store.getUser(identity.uid);
  if (!user || user.email === identity.email) return user;
  const holder = await store.getUserByEmail(identity.email);
  if (holder && holder.id !== user.id) return user;
  return store.updateUser(user.id, { email: identity.email });
}

/** The caller's shop user; 401 without a verified identity, 403 before the account exists. */
export function requireUser(ctx: Context): UserRow {
  if (!ctx.identity) throw unauthorized();
  if (!ctx.user) throw forbidden('Create your shop account first.');
  return ctx.user;
}

export function requireAdmin(ctx: Context): UserRow {
  const user = requireUser(ctx);
  if (!isAdmin(user)) throw forbidden('Only an Admin may do this.');
  return user;
}

/** A caller may act on its own records only, unless Admin. */
export function requireSelfOrAdmin(ctx: Context, userId: string): UserRow {
  const user = requireUser(ctx);
  if (user.id !== userId && !isAdmin(user)) throw forbidden();
  return user;
}

/**
 * As requireSelfOrAdmin, for a write to the user's own rows, within the
 * write's transaction `tx`: a user the shop does not hold is 404, not a row
 * pointing nowhere, and the user is kept from being deleted until the write
 * is done (Store.lockUser).
 */
export async function requireExistingSelfOrAdmin(ctx: Context, tx: Store, userId: string): Promise<void> {
  requireSelfOrAdmin(ctx, userId);
  if (!(await tx.lockUser(userId))) throw notFound('User');
}

/** Only the caller itself, even for an Admin (paying, rating, commenting). */
export function requireSelf(ctx: Context, userId: string): UserRow {
  const user = requireUser(ctx);
  if (user.id !== userId) throw forbidden();
  return user;
}

export const callerIsAdmin = (ctx: Context) => isAdmin(ctx.user);
