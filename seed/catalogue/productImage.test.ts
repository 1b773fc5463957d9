import { describe, expect, it } from 'vitest';
import { parseProductImagePath, productImagePath } from './productImage';

describe('parseProductImagePath', () => {
  it('reads back the path of a picture', () => {
    expect(parseProductImagePath(productImagePath('lipstick', '#a4161a').split('/').pop()!)).toEqual({
      category: 'lipstick',
      hex: '#a4161a',
    });
  });

  it('knows no category named after an object property', () => {
    expect(parseProductImagePath('constructor-000000.svg')).toBeNull();
  });
});
