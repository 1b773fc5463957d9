import { describe, expect, it } from 'vitest';
import { firstShadesError, shadeFieldError, shadeName, shadesStock, spreadStock, SHADES_MAX } from './shades';

const shade = { name: 'Classic Red', hex: '#b22234', stock: 4 };

describe('shades (DECISIONS.md: "A product may come in shades: each has its own name, colour, stock and picture")', () => {
  it("takes a name of 1 to 40 characters after trimming, an empty one with the spec's 'This field is required'", () => {
    expect(shadeFieldError('name', { ...shade, name: '  ' })).toBe('This field is required');
    expect(shadeFieldError('name', { ...shade, name: 'a'.repeat(41) })).toBe('Minimum 1 and maximum 40 characters');
    expect(shadeFieldError('name', { ...shade, name: ` ${'a'.repeat(40)} ` })).toBeUndefined();
  });

  it('counts a name in characters as a person does: 40 emoji are 40', () => {
    expect(shadeFieldError('name', { ...shade, name: '\u{1f484}'.repeat(40) })).toBeUndefined();
    expect(shadeFieldError('name', { ...shade, name: '\u{1f484}'.repeat(41) })).toBe('Minimum 1 and maximum 40 characters');
  });

  it('refuses a name holding a control, format or default-ignorable character, only such characters, or a combining accent alone', () => {
    for (const name of ['\u0001x', 'Red\u200b', '\u200b', '\u202eRed', 'Red\u007f', 'Red\ufe0f', 'Red\u3164', '\u0301']) {
      expect(shadeFieldError('name', { ...shade, name }), JSON.stringify(name)).toBe(
        'A shade name holds no control or invisible characters',
      );
    }
    expect(shadeFieldError('name', { ...shade, name: 'Rosé Nº 2' })).toBeUndefined();
  });

  it('keeps names unique within a product, ignoring case', () => {
    expect(shadeFieldError('name', shade, ['classic red '])).toBe('This product already has a shade with this name');
    expect(shadeFieldError('name', shade, ['Nude Pink'])).toBeUndefined();
  });

  it('takes names written with composed or combining accents, full-width letters, ligatures, other spaces or lower-cased letter by letter, as the same', () => {
    const taken = 'This product already has a shade with this name';
    for (const [name, before] of [
      ['Deep  Red', 'Deep Red'],
      ['Deep\u00a0Red', 'Deep Red'],
      ['\uff32\uff45\uff44', 'Red'],
      ['O\ufb03ce', 'Office'],
    ]) {
      expect(shadeFieldError('name', { ...shade, name: name! }, [before!]), JSON.stringify(name)).toBe(taken);
    }
    expect(shadeName(' Deep \u00a0 Red ')).toBe('Deep Red');
    expect(shadeFieldError('name', { ...shade, name: 'Cre\u0300me' }, ['Cr\u00e8me'])).toBe(taken);
    expect(shadeFieldError('name', { ...shade, name: '\u039f\u0394\u039f\u03a3' }, ['\u03bf\u03b4\u03bf\u03c3'])).toBe(taken);
    expect(shadeName(' Cre\u0300me ')).toBe('Cr\u00e8me');
  });

  it('takes a colour as # and six lower-case hex digits', () => {
    for (const hex of ['#B22234', 'b22234', '#b2223', '#b22234f', '#g22234']) {
      expect(shadeFieldError('hex', { ...shade, hex }), hex).toBe('you must enter a colour as # and 6 digits from 0-9 and a-f');
    }
    expect(shadeFieldError('hex', shade)).toBeUndefined();
  });

  it("takes a whole stock from 0 to 1,000,000 with the product form's messages (spec 5, DECISIONS.md)", () => {
    for (const stock of [-1, 1.5, Number.NaN]) {
      expect(shadeFieldError('stock', { ...shade, stock }), String(stock)).toBe(
        'This value cannot be less than 0 and a maximum of 20 digits',
      );
    }
    expect(shadeFieldError('stock', { ...shade, stock: 1_000_001 })).toBe('This value cannot be more than 1000000');
    expect(shadeFieldError('stock', { ...shade, stock: 0 })).toBeUndefined();
    expect(shadeFieldError('stock', { ...shade, stock: 1_000_000 })).toBeUndefined();
  });

  it('answers the first shade and field that break a rule, or the list when it holds more than 60', () => {
    expect(firstShadesError([shade, { ...shade, name: 'Nude Pink', hex: '#FFFFFF' }])).toEqual({
      index: 1,
      field: 'hex',
      message: 'you must enter a colour as # and 6 digits from 0-9 and a-f',
    });
    expect(firstShadesError([shade, { ...shade, name: 'CLASSIC RED' }])?.field).toBe('name');
    const many = Array.from({ length: SHADES_MAX + 1 }, (_, i) => ({ ...shade, name: `Shade ${i}` }));
    expect(firstShadesError(many)).toEqual({ index: null, field: null, message: 'A product has at most 60 shades' });
    expect(firstShadesError(many.slice(1))).toBeUndefined();
  });

  it("answers the list when the shades' stock sums over a product's 1,000,000", () => {
    const full = { ...shade, stock: 1_000_000 };
    expect(firstShadesError([full, { ...shade, name: 'Nude Pink', stock: 1 }])).toEqual({
      index: null,
      field: null,
      message: "A product's shades hold at most 1000000 in all",
    });
    expect(firstShadesError([full, { ...shade, name: 'Nude Pink', stock: 0 }])).toBeUndefined();
  });

  it("gives a product with shades the sum of its shades' stock", () => {
    expect(shadesStock([shade, { ...shade, stock: 6 }])).toBe(10);
    expect(shadesStock([])).toBe(0);
  });

  it('spreads a stock over shades by floor, the remainder to the first ones, keeping the sum', () => {
    expect(spreadStock(10, 3)).toEqual([4, 3, 3]);
    expect(spreadStock(2, 4)).toEqual([1, 1, 0, 0]);
    expect(spreadStock(0, 2)).toEqual([0, 0]);
    expect(shadesStock(spreadStock(59, 7).map((stock) => ({ stock })))).toBe(59);
  });
});
