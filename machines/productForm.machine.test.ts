import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ShadeDraft } from '~/src/domain/shadeForm';
import type { Product } from '~/src/domain/types';
import { TWO_SHADES } from '~/tests/fixtures/shades';
import type { ProductFormValues } from '~/src/domain/validation/product';
import {
  FIELD_REFUSED,
  hasUnsavedChanges,
  PRODUCT_CREATED,
  PRODUCT_EDITED,
  productFormMachine,
  ProductNotFound,
  ProductRefused,
  type SaveInput,
} from './productForm.machine';

const stored: Product = {
  id: 4,
  name: 'Velvet Lipstick',
  brand: 'dior',
  category: 'lipstick',
  price: 29.9,
  discount: 15,
  totalPrice: 25.42,
  stock: 12,
  description: '<p>A creamy lipstick.</p>',
  image: '/images/products/4.svg',
  rank: 4.5,
  reviews: 2,
  disable: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  shades: [],
};

const filled: ProductFormValues = {
  name: 'Glow Primer',
  price: '18.5',
  brand: 'nyx',
  category: 'foundation',
  stock: '7',
  description: '<p>A light primer.</p>',
  image: '/uploads/primer.webp',
  discount: '0',
};

type Reply<T> = { ok: T } | { error: Error } | 'never';

/** The address the server gave the uploaded image. */
const UPLOADED = '/uploads/primer.png';

/**
 * The machine on a server that computes nothing: each call answers with the
 * next reply queued for it (or, when none is queued, the stored product for a
 * load, UPLOADED for an upload, and the stored product for a save, which the
 * machine keeps nothing of); every call and effect is recorded.
 */
function start(productId: number | null, loads: Reply<Product>[] = []) {
  const queued = { load: loads, upload: [] as Reply<string>[], save: [] as Reply<Product>[] };
  const calls = { load: 0, upload: [] as string[], save: [] as SaveInput[] };
  const effects: string[] = [];
  const answer = <T>(replies: Reply<T>[], fallback: () => T) => {
    const reply = replies.shift() ?? { ok: fallback() };
    if (reply === 'never') return new Promise<T>(() => {});
    return 'ok' in reply ? Promise.resolve(reply.ok) : Promise.reject(reply.error);
  };
  const machine = productFormMachine.provide({
    actors: {
      load: fromPromise(async ({ input }) => {
        calls.load++;
        expect(input.productId).toBe(productId);
        return answer(queued.load, () => stored);
      }),
      upload: fromPromise(async ({ input }) => {
        calls.upload.push(input.file.name);
        return answer(queued.upload, () => UPLOADED);
      }),
      save: fromPromise(async ({ input }) => {
        calls.save.push(input);
        return answer(queued.save, () => stored);
      }),
    },
    actions: {
      notify: (_, message) => effects.push(`notify: ${message}`),
      catalogueChanged: () => effects.push('catalogue changed'),
    },
  });
  const actor = createActor(machine, { input: { productId } }).start();
  const snapshot = () => actor.getSnapshot();
  const fill = (values: ProductFormValues) => {
    for (const [field, value] of Object.entries(values)) actor.send({ type: 'CHANGE', field: field as keyof ProductFormValues, value });
  };
  return { actor, snapshot, queued, calls, effects, fill };
}

