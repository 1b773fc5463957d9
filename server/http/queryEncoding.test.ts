import { describe, expect, it } from 'vitest';
import { brokenQueryField } from './queryEncoding';

describe('brokenQueryField', () => {
  it('names the parameter whose value is not UTF-8 or not percent-encoding', () => {
    expect(brokenQueryField('/api/products?name=%ff')).toBe('name');
    expect(brokenQueryField('/api/products?page=1&name=lip%e2%82')).toBe('name');
    expect(brokenQueryField('/api/products?name=lip&brand=%zz')).toBe('brand');
    expect(brokenQueryField('/api/products?name=50%')).toBe('name');
    expect(brokenQueryField('/api/products?na%6De=%ff')).toBe('name');
  });

  it('names the query when a parameter name itself is broken, empty or not one to repeat', () => {
    expect(brokenQueryField('/api/products?%ff=lip')).toBe('query');
    expect(brokenQueryField('/api/products?%c3')).toBe('query');
    expect(brokenQueryField('/api/products?=%ff&name=%ff')).toBe('query');
    expect(brokenQueryField(`/api/products?${'a'.repeat(3000)}=%ff`)).toBe('query');
  });

  it('reads the query where the router does: after the first ? or #', () => {
    expect(brokenQueryField('/api/products#name=%ff')).toBe('name');
    expect(brokenQueryField('/api/products#page=1&name=%ed%a0%80')).toBe('name');
    expect(brokenQueryField('/api/products/1#%ff')).toBe('query');
  });

  it('passes what decodes: UTF-8, plus signs, reserved characters, no query at all', () => {
    for (const url of [
      '/api/products',
      '/api/products?',
      '/api/products?name=cr%C3%A8me+br%C3%BBl%C3%A9e&page=2',
      '/api/products?brand=l%27oreal&&x',
      '/api/products?name=%F0%9F%92%84',
      '/api/products?name=a=b',
    ]) {
      expect(brokenQueryField(url), url).toBeNull();
    }
  });
});
