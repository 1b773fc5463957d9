import { PRICE_FILTER_MAX, PRICE_FILTER_MIN } from './constants';

/** The keys e, minus and plus are blocked in the price inputs. */
export function isBlockedPriceKey(key: string): boolean {
  return key === 'e' || key === 'E' || key === '-' || key === '+';
}

/** Leading zeros stripped, bounded to 0..100000; '' stays empty. */
export function sanitizePriceInput(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, '');
  if (cleaned === '') return '';
  const stripped = cleaned.replace(/^0+(?=\d)/, '');
  const value = Number(stripped);
  if (Number.isNaN(value)) return '';
  if (value > PRICE_FILTER_MAX) return String(PRICE_FILTER_MAX);
  if (value < PRICE_FILTER_MIN) return String(PRICE_FILTER_MIN);
  return stripped;
}

export function parsePrice(text: string): number | null {
  return text === '' ? null : Number(text);
}

/** If min is greater than max they are swapped. */
export function normalizePriceRange(min: number | null, max: number | null): [number | null, number | null] {
  return min !== null && max !== null && min > max ? [max, min] : [min, max];
}
