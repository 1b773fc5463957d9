import type { components } from '../api/schema';
import type { Brand, Category } from './constants';
import { readableDescription, validDescription } from './description';
import type { Product } from './types';
import { shadesStock } from './shades';
import { MESSAGES } from './validation/messages';
import { productFieldError, productValidity, type ProductField, type ProductFormValues, type ProductValidity } from './validation/product';

export type ProductInput = components['schemas']['ProductInput'];

/** The fields in the order the spec lists them, which is the form's order too (section 2, 'Product form'). */
export const PRODUCT_FIELDS: readonly ProductField[] = ['name', 'price', 'brand', 'category', 'stock', 'description', 'image', 'discount'];

/** A new product's form: the discount defaults to 0 (spec section 3). */
export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  price: '',
  brand: '',
  category: '',
  stock: '',
  description: '',
  image: '',
  discount: '0',
};

/**
 * One field's message on the form: the field's rule from
 * validation/product.ts; the description's is the server's own
 * (validDescription), 'This field is required' when it holds nothing to read.
 */
export function productFormError(field: ProductField, values: ProductFormValues): string | undefined {
  if (field !== 'description') return productFieldError(field, values[field]);
  if (readableDescription(values.description) === '') return MESSAGES.required;
  return validDescription(values.description) === undefined ? MESSAGES.productDescription : undefined;
}

/** The per-field validity map of spec section 5, with the description measured as productFormError does. */
export function productFormValidity(values: ProductFormValues): ProductValidity {
  const validity = productValidity(values);
  return { ...validity, description: productFormError('description', values) === undefined };
}

/** The first field, in the form's order, that is not valid. */
export function firstInvalidField(validity: ProductValidity): ProductField | undefined {
  return PRODUCT_FIELDS.find((field) => !validity[field]);
}

export interface ErrorDisplay {
  /** The field being edited (the last one changed). */
  editing: ProductField | null;
  /** The fields changed so far, or all of them once a save was refused for them. */
  touched: readonly ProductField[];
}

/**
 * The messages on screen: 'This field is required' only for the field being
 * edited when it is empty (spec section 5); any other message for a field
 * once it has been touched.
 */
export function shownProductErrors(values: ProductFormValues, { editing, touched }: ErrorDisplay): Partial<Record<ProductField, string>> {
  const shown: Partial<Record<ProductField, string>> = {};
  for (const field of PRODUCT_FIELDS) {
    const error = productFormError(field, values);
    if (!error) continue;
    if (error === MESSAGES.required ? field === editing : field === editing || touched.includes(field)) shown[field] = error;
  }
  return shown;
}

/** A product as the form holds it: every value as text; with shades, the stock is their sum (DECISIONS.md 'Shades'). */
export function productFormValuesOf(product: Product): ProductFormValues {
  return {
    name: product.name,
    price: String(product.price),
    brand: product.brand,
    category: product.category,
    stock: String(product.shades.length > 0 ? shadesStock(product.shades) : product.stock),
    description: product.description,
    image: product.image,
    discount: String(product.discount),
  };
}

/** The body of POST /products (and, with the id, PUT /products) from a valid form, but its shades (shadeInputsOf in shadeForm.ts). */
export function productInputOf(values: ProductFormValues): Required<Omit<ProductInput, 'shades'>> {
  return {
    name: values.name.trim(),
    price: Number(values.price),
    brand: values.brand as Brand,
    category: values.category as Category,
    stock: Number(values.stock),
    description: values.description.trim(),
    image: values.image,
    discount: Number(values.discount),
  };
}

export const sameProductForm = (a: ProductFormValues, b: ProductFormValues) => PRODUCT_FIELDS.every((field) => a[field] === b[field]);
