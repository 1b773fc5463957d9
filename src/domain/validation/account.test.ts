import { describe, expect, it } from 'vitest';
import { loginError, registrationFieldErrors, resetPasswordError, usernameError, validateRegistration } from './account';

const good = { email: 'ana@example.com', username: 'anabelle1', password: 'secret1', confirm: 'secret1' };

describe('registration', () => {
  it('passes good data', () => {
    expect(validateRegistration(good)).toEqual({ valid: true, fields: {} });
  });

  it('wants a username of 8-15 letters or digits starting with a letter', () => {
    const message = 'username is required and must contain 8-15 characters starting with a letter. No spaces';
    for (const username of ['', 'short1', '1anabelle', 'ana belle1', 'a'.repeat(16)]) {
      expect(registrationFieldErrors({ ...good, username }).username).toBe(message);
    }
    expect(registrationFieldErrors({ ...good, username: 'a'.repeat(15) }).username).toBeUndefined();
  });

  it('gives the server the same username rule, markup included', () => {
    expect(usernameError('<img src=x onerror=alert(1)>')).toBe('username is required and must contain 8-15 characters starting with a letter. No spaces');
    expect(usernameError('anabelle1')).toBeUndefined();
  });

  it('wants a valid email', () => {
    expect(registrationFieldErrors({ ...good, email: 'ana@example' }).email).toBe('Please insert Valid email pattern');
  });

  it('wants 5-20 characters with a lower-case letter and a digit, none of : & . ~ or spaces', () => {
    const message = '5 to 20 characters. at least one lower-case letter and one number. No special Characters';
    for (const password of ['abc1', 'abcdef', '123456', 'abc12.', 'abc1:2', 'ab c12', 'abc&12', 'abc~12', 'a1'.repeat(11)]) {
      expect(registrationFieldErrors({ ...good, password, confirm: password }).password).toBe(message);
    }
    expect(registrationFieldErrors({ ...good, password: 'ABCd5', confirm: 'ABCd5' }).password).toBeUndefined();
  });

  it('wants the confirmation to match', () => {
    expect(registrationFieldErrors({ ...good, confirm: 'secret2' }).confirm).toBe('Passwords do not match');
  });

  it("says 'incorrect data, please check form' on a bad submit", () => {
    expect(validateRegistration({ ...good, email: 'x' }).form).toBe('incorrect data, please check form');
  });
});

describe('login', () => {
  it("says 'Email or Password incorrect' for bad patterns", () => {
    expect(loginError('ana@example.com', 'secret1')).toBeUndefined();
    expect(loginError('ana', 'secret1')).toBe('Email or Password incorrect');
    expect(loginError('ana@example.com', 'abc')).toBe('Email or Password incorrect');
  });
});

describe('reset password', () => {
  it("says 'Please enter your email' when empty", () => {
    expect(resetPasswordError('  ')).toBe('Please enter your email');
    expect(resetPasswordError('ana@example.com')).toBeUndefined();
  });
});
