import { describe, expect, it } from 'vitest';
import { emailError, loginError, registrationFieldErrors, resetPasswordError, usernameError, validateRegistration } from './account';

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
    expect(usernameError('<img src=x onerror=alert(1)>')).toBe(
      'username is required and must contain 8-15 characters starting with a letter. No spaces',
    );
    expect(usernameError('anabelle1')).toBeUndefined();
  });

  // DECISIONS.md: 'the form and the server take a plain address (local part of letters, digits and `. _ % + -`, a domain with a dot)'.
  it("wants a plain email address, else 'Please insert Valid email pattern'", () => {
    for (const email of [
      'ana@example',
      '<b>x</b>@qa.test',
      'bad@@x',
      'ana@exa mple.com',
      'a"b@qa.test',
      'ana@.test',
      'ana@qa..test',
      'ana@qa.t',
      'ana.qa.test',
      '@qa.test',
      `${'a'.repeat(250)}@qa.test`,
    ]) {
      expect(registrationFieldErrors({ ...good, email }).email, email).toBe('Please insert Valid email pattern');
    }
    for (const email of ['ana@example.com', 'Ana.Maria_2%x+shop-1@mail.qa-test.co.uk', '  ana@example.com  ']) {
      expect(registrationFieldErrors({ ...good, email }).email, email).toBeUndefined();
    }
  });

  it('gives the server the same email rule', () => {
    expect(emailError('<b>x</b>@qa.test')).toBe('Please insert Valid email pattern');
    expect(emailError('ana@example.com')).toBeUndefined();
  });

  // DECISIONS.md: '6-20, at least one lower-case letter and one digit, none of `: & . ~` or whitespace ... the spec's 5 becomes 6'.
  it("wants 6-20 characters with a lower-case letter and a digit, none of : & . ~ or spaces: '6 to 20 characters. at least one lower-case letter and one number. No special Characters'", () => {
    const message = '6 to 20 characters. at least one lower-case letter and one number. No special Characters';
    for (const password of ['abc1', 'abcd5', 'abcdef', '123456', 'abc12.', 'abc1:2', 'ab c12', 'abc&12', 'abc~12', 'a1'.repeat(11)]) {
      expect(registrationFieldErrors({ ...good, password, confirm: password }).password, password).toBe(message);
    }
    for (const password of ['ABCde6', 'a1'.repeat(10)]) {
      expect(registrationFieldErrors({ ...good, password, confirm: password }).password, password).toBeUndefined();
    }
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

  it('takes the same rules as registration: a plain address and 6-20 characters', () => {
    expect(loginError('<b>x</b>@qa.test', 'secret1')).toBe('Email or Password incorrect');
    expect(loginError('ana@example.com', 'abcd5')).toBe('Email or Password incorrect');
  });
});

describe('reset password', () => {
  it("says 'Please enter your email' when empty", () => {
    expect(resetPasswordError('  ')).toBe('Please enter your email');
    expect(resetPasswordError('ana@example.com')).toBeUndefined();
  });

  it("says the form's email message for an address that is not a plain one, before asking the provider", () => {
    expect(resetPasswordError('bad@@x')).toBe('Please insert Valid email pattern');
    expect(resetPasswordError('<b>x</b>@qa.test')).toBe('Please insert Valid email pattern');
  });
});
