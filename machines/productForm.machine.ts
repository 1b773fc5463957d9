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
import type { Product } from '~/src/domain/types';
import { isProductFormValid, type ProductField, type ProductFormValues } from '~/src/domain/validation/product';

/** The product to edit does not exist (404, or an id that is no product id). */
export class ProductNotFound extends Error {}

/** The server refused the product (a 4xx): the message to show, and the field it names when it names one of the form's. */
export class ProductRefused extends Error {
  constructor(
    message: string,
    readonly field: ProductField | null = null,
  ) {
    super(message);
  }
}

export const PRODUCT_CREATED = 'product creation has been successful';
/** A field the server refused although the form's rule passes it: said in the shop's words, never the server's. */
export const FIELD_REFUSED = 'The shop did not accept this value. Please check it.';
export const PRODUCT_EDITED = 'product edition has been successful';

export type ProductFormEvent =
  { type: 'CHANGE'; field: ProductField; value: string } | { type: 'UPLOAD'; file: File } | { type: 'SUBMIT' } | { type: 'RETRY' };

export interface ProductFormContext {
  /** null: a new product. */
  productId: number | null;
  values: ProductFormValues;
  /** What the server holds (or the empty form): the form has unsaved changes when values differ. */
  saved: ProductFormValues;
  /** The field being edited: the last one changed, or the first invalid one of a refused submit. */
  editing: ProductField | null;
  touched: ProductField[];
  /** The product being edited is disabled: hidden from shoppers. */
  hidden: boolean;
  /** Why the last upload was refused, in the server's words. */
  uploadError: string | null;
  /** Why the server refused the last save. */
  refusal: { message: string; field: ProductField | null } | null;
  /**
   * The save not confirmed yet: the values sent and the Idempotency-Key they
   * were sent with, sent again by a retry of those values (a create whose
   * answer was lost is then answered, not made twice); forgotten once saved.
   */
  attempt: { key: string; values: ProductFormValues } | null;
}

export interface SaveInput {
  productId: number | null;
  values: ProductFormValues;
  /** The Idempotency-Key of this create (the same for each retry of the same values). */
  key: string;
}

const notProvided = (name: string) => () => {
  throw new Error(`product-form machine: provide the "${name}" actor`);
};

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

const UPLOAD_FAILED = 'The image could not be uploaded. Please try again.';

/**
 * The product form (spec section 4 'Product form'): a new product starts
 * empty; an edited one is loaded first (a 404 is 'not found', any other
 * failure waits for RETRY). Fields change while an image uploads; SUBMIT
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
    valid: ({ context }) => isProductFormValid(productFormValidity(context.values)),
    notFound: ({ event }) => (event as { error?: unknown }).error instanceof ProductNotFound,
    refused: ({ event }) => (event as { error?: unknown }).error instanceof ProductRefused,
  },
}).createMachine({
  id: 'productForm',
  context: ({ input }) => ({
    productId: input.productId,
    values: EMPTY_PRODUCT_FORM,
    saved: EMPTY_PRODUCT_FORM,
    editing: null,
    touched: [],
    hidden: false,
    uploadError: null,
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
            return { values, saved: values, hidden: event.output.disable };
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
                  actions: assign(({ context, event }) => ({ values: { ...context.values, image: event.output }, refusal: null })),
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
              actions: assign({ uploadError: null }),
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
              entry: assign(({ context: { attempt, values } }) => ({
                refusal: null,
                attempt: attempt && sameProductForm(attempt.values, values) ? attempt : { key: crypto.randomUUID(), values },
              })),
              invoke: {
                src: 'save',
                input: ({ context }) => ({ productId: context.productId, values: context.values, key: context.attempt!.key }),
                onDone: [
                  {
                    guard: 'creating',
                    // Re-entering the form empties every field and the upload's message.
                    target: '#productForm.editing',
                    reenter: true,
                    actions: [
                      assign({
                        values: EMPTY_PRODUCT_FORM,
                        saved: EMPTY_PRODUCT_FORM,
                        editing: null,
                        touched: [],
                        uploadError: null,
                        attempt: null,
                      }),
                      'catalogueChanged',
                      { type: 'notify', params: PRODUCT_CREATED },
                    ],
                  },
                  {
                    target: '#productForm.saved',
                    actions: [
                      assign(({ context }) => ({ saved: context.values, attempt: null })),
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
                      const shown = field ? (productFormError(field, context.values) ?? FIELD_REFUSED) : message;
                      return { refusal: { message: shown, field }, editing: field ?? null };
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
  snapshot.matches('editing') && !sameProductForm(snapshot.context.values, snapshot.context.saved);