const png = (name = 'primer.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const idle = { editing: { image: 'idle', form: 'idle' } } as const;

describe('product-form machine: create', () => {
  it('starting -> editing: a new product needs no load, starts empty with a 0 discount and no unsaved changes', () => {
    const { snapshot, calls } = start(null);
    expect(snapshot().matches(idle)).toBe(true);
    expect(calls.load).toBe(0);
    expect(snapshot().context.values.discount).toBe('0');
    expect(hasUnsavedChanges(snapshot())).toBe(false);
  });

  it('CHANGE: sets the value, the field being edited and the touched fields; back to the saved values, nothing is unsaved', () => {
    const { actor, snapshot } = start(null);
    actor.send({ type: 'CHANGE', field: 'name', value: 'Gl' });
    actor.send({ type: 'CHANGE', field: 'price', value: '3' });
    expect(snapshot().context).toMatchObject({ editing: 'price', touched: ['name', 'price'] });
    expect(snapshot().context.values).toMatchObject({ name: 'Gl', price: '3' });
    expect(hasUnsavedChanges(snapshot())).toBe(true);
    actor.send({ type: 'CHANGE', field: 'name', value: '' });
    actor.send({ type: 'CHANGE', field: 'price', value: '' });
    expect(hasUnsavedChanges(snapshot())).toBe(false);
  });

  it('SUBMIT while invalid: nothing is sent; every field is marked and the first invalid one is the one being edited', () => {
    const { actor, snapshot, calls } = start(null);
    actor.send({ type: 'CHANGE', field: 'name', value: 'Glow Primer' });
    actor.send({ type: 'SUBMIT' });
    expect(snapshot().matches(idle)).toBe(true);
    expect(calls.save).toEqual([]);
    expect(snapshot().context.editing).toBe('price');
    expect(snapshot().context.touched).toHaveLength(8);
  });

  it('image idle -> UPLOAD -> uploading -> uploaded: the URL becomes the image', async () => {
    const { actor, snapshot, calls } = start(null);
    actor.send({ type: 'UPLOAD', file: png() });
    expect(snapshot().hasTag('uploading')).toBe(true);
    await waitFor(actor, (s) => s.matches({ editing: { image: 'uploaded' } }));
    expect(calls.upload).toEqual(['primer.png']);
    expect(snapshot().context.values.image).toBe(UPLOADED);
  });

  it("image uploading -> refused: the server's message is kept and the image is unchanged; a new UPLOAD clears it", async () => {
    const { actor, snapshot, queued } = start(null);
    queued.upload.push({ error: new Error('The file must be a PNG, JPEG, JPG, JFIF or TIFF image.') });
    actor.send({ type: 'UPLOAD', file: png('notes.txt') });
    await waitFor(actor, (s) => s.matches({ editing: { image: 'refused' } }));
    expect(snapshot().context.uploadError).toBe('The file must be a PNG, JPEG, JPG, JFIF or TIFF image.');
    expect(snapshot().context.values.image).toBe('');
    actor.send({ type: 'UPLOAD', file: png() });
    expect(snapshot().context.uploadError).toBeNull();
    await waitFor(actor, (s) => s.matches({ editing: { image: 'uploaded' } }));
  });

  it('a second UPLOAD while one runs is ignored; fields still change; SUBMIT waits for the upload', async () => {
    const { actor, snapshot, queued, calls, fill } = start(null);
    queued.upload.push('never');
    actor.send({ type: 'UPLOAD', file: png('first.png') });
    actor.send({ type: 'UPLOAD', file: png('second.png') });
    expect(calls.upload).toEqual(['first.png']);
    fill(filled);
    expect(snapshot().context.values.name).toBe('Glow Primer');
    actor.send({ type: 'SUBMIT' });
    expect(calls.save).toEqual([]);
    expect(snapshot().matches({ editing: { image: 'uploading', form: 'idle' } })).toBe(true);
  });

  it("form idle -> SUBMIT -> saving -> editing (reset): created, the storefront refreshed, 'product creation has been successful'", async () => {
    const { actor, snapshot, calls, effects, fill } = start(null);
    actor.send({ type: 'UPLOAD', file: png() });
    await waitFor(actor, (s) => s.matches({ editing: { image: 'uploaded' } }));
    fill({ ...filled, image: UPLOADED });
    actor.send({ type: 'SUBMIT' });
    expect(snapshot().hasTag('saving')).toBe(true);
    expect(hasUnsavedChanges(snapshot())).toBe(true);
    await waitFor(actor, (s) => !s.hasTag('saving'));
    expect(calls.save).toEqual([{ productId: null, values: { ...filled, image: UPLOADED }, shades: [], key: expect.any(String) }]);
    expect(effects).toEqual(['catalogue changed', `notify: ${PRODUCT_CREATED}`]);
    // The form is empty again, the upload's message gone, nothing marked.
    expect(snapshot().matches(idle)).toBe(true);
    expect(snapshot().context).toMatchObject({
      values: { ...filled, name: '', price: '', brand: '', category: '', stock: '', description: '', image: '' },
      editing: null,
      touched: [],
    });
    expect(hasUnsavedChanges(snapshot())).toBe(false);
  });

  // DECISIONS.md: 'a cap of 1,000,000 for both ..., with the message 'This value cannot be more than 1000000''.
  it('SUBMIT with a price or a stock over 1,000,000: nothing is sent, the field is the one being edited', () => {
    for (const field of ['price', 'stock'] as const) {
      const { actor, snapshot, calls, fill } = start(null);
      fill({ ...filled, [field]: '99999999999999999999' });
      actor.send({ type: 'SUBMIT' });
      expect(calls.save, field).toEqual([]);
      expect(snapshot().context.editing, field).toBe(field);
    }
  });

  it('saving ignores CHANGE, UPLOAD and another SUBMIT', () => {
    const { actor, snapshot, queued, calls, fill } = start(null);
    queued.save.push('never');
    fill(filled);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CHANGE', field: 'name', value: 'Other name' });
    actor.send({ type: 'UPLOAD', file: png() });
    actor.send({ type: 'SUBMIT' });
    expect(snapshot().context.values.name).toBe('Glow Primer');
    expect(calls.upload).toEqual([]);
    expect(calls.save).toHaveLength(1);
  });

  it("saving -> idle on the server's refusal: a shop message at the field it names, never the server's text, nothing saved; a CHANGE clears it", async () => {
    const { actor, snapshot, queued, effects, fill } = start(null);
    queued.save.push({ error: new ProductRefused('price must be <= 1000000.', 'price') });
    fill(filled);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches(idle));
    expect(snapshot().context.refusal).toEqual({ message: FIELD_REFUSED, field: 'price' });
    expect(snapshot().context.editing).toBe('price');
    expect(effects).toEqual([]);
    expect(snapshot().context.values.name).toBe('Glow Primer');
    actor.send({ type: 'CHANGE', field: 'price', value: '20' });
    expect(snapshot().context.refusal).toBeNull();
  });

  it('saving -> failed when the server cannot be reached: what was typed stays; SUBMIT -> saving -> saved', async () => {
    const { actor, snapshot, queued, calls, effects, fill } = start(null);
    queued.save.push({ error: new Error('The product could not be saved.') });
    fill(filled);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches({ editing: { form: 'failed' } }));
    expect(snapshot().context.values).toEqual(filled);
    expect(effects).toEqual([]);
    actor.send({ type: 'SUBMIT' });
    expect(snapshot().hasTag('saving')).toBe(true);
    await waitFor(actor, (s) => s.matches(idle));
    expect(calls.save).toHaveLength(2);
    expect(calls.save[1]!.key, 'the retry sends the same Idempotency-Key: a save whose answer was lost is answered, not made twice').toBe(
      calls.save[0]!.key,
    );
    expect(effects).toEqual(['catalogue changed', `notify: ${PRODUCT_CREATED}`]);
  });

  it('a failed save retried after the values changed, or a new product after one saved, is sent with a new key; the same values typed again keep it', async () => {
    const { actor, queued, calls, fill } = start(null);
    queued.save.push(
      { error: new Error('The product could not be saved.') },
      { error: new Error('The product could not be saved.') },
      { error: new Error('The product could not be saved.') },
    );
    fill(filled);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches({ editing: { form: 'failed' } }));
    actor.send({ type: 'CHANGE', field: 'name', value: '' });
    actor.send({ type: 'CHANGE', field: 'name', value: filled.name });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches({ editing: { form: 'failed' } }));
    actor.send({ type: 'CHANGE', field: 'price', value: '21' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches({ editing: { form: 'failed' } }));
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches(idle));
    fill(filled);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches(idle) && calls.save.length === 5);
    const [first, typedAgain, changed, retried, next] = calls.save.map((call) => call.key);
    expect(typedAgain, 'the same values: the same key').toBe(first);
    expect(changed, 'other values: a new key').not.toBe(first);
    expect(retried).toBe(changed);
    expect(next, 'a new product after one saved: a new key').not.toBe(changed);
  });
});

