import { describe, expect, it } from 'vitest';
import { labToHex } from './colour';

describe('labToHex', () => {
  it('turns the CIELAB (D65) values of known sRGB colours back into them', () => {
    expect(labToHex({ l: 100, a: 0, b: 0 })).toBe('#ffffff');
    expect(labToHex({ l: 0, a: 0, b: 0 })).toBe('#000000');
    expect(labToHex({ l: 53.2408, a: 80.0925, b: 67.2032 })).toBe('#ff0000');
    expect(labToHex({ l: 87.7347, a: -86.1827, b: 83.1793 })).toBe('#00ff00');
    expect(labToHex({ l: 32.297, a: 79.1875, b: -107.8602 })).toBe('#0000ff');
    expect(labToHex({ l: 50, a: 0, b: 0 })).toBe('#777777');
  });

  it('draws a skin tone as a warm beige and a classic red lipstick as a red', () => {
    expect(labToHex({ l: 70, a: 12, b: 22 })).toBe('#cea284');
    expect(labToHex({ l: 42, a: 60, b: 38 })).toBe('#c02228');
  });

  it('clips a colour outside sRGB to its nearest channels instead of wrapping', () => {
    expect(labToHex({ l: 60, a: 120, b: -120 })).toMatch(/^#[0-9a-f]{6}$/);
    expect(labToHex({ l: 110, a: 0, b: 0 })).toBe('#ffffff');
  });
});
