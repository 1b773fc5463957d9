import type { SnapshotFrom } from 'xstate';
import { ProductNotFound, ProductRefused, productFormMachine, type SaveInput } from '~/machines/productForm.machine';
import { firstInvalidField, PRODUCT_FIELDS, productFormValidity } from '~/src/domain/productForm';
import type { ShadeDraft } from '~/src/domain/shadeForm';
import type { ProductFormValues } from '~/src/domain/validation/product';
import type { Product } from '~/src/domain/types';
import { ONLY_ADMINS_SAVE } from '~/src/features/adminProductForm/productForm.actors';
import { makeProduct } from '../fixtures/product';
import { answers, fails, type MachineModel, type ModelEvent } from './harness/model';

type Snapshot = SnapshotFrom<typeof productFormMachine>;

/** What the Admin types, field by field (the image comes from an upload). */
export const TYPED: Omit<ProductFormValues, 'image'> = {
  name: 'Velvet Lipstick QA',
  price: '12.5',
  brand: 'dior',
  category: 'lipstick',
  stock: '7',
  description: '<p>Soft matte finish.</p>',
  discount: '0',
};
export const UPLOADED = 'blob:uploaded-image';
/** The shade the Admin adds (its stock then the product's). */
export const QA_SHADE: ShadeDraft = { key: 'new-1', name: 'QA Coral', hex: '#ff7f50', stock: '3', image: '' };
/** An id no product has, and the edited product of the model. */
export const MISSING_ID = 404_404;
const EDITED: Product = makeProduct({ name: 'Old Name QA', image: '/images/products/1.svg' });

const IMAGE_STATES = ['idle', 'uploading', 'uploaded', 'refused'] as const;

/**
 * The product form's model: creating, editing a product, or editing one
 * that does not exist. The Admin fills the next empty field, types a
 * description only a script, gives the product a shade or takes its shades
 * away, uploads a picture (or a file that is no image), submits a form
 * valid or not, retries. The server loads, saves,
 * refuses the script-only description, or cannot be reached.
 */
export const productFormModel: MachineModel<typeof productFormMachine> = {
  name: 'productForm',
  machine: productFormMachine,
  inputs: [
    { label: 'create', input: { productId: null } },
    { label: 'edit', input: { productId: EDITED.id } },
    { label: 'edit a missing product', input: { productId: MISSING_ID } },
  ],
  key: ({ context }) => ({
    invalid: PRODUCT_FIELDS.filter((field) => !productFormValidity(context.values)[field]),
    shades: context.shades.length,
    refusal: context.refusal !== null,
  }),
  // The values a product loads with are the server's own (the model's are made up): what the Admin did and was told is compared.
  effect: ({ context }) => ({
    invalid: PRODUCT_FIELDS.filter((field) => !productFormValidity(context.values)[field]),
    editing: context.editing,
    touched: context.touched,
    hidden: context.hidden,
    uploadRefused: context.uploadError !== null,
    refusal: context.refusal,
  }),
  impossible: {
    ...Object.fromEntries(
      IMAGE_STATES.map((image) => [
        `productForm.editing.form.saving + productForm.editing.image.${image}: productForm.editing CHANGE #0`,
        'CHANGE is guarded: not while saving',
      ]),
    ),
    ...Object.fromEntries(
      IMAGE_STATES.map((image) => [
        `productForm.editing.form.saving + productForm.editing.image.${image}: productForm.editing SHADES #0`,
        'SHADES is guarded: not while saving',
      ]),
    ),
    'productForm.editing.image.uploading: productForm.editing.image UPLOAD #0': 'UPLOAD is guarded: not while uploading',
    'productForm.editing.form.saving: productForm.editing.form SUBMIT #0': 'SUBMIT saves only when not saving',
    'productForm.editing.form.saving: productForm.editing.form SUBMIT #1':
      'a save starts valid, and nothing changes the values while it runs',
  },
  events: (snapshot) => {
    const { context } = snapshot;
    const next = firstInvalidField(productFormValidity(context.values));
    const fill: ModelEvent[] = next && next !== 'image' ? [{ type: 'CHANGE', field: next, value: TYPED[next], label: next }] : [];
    // After a failed save the Admin may empty a field again (the next SUBMIT then shows what is missing).
    const clear: ModelEvent[] =
      snapshot.matches({ editing: { form: 'failed' } }) && context.values.name !== ''
        ? [{ type: 'CHANGE', field: 'name', value: '', label: 'name emptied' }]
        : [];
    const shades: ModelEvent =
      context.shades.length === 0
        ? { type: 'SHADES', shades: [QA_SHADE], label: 'a shade' }
        : { type: 'SHADES', shades: [], label: 'no shades' };
    return [
      ...fill,
      ...clear,
      shades,
      { type: 'UPLOAD', file: new File(['png'], 'lipstick.png'), label: 'picture' },
      { type: 'UPLOAD', file: new File(['text'], 'notes.png'), label: 'not an image' },
      { type: 'SUBMIT' },
      { type: 'RETRY' },
    ];
  },
  outcomes: {
    load: [
      answers(
        () => EDITED,
        (_, input) => (input as { productId: number }).productId !== MISSING_ID,
      ),
      {
        label: 'not found',
        error: () => new ProductNotFound('Product not found'),
        when: (_, input) => (input as { productId: number }).productId === MISSING_ID,
      },
      { ...fails<Snapshot>(), when: (_, input) => (input as { productId: number }).productId !== MISSING_ID },
    ],
    upload: [
      answers(
        () => UPLOADED,
        (_, input) => (input as { file: File }).file.name === 'lipstick.png',
      ),
      {
        label: 'not an image',
        error: () => new Error('The file must be a PNG, JPEG, JPG, JFIF or TIFF image.'),
        when: (_, input) => (input as { file: File }).file.name !== 'lipstick.png',
      },
    ],
    save: [
      answers((_, input) => ({ ...EDITED, id: (input as SaveInput).productId ?? 1 })),
      { label: 'refused', error: () => new ProductRefused(ONLY_ADMINS_SAVE) },
      fails(),
    ],
  },
};
