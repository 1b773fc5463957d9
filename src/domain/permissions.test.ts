import { describe, expect, it } from 'vitest';
import { USER_STATUS_LABELS, canChangeOrderStatus, canReview, isAdmin, landingPath } from './permissions';

describe('roles', () => {
  it('only an Admin is admin', () => {
    expect(isAdmin({ type: 'Admin' })).toBe(true);
    expect(isAdmin({ type: 'User' })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });

  it('reviews are for signed-in buyers who are not Banned or Blocked', () => {
    expect(canReview({ type: 'User' }, true)).toBe(true);
    expect(canReview({ type: 'Admin' }, true)).toBe(true);
    expect(canReview({ type: 'User' }, false)).toBe(false);
    expect(canReview({ type: 'Banned' }, true)).toBe(false);
    expect(canReview({ type: 'Blocked' }, true)).toBe(false);
    expect(canReview(null, true)).toBe(false);
  });

  it('labels user status as the spec does', () => {
    expect(USER_STATUS_LABELS).toEqual({ User: 'Active User', Banned: 'Banned User', Blocked: 'Blocked User', Admin: 'Admin' });
  });
});

describe('order status', () => {
  it('moves forward open -> created -> processing -> approved', () => {
    expect(canChangeOrderStatus('open', 'created')).toBe(true);
    expect(canChangeOrderStatus('open', 'approved')).toBe(true);
    expect(canChangeOrderStatus('processing', 'created')).toBe(false);
    expect(canChangeOrderStatus('open', 'open')).toBe(false);
  });

  it('cancels from any state but approved, and nothing leaves approved or cancelled', () => {
    expect(canChangeOrderStatus('processing', 'cancelled')).toBe(true);
    expect(canChangeOrderStatus('approved', 'cancelled')).toBe(false);
    expect(canChangeOrderStatus('cancelled', 'open')).toBe(false);
  });
});

describe('landingPath', () => {
  it('leads an Admin to /admin/dashboard and anyone else to /home', () => {
    expect(landingPath({ type: 'Admin' })).toBe('/admin/dashboard');
    expect(['User', 'Banned', 'Blocked'].map((type) => landingPath({ type: type as 'User' }))).toEqual(['/home', '/home', '/home']);
    expect(landingPath(null)).toBe('/home');
  });
});
