import { describe, expect, it } from 'vitest';
import { IRREVERSIBLE, deleteUserQuestion, deleteUsersQuestion, isTypeChange, othersThan } from './adminUsers';

describe('admin users', () => {
  it("asks 'Are you sure you want to delete the user {name}?' or '... {n} user(s)?', each with 'This action is irreversible!' (spec section 5, spelling corrected)", () => {
    expect(deleteUserQuestion('brunosilva')).toBe('Are you sure you want to delete the user brunosilva?');
    expect(deleteUsersQuestion(3)).toBe('Are you sure you want to delete 3 user(s)?');
    expect(deleteUsersQuestion(1)).toBe('Are you sure you want to delete 1 user(s)?');
    expect(IRREVERSIBLE).toBe('This action is irreversible!');
  });

  it("'The logged-in user is left out of the list' (spec section 2)", () => {
    const users = [{ id: 'demo-admin' }, { id: 'user-bruno' }, { id: 'user-carla' }];
    expect(othersThan(users, 'demo-admin')).toEqual([{ id: 'user-bruno' }, { id: 'user-carla' }]);
    expect(othersThan(users, null)).toEqual(users);
  });

  it('a type change is a chosen type other than the current one', () => {
    expect(isTypeChange('User', 'Banned')).toBe(true);
    expect(isTypeChange('Blocked', 'User')).toBe(true);
    expect(isTypeChange('User', 'User')).toBe(false);
    expect(isTypeChange('User', null)).toBe(false);
  });
});
