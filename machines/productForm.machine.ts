import { and, assign, fromPromise, not, setup, stateIn, type SnapshotFrom } from 'xstate';
import {
  EMPTY_PRODUCT_FORM,
  firstInvalidField,
  PRODUCT_FIELDS,
  productFormError,
  productFormValidity,
  productFormValuesOf,
  sameProductForm,
} from '~/src/domain/productForm';
import { sameShades, shadeDraftsOf, shadesRefusal, shadesStockText, shadesValid, type ShadeDraft } from '~/src/domain/shadeForm';
import type { Product } from '~/src/domain/types';
import { isProductFormValid, type ProductField, type ProductFormValues } from '~/src/domain/validation/product';

/** The product to edit does not exist (404, or an id that is no product id). */
export class ProductNotFound extends Error {}

/** A field the form shows a refusal at: one of the product's, or its shades. */
export type RefusedField = ProductField | 'shades';

/** The server refused the product (a 4xx): the message to show, and the field it names when it names one of the form's. */
export class ProductRefused extends Error {
  constructor(
    message: string,
    readonly field: RefusedField | null = null,
  ) {
    super(message);
  }
}

export const PRODUCT_CREATED = 'product creation has been successful';
/** A field the server refused although the form's rule passes it: said in the shop's words, never the server's. */
export const FIELD_REFUSED = 'The shop did not accept this value. Please check it.';
export const PRODUCT_EDITED = 'product edition has been successful';

