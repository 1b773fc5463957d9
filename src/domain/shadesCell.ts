import type { components } from '../api/schema';
import { isRenderedPicture } from './shadeForm';
import { firstShadesError, shadeHex, type ShadeField } from './shades';
import type { Product } from './types';
import { MESSAGES } from './validation/messages';
import { isPictureUrl } from './validation/patterns';

type ShadeInput = components['schemas']['ShadeInput'];

/**
 * A product's shades in one cell of the catalogue file, in order:
 * `name:#hex:stock`, an uploaded picture's address after a fourth `:`
 * (a rendered picture is left out: the shop renders it from the colour),
 * shades apart with `|`. In a name or an address, `\`, `:` and `|` are
 * written `\\`, `\:` and `\|`. An empty cell: no shades.
 */
export const SHADES_CELL_FORMAT = 'name:#hex:stock, with an optional :picture, shades apart with |';

/** Not in the spec: what the import says of a shades cell it cannot read. */
export const SHADES_CELL_MESSAGE = `Write each shade as ${SHADES_CELL_FORMAT} (\\: and \\| inside a name)`;

const escaped = (text: string) => text.replace(/[\\:|]/g, (c) => `\\${c}`);

export const shadesCellOf = (shades: Product['shades']) =>
  shades
    .map(({ name, hex, stock, image }) =>
      [escaped(name), hex, String(stock), ...(isRenderedPicture(image) ? [] : [escaped(image)])].join(':'),
    )
    .join('|');

/** `text` cut at each `separator` not escaped, escapes undone in the parts (for `|`, kept for the `:` split after it). */
function split(text: string, separator: string, unescape: boolean): string[] {
  const parts: string[] = [];
  let part = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      part += unescape ? text[i + 1] : c + text[i + 1];
      i++;
    } else if (c === separator) {
      parts.push(part);
      part = '';
    } else part += c;
  }
  return [...parts, part];
}

const fieldName: Record<ShadeField, string> = { name: 'name', hex: 'colour', stock: 'stock' };

const stockOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** A shades cell read: the shades to send, or the first problem with the message of the rule it breaks (shades.ts, or the cell's own format). */
export function readShadesCell(cell: string): { shades: ShadeInput[] } | { message: string } {
  if (cell.trim() === '') return { shades: [] };
  const shades: ShadeInput[] = [];
  for (const entry of split(cell, '|', false)) {
    const parts = split(entry, ':', true);
    if (parts.length < 3 || parts.length > 4) return { message: SHADES_CELL_MESSAGE };
    const [name, hex, stock, image] = parts as [string, string, string, string | undefined];
    if (image !== undefined && !isPictureUrl(image.trim())) return { message: MESSAGES.productImage };
    shades.push({ name: name.trim(), hex: shadeHex(hex), stock: stockOf(stock), ...(image ? { image: image.trim() } : {}) });
  }
  const error = firstShadesError(shades);
  if (!error) return { shades };
  return { message: error.index === null ? error.message : `Shade ${error.index + 1} (${fieldName[error.field!]}): ${error.message}` };
}
