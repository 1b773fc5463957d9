import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  CatalogueFileProblem,
  MAX_IMPORT_ROWS,
  ordersCsv,
  productsCsv,
  readCatalogueCsv,
  readCell,
  refusedAt,
  safeCell,
  type ImportRow,
} from './catalogueCsv';
import type { Order, Product } from './types';

const product = (id: number, fields: Partial<Product> = {}): Product => ({
  id,
  name: `Velvet Lipstick ${id}`,
  brand: 'dior',
  category: 'lipstick',
  price: 29.9,
  discount: 15,
  totalPrice: 25.42,
  stock: 12,
  description: '<p>A creamy lipstick.</p>',
  image: `/images/products/${id}.webp`,
  rank: 4.5,
  reviews: 2,
  disable: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  shades: [],
  ...fields,
});

const inputOf = ({ name, price, brand, category, stock, description, image, discount }: Product) => ({
  name,
  price,
  brand,
  category,
  stock,
  description,
  image,
  discount,
});

/** The cells of a CSV text, as a spreadsheet would show them. */
const cellsOf = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { delimiter: ',' }).data;

const HEADER = 'name,price,brand,category,stock,description,image,discount';

describe('products CSV: export, then import', () => {
  const awkward = [
    product(1, { description: '<p>Rich, creamy and "long-lasting".</p>\n<p>Second line, with a comma.</p>', name: "L'Or Glow, Crème 5" }),
    product(2, {
      name: '-Minus Brow Pencil',
      description: '=HYPERLINK("http://evil.test","click")',
      brand: "c'est moi",
      category: 'eyebrow',
      discount: 0,
      price: 9,
    }),
    product(3, {
      name: '+Plus Primer',
      description: "@SUM(A1:A2) and '=quoted already",
      disable: true,
      stock: 0,
      discount: 100,
      price: 1234.5,
    }),
  ];

  it('reads back every product it wrote: commas, quotes, newlines, accents and formula-like text included', () => {
    const sheet = readCatalogueCsv(productsCsv(awkward));
    expect(sheet.bad).toEqual([]);
    expect(sheet.good.map((r) => r.product)).toEqual(awkward.map(inputOf));
  });

  it('starts with the import header (the import columns first), then id, final price, status and date; with a BOM for spreadsheets', () => {
    const csv = productsCsv(awkward);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(cellsOf(csv)[0]).toEqual([...HEADER.split(','), 'shades', 'id', 'totalPrice', 'disable', 'createdAt']);
    expect(cellsOf(csv)[3]!.slice(9, 12)).toEqual(['3', '25.42', 'true']);
  });

  it('guards against formula injection: a cell starting with = + - or @ gets a leading single quote', () => {
    const [, , minus, plus] = cellsOf(productsCsv(awkward));
    expect(minus![0]).toBe("'-Minus Brow Pencil");
    expect(minus![5]).toBe(`'=HYPERLINK("http://evil.test","click")`);
    expect(plus![0]).toBe("'+Plus Primer");
    expect(plus![5]).toBe("'@SUM(A1:A2) and '=quoted already");
  });

  it('safeCell and readCell undo each other, even for text already starting with a quote', () => {
    for (const text of ['=1+1', '+1', '-1', '@x', "'=1", "''@x", "'plain", 'plain', '']) {
      expect(readCell(safeCell(text))).toBe(text);
    }
    expect(safeCell("'=1")).toBe("''=1");
    expect(safeCell("'plain")).toBe("'plain");
  });
});