export type ProductFormEvent =
  | { type: 'CHANGE'; field: ProductField; value: string }
  /** The shades as the editor leaves them after an add, a change, a move or a removal. */
  | { type: 'SHADES'; shades: ShadeDraft[] }
  /** A picture for the product, or for the shade of key `shade`. */
  | { type: 'UPLOAD'; file: File; shade?: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

/** What a save sends: the product's fields and its shades. */
interface Draft {
  values: ProductFormValues;
  shades: ShadeDraft[];
}

const sameDraft = (a: Draft, b: Draft) => sameProductForm(a.values, b.values) && sameShades(a.shades, b.shades);

export interface ProductFormContext {
  /** null: a new product. */
  productId: number | null;
  values: ProductFormValues;
  /** The product's shades; with any, the stock is their sum. */
  shades: ShadeDraft[];
  /** What the server holds (or the empty form): the form has unsaved changes when values or shades differ. */
  saved: Draft;
  /** The field being edited: the last one changed, or the first invalid one of a refused submit. */
  editing: ProductField | null;
  touched: ProductField[];
  /** The product being edited is disabled: hidden from shoppers. */
  hidden: boolean;
  /** Why the last upload was refused, in the server's words. */
  uploadError: string | null;
  /** The shade (by key) the last upload is for; null: the product's picture. */
  uploadFor: string | null;
  /** The product's picture was the last one uploaded to it: its 'successful upload' stays while shades' pictures upload. */
  pictureUploaded: boolean;
  /** Why the server refused the last save. */
  refusal: { message: string; field: RefusedField | null } | null;
  /**
   * The save not confirmed yet: the values sent and the Idempotency-Key they
   * were sent with, sent again by a retry of those values (a create whose
   * answer was lost is then answered, not made twice); forgotten once saved.
   */
  attempt: ({ key: string } & Draft) | null;
}

export interface SaveInput extends Draft {
  productId: number | null;
  /** The Idempotency-Key of this create (the same for each retry of the same values). */
  key: string;
}

const EMPTY_DRAFT: Draft = { values: EMPTY_PRODUCT_FORM, shades: [] };

const notProvided = (name: string) => () => {
  throw new Error(`product-form machine: provide the "${name}" actor`);
};

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

const UPLOAD_FAILED = 'The image could not be uploaded. Please try again.';

/**
 * The product form (spec section 4 'Product form'): a new product starts
 * empty; an edited one is loaded first (a 404 is 'not found', any other
 * failure waits for RETRY). Fields and shades change while an image (the
 * product's or a shade's) uploads; with shades the stock is their sum. SUBMIT
 * saves only a valid form with no upload under way, else it marks every
 * field and points at the first invalid one. A created product resets the
 * form; an edited one ends in `saved`, where the view leaves for the list.
 * The server's refusal is shown and nothing is saved; a failure keeps what
 * was typed and waits for SUBMIT, which sends the same values with the
 * same Idempotency-Key (a new key once the values differ).
 */
export const productFormMachine = setup({
  types: {
    context: {} as ProductFormContext,
    events: {} as ProductFormEvent,
    input: {} as { productId: number | null },
  },
  actors: {
    load: fromPromise<Product, { productId: number }>(notProvided('load')),
    upload: fromPromise<string, { file: File }>(notProvided('upload')),
    save: fromPromise<Product, SaveInput>(notProvided('save')),
  },
  actions: {
    notify: (_, _message: string) => {},
    /** The catalogue changed: the storefront's list refreshes. */
    catalogueChanged: () => {},
  },
  guards: {
    creating: ({ context }) => context.productId === null,
    valid: ({ context }) => isProductFormValid(productFormValidity(context.values)) && shadesValid(context.shades),
    notFound: ({ event }) => (event as { error?: unknown }).error instanceof ProductNotFound,
    refused: ({ event }) => (event as { error?: unknown }).error instanceof ProductRefused,
  },
}).createMachine({
  id: 'productForm',
  context: ({ input }) => ({
    productId: input.productId,
    values: EMPTY_PRODUCT_FORM,
    shades: [],
    saved: EMPTY_DRAFT,
    editing: null,
    touched: [],
    hidden: false,
    uploadError: null,
    uploadFor: null,
    pictureUploaded: false,
    refusal: null,
    attempt: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'creating', target: 'editing' }, { target: 'loading' }],
    },
    loading: {
      tags: 'loading',
      invoke: {
        src: 'load',
        input: ({ context }) => ({ productId: context.productId! }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => {
            const values = productFormValuesOf(event.output);
            const shades = shadeDraftsOf(event.output.shades);
            return { values, shades, saved: { values, shades }, hidden: event.output.disable };
          }),
        },
        onError: [{ guard: 'notFound', target: 'notFound' }, { target: 'failed' }],
      },
    },
    notFound: {},
    failed: {
      on: { RETRY: 'loading' },
    },
    editing: {
      type: 'parallel',
      on: {
        CHANGE: {
          guard: not(stateIn({ editing: { form: 'saving' } })),
          actions: assign(({ context, event }) => ({
            values: { ...context.values, [event.field]: event.value },
            editing: event.field,
            touched: context.touched.includes(event.field) ? context.touched : [...context.touched, event.field],
            refusal: null,
          })),
        },
        SHADES: {
          guard: not(stateIn({ editing: { form: 'saving' } })),
          // With shades, the stock shown and sent is their sum.
          actions: assign(({ context, event }) => ({
            shades: event.shades,
            values: event.shades.length > 0 ? { ...context.values, stock: shadesStockText(event.shades) } : context.values,
            refusal: null,
          })),
        },
      },
      states: {
        image: {
          initial: 'idle',
          states: {
            idle: {},
            uploading: {
              tags: 'uploading',
              invoke: {
                src: 'upload',
                input: ({ event }) => ({ file: (event as Extract<ProductFormEvent, { type: 'UPLOAD' }>).file }),
                onDone: {
                  target: 'uploaded',
                  actions: assign(({ context, event }) =>
                    context.uploadFor === null
                      ? { values: { ...context.values, image: event.output }, pictureUploaded: true, refusal: null }
                      : {
                          shades: context.shades.map((s) => (s.key === context.uploadFor ? { ...s, image: event.output } : s)),
                          refusal: null,
                        },
                  ),
                },
                onError: {
                  target: 'refused',
                  actions: assign({ uploadError: ({ event }) => messageOf(event.error, UPLOAD_FAILED) }),
                },
              },
            },
            uploaded: {},
            refused: {},
          },
          on: {
            UPLOAD: {
              guard: and([not(stateIn({ editing: { image: 'uploading' } })), not(stateIn({ editing: { form: 'saving' } }))]),
              target: '.uploading',
              actions: assign(({ context, event }) => ({
                uploadError: null,
                uploadFor: event.shade ?? null,
                pictureUploaded: event.shade === undefined ? false : context.pictureUploaded,
              })),
            },
          },
        },
        form: {
          initial: 'idle',
          on: {
            SUBMIT: [
              {
                guard: and(['valid', not(stateIn({ editing: { image: 'uploading' } })), not(stateIn({ editing: { form: 'saving' } }))]),
                target: '.saving',
              },
              {
                guard: not('valid'),
                actions: assign(({ context }) => ({
                  touched: [...PRODUCT_FIELDS],
                  editing: firstInvalidField(productFormValidity(context.values)) ?? null,
                })),
              },
            ],
          },
          states: {
            idle: {},
            saving: {
              tags: 'saving',
              entry: assign(({ context: { attempt, values, shades } }) => ({
                refusal: null,
                attempt: attempt && sameDraft(attempt, { values, shades }) ? attempt : { key: crypto.randomUUID(), values, shades },
              })),
              invoke: {
                src: 'save',
                input: ({ context }) => ({
                  productId: context.productId,
                  values: context.values,
                  shades: context.shades,
                  key: context.attempt!.key,
                }),
                onDone: [
                  {
                    guard: 'creating',
                    // Re-entering the form empties every field and the upload's message.
                    target: '#productForm.editing',
                    reenter: true,
                    actions: [
                      assign({
                        values: EMPTY_PRODUCT_FORM,
                        shades: [],
                        saved: EMPTY_DRAFT,
                        editing: null,
                        touched: [],
                        uploadError: null,
                        uploadFor: null,
                        pictureUploaded: false,
                        attempt: null,
                      }),
                      'catalogueChanged',
                      { type: 'notify', params: PRODUCT_CREATED },
                    ],
                  },
                  {
                    target: '#productForm.saved',
                    actions: [
                      assign(({ context }) => ({ saved: { values: context.values, shades: context.shades }, attempt: null })),
                      'catalogueChanged',
                      { type: 'notify', params: PRODUCT_EDITED },
                    ],
                  },
                ],
                onError: [
                  {
                    guard: 'refused',
                    target: 'idle',
                    // A refused field shows the form's own rule for it (the server checks the same one).
                    actions: assign(({ context, event }) => {
                      const { message, field } = event.error as ProductRefused;
                      const shown =
                        field === 'shades'
                          ? shadesRefusal(context.shades, message, FIELD_REFUSED)
                          : field
                            ? (productFormError(field, context.values) ?? FIELD_REFUSED)
                            : message;
                      return { refusal: { message: shown, field }, editing: field === 'shades' ? null : field };
                    }),
                  },
                  { target: 'failed' },
                ],
              },
            },
            /** The save's answer did not come (it may have been made): what was typed stays, and SUBMIT tries again with the same key. */
            failed: {},
          },
        },
      },
    },
    saved: { type: 'final' },
  },
});

export type ProductFormSnapshot = SnapshotFrom<typeof productFormMachine>;

/** Leaving now would lose changes: the form differs from what was saved (or is being saved). */
export const hasUnsavedChanges = (snapshot: ProductFormSnapshot) =>
  snapshot.matches('editing') && !sameDraft(snapshot.context, snapshot.context.saved);
