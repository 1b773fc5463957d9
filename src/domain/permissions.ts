import type { OrderStatus, UserType } from './types';

export const isAdmin = (user: { type: UserType } | null | undefined): boolean => user?.type === 'Admin';

/** Where /dashboard, the landing page after sign-in, leads: the admin dashboard for an Admin, else home (DECISIONS.md). */
export const landingPath = (user: { type: UserType } | null | undefined): string => (isAdmin(user) ? '/admin/dashboard' : '/home');

/** Reviews and ratings: a signed-in buyer of the product who is not Banned or Blocked. */
export function canReview(user: { type: UserType } | null | undefined, hasBought: boolean): boolean {
  return !!user && hasBought && user.type !== 'Banned' && user.type !== 'Blocked';
}

export const USER_STATUS_LABELS: Record<UserType, string> = {
  User: 'Active User',
  Banned: 'Banned User',
  Blocked: 'Blocked User',
  Admin: 'Admin',
};

/** The admin type-change dialog offers only these; Blocked exists in data only. */
export const ASSIGNABLE_USER_TYPES = ['Admin', 'User', 'Banned'] as const satisfies readonly UserType[];

const STATUS_FLOW: readonly OrderStatus[] = ['open', 'created', 'processing', 'approved'];

/**
 * open -> created -> processing -> approved, forward only; cancelled from any
 * state but approved. Approved and cancelled are final.
 */
export function canChangeOrderStatus(from: OrderStatus, to: OrderStatus): boolean {
  if (from === 'approved' || from === 'cancelled') return false;
  if (to === 'cancelled') return true;
  return STATUS_FLOW.indexOf(to) > STATUS_FLOW.indexOf(from);
}
