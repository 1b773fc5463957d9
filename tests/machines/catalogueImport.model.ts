import { catalogueImportMachine, ImportRefused } from '~/machines/catalogueImport.machine';
import { CatalogueFileProblem, readCatalogueCsv } from '~/src/domain/catalogueCsv';
import { answers, fails, type MachineModel } from './harness/model';

/** What the server says when the Admin was made a User meanwhile (by another Admin): the import is refused. */
export const NOT_ADMIN = 'Only an Admin may do this.';

const HEADER = 'name,price,brand,category,stock,description,image,discount';
const row = (name: string, price = '12.5') => `${name},${price},nyx,blush,4,"<p>A soft pink blush.</p>",/images/products/2.svg,0`;

/** The files a path chooses, by name: three good rows and a bad one, only bad rows, an empty file. */
export const CSV_FILES: Record<string, string> = {
  'good.csv': `${HEADER}\n${row('Imported Blush QA')}\n${row('Imported Rouge QA')}\n${row('Imported Free QA', 'free')}\n${row('Imported Peach QA')}\n`,
  'bad.csv': `${HEADER}\n${row('Imported Blush QA', 'free')}\n`,
  'empty.csv': '',
};

const file = (name: string) => new File([CSV_FILES[name]!], name, { type: 'text/csv' });
const fileOf = (input: unknown) => (input as { file: File }).file.name;
/** The file's rows as the app reads them (the domain's own reader), or null for a file it cannot read. */
const sheetOf = (name: string) => {
  try {
    return readCatalogueCsv(CSV_FILES[name]!);
  } catch (error) {
    if (error instanceof CatalogueFileProblem) return null;
    throw error;
  }
};

/**
 * Importing products from CSV: the Admin chooses a file (good rows and a
 * bad one, only bad rows, an empty file), confirms or cancels the preview, retries a
 * failed import, closes the outcome. The server creates the rows, refuses
 * them (the Admin was made a User meanwhile), or cannot be reached.
 */
export const catalogueImportModel: MachineModel<typeof catalogueImportMachine> = {
  name: 'catalogueImport',
  machine: catalogueImportMachine,
  inputs: [{ label: '', input: undefined }],
  key: ({ context }) => ({ file: context.fileName, good: context.sheet.good.length }),
  effect: ({ context }) => ({
    file: context.fileName,
    good: context.sheet.good.length,
    bad: context.sheet.bad.length,
    created: context.created,
    refused: context.refusal !== null,
  }),
  events: () => [
    ...Object.keys(CSV_FILES).map((name) => ({ type: 'CHOOSE', file: file(name), label: name })),
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'RETRY' },
    { type: 'CLOSE' },
  ],
  outcomes: {
    parse: [
      { label: 'read', output: (_, input) => sheetOf(fileOf(input)), when: (_, input) => sheetOf(fileOf(input)) !== null },
      {
        label: 'unreadable',
        error: () => new CatalogueFileProblem('The file is empty.'),
        when: (_, input) => sheetOf(fileOf(input)) === null,
      },
    ],
    importRows: [
      answers(({ context }) => context.sheet.good.length),
      { label: 'refused', error: () => new ImportRefused(NOT_ADMIN) },
      fails(),
    ],
  },
};
