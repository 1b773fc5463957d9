import { describe, expect, it } from 'vitest';
import { firstProductError, isProductFormValid, productFieldError, productValidity, type ProductFormValues } from './product';

const good: ProductFormValues = {
  name: "L'Absolu Rouge",
  price: '29.90',
  brand: 'dior',
  category: 'lipstick',
  stock: '12',
  description: 'A creamy lipstick.',
  image: '/uploads/abc.webp',
  discount: '0',
};

describe('product form', () => {
  it('is valid when no field is false', () => {
    expect(isProductFormValid(productValidity(good))).toBe(true);
    expect(isProductFormValid(productValidity({ ...good, stock: '' }))).toBe(false);
  });

  it("says 'This field is required' for an empty field", () => {
    for (const field of ['name', 'price', 'stock', 'description', 'brand', 'category', 'discount'] as const) {
      expect(productFieldError(field, '')).toBe('This field is required');
    }
  });

  it('checks each field with its own message', () => {
    expect(productFieldError('name', 'ab')).toBe('Minimum 3 and maximum 60 characters');
    expect(productFieldError('name', 'a'.repeat(61))).toBe('Minimum 3 and maximum 60 characters');
    expect(productFieldError('name', 'Crème Éclat 2')).toBeUndefined();
    expect(productFieldError('price', '-3')).toBe('This value cannot be less than 0 and a maximum of 20 digits');
    expect(productFieldError('price', '1'.repeat(21))).toBe('This value cannot be less than 0 and a maximum of 20 digits');
    expect(productFieldError('price', '1.2.3')).toBe('This value cannot be less than 0 and a maximum of 20 digits');
    expect(productFieldError('stock', '2.5')).toBe('This value cannot be less than 0 and a maximum of 20 digits');
    expect(productFieldError('discount', '0')).toBeUndefined();
    expect(productFieldError('discount', '101')).toBe('you must enter a value between 0 and 100');
    expect(productFieldError('discount', '12.5')).toBe('you must enter a value between 0 and 100');
    expect(productFieldError('price', '0.001')).toBe('A price has at most 2 decimals');
    expect(productFieldError('price', '12.50')).toBeUndefined();
    expect(productFieldError('description', 'abc')).toBe('Minimum 4 and maximum 3000 characters');
    expect(productFieldError('description', 'a'.repeat(3000))).toBeUndefined();
    expect(productFieldError('description', 'a'.repeat(3001))).toBe('Minimum 4 and maximum 3000 characters');
    expect(productFieldError('brand', 'acme')).toBe('This field is required');
    expect(productFieldError('image', 'Upload Image')).toBe('you must upload an image of the product');
    expect(productFieldError('image', '')).toBe('you must upload an image of the product');
  });
});

// DECISIONS.md: 'a cap of 1,000,000 for both (the contract's), with the message 'This value cannot be more than 1000000''.
describe('the cap on price and stock', () => {
  it("says 'This value cannot be more than 1000000' above 1,000,000, within the spec's 20 digits", () => {
    for (const field of ['price', 'stock'] as const) {
      expect(productFieldError(field, '99999999999999999999'), field).toBe('This value cannot be more than 1000000');
      expect(productFieldError(field, '1000001'), field).toBe('This value cannot be more than 1000000');
      expect(productFieldError(field, '1000000'), field).toBeUndefined();
      expect(productFieldError(field, '0'), field).toBeUndefined();
      expect(productFieldError(field, '1'.repeat(21)), field).toBe('This value cannot be less than 0 and a maximum of 20 digits');
    }
    expect(productFieldError('price', '1000000.01')).toBe('This value cannot be more than 1000000');
  });

  it('is the server’s rule too, naming the field', () => {
    expect(firstProductError({ price: 1e20 })).toEqual({
      field: 'price',
      message: 'This value cannot be less than 0 and a maximum of 20 digits',
    });
    expect(firstProductError({ price: 1000000.5 })).toEqual({ field: 'price', message: 'This value cannot be more than 1000000' });
    expect(firstProductError({ stock: 2000000 })).toEqual({ field: 'stock', message: 'This value cannot be more than 1000000' });
  });
});

describe('the server side of the product rules', () => {
  it('checks the fields given, numbers as text, and names the first that fails', () => {
    expect(firstProductError({ name: 'Velvet Lipstick', price: 20, stock: 7, discount: 25 })).toBeUndefined();
    expect(firstProductError({ price: 29.9 })).toBeUndefined();
    expect(firstProductError({ name: '<b>Lipstick</b>' })).toEqual({ field: 'name', message: 'Minimum 3 and maximum 60 characters' });
    expect(firstProductError({ stock: 2.5 })).toEqual({
      field: 'stock',
      message: 'This value cannot be less than 0 and a maximum of 20 digits',
    });
    expect(firstProductError({ price: -1 })?.field).toBe('price');
    expect(firstProductError({ description: 'abc' })).toEqual({ field: 'description', message: 'Minimum 4 and maximum 3000 characters' });
    expect(firstProductError({ image: 'Upload Image' })?.field).toBe('image');
    expect(firstProductError({ discount: 101 })?.field).toBe('discount');
  });
});
