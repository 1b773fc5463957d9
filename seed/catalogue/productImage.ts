import type { Category } from '~/src/domain/constants';

const SHAPES: Record<Category, string> = {
  blush:
    '<circle cx="80" cy="80" r="46" fill="C"/><circle cx="80" cy="80" r="46" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="6"/>',
  bronzer:
    '<rect x="30" y="34" width="100" height="92" rx="20" fill="C"/><path d="M45 80h70" stroke="#fff" stroke-opacity=".3" stroke-width="8"/>',
  cream: '<rect x="40" y="60" width="80" height="62" rx="10" fill="C"/><rect x="36" y="44" width="88" height="20" rx="6" fill="#3b2b33"/>',
  eyebrow: '<rect x="74" y="16" width="12" height="112" rx="4" fill="#3b2b33"/><path d="M74 128l6 18 6-18z" fill="C"/>',
  eyeliner: '<rect x="72" y="14" width="16" height="108" rx="4" fill="#3b2b33"/><path d="M72 122l8 24 8-24z" fill="C"/>',
  eyeshadow: '<rect x="28" y="40" width="104" height="80" rx="12" fill="#3b2b33"/><circle cx="80" cy="80" r="28" fill="C"/>',
  foundation:
    '<rect x="50" y="50" width="60" height="90" rx="12" fill="C"/><rect x="66" y="22" width="28" height="30" rx="4" fill="#3b2b33"/>',
  lipliner: '<rect x="72" y="30" width="16" height="110" rx="4" fill="#3b2b33"/><path d="M72 30l8-22 8 22z" fill="C"/>',
  lipstick: '<rect x="58" y="84" width="44" height="60" rx="6" fill="#3b2b33"/><path d="M64 84V44l32-18v58z" fill="C"/>',
  mascara: '<rect x="66" y="56" width="28" height="90" rx="10" fill="C"/><rect x="76" y="16" width="8" height="42" rx="3" fill="#3b2b33"/>',
  palette:
    '<rect x="20" y="40" width="120" height="80" rx="10" fill="#3b2b33"/><circle cx="50" cy="64" r="12" fill="C"/><circle cx="80" cy="64" r="12" fill="C" fill-opacity=".75"/><circle cx="110" cy="64" r="12" fill="C" fill-opacity=".5"/><circle cx="50" cy="96" r="12" fill="C" fill-opacity=".85"/><circle cx="80" cy="96" r="12" fill="C" fill-opacity=".6"/><circle cx="110" cy="96" r="12" fill="C" fill-opacity=".4"/>',
};

/** The offline product picture: the category's shape in the product's shade on a soft ground. */
export function productImageSvg(category: Category, hex: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="480" height="480">' +
    `<rect width="160" height="160" fill="${hex}" fill-opacity=".14"/><rect width="160" height="160" fill="#fbf6f3" fill-opacity=".6"/>` +
    SHAPES[category].replaceAll('"C"', `"${hex}"`) +
    '</svg>'
  );
}

/** /images/products/lipstick-a4161a.svg: the path the shop serves that picture at. */
export function productImagePath(category: Category, hex: string): string {
  return `/images/products/${category}-${hex.slice(1)}.svg`;
}

export function parseProductImagePath(file: string): { category: Category; hex: string } | null {
  const match = /^([a-z]+)-([0-9a-f]{6})\.svg$/.exec(file);
  if (!match || !Object.hasOwn(SHAPES, match[1]!)) return null;
  return { category: match[1] as Category, hex: `#${match[2]}` };
}
