import { MESSAGES } from './messages';
import { PATTERNS, isEmail, isPassword } from './patterns';

export interface Registration {
  email: string;
  username: string;
  password: string;
  confirm: string;
}

export type RegistrationErrors = Partial<Record<keyof Registration, string>>;

/** Spec section 5: starts with a letter, 8-15 letters or digits, no spaces; the same rule on sign-up, profile and server. */
export function usernameError(username: string): string | undefined {
  return PATTERNS.username.test(username) ? undefined : MESSAGES.username;
}

/** A plain address (DECISIONS.md), else 'Please insert Valid email pattern'; the same rule on sign-up, reset and server. */
export function emailError(email: string): string | undefined {
  return isEmail(email) ? undefined : MESSAGES.email;
}

export function registrationFieldErrors(values: Registration): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const username = usernameError(values.username);
  if (username) errors.username = username;
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (!isPassword(values.password)) errors.password = MESSAGES.password;
  if (values.confirm !== values.password) errors.confirm = MESSAGES.passwordsDiffer;
  return errors;
}

/** The form-level message on submit: 'incorrect data, please check form' while any field fails. */
export function validateRegistration(values: Registration): { valid: boolean; form?: string; fields: RegistrationErrors } {
  const fields = registrationFieldErrors(values);
  const valid = Object.keys(fields).length === 0;
  return valid ? { valid, fields } : { valid, form: MESSAGES.registrationInvalid, fields };
}

/** Login: the email pattern and the password rule, else 'Email or Password incorrect'. */
export function loginError(email: string, password: string): string | undefined {
  return isEmail(email) && isPassword(password) ? undefined : MESSAGES.loginInvalid;
}

/** 'Please enter your email' when empty, else the email rule: the provider is asked only about a plain address. */
export function resetPasswordError(email: string): string | undefined {
  return email.trim() === '' ? MESSAGES.resetEmail : emailError(email);
}
