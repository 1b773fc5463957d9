import { MESSAGES } from './validation/messages';
import { PRODUCT_NUMBER_MAX, productFieldError } from './validation/product';

/** A shade of a product as the form and the API give it: its id keeps a shade already stored. */
export interface ShadeValues {
  id?: number;
  name: string;
  hex: string;
  stock: number;
}

export type ShadeField = 'name' | 'hex' | 'stock';

/** At most this many shades a product (foundation ranges run 40 to 50). */
export const SHADES_MAX = 60;
export const SHADE_NAME_MAX = 40;

/** Not in the spec: the shade editor's own messages, in the product form's style (an empty name and the stock have the form's). */
export const SHADE_MESSAGES = {
  name: `Minimum 1 and maximum ${SHADE_NAME_MAX} characters`,
  nameTaken: 'This product already has a shade with this name',
  nameInvisible: 'A shade name holds no control or invisible characters',
  hex: 'you must enter a colour as # and 6 digits from 0-9 and a-f',
  tooMany: `A product has at most ${SHADES_MAX} shades`,
  stockNotSum: "A product with shades has the sum of its shades' stock",
  stockSum: `A product's shades hold at most ${PRODUCT_NUMBER_MAX} in all`,
  notOwn: 'A shade id given is not one of the shades of this product.',
  idTwice: 'A shade id is given more than once.',
} as const;

const HEX = /^#[0-9a-f]{6}$/;
/**
 * Control, format and default-ignorable characters (U+0001, a zero-width
 * space, a variation selector, the Hangul filler): unseen in a name, and
 * chr(1) is the store's mark while renaming.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
/** What a name needs to be seen: a letter, digit, symbol or mark of punctuation (a combining accent alone shows nothing). */
const VISIBLE = /[\p{L}\p{N}\p{S}\p{P}]/u;

/** A shade's name as stored: trimmed, each run of spaces (no-break ones too) one space, its accents composed (NFC), so names that look the same are written the same. */
export const shadeName = (name: string) => name.trim().replace(/\s+/g, ' ').normalize('NFC');

/** A colour as the rule reads it: trimmed and lower-cased, so '#B22234' pasted from elsewhere is taken. */
export const shadeHex = (hex: string) => hex.trim().toLowerCase();

/**
 * What two names are the same by: their compatibility forms (NFKC: full-width
 * letters and ligatures as the letters they show), lower-cased letter by
 * letter, as the database's lower() does for the unique name index (a
 * whole-word toLowerCase gives a final sigma a form of its own).
 */
const nameKey = (name: string) => Array.from(shadeName(name).normalize('NFKC'), (letter) => letter.toLowerCase()).join('');

/** One shade's field against its rule, the name also against the names before it in the product. */
export function shadeFieldError(field: ShadeField, shade: ShadeValues, namesBefore: readonly string[] = []): string | undefined {
  if (field === 'hex') return HEX.test(shade.hex) ? undefined : SHADE_MESSAGES.hex;
  if (field === 'stock') return productFieldError('stock', String(shade.stock));
  const name = shadeName(shade.name);
  if (name === '') return MESSAGES.required;
  // In characters as a person counts them (code points), as the contract's schema does: an emoji is one.
  if (Array.from(name).length > SHADE_NAME_MAX) return SHADE_MESSAGES.name;
  if (INVISIBLE.test(name) || !VISIBLE.test(name)) return SHADE_MESSAGES.nameInvisible;
  const key = nameKey(name);
  return namesBefore.some((before) => nameKey(before) === key) ? SHADE_MESSAGES.nameTaken : undefined;
}

/** The first rule a product's shades break: `index` null for the list itself (too many, or their stock over a product's). */
export function firstShadesError(
  shades: readonly ShadeValues[],
): { index: number | null; field: ShadeField | null; message: string } | undefined {
  if (shades.length > SHADES_MAX) return { index: null, field: null, message: SHADE_MESSAGES.tooMany };
  for (const [index, shade] of shades.entries()) {
    const before = shades.slice(0, index).map((s) => s.name);
    for (const field of ['name', 'hex', 'stock'] as const) {
      const message = shadeFieldError(field, shade, before);
      if (message) return { index, field, message };
    }
  }
  return shadesStock(shades) > PRODUCT_NUMBER_MAX ? { index: null, field: null, message: SHADE_MESSAGES.stockSum } : undefined;
}

/** A product with shades has the sum of its shades' stock. */
export const shadesStock = (shades: readonly { stock: number }[]) => shades.reduce((sum, shade) => sum + shade.stock, 0);

/** A stock spread over `count` shades: each the floor of its share, the remainder one each to the first ones, so the sum is the stock. */
export function spreadStock(stock: number, count: number): number[] {
  const share = Math.floor(stock / count);
  const remainder = stock - share * count;
  return Array.from({ length: count }, (_, index) => share + (index < remainder ? 1 : 0));
}
