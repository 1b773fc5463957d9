import type { components } from '../api/schema';
import {
  firstShadesError,
  SHADE_MESSAGES,
  shadeFieldError,
  shadeHex,
  SHADES_MAX,
  shadesStock,
  type ShadeField,
  type ShadeValues,
} from './shades';
import type { Product } from './types';
import { MESSAGES } from './validation/messages';

type ShadeInput = components['schemas']['ShadeInput'];

/**
 * A shade as the product form holds it: every value as typed, `key` telling
 * it apart on screen while it moves (a stored shade's is its id), `image`
 * '' for the shade's rendered picture.
 */
export interface ShadeDraft {
  key: string;
  id?: number;
  name: string;
  hex: string;
  stock: string;
  /** A stored shade's stock as the form read it: sent beside the stock, so one left as read keeps what sold meanwhile. */
  stockSeen?: number;
  image: string;
}

/** Where the shop serves the pictures it renders: a shade sent without a picture gets the one for its colour again. */
const RENDERED = '/images/products/';

export const isRenderedPicture = (image: string) => image.startsWith(RENDERED);

/** A product's shades as the form holds them: a rendered picture left empty, so a new colour is rendered anew. */
export const shadeDraftsOf = (shades: Product['shades']): ShadeDraft[] =>
  shades.map(({ id, name, hex, stock, image }) => ({
    key: `shade-${id}`,
    id,
    name,
    hex,
    stock: String(stock),
    stockSeen: stock,
    image: isRenderedPicture(image) ? '' : image,
  }));

/** Whether a colour as typed is one the shade rules take (the colour picker shows it then). */
export const isShadeHex = (hex: string) => shadeFieldError('hex', { name: '', hex, stock: 0 }) === undefined;

/** A stock as typed: digits only, else no number (so the stock rule refuses it). */
const stockOf = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** A draft as the shade rules of shades.ts read it. */
export const shadeValuesOf = ({ id, name, hex, stock }: ShadeDraft): ShadeValues => ({
  ...(id === undefined ? {} : { id }),
  name,
  hex: shadeHex(hex),
  stock: stockOf(stock),
});

/** The shades as the API takes them, in order; a rendered picture is left out. */
export const shadeInputsOf = (drafts: readonly ShadeDraft[]): ShadeInput[] =>
  drafts.map((draft) => ({
    ...shadeValuesOf(draft),
    ...(draft.stockSeen === undefined ? {} : { stockSeen: draft.stockSeen }),
    ...(draft.image ? { image: draft.image } : {}),
  }));

export const shadesValid = (drafts: readonly ShadeDraft[]) => firstShadesError(drafts.map(shadeValuesOf)) === undefined;

/** The product's stock with these shades, as the form's read-only stock shows it: the sum of the stocks typed as whole numbers. */
export const shadesStockText = (drafts: readonly ShadeDraft[]) =>
  String(shadesStock(drafts.map(shadeValuesOf).filter((shade) => Number.isInteger(shade.stock))));

export interface ShadeErrors {
  /** The list's own message: too many, or their stock over a product's. */
  list?: string;
  /** Each shade's messages by its key. */
  fields: Record<string, Partial<Record<ShadeField, string>>>;
}

/** Every message the shades' rules give, each at its shade and field (a name against the names before it). */
export function shadeErrors(drafts: readonly ShadeDraft[]): ShadeErrors {
  const values = drafts.map(shadeValuesOf);
  const fields: ShadeErrors['fields'] = {};
  values.forEach((shade, index) => {
    const before = values.slice(0, index).map((s) => s.name);
    const shown = Object.fromEntries(
      (['name', 'hex', 'stock'] as const).flatMap((field) => {
        const empty = field === 'stock' && drafts[index]!.stock.trim() === '';
        const message = empty ? MESSAGES.required : shadeFieldError(field, shade, before);
        return message ? [[field, message]] : [];
      }),
    );
    if (Object.keys(shown).length > 0) fields[drafts[index]!.key] = shown;
  });
  const first = firstShadesError(values);
  return first?.index === null ? { list: first.message, fields } : { fields };
}

/** The first shade field a rule refuses, in the editor's order. */
export function firstInvalidShade(drafts: readonly ShadeDraft[]): { key: string; field: ShadeField } | undefined {
  const first = firstShadesError(drafts.map(shadeValuesOf));
  return first?.index == null ? undefined : { key: drafts[first.index]!.key, field: first.field! };
}

/** A new shade: the first free name "Shade N", black, none in stock, its picture rendered. */
export function addedShade(drafts: readonly ShadeDraft[], key: string): ShadeDraft[] {
  const taken = new Set(drafts.map((draft) => draft.name.trim().toLowerCase()));
  let number = drafts.length + 1;
  while (taken.has(`shade ${number}`)) number++;
  return [...drafts, { key, name: `Shade ${number}`, hex: '#000000', stock: '0', image: '' }];
}

/** The shades with the one at `index` moved one place up (-1) or down (1). */
export function movedShade(drafts: readonly ShadeDraft[], index: number, by: -1 | 1): ShadeDraft[] {
  const to = index + by;
  if (to < 0 || to >= drafts.length) return [...drafts];
  const moved = [...drafts];
  [moved[index], moved[to]] = [moved[to]!, moved[index]!];
  return moved;
}

/** The shade of `key` changed; a new colour of a shade with its rendered picture is rendered anew by the server. */
export const changedShade = (drafts: readonly ShadeDraft[], key: string, change: Partial<Omit<ShadeDraft, 'key' | 'id'>>) =>
  drafts.map((draft) => (draft.key === key ? { ...draft, ...change } : draft));

export const removedShade = (drafts: readonly ShadeDraft[], key: string) => drafts.filter((draft) => draft.key !== key);

/** Whether the Admin may add one more shade. */
export const canAddShade = (drafts: readonly ShadeDraft[]) => drafts.length < SHADES_MAX;

export const sameShades = (a: readonly ShadeDraft[], b: readonly ShadeDraft[]) =>
  a.length === b.length &&
  a.every((draft, i) => {
    const other = b[i]!;
    return (
      draft.id === other.id &&
      draft.name === other.name &&
      draft.hex === other.hex &&
      draft.stock === other.stock &&
      draft.image === other.image
    );
  });

/**
 * What the form shows for a refusal of the shades: the shades' first rule
 * broken, else the server's message when it is one of the shade rules' (a
 * shade removed meanwhile), else `fallback`.
 */
export function shadesRefusal(drafts: readonly ShadeDraft[], message: string, fallback: string): string {
  const first = firstShadesError(drafts.map(shadeValuesOf));
  if (first) return first.message;
  return (Object.values(SHADE_MESSAGES) as string[]).includes(message) ? message : fallback;
}
