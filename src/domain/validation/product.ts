import { BRANDS, CATEGORIES } from '../brandsAndCategories';
import { MESSAGES } from './messages';
import { isPictureUrl, PATTERNS } from './patterns';

export interface ProductFormValues {
  name: string;
  price: string;
  brand: string;
  category: string;
  stock: string;
  description: string;
  image: string;
  discount: string;
}

export type ProductField = keyof ProductFormValues;

/** The most a price or a stock may be (DECISIONS.md, the contract's maximum). */
export const PRODUCT_NUMBER_MAX = 1_000_000;

/** The spec's pattern (digits and dots, 1 to 20), then the cap. */
function numberTextError(value: string): string | undefined {
  if (!PATTERNS.productNumber.test(value) || !Number.isFinite(Number(value))) return MESSAGES.productNumber;
  return Number(value) > PRODUCT_NUMBER_MAX ? MESSAGES.productMax : undefined;
}

const RULES: Record<ProductField, (value: string) => string | undefined> = {
  name: (v) => (PATTERNS.productName.test(v.trim()) ? undefined : MESSAGES.productName),
  price: (v) => numberTextError(v) ?? (/\.\d{3,}$/.test(v.trim()) ? MESSAGES.productCents : undefined),
  stock: (v) => numberTextError(v) ?? (Number.isInteger(Number(v)) ? undefined : MESSAGES.productNumber),
  discount: (v) => {
    const n = Number(v);
    // Whole percent, as the discount dialog and the API take it.
    return /^\d+$/.test(v) && n >= 0 && n <= 100 ? undefined : MESSAGES.productDiscount;
  },
  description: (v) => {
    const length = v.trim().length;
    return length >= 4 && length <= 3000 ? undefined : MESSAGES.productDescription;
  },
  brand: (v) => ((BRANDS as readonly string[]).includes(v) ? undefined : MESSAGES.required),
  category: (v) => ((CATEGORIES as readonly string[]).includes(v) ? undefined : MESSAGES.required),
  image: (v) => (isPictureUrl(v) ? undefined : MESSAGES.productImage),
};

/** One field's message: 'This field is required' when empty (the image has its own), else its rule's. */
export function productFieldError(field: ProductField, value: string): string | undefined {
  if (value.trim() === '' && field !== 'image') return MESSAGES.required;
  return RULES[field](value);
}

/**
 * The first field of a product, or of a change to some of its fields, that
 * breaks its rule: the server's check with the form's rules. Numbers are
 * checked as the form would hold them, as text.
 */
export function firstProductError(
  fields: Partial<Record<ProductField, string | number>>,
): { field: ProductField; message: string } | undefined {
  for (const field of Object.keys(RULES) as ProductField[]) {
    const value = fields[field];
    const message = value === undefined ? undefined : productFieldError(field, String(value));
    if (message) return { field, message };
  }
  return undefined;
}

export type ProductValidity = Record<ProductField, boolean>;

export function productValidity(values: ProductFormValues): ProductValidity {
  const fields = Object.keys(RULES) as ProductField[];
  return Object.fromEntries(fields.map((f) => [f, productFieldError(f, values[f]) === undefined])) as ProductValidity;
}

/** The form is valid when no field is false. */
export const isProductFormValid = (validity: ProductValidity) => !Object.values(validity).includes(false);