// Issue 32: "CSV import and export carry shades in a documented column format, with row-level errors as today".
describe('products CSV: shades', () => {
  const shaded = product(4, {
    stock: 9,
    shades: [
      { id: 41, name: 'Classic Red', hex: '#b22234', stock: 4, image: '/images/products/lipstick-dior-b22234.svg' },
      { id: 42, name: 'Rouge: Nuit | Noire', hex: '#3b0a1e', stock: 0, image: '/uploads/nuit.webp' },
      { id: 43, name: 'Back\\slash', hex: '#e8b4a6', stock: 5, image: '/images/products/lipstick-dior-e8b4a6.svg' },
    ],
  });

  it('exports them in one cell and reads every shade back, in order, names with : | and \\ included, uploaded pictures kept', () => {
    const csv = productsCsv([shaded, product(5)]);
    expect(cellsOf(csv)[1]![8]).toBe('Classic Red:#b22234:4|Rouge\\: Nuit \\| Noire:#3b0a1e:0:/uploads/nuit.webp|Back\\\\slash:#e8b4a6:5');
    const sheet = readCatalogueCsv(csv);
    expect(sheet.bad).toEqual([]);
    expect(sheet.good.map((r) => r.product)).toEqual([
      {
        ...inputOf(shaded),
        shades: [
          { name: 'Classic Red', hex: '#b22234', stock: 4 },
          { name: 'Rouge: Nuit | Noire', hex: '#3b0a1e', stock: 0, image: '/uploads/nuit.webp' },
          { name: 'Back\\slash', hex: '#e8b4a6', stock: 5 },
        ],
      },
      inputOf(product(5)),
    ]);
  });

  it("takes an empty stock beside shades as their sum, an upper-case colour lower-cased, and refuses a stock not their sum, or a shades cell breaking a shade's rule", () => {
    const row = (stock: string, shades: string) => `Glow Tint,18.5,nyx,lipstick,${stock},A light tint.,/uploads/t.webp,0,"${shades}"`;
    const sheet = readCatalogueCsv(
      [
        `${HEADER},shades`,
        row('', 'Coral:#ff7f50:3|Berry:#8e3a59:2'),
        row('4', 'Coral:#ff7f50:3|Berry:#8e3a59:2'),
        row('', 'Coral:#ff7f5g:3'),
        row('5', 'Coral:#ff7f50:3|coral:#8e3a59:2'),
        row('', 'Coral #ff7f50 3'),
        row('', ' Coral : #FF7F50 :3'),
      ].join('\n'),
    );
    expect(sheet.good.map((r) => [r.row, r.product.stock, r.product.shades?.length])).toEqual([
      [2, 5, 2],
      [7, 3, 1],
    ]);
    expect(sheet.good[1]!.product.shades).toEqual([{ name: 'Coral', hex: '#ff7f50', stock: 3 }]);
    expect(sheet.bad).toEqual([
      { row: 3, problems: [{ field: 'stock', value: '4', message: "A product with shades has the sum of its shades' stock" }] },
      {
        row: 4,
        problems: [
          {
            field: 'shades',
            value: 'Coral:#ff7f5g:3',
            message: 'Shade 1 (colour): you must enter a colour as # and 6 digits from 0-9 and a-f',
          },
        ],
      },
      {
        row: 5,
        problems: [
          {
            field: 'shades',
            value: 'Coral:#ff7f50:3|coral:#8e3a59:2',
            message: 'Shade 2 (name): This product already has a shade with this name',
          },
        ],
      },
      {
        row: 6,
        problems: [
          {
            field: 'shades',
            value: 'Coral #ff7f50 3',
            message: 'Write each shade as name:#hex:stock, with an optional :picture, shades apart with | (\\: and \\| inside a name)',
          },
        ],
      },
    ]);
  });
});

