import { assign, fromPromise, setup } from 'xstate';
import { refusedAt, type CatalogueSheet, type ImportRow } from '~/src/domain/catalogueCsv';

/** The server refused the rows (a 4xx): its message, and the field it names, such as `products.3.price`. */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export type CatalogueImportEvent =
  { type: 'CHOOSE'; file: File } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'RETRY' } | { type: 'CLOSE' };

type ChooseEvent = Extract<CatalogueImportEvent, { type: 'CHOOSE' }>;

export interface CatalogueImportContext {
  fileName: string;
  sheet: CatalogueSheet;
  /** Why the file as a whole cannot be imported. */
  problem: string | null;
  /** The server's refusal, at the file's row and field when it names a row sent. */
  refusal: { message: string; row: number | null; field: string | null } | null;
  created: number;
  /**
   * The import not confirmed yet: the rows sent and the Idempotency-Key they
   * were sent with, sent again by a retry of the same rows (an import whose
   * answer was lost is then answered, not made twice), even from the same
   * file chosen again; forgotten once done.
   */
  attempt: { key: string; rows: ImportRow[] } | null;
}

/** Two imports send the same products. */
const sameRows = (a: readonly ImportRow[], b: readonly ImportRow[]) =>
  JSON.stringify(a.map((r) => r.product)) === JSON.stringify(b.map((r) => r.product));

const notProvided = (name: string) => () => {
  throw new Error(`catalogue-import machine: provide the "${name}" actor`);
};

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

const EMPTY: CatalogueSheet = { good: [], bad: [] };

/**
 * Importing products from a CSV file: the chosen file is read and every row
 * checked (parsing), the admin sees the good rows' count and each bad row
 * (preview) and nothing is written unless they CONFIRM, which sends only the
 * good rows (importing). Then the count created (done, and the storefront is
 * told), the server's refusal naming a row (refused), or a failure to reach
 * it (failed, RETRY sends the same rows again with the same
 * Idempotency-Key, so an import whose answer was lost is made once). A file that cannot be
 * imported as a whole (unreadable) says why.
 */
export const catalogueImportMachine = setup({
  types: {
    context: {} as CatalogueImportContext,
    events: {} as CatalogueImportEvent,
  },
  actors: {
    parse: fromPromise<CatalogueSheet, { file: File }>(notProvided('parse')),
    importRows: fromPromise<number, { rows: ImportRow[]; key: string }>(notProvided('importRows')),
  },
  actions: {
    /** A new file: what the last one left is forgotten. */
    takeFile: assign(({ event }) => ({
      fileName: (event as ChooseEvent).file.name,
      sheet: EMPTY,
      problem: null,
      refusal: null,
      created: 0,
    })),
    /** The catalogue changed: the storefront's list refreshes, here and in other tabs. */
    catalogueChanged: () => {},
  },
  guards: {
    hasGoodRows: ({ context }) => context.sheet.good.length > 0,
    refused: ({ event }) => (event as { error?: unknown }).error instanceof ImportRefused,
  },
}).createMachine({
  id: 'catalogueImport',
  context: { fileName: '', sheet: EMPTY, problem: null, refusal: null, created: 0, attempt: null },
  initial: 'idle',
  states: {
    idle: { on: { CHOOSE: { target: 'parsing', actions: 'takeFile' } } },
    parsing: {
      invoke: {
        src: 'parse',
        input: ({ event }) => ({ file: (event as ChooseEvent).file }),
        onDone: { target: 'preview', actions: assign({ sheet: ({ event }) => event.output }) },
        onError: {
          target: 'unreadable',
          actions: assign({ problem: ({ event }) => messageOf(event.error, 'The file could not be read.') }),
        },
      },
    },
    preview: {
      on: {
        CONFIRM: { guard: 'hasGoodRows', target: 'importing' },
        CANCEL: 'idle',
      },
    },
    importing: {
      entry: assign({
        attempt: ({ context: { attempt, sheet } }) =>
          attempt && sameRows(attempt.rows, sheet.good) ? attempt : { key: crypto.randomUUID(), rows: sheet.good },
      }),
      invoke: {
        src: 'importRows',
        input: ({ context }) => ({ rows: context.sheet.good, key: context.attempt!.key }),
        onDone: { target: 'done', actions: [assign({ created: ({ event }) => event.output, attempt: null }), 'catalogueChanged'] },
        onError: [
          {
            guard: 'refused',
            target: 'refused',
            actions: assign(({ context, event }) => {
              const { message, field } = event.error as ImportRefused;
              const at = refusedAt(field, context.sheet.good);
              return { refusal: { message, row: at?.row ?? null, field: at?.field ?? null } };
            }),
          },
          { target: 'failed' },
        ],
      },
    },
    done: { on: { CLOSE: 'idle' } },
    refused: { on: { CLOSE: 'idle' } },
    failed: { on: { RETRY: 'importing', CANCEL: 'idle' } },
    unreadable: { on: { CLOSE: 'idle' } },
  },
});
