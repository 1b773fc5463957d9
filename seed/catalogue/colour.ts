/** A colour in CIELAB (D65): L* lightness 0-100, a* green (-) to red (+), b* blue (-) to yellow (+). */
export type Lab = { l: number; a: number; b: number };

const WHITE = { x: 0.95047, y: 1, z: 1.08883 };
const EDGE = 6 / 29;

const fromLab = (t: number) => (t > EDGE ? t ** 3 : 3 * EDGE ** 2 * (t - 4 / 29));
const encode = (linear: number) => (linear <= 0.0031308 ? 12.92 * linear : 1.055 * linear ** (1 / 2.4) - 0.055);
const toByte = (channel: number) =>
  Math.round(Math.min(1, Math.max(0, encode(channel))) * 255)
    .toString(16)
    .padStart(2, '0');

/** CIELAB (D65) to an sRGB hex such as `#a4161a`; a colour outside sRGB is clipped channel by channel. */
export function labToHex({ l, a, b }: Lab): string {
  const fy = (l + 16) / 116;
  const x = WHITE.x * fromLab(fy + a / 500);
  const y = WHITE.y * fromLab(fy);
  const z = WHITE.z * fromLab(fy - b / 200);
  const red = 3.2404542 * x - 1.5371385 * y - 0.4985314 * z;
  const green = -0.969266 * x + 1.8760108 * y + 0.041556 * z;
  const blue = 0.0556434 * x - 0.2040259 * y + 1.0572252 * z;
  return `#${toByte(red)}${toByte(green)}${toByte(blue)}`;
}
