import { describe, expect, it } from 'vitest';
import { descriptionText } from './description';
import {
  EMPTY_PRODUCT_FORM,
  firstInvalidField,
  productFormError,
  productFormValidity,
  productFormValuesOf,
  productInputOf,
  sameProductForm,
  shownProductErrors,
} from './productForm';
import type { Product } from './types';
import { isProductFormValid, type ProductFormValues } from './validation/product';

const good: ProductFormValues = {
  name: 'Velvet Lipstick',
  price: '29.9',
  brand: 'dior',
  category: 'lipstick',
  stock: '12',
  description: '<p>A <strong>creamy</strong> lipstick.</p>',
  image: '/uploads/abc.webp',
  discount: '15',
};

describe('the description, written as HTML', () => {
  it("'Minimum 4 and maximum 3000 characters' of text (DECISIONS.md), 'This field is required' when it holds none", () => {
    const withText = (text: string) => ({ ...good, description: `<p>${text}</p>` });
    expect(productFormError('description', withText('abc'))).toBe('Minimum 4 and maximum 3000 characters');
    expect(productFormError('description', withText('abcd'))).toBeUndefined();
    expect(productFormError('description', { ...good, description: '<p></p>' })).toBe('This field is required');
    expect(productFormError('description', { ...good, description: '' })).toBe('This field is required');
    // Markup does not count towards the minimum: 'ab' in bold is two characters.
    expect(productFormError('description', withText('<strong>ab</strong>'))).toBe('Minimum 4 and maximum 3000 characters');
  });

  it('refuses what the server would: a description whose only text is a script holds nothing to read', () => {
    const scriptOnly = { ...good, description: '<script>alert(12345)</script>' };
    expect(productFormError('description', scriptOnly)).toBe('This field is required');
    expect(productFormValidity(scriptOnly).description).toBe(false);
    expect(productFormError('description', { ...good, description: '<p>ab</p><script>alert(12345)</script>' })).toBe(
      'Minimum 4 and maximum 3000 characters',
    );
    expect(productFormError('description', { ...good, description: '<p>Soft</p><script>alert(1)</script>' })).toBeUndefined();
  });

  it('stays within the 3000 characters the server checks on the stored HTML', () => {
    expect(productFormError('description', { ...good, description: 'a'.repeat(3000) })).toBeUndefined();
    // 2990 characters of text, but 3013 with its tags: the server would refuse it.
    const html = `<p><strong>${'a'.repeat(2990)}</strong></p>`;
    expect(descriptionText(html)).toHaveLength(2990);
    expect(productFormError('description', { ...good, description: html })).toBe('Minimum 4 and maximum 3000 characters');
    expect(productFormValidity({ ...good, description: html }).description).toBe(false);
  });
});

describe('the validity map (spec section 5: valid when no field is false)', () => {
  it('holds one entry per field, from the rules of validation/product.ts', () => {
    expect(productFormValidity(good)).toEqual({
      name: true,
      price: true,
      brand: true,
      category: true,
      stock: true,
      description: true,
      image: true,
      discount: true,
    });
    expect(isProductFormValid(productFormValidity(good))).toBe(true);
    const empty = productFormValidity(EMPTY_PRODUCT_FORM);
    expect(isProductFormValid(empty)).toBe(false);
    // The new product's discount starts at 0 (spec section 3), which is allowed.
    expect(empty.discount).toBe(true);
  });

  it('names the first invalid field in the order of the form', () => {
    expect(firstInvalidField(productFormValidity(EMPTY_PRODUCT_FORM))).toBe('name');
    expect(firstInvalidField(productFormValidity({ ...good, stock: '2.5', image: '' }))).toBe('stock');
    expect(firstInvalidField(productFormValidity(good))).toBeUndefined();
  });
});

describe('the messages on screen', () => {
  it("says 'This field is required' only for the field being edited when empty", () => {
    const values = { ...good, name: '', price: '' };
    expect(shownProductErrors(values, { editing: 'price', touched: ['name', 'price'] })).toEqual({ price: 'This field is required' });
    expect(shownProductErrors(values, { editing: 'name', touched: ['name', 'price'] })).toEqual({ name: 'This field is required' });
  });

  it('shows any other message for every touched field, and the one being edited', () => {
    const values = { ...good, name: 'ab', price: '-3', discount: '101', image: '' };
    expect(shownProductErrors(values, { editing: 'name', touched: ['price'] })).toEqual({
      name: 'Minimum 3 and maximum 60 characters',
      price: 'This value cannot be less than 0 and a maximum of 20 digits',
    });
    expect(shownProductErrors(values, { editing: null, touched: ['discount', 'image'] })).toEqual({
      discount: 'you must enter a value between 0 and 100',
      image: 'you must upload an image of the product',
    });
  });

  it('shows nothing on an untouched form', () => {
    expect(shownProductErrors(EMPTY_PRODUCT_FORM, { editing: null, touched: [] })).toEqual({});
  });
});

describe('between the form and the API', () => {
  const product: Product = {
    id: 4,
    name: 'Velvet Lipstick',
    brand: 'dior',
    category: 'lipstick',
    price: 29.9,
    discount: 15,
    totalPrice: 25.42,
    stock: 12,
    description: '<p>A <strong>creamy</strong> lipstick.</p>',
    image: '/uploads/abc.webp',
    rank: 4.5,
    reviews: 2,
    disable: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    shades: [],
  };

  it('holds a product as text and sends it back as numbers', () => {
    expect(productFormValuesOf(product)).toEqual(good);
    expect(productInputOf({ ...good, name: '  Velvet Lipstick ' })).toEqual({
      name: 'Velvet Lipstick',
      price: 29.9,
      brand: 'dior',
      category: 'lipstick',
      stock: 12,
      description: '<p>A <strong>creamy</strong> lipstick.</p>',
      image: '/uploads/abc.webp',
      discount: 15,
    });
  });

  it('tells a changed form from the saved one', () => {
    expect(sameProductForm(good, { ...good })).toBe(true);
    expect(sameProductForm(good, { ...good, stock: '13' })).toBe(false);
  });
});