describe('product-form machine: edit', () => {
  it('starting -> loading -> editing: the product as text, with nothing unsaved; a disabled one is marked hidden', async () => {
    const { actor, snapshot, calls } = start(4);
    expect(snapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('editing'));
    expect(calls.load).toBe(1);
    expect(snapshot().context.values).toEqual({
      name: 'Velvet Lipstick',
      price: '29.9',
      brand: 'dior',
      category: 'lipstick',
      stock: '12',
      description: '<p>A creamy lipstick.</p>',
      image: '/images/products/4.svg',
      discount: '15',
    });
    expect(snapshot().context.hidden).toBe(true);
    expect(hasUnsavedChanges(snapshot())).toBe(false);
  });

  it('loading -> notFound on a 404', async () => {
    const { actor, snapshot } = start(4, [{ error: new ProductNotFound('Product not found') }]);
    await waitFor(actor, (s) => !s.hasTag('loading'));
    expect(snapshot().matches('notFound')).toBe(true);
  });

  it('loading -> failed -> RETRY -> loading -> editing', async () => {
    const { actor, snapshot, calls } = start(4, [{ error: new Error('503') }]);
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'RETRY' });
    expect(snapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('editing'));
    expect(calls.load).toBe(2);
  });

  it("form idle -> SUBMIT -> saving -> saved: the id and the values sent, the storefront refreshed, 'product edition has been successful'", async () => {
    const { actor, snapshot, calls, effects } = start(4);
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', field: 'price', value: '24' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot().matches('saved')).toBe(true);
    expect(calls.save).toEqual([
      { productId: 4, values: expect.objectContaining({ price: '24', name: 'Velvet Lipstick' }), shades: [], key: expect.any(String) },
    ]);
    expect(effects).toEqual(['catalogue changed', `notify: ${PRODUCT_EDITED}`]);
    expect(hasUnsavedChanges(snapshot())).toBe(false);
  });
});

