import { parseOrderAddress, type ShippingAddress } from '../address';
import { MESSAGES } from './messages';
import { PATTERNS } from './patterns';

export type ShippingErrors = Partial<Record<keyof ShippingAddress, string>>;

function wordField(value: string): string | undefined {
  if (!PATTERNS.letters.test(value.replace(/\s/g, ''))) return MESSAGES.onlyLetters;
  const length = value.trim().length;
  if (length <= 3) return MESSAGES.tooShort;
  if (length >= 15) return MESSAGES.tooLarge;
  return undefined;
}

function streetField(value: string): string | undefined {
  if (!PATTERNS.digits.test(value)) return MESSAGES.onlyNumbers;
  if (value.length <= 2) return MESSAGES.tooShort;
  if (value.length >= 6) return MESSAGES.tooLarge;
  return undefined;
}

/** The message for one field, or undefined when it passes; empty fields are left to the form's 'Missing fields!'. */
export function shippingFieldError(field: keyof ShippingAddress, value: string): string | undefined {
  if (value.trim() === '') return undefined;
  return field === 'street' ? streetField(value) : wordField(value);
}

export interface ShippingValidation {
  valid: boolean;
  form?: string;
  fields: ShippingErrors;
}

export function validateShipping(values: ShippingAddress): ShippingValidation {
  const keys = Object.keys(values) as (keyof ShippingAddress)[];
  const fields: ShippingErrors = {};
  for (const key of keys) {
    const error = shippingFieldError(key, values[key]);
    if (error) fields[key] = error;
  }
  const missing = keys.some((key) => values[key].trim() === '');
  return {
    valid: !missing && Object.keys(fields).length === 0,
    ...(missing ? { form: MESSAGES.missingFields } : {}),
    fields,
  };
}

/**
 * The server's check of an order's address line: it must be the shipping
 * form's 'Country, State, Address Street' with every part passing the form's
 * rule (checked in lower case, since the line capitalises the words).
 */
export function orderAddressError(line: string): string | undefined {
  const parts = parseOrderAddress(line);
  if (!parts) return MESSAGES.missingFields;
  const lower = (text: string) => text.toLocaleLowerCase('en-US');
  const result = validateShipping({ ...parts, country: lower(parts.country), state: lower(parts.state), address: lower(parts.address) });
  return result.form ?? Object.values(result.fields)[0];
}
