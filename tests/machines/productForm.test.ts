import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { PRODUCT_CREATED, PRODUCT_EDITED, productFormMachine } from '../../machines/productForm.machine';
import { productFormValuesOf } from '../../src/domain/productForm';
import type { ProductFormValues } from '../../src/domain/validation/product';
import { productFormActors } from '../../src/features/adminProductForm/productFormActors';
import { productFormLogic } from '../../src/features/adminProductForm/productFormLogic';
import { machinePaths } from './harness/machinePaths';
import type { MachineBinding } from './harness/replay';
import { shopToasts } from './harness/shop';
import { MISSING_ID, NOT_ADMIN, productFormModel, TYPED } from './productForm.model';

type Snapshot = SnapshotFrom<typeof productFormMachine>;

/** A file that starts as a PNG does (what the server looks at), and one that is text. */
const picture = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])], 'lipstick.png', { type: 'image/png' });
const notAnImage = () => new File(['just some notes'], 'notes.png', { type: 'image/png' });

/**
 * The product form on the mock backend as the app provides it
 * (productFormLogic with productFormActors: the product read, the upload,
 * the save), its toasts recorded and the storefront's changes counted. The Admin is signed in;
 * an edit opens a real product, or an id no product has.
 */
const productFormBinding: MachineBinding = {
  name: 'productForm',
  async open(shop, path) {
    const admin = await shop.signIn('admin');
    const [edited] = await shop.takeProducts([5]);
    const modelId = (path.input as { productId: number | null }).productId;
    const productId = modelId === null ? null : modelId === MISSING_ID ? MISSING_ID : edited!.id;
    const named = async () => (await shop.backend.store.listProducts()).filter((p) => p.name === TYPED.name);
    const countNamed = async () => (await named()).length;
    const namedBefore = await countNamed();
    /** The values the Admin last submitted, and the creations already compared with what was submitted. */
    let submitted: ProductFormValues | null = null;
    let compared = 0;
    let catalogueChanges = 0;
    return {
      logic: productFormLogic(productFormActors, {
        notify: shopToasts(shop).notify,
        catalogueChanged: () => void catalogueChanges++,
      }),
      input: { productId },
      async send(event, actor) {
        if (event.type === 'SUBMIT') submitted = (actor.getSnapshot() as Snapshot).context.values;
        if (event.type === 'UPLOAD') return { type: 'UPLOAD', file: event.label === 'picture' ? picture() : notAnImage() };
        return event;
      },
      /** A refused save: another Admin made this one a User just before it; any other answer finds an Admin again. */
      async arrange(outcome) {
        await shop.backend.store.updateUser(admin.id, { type: outcome.label === 'refused' ? 'User' : 'Admin' });
      },
      async check(snapshot) {
        const { context } = snapshot as Snapshot;
        const created = shop.toasts.filter((t) => t.text === PRODUCT_CREATED).length;
        expect((await countNamed()) - namedBefore, "one product for each 'product creation has been successful'").toBe(created);
        expect(catalogueChanges, 'the storefront is told of each save').toBe(created + shop.toasts.filter((t) => t.text === PRODUCT_EDITED).length);
        if (snapshot.matches('saved')) expect(productFormValuesOf(await shop.product(productId!)), 'the edit is what the server holds, every field').toEqual(context.values);
        if (created > compared) {
          const newest = (await named()).reduce((last, p) => (p.id > last.id ? p : last));
          expect(productFormValuesOf(await shop.product(newest.id)), 'the product created is what the Admin submitted, every field').toEqual(submitted);
          compared = created;
        }
        if (snapshot.matches('notFound')) expect(await shop.backend.store.getProduct(MISSING_ID)).toBeNull();
        if (context.refusal) expect(context.refusal, "a refusal says the server's why").toEqual({ message: NOT_ADMIN, field: null });
      },
      showable: (snapshot) =>
        ['notFound', 'failed', 'saved'].some((state) => snapshot.matches(state)) ||
        (snapshot.matches('editing') && !snapshot.hasTag('uploading') && !snapshot.hasTag('saving')),
    };
  },
};

machinePaths(productFormModel, productFormBinding);