describe('product-form machine: shades', () => {
  const red: ShadeDraft = { key: 'new-1', name: 'Classic Red', hex: '#b22234', stock: '4', image: '' };
  const nude: ShadeDraft = { key: 'new-2', name: 'Nude Pink', hex: '#e8b4a6', stock: '3', image: '' };
  const shaded: Product = { ...stored, stock: 7, shades: TWO_SHADES };

  it('SHADES: the shades change and the stock becomes their sum; with none left it stays as it was', () => {
    const { actor, snapshot } = start(null);
    actor.send({ type: 'CHANGE', field: 'stock', value: '2' });
    actor.send({ type: 'SHADES', shades: [red, nude] });
    expect(snapshot().context.shades).toEqual([red, nude]);
    expect(snapshot().context.values.stock).toBe('7');
    expect(hasUnsavedChanges(snapshot())).toBe(true);
    actor.send({ type: 'SHADES', shades: [] });
    expect(snapshot().context.values.stock).toBe('7');
  });

  it('SUBMIT with a shade breaking a rule of shades.ts (a name taken, a bad colour): nothing is sent', () => {
    for (const broken of [
      { ...nude, name: 'classic red' },
      { ...nude, hex: '#e8b4a' },
      { ...nude, stock: '1.5' },
    ]) {
      const { actor, calls, fill } = start(null);
      fill(filled);
      actor.send({ type: 'SHADES', shades: [red, broken] });
      actor.send({ type: 'SUBMIT' });
      expect(calls.save, JSON.stringify(broken)).toEqual([]);
    }
  });

  it('a valid form with shades sends them with the stock as their sum', async () => {
    const { actor, calls, fill } = start(null);
    fill(filled);
    actor.send({ type: 'SHADES', shades: [red, nude] });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches(idle) && calls.save.length === 1);
    expect(calls.save[0]).toMatchObject({ values: { ...filled, stock: '7' }, shades: [red, nude] });
  });

  it("an edit loads the product's shades, a rendered picture left empty (rendered again on save), nothing unsaved", async () => {
    const { actor, snapshot } = start(4, [{ ok: shaded }]);
    await waitFor(actor, (s) => s.matches('editing'));
    expect(snapshot().context.shades).toEqual([
      { key: 'shade-31', id: 31, name: 'Classic Red', hex: '#b22234', stock: '4', stockSeen: 4, image: '' },
      { key: 'shade-32', id: 32, name: 'Nude Pink', hex: '#e8b4a6', stock: '3', stockSeen: 3, image: '/uploads/nude.webp' },
    ]);
    expect(hasUnsavedChanges(snapshot())).toBe(false);
  });

  it("UPLOAD for a shade: the picture becomes that shade's, the product's picture stays", async () => {
    const { actor, snapshot } = start(null);
    actor.send({ type: 'SHADES', shades: [red, nude] });
    actor.send({ type: 'UPLOAD', file: png(), shade: 'new-2' });
    await waitFor(actor, (s) => s.matches({ editing: { image: 'uploaded' } }));
    expect(snapshot().context.shades.map((shade) => shade.image)).toEqual(['', UPLOADED]);
    expect(snapshot().context.values.image).toBe('');
  });

  it("a refusal naming the shades shows the shade rule's message the server gave (a shade removed meanwhile), never another text", async () => {
    for (const [message, shown] of [
      ['A shade id given is not one of the shades of this product.', 'A shade id given is not one of the shades of this product.'],
      ['shades must NOT have more than 60 items', FIELD_REFUSED],
    ]) {
      const { actor, snapshot, queued } = start(4, [{ ok: shaded }]);
      await waitFor(actor, (s) => s.matches('editing'));
      queued.save.push({ error: new ProductRefused(message!, 'shades') });
      actor.send({ type: 'SUBMIT' });
      await waitFor(actor, (s) => s.matches(idle));
      expect(snapshot().context.refusal).toEqual({ message: shown, field: 'shades' });
    }
  });
});
