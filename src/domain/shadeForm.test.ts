import { describe, expect, it } from 'vitest';
import {
  addedShade,
  canAddShade,
  firstInvalidShade,
  movedShade,
  removedShade,
  shadeDraftsOf,
  shadeErrors,
  shadeInputsOf,
  shadesStockText,
  type ShadeDraft,
} from './shadeForm';

const red: ShadeDraft = { key: 'a', name: 'Classic Red', hex: '#b22234', stock: '4', image: '' };
const nude: ShadeDraft = { key: 'b', name: 'Nude Pink', hex: '#e8b4a6', stock: '3', image: '/uploads/nude.webp' };

// Issue 32: "The product form edits shades: add, rename, reorder, remove, a colour picker with hex input, stock per shade, a picture per shade (upload, or the rendered one)".
describe('the shade editor (issue 32, item 4)', () => {
  it("reads a product's shades, its rendered pictures left empty so a new colour is rendered anew, and sends each stock beside the one it read", () => {
    const drafts = shadeDraftsOf([
      { id: 7, name: 'Classic Red', hex: '#b22234', stock: 4, image: '/images/products/lipstick-dior-b22234.svg' },
      { id: 8, name: 'Nude Pink', hex: '#e8b4a6', stock: 3, image: '/uploads/nude.webp' },
    ]);
    expect(drafts).toEqual([
      { key: 'shade-7', id: 7, name: 'Classic Red', hex: '#b22234', stock: '4', stockSeen: 4, image: '' },
      { key: 'shade-8', id: 8, name: 'Nude Pink', hex: '#e8b4a6', stock: '3', stockSeen: 3, image: '/uploads/nude.webp' },
    ]);
    // Nude Pink restocked in the form: the server sets it; Classic Red, left as read, keeps what sold since.
    drafts[1] = { ...drafts[1]!, stock: '9' };
    expect(shadeInputsOf(drafts)).toEqual([
      { id: 7, name: 'Classic Red', hex: '#b22234', stock: 4, stockSeen: 4 },
      { id: 8, name: 'Nude Pink', hex: '#e8b4a6', stock: 9, stockSeen: 3, image: '/uploads/nude.webp' },
    ]);
  });

  it('takes a colour pasted in upper case or with spaces around it, lower-cased as the rule reads it', () => {
    const pasted = { ...red, hex: ' #B22234 ' };
    expect(shadeErrors([pasted])).toEqual({ fields: {} });
    expect(shadeInputsOf([pasted])).toEqual([{ name: 'Classic Red', hex: '#b22234', stock: 4 }]);
  });

  it('adds a shade named with the first free "Shade N", moves one up or down, removes one', () => {
    const added = addedShade([red, { ...nude, name: 'Shade 3' }], 'c');
    expect(added[2]).toEqual({ key: 'c', name: 'Shade 4', hex: '#000000', stock: '0', image: '' });
    expect(movedShade([red, nude], 1, -1)).toEqual([nude, red]);
    expect(movedShade([red, nude], 1, 1)).toEqual([red, nude]);
    expect(removedShade([red, nude], 'a')).toEqual([nude]);
  });

  it("gives each shade's messages of shades.ts at its field, a name against those before it", () => {
    const errors = shadeErrors([
      red,
      { ...nude, name: ' classic red', hex: '#e8b4a', stock: '-1' },
      { ...red, key: 'c', name: ' ', stock: ' ' },
    ]);
    expect(errors).toEqual({
      fields: {
        b: {
          name: 'This product already has a shade with this name',
          hex: 'you must enter a colour as # and 6 digits from 0-9 and a-f',
          stock: 'This value cannot be less than 0 and a maximum of 20 digits',
        },
        c: { name: 'This field is required', stock: 'This field is required' },
      },
    });
    expect(firstInvalidShade([red, { ...nude, stock: '' }])).toEqual({ key: 'b', field: 'stock' });
  });

  it('shows the stock as the sum of the shades typed, and stops adding at 60 shades with the rule’s message', () => {
    expect(shadesStockText([red, nude, { ...nude, key: 'c', stock: 'x' }])).toBe('7');
    const many = Array.from({ length: 60 }, (_, i) => ({ ...red, key: String(i), name: `Shade ${i}` }));
    expect(canAddShade(many.slice(1))).toBe(true);
    expect(canAddShade(many)).toBe(false);
    expect(shadeErrors([...many, { ...red, key: 'x', name: 'One more' }]).list).toBe('A product has at most 60 shades');
    expect(
      shadeErrors([
        { ...red, stock: '700000' },
        { ...nude, stock: '400000' },
      ]).list,
    ).toBe("A product's shades hold at most 1000000 in all");
  });
});