describe('products CSV: import checks every row with the product form rules (spec section 5)', () => {
  const good = 'Glow Primer,18.5,nyx,foundation,7,A light primer.,/uploads/primer.webp,0';

  it('counts rows as a spreadsheet does (the header is row 1, a quoted newline stays in its row, blank rows are skipped)', () => {
    const csv = [
      HEADER,
      good,
      '',
      'Gl,18.5,nyx,foundation,7,"Two\nlines",/uploads/a.webp,0',
      good,
      'Brow Pen,x,nyx,eyebrow,3,Soft pencil,/uploads/b.webp,5',
    ].join('\r\n');
    const sheet = readCatalogueCsv(csv);
    expect(sheet.good.map((r) => r.row)).toEqual([2, 5]);
    expect(sheet.bad).toEqual([
      { row: 4, problems: [{ field: 'name', value: 'Gl', message: 'Minimum 3 and maximum 60 characters' }] },
      { row: 6, problems: [{ field: 'price', value: 'x', message: 'This value cannot be less than 0 and a maximum of 20 digits' }] },
    ]);
  });

  it("lists every broken field of a row with the spec's message, in the form's order", () => {
    const sheet = readCatalogueCsv(`${HEADER}\nGlow Primer,,nyx,toys,1.5,abc,javascript:alert(1),101`);
    expect(sheet.good).toEqual([]);
    expect(sheet.bad[0]!.problems.map(({ field, message }) => [field, message])).toEqual([
      ['price', 'This field is required'],
      ['category', 'This field is required'],
      ['stock', 'This value cannot be less than 0 and a maximum of 20 digits'],
      ['description', 'Minimum 4 and maximum 3000 characters'],
      ['image', 'you must upload an image of the product'],
      ['discount', 'you must enter a value between 0 and 100'],
    ]);
  });

  it('a good row becomes the product to send: numbers as numbers, cells trimmed, brand and category matched without case', () => {
    const sheet = readCatalogueCsv(`${HEADER}\n  Glow Primer , 18.50 ,NYX,Foundation, 7 , A light primer. ,/uploads/primer.webp, 20 `);
    expect(sheet.good).toEqual([
      {
        row: 2,
        product: {
          name: 'Glow Primer',
          price: 18.5,
          brand: 'nyx',
          category: 'foundation',
          stock: 7,
          description: 'A light primer.',
          image: '/uploads/primer.webp',
          discount: 20,
        },
      },
    ]);
  });

  it('reads the columns by name in any order, ignores others, and takes a missing or empty discount as 0 (spec section 3)', () => {
    const csv =
      'id,image,stock,description,category,brand,price,name,notes\n9,/uploads/p.webp,7,A light primer.,foundation,nyx,18.5,Glow Primer,ignored';
    expect(readCatalogueCsv(csv).good[0]!.product).toMatchObject({ name: 'Glow Primer', price: 18.5, discount: 0 });
    expect(readCatalogueCsv(`${HEADER}\n${good.replace(/,0$/, ',')}`).good[0]!.product.discount).toBe(0);
  });

  it.each([
    ['an empty file', '', 'The file is empty.'],
    ['a header with no rows', `${HEADER}\n\n`, 'The file holds no products.'],
    ['missing columns', 'name,brand,category,description,image\nx', 'The header row lacks the columns price, stock.'],
    ['an unterminated quote', `${HEADER}\nGlow,"18.5,nyx`, /^The file is not valid CSV: .+ \(row 2\)\.$/],
  ])('refuses %s as a whole', (_, csv, message) => {
    expect(() => readCatalogueCsv(csv)).toThrow(CatalogueFileProblem);
    expect(() => readCatalogueCsv(csv)).toThrow(message);
  });

  it(`takes up to ${MAX_IMPORT_ROWS} rows (the contract's limit), not one more`, () => {
    const rows = (n: number) => [HEADER, ...Array.from({ length: n }, () => good)].join('\n');
    expect(readCatalogueCsv(rows(MAX_IMPORT_ROWS)).good).toHaveLength(MAX_IMPORT_ROWS);
    expect(() => readCatalogueCsv(rows(MAX_IMPORT_ROWS + 1))).toThrow(
      'At most 1000 products can be imported at once; the file holds 1001.',
    );
  });
});

describe('refusedAt', () => {
  const sent: ImportRow[] = [2, 5, 9].map((row) => ({ row, product: inputOf(product(row)) }));

  it("names the file's row and field of the server's products.<i>.<field>", () => {
    expect(refusedAt('products.2.discount', sent)).toEqual({ row: 9, field: 'discount' });
    expect(refusedAt('products.0.description', sent)).toEqual({ row: 2, field: 'description' });
  });

  it('is null when the refusal names no row that was sent', () => {
    expect(refusedAt(undefined, sent)).toBeNull();
    expect(refusedAt('products', sent)).toBeNull();
    expect(refusedAt('products.3.name', sent)).toBeNull();
  });
});

describe('orders CSV', () => {
  const order: Order = {
    id: 7,
    userId: 'demo-user',
    userEmail: 'ana@makeup.test',
    status: 'processing',
    address: 'Spain, Madrid, Gran Via 12',
    totalPrice: 42.5,
    createdAt: '2026-03-02T10:00:00.000Z',
    lines: [
      {
        productId: 1,
        name: 'Velvet Lipstick',
        image: '/images/products/1.webp',
        shadeId: null,
        shadeName: null,
        shadeHex: null,
        quantity: 2,
        unitPrice: 12.25,
      },
      {
        productId: 2,
        name: '"Glow", Primer',
        image: '/images/products/2.webp',
        shadeId: null,
        shadeName: null,
        shadeHex: null,
        quantity: 1,
        unitPrice: 18,
      },
    ],
    history: [],
  };

  it('has id, user email, status, total, address, date and the lines as a readable string', () => {
    expect(cellsOf(ordersCsv([order]))).toEqual([
      ['id', 'userEmail', 'status', 'total', 'address', 'date', 'lines'],
      [
        '7',
        'ana@makeup.test',
        'processing',
        '42.50',
        'Spain, Madrid, Gran Via 12',
        '2026-03-02T10:00:00.000Z',
        '2 x Velvet Lipstick ($ 12.25); 1 x "Glow", Primer ($ 18.00)',
      ],
    ]);
  });

  it('guards its cells against formula injection too', () => {
    const [, row] = cellsOf(ordersCsv([{ ...order, userEmail: '=cmd@evil.test', address: '+1 Main St' }]));
    expect(row!.slice(1, 5)).toEqual(["'=cmd@evil.test", 'processing', '42.50', "'+1 Main St"]);
  });
});
