import { fromPromise } from 'xstate';
import { ImportRefused } from '~/machines/catalogueImport.machine';
import { api } from '~/src/api/client';
import { dataOf, errorMessage, isServerFailure, orderList, productList } from '~/src/api/replies';
import { ordersCsv, productsCsv, readCatalogueCsv, type CatalogueSheet, type ImportRow } from '~/src/domain/catalogueCsv';

const IMPORT_FAILED = 'The products could not be imported.';
/** An import whose answer never came may have been made: Retry sends the same Idempotency-Key, so its rows are created once. */
export const IMPORT_UNCONFIRMED = 'The import could not be confirmed. Retry: no row is imported twice.';

const fieldOf = (error: unknown) => (error as { error?: { field?: string } } | undefined)?.error?.field;

/** The import machine's effects: the chosen file read and checked, then the good rows created in one call. */
export const catalogueImportActors = {
  parse: fromPromise<CatalogueSheet, { file: File }>(async ({ input }) => readCatalogueCsv(await input.file.text())),
  importRows: fromPromise<number, { rows: ImportRow[]; key: string }>(async ({ input }) => {
    const body = { products: input.rows.map((r) => r.product) };
    const reply = await api.POST('/products/import', { body, params: { header: { 'Idempotency-Key': input.key } } });
    if (reply.data) return reply.data.length;
    const message = errorMessage(reply.error) ?? IMPORT_FAILED;
    // A 4xx is the server's answer on these rows (shown, not retried); a 5xx may pass on a retry.
    throw isServerFailure(reply.response.status) ? new Error(message) : new ImportRefused(message, fieldOf(reply.error));
  }),
};

/** Every product, disabled ones too (the caller is an Admin), as the products file. */
export async function productsFile(): Promise<string> {
  return productsCsv(productList(dataOf(await api.GET('/products'), { failure: 'The products could not be exported.' })));
}

/** Every order but cancelled ones, as the orders file. */
export async function ordersFile(): Promise<string> {
  return ordersCsv(orderList(dataOf(await api.GET('/orders'), { failure: 'The orders could not be exported.' })));
}
