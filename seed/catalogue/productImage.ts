import { BRANDS } from '~/src/domain/brandsAndCategories';
import { brandName } from '~/src/domain/brands';
import type { Brand, Category } from '~/src/domain/constants';
import { escapeHtml } from '~/src/domain/escapeHtml';
import { BRAND_LOOKS, type Look, PLAIN_LOOK } from './brandLooks';

/** What a product picture shows: the category's packaging in its brand's look (none: plain), holding the shade. */
export type ProductPicture = { category: Category; brand: Brand | null; hex: string };

type Draw = (shade: string, look: Look) => string;

const n = (value: number) => Math.round(value * 10) / 10;
/** A rectangle centred across the picture. */
const box = (width: number, y: number, height: number, round: number, fill: string, more = '') =>
  `<rect x="${n(80 - width / 2)}" y="${y}" width="${n(width)}" height="${height}" rx="${n(round)}" fill="${fill}"${more}/>`;

const compact =
  (pan: number, emboss = ''): Draw =>
  (shade, { ink, accent, round }) =>
    (round >= 10
      ? `<circle cx="80" cy="76" r="54" fill="${ink}"/>`
      : `<rect x="26" y="22" width="108" height="108" rx="${round}" fill="${ink}"/>`) +
    `<circle cx="80" cy="76" r="${pan + 4}" fill="${accent}" fill-opacity=".5"/><circle cx="80" cy="76" r="${pan}" fill="${shade}"/>${emboss}`;

/** A pencil: its body in the brand's ink, its tip (up for lips, down for eyes) and end in the shade. */
const pencil =
  (up: boolean, slant = 0): Draw =>
  (shade, { ink, accent, round, width }) => {
    const half = 8 * width;
    const [body, base, tip, lead] = up ? [40, 40, 14, 24] : [16, 112, 138, 128];
    return (
      box(half * 2, body, 96, Math.min(round, 6), ink) +
      box(half * 2, up ? 126 : 16, 10, 0, shade) +
      box(half * 2, up ? 118 : 26, 4, 0, accent) +
      `<path d="M${n(80 - half)} ${base}L${80 + slant} ${tip}L${n(80 + half)} ${base}Z" fill="#e8cfa8"/>` +
      `<path d="M${n(80 - half * 0.4)} ${lead}L${80 + slant} ${tip}L${n(80 + half * 0.4)} ${lead}Z" fill="${shade}"/>`
    );
  };

const DRAW: Record<Category, Draw> = {
  blush: compact(40),
  bronzer: compact(40, '<path d="M58 64h44M52 76h56M58 88h44" stroke="#fff" stroke-opacity=".3" stroke-width="4"/>'),
  cream: (shade, { ink, accent, round, width }) =>
    box(96 * width, 48, 24, round / 2, ink) +
    box(88 * width, 72, 58, round / 2, shade, ` stroke="${ink}" stroke-opacity=".3"`) +
    box(88 * width, 92, 16, 0, accent, ' fill-opacity=".8"'),
  eyebrow: pencil(false, 5),
  eyeliner: pencil(false),
  eyeshadow: compact(26),
  foundation: (shade, { ink, accent, round, width }) =>
    box(14, 16, 12, 2, ink) +
    box(28 * width, 26, 30, round / 2, ink) +
    box(64 * width, 56, 80, round, '#f7f3f0', ` stroke="${ink}" stroke-opacity=".4" stroke-width="2"`) +
    box(54 * width, 70, 60, Math.max(round - 4, 2), shade) +
    box(54 * width, 92, 14, 0, accent, ' fill-opacity=".7"'),
  lipliner: pencil(true),
  lipstick: (shade, { ink, accent, round, width }) => {
    const half = 14 * width;
    const top = round >= 10 ? `Q80 22 ${n(80 + half)} 40` : `L${n(80 + half)} 34`;
    return (
      box(half * 3, 90, 46, round / 3, ink) +
      box(half * 3, 84, 8, 2, accent) +
      `<path d="M${n(80 - half)} 84V48${top}V84Z" fill="${shade}"/>`
    );
  },
  mascara: (shade, { ink, accent, round, width }) =>
    box(32 * width, 30, 32, round / 2, accent, ` stroke="${ink}"`) +
    box(32 * width, 62, 72, round / 2, ink) +
    '<rect x="118" y="30" width="4" height="70" fill="#777"/>' +
    `<rect x="112" y="22" width="16" height="40" rx="5" fill="${shade}"/>`,
  palette: (shade, { ink, round }) =>
    `<rect x="16" y="32" width="128" height="88" rx="${round}" fill="${ink}"/>` +
    [1, 0.75, 0.5, 0.85, 0.6, 0.4]
      .map((strength, at) => {
        const [x, y] = [44 + (at % 3) * 36, 56 + Math.floor(at / 3) * 40];
        const pan = round >= 10 ? `<circle cx="${x}" cy="${y}" r="14"` : `<rect x="${x - 14}" y="${y - 14}" width="28" height="28" rx="3"`;
        return `${pan} fill="${shade}" fill-opacity="${strength}"/>`;
      })
      .join(''),
};

