import { fromPromise } from 'xstate';
import { ProductNotFound, ProductRefused, type RefusedField, type SaveInput } from '~/machines/productForm.machine';
import { api } from '~/src/api/client';
import { isServerFailure } from '~/src/api/replies';
import { uploadImage } from '~/src/api/upload';
import { PRODUCT_FIELDS, productInputOf } from '~/src/domain/productForm';
import { shadeInputsOf } from '~/src/domain/shadeForm';
import type { Product } from '~/src/domain/types';

const NOT_LOADED = 'The product could not be loaded.';
export const NOT_SAVED = 'The product could not be saved.';
/** A save whose answer never came may have been made: the retry sends the same Idempotency-Key, so it is made once. */
export const SAVE_UNCONFIRMED = 'The product could not be saved, or its answer was lost. Retry: it is never saved twice.';
const NOT_UPLOADED = 'The image could not be uploaded. Please try again.';

/** A save by someone the server no longer takes for an Admin (another Admin made them a User meanwhile). */
export const ONLY_ADMINS_SAVE = 'Only an Admin can save products.';
/** What a refusal that names no field of the form says, by its status: the server's own text is never shown. */
const REFUSED: Record<number, string> = {
  401: 'Your session has ended. Please sign in again.',
  403: ONLY_ADMINS_SAVE,
  404: 'This product no longer exists.',
};

/** The error of a refusal: the field it names (`shades.2.name` is the shades) and its message. */
const refusalOf = (error: unknown) => (error as { error?: { field?: unknown; message?: unknown } } | undefined)?.error;

/** The form field a 400 names, when it names one: a product's field, or the shades (the list or one shade's field). */
function refusedField(error: unknown): RefusedField | null {
  const field = refusalOf(error)?.field;
  if (typeof field === 'string' && /^shades(\.|$)/.test(field)) return 'shades';
  return PRODUCT_FIELDS.find((f) => f === field) ?? null;
}

/** What a refusal says: for the shades, the server's message (the form shows it only when it is one of the shade rules'). */
function refusedMessage(status: number, field: RefusedField | null, error: unknown): string {
  const message = refusalOf(error)?.message;
  if (field === 'shades' && typeof message === 'string') return message;
  return REFUSED[status] ?? NOT_SAVED;
}

/** The product form machine's calls: GET /products/{id} (an Admin's read finds disabled products too), POST /uploads, POST or PUT /products. */
export const productFormActors = {
  load: fromPromise<Product, { productId: number }>(async ({ input }) => {
    const { data, response } = await api.GET('/products/{id}', { params: { path: { id: input.productId } } });
    if (data) return data;
    if (response.status === 404) throw new ProductNotFound('Product not found');
    throw new Error(NOT_LOADED);
  }),
  upload: fromPromise<string, { file: File }>(async ({ input }) => {
    const result = await uploadImage(input.file).catch(() => ({ error: NOT_UPLOADED }));
    if ('url' in result) return result.url;
    throw new Error(result.error);
  }),
  save: fromPromise<Product, SaveInput>(async ({ input }) => {
    const body = { ...productInputOf(input.values), shades: shadeInputsOf(input.shades) };
    const reply =
      input.productId === null
        ? await api.POST('/products', { body, params: { header: { 'Idempotency-Key': input.key } } })
        : await api.PUT('/products', { body: { id: input.productId, ...body } });
    if (reply.data) return reply.data;
    if (isServerFailure(reply.response.status)) throw new Error(NOT_SAVED);
    const field = refusedField(reply.error);
    throw new ProductRefused(refusedMessage(reply.response.status, field, reply.error), field);
  }),
};
