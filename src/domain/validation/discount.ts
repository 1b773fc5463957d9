import { MESSAGES } from './messages';

/** e, minus, plus and period are blocked in the admin discount dialog. */
export function isBlockedDiscountKey(key: string): boolean {
  return key === 'e' || key === 'E' || key === '-' || key === '+' || key === '.';
}

/** Digits only, at most 3, leading zeros stripped. */
export function sanitizeDiscountInput(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .slice(0, 3)
    .replace(/^0+(?=\d)/, '');
}

/** 'Write a number between 0 - 100' while out of range; 'Apply discount' is disabled then. */
export function discountError(text: string): string | undefined {
  const value = Number(text);
  return text !== '' && Number.isInteger(value) && value >= 0 && value <= 100 ? undefined : MESSAGES.discountRange;
}
