import Papa from 'papaparse';
import { formatAdminPrice } from './price';
import { PRODUCT_FIELDS, type ProductInput } from './productForm';
import type { Order, Product } from './types';
import { productFormError } from './productForm';
import { SHADE_MESSAGES, shadesStock } from './shades';
import { readShadesCell, shadesCellOf } from './shadesCell';
import type { ProductField } from './validation/product';

type ShadeInput = NonNullable<ProductInput['shades']>[number];

/** The most rows one import may send (the contract's POST /products/import). */
export const MAX_IMPORT_ROWS = 1000;

/** Columns an import needs; `discount` may be left out or empty, and is then 0 (spec section 3). */
export const REQUIRED_COLUMNS: readonly ProductField[] = PRODUCT_FIELDS.filter((field) => field !== 'discount');

/** The products file: the import's columns first (so an export is a ready import file), then what only an export tells. */
const PRODUCT_COLUMNS = [...PRODUCT_FIELDS, 'shades', 'id', 'totalPrice', 'disable', 'createdAt'] as const;
const ORDER_COLUMNS = ['id', 'userEmail', 'status', 'total', 'address', 'date', 'lines'] as const;

/** Excel reads the file as UTF-8 (accented names) only when it starts with a byte order mark. */
const BOM = '\uFEFF';

/**
 * A spreadsheet runs a cell starting with = + - or @ as a formula, so an
 * exported cell starting so gets a leading single quote. A cell that already
 * starts with quotes before one of them gets one more, so reading takes
 * exactly one away and an export reads back to the same text.
 */