const LABEL_WIDTH = 150;

/** The brand's name on a label band under the product, lettered its way. */
function label(brand: Brand, { text, serif, upper }: Look): string {
  const name = upper ? brandName(brand).toUpperCase() : brandName(brand);
  const spacing = upper ? 1.5 : 0;
  // A letter is about 0.62 of the font size wide: long names get smaller letters so they fit 150 of the 160 wide.
  const size = n(Math.min(11, (LABEL_WIDTH / name.length - spacing) / 0.62));
  return (
    `<text x="80" y="153" text-anchor="middle" font-size="${size}" font-family="${serif ? 'Georgia,serif' : 'Arial,sans-serif'}"` +
    `${upper ? ` letter-spacing="${spacing}"` : ''} fill="${text}">${escapeHtml(name)}</text>`
  );
}

/** The offline product picture: the category's packaging in its brand's look, holding the shade, on a soft ground of it. */
export function productImageSvg({ category, brand, hex }: ProductPicture): string {
  const look = brand ? BRAND_LOOKS[brand] : PLAIN_LOOK;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="480" height="480">' +
    `<rect width="160" height="160" fill="${hex}" fill-opacity=".14"/><rect width="160" height="160" fill="#fbf6f3" fill-opacity=".6"/>` +
    DRAW[category](hex, look) +
    (brand ? label(brand, look) : '') +
    '</svg>'
  );
}

const slug = (brand: Brand) => brand.replace(/[^a-z]+/g, '-');
const BRAND_OF_SLUG = new Map(BRANDS.map((brand) => [slug(brand), brand]));
const FILE = /^([a-z]{1,12})-(?:([a-z-]{1,30})-)?([0-9a-f]{6})\.svg$/;
const LONGEST_FILE = 64;

/** /images/products/lipstick-l-oreal-a4161a.svg: the path the shop serves that picture at. */
export function productImagePath(category: Category, brand: Brand, hex: string): string {
  return `/images/products/${category}-${slug(brand)}-${hex.slice(1)}.svg`;
}

/** A shade's rendered picture: its product's packaging in the shade's colour. The core gives it to a shade sent without one. */
export const shadeImage = (product: { brand: Brand; category: Category }, hex: string) =>
  productImagePath(product.category, product.brand, hex);

/**
 * The picture a file name under /images/products/ asks for, or null for any other name. A name without a
 * brand (`lipstick-a4161a.svg`) still draws plain packaging, for the products stored with one.
 */
export function parseProductImagePath(file: string): ProductPicture | null {
  const match = file.length <= LONGEST_FILE ? FILE.exec(file) : null;
  if (!match || !Object.hasOwn(DRAW, match[1]!)) return null;
  const brand = match[2] === undefined ? null : BRAND_OF_SLUG.get(match[2]);
  if (brand === undefined) return null;
  return { category: match[1] as Category, brand, hex: `#${match[3]}` };
}