const FORMULA_LIKE = /^'*[=+\-@]/;
export const safeCell = (text: string) => (FORMULA_LIKE.test(text) ? `'${text}` : text);
export const readCell = (text: string) => (/^'+[=+\-@]/.test(text) ? text.slice(1) : text);

function csvOf(columns: readonly string[], rows: readonly object[]): string {
  const cells = rows.map((row) => columns.map((column) => safeCell(String((row as Record<string, unknown>)[column] ?? ''))));
  return BOM + Papa.unparse({ fields: [...columns], data: cells }, { newline: '\r\n' });
}

/** Every product as a CSV file that the import reads back (ids, final prices and status are only told). */
export function productsCsv(products: readonly Product[]): string {
  return csvOf(
    PRODUCT_COLUMNS,
    products.map((product) => ({ ...product, shades: shadesCellOf(product.shades) })),
  );
}

/** An order's lines in words: `2 x Velvet Lipstick ($ 12.25); 1 x Glow Primer ($ 18.00)`. */
export const orderLinesText = (order: Order) =>
  order.lines.map((l) => `${l.quantity} x ${l.name} (${formatAdminPrice(l.unitPrice)})`).join('; ');

/** The orders as a CSV file: id, the buyer's email, status, total, address, date and the lines in words. */
export function ordersCsv(orders: readonly Order[]): string {
  const rows = orders.map((o) => ({
    id: o.id,
    userEmail: o.userEmail,
    status: o.status,
    total: o.totalPrice.toFixed(2),
    address: o.address,
    date: o.createdAt,
    lines: orderLinesText(o),
  }));
  return csvOf(ORDER_COLUMNS, rows);
}

/** A product row of the file that passes the product form's rules; `row` counts the header as row 1, as a spreadsheet does. */
export interface ImportRow {
  row: number;
  product: ProductInput;
}

export interface RowProblem {
  field: ProductField | 'shades';
  /** The cell as written. */
  value: string;
  message: string;
}

export interface BadRow {
  row: number;
  problems: RowProblem[];
}

export interface CatalogueSheet {
  good: ImportRow[];
  bad: BadRow[];
}

/** The file as a whole cannot be imported (not CSV, no header, no rows, too many rows). */
export class CatalogueFileProblem extends Error {}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/** One row's cells by column, trimmed, with the export's quote taken off. */
const cellOf = (cells: string[], columnOf: Map<string, number>) => (column: string) =>
  readCell((cells[columnOf.get(column) ?? -1] ?? '').trim());

/** One row's product fields; brand and category lists are lower-case. */
function valuesOf(cell: (column: string) => string): Record<ProductField, string> {
  const values = Object.fromEntries(PRODUCT_FIELDS.map((field) => [field, cell(field)])) as Record<ProductField, string>;
  return { ...values, brand: values.brand.toLowerCase(), category: values.category.toLowerCase(), discount: values.discount || '0' };
}

/**
 * A row's shades cell (shadesCell.ts) and its stock: with shades, the
 * stock is their sum, so it may be left empty; written, it must be it.
 */
function shadesOf(cell: string, stock: string): { shades: ShadeInput[]; problems: RowProblem[] } {
  const read = readShadesCell(cell);
  if ('message' in read) return { shades: [], problems: [{ field: 'shades', value: cell, message: read.message }] };
  const { shades } = read;
  if (shades.length === 0 || stock === '' || Number(stock) === shadesStock(shades)) return { shades, problems: [] };
  return { shades, problems: [{ field: 'stock', value: stock, message: SHADE_MESSAGES.stockNotSum }] };
}

const productOf = (v: Record<ProductField, string>): ProductInput => ({
  name: v.name,
  price: Number(v.price),
  brand: v.brand as ProductInput['brand'],
  category: v.category as ProductInput['category'],
  stock: Number(v.stock),
  description: v.description,
  image: v.image,
  discount: Number(v.discount),
});

/**
 * Reads a catalogue file (header row: name, price, brand, category, stock,
 * description, image, discount, and shades when any product has some, in
 * any order; other columns are ignored; blank rows skipped) and checks
 * every product row with the product form's rules and the shades' (a
 * product with shades may leave its stock empty: it is their sum): the
 * good rows become products, each bad row lists every field that breaks a
 * rule with its message.
 */
export function readCatalogueCsv(text: string): CatalogueSheet {
  const { data, errors } = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { header: false, delimiter: ',', skipEmptyLines: false });
  const broken = errors.find((e) => e.type === 'Quotes');
  if (broken) throw new CatalogueFileProblem(`The file is not valid CSV: ${broken.message} (row ${(broken.row ?? 0) + 1}).`);
  const [header, ...records] = data;
  if (!header || isBlank(header)) throw new CatalogueFileProblem('The file is empty.');
  const columnOf = new Map(header.map((name, i) => [name.trim().toLowerCase(), i]));
  const missing = REQUIRED_COLUMNS.filter((field) => !columnOf.has(field));
  if (missing.length)
    throw new CatalogueFileProblem(`The header row lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`);
  const rows = records.map((cells, i) => ({ row: i + 2, cells })).filter(({ cells }) => !isBlank(cells));
  if (rows.length === 0) throw new CatalogueFileProblem('The file holds no products.');
  if (rows.length > MAX_IMPORT_ROWS)
    throw new CatalogueFileProblem(`At most ${MAX_IMPORT_ROWS} products can be imported at once; the file holds ${rows.length}.`);

  const sheet: CatalogueSheet = { good: [], bad: [] };
  for (const { row, cells } of rows) {
    const cell = cellOf(cells, columnOf);
    const values = valuesOf(cell);
    const shaded = shadesOf(cell('shades'), values.stock);
    // With shades, the stock is checked against their sum instead.
    const checked = cell('shades') === '' ? PRODUCT_FIELDS : PRODUCT_FIELDS.filter((field) => field !== 'stock');
    const problems: RowProblem[] = checked.flatMap((field) => {
      // The form's own rule for each field, the description measured on its text as the form does.
      const message = productFormError(field, values);
      return message ? [{ field, value: values[field], message }] : [];
    });
    problems.push(...shaded.problems);
    if (problems.length) sheet.bad.push({ row, problems });
    else if (shaded.shades.length === 0) sheet.good.push({ row, product: productOf(values) });
    else sheet.good.push({ row, product: { ...productOf(values), stock: shadesStock(shaded.shades), shades: shaded.shades } });
  }
  return sheet;
}

/** The file row and field a refusal of POST /products/import names (`products.3.price`: the fourth row sent). */
export function refusedAt(field: string | undefined, sent: readonly ImportRow[]): { row: number; field: string } | null {
  const match = /^products\.(\d+)\.(\w+)/.exec(field ?? '');
  const row = match ? sent[Number(match[1])] : undefined;
  return row ? { row: row.row, field: match![2]! } : null;
}
