import { isDeepStrictEqual } from 'node:util';
import { expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { PRODUCT_CREATED, PRODUCT_EDITED, productFormMachine } from '~/machines/productForm.machine';
import { productFormValuesOf } from '~/src/domain/productForm';
import { shadeInputsOf } from '~/src/domain/shadeForm';
import type { ProductFormValues } from '~/src/domain/validation/product';
import { ONLY_ADMINS_SAVE, productFormActors } from '~/src/features/adminProductForm/productForm.actors';
import { productFormLogic } from '~/src/features/adminProductForm/productForm.logic';
import { CoverageRecorder } from './harness/coverage';
import { machinePaths } from './harness/machinePaths';
import { everyPath } from './harness/model';
import { replay, type MachineBinding } from './harness/replay';
import { shopToasts } from './harness/shop';
import { MISSING_ID, productFormModel, TYPED } from './productForm.model';
import { submissionsOf } from './submissions';

type Snapshot = SnapshotFrom<typeof productFormMachine>;

/** Shades as the Admin sees them in the form: name, colour, stock, in order. */
const shadesOf = (shades: readonly { name: string; hex: string; stock: number }[]) =>
  shades.map(({ name, hex, stock }) => ({ name, hex, stock }));

/** A file that starts as a PNG does (what the server looks at), and one that is text. */
const picture = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])], 'lipstick.png', { type: 'image/png' });
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
    const highestBefore = Math.max(0, ...(await shop.backend.store.listProducts()).map((p) => p.id));
    /** The products made since the form opened. */
    const madeSince = async () => (await named()).filter((p) => p.id > highestBefore);
    /** The values the Admin last submitted, and the creations already compared with what was submitted. */
    let submitted: ProductFormValues | null = null;
    let compared = 0;
    let catalogueChanges = 0;
    /** Each save the form sent: the values, and whether its success was announced. */
    const saves = submissionsOf((attempt: { key: string; values: ProductFormValues }) => attempt.values);
    /**
     * Nothing is created twice: the products made with each set of values
     * are its announced creations, and at most one more for each save of
     * them never confirmed (its answer lost, and not retried); a retry of a
     * lost answer is answered with the product made, so then exactly one.
     */
    const createdOnce = async () => {
      const made = await madeSince();
      const groups: { values: ProductFormValues; count: number }[] = [];
      for (const product of made) {
        const values = productFormValuesOf(await shop.product(product.id));
        const group = groups.find((g) => isDeepStrictEqual(g.values, values));
        if (group) group.count++;
        else groups.push({ values, count: 1 });
      }
      for (const { values, count } of groups) {
        const sent = saves.all().filter((save) => isDeepStrictEqual(save.sent, values));
        const confirmed = sent.filter((save) => save.confirmed).length;
        expect(
          count,
          `products made of one submission (${values.name}): its announced creations, and one per save never confirmed at most`,
        ).toBeGreaterThanOrEqual(confirmed);
        expect(count).toBeLessThanOrEqual(sent.length);
      }
    };
    return {
      logic: productFormLogic(productFormActors, {
        notify: shopToasts(shop).notify,
        catalogueChanged: () => void catalogueChanges++,
      }),
      input: { productId },
      async send(event, actor) {
        saves.watch(actor);
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
        const unconfirmed = saves.all().filter((save) => !save.confirmed).length;
        const made = (await madeSince()).length;
        if (productId === null) {
          expect(
            made - created,
            "one product for each 'product creation has been successful', and one more at most for each save not confirmed",
          ).toBeGreaterThanOrEqual(0);
          expect(made - created).toBeLessThanOrEqual(unconfirmed);
          await createdOnce();
        } else expect(made, 'an edit creates nothing').toBe(0);
        expect(catalogueChanges, 'the storefront is told of each save').toBe(
          created + shop.toasts.filter((t) => t.text === PRODUCT_EDITED).length,
        );
        if (snapshot.matches('saved')) {
          const held = await shop.product(productId!);
          expect(productFormValuesOf(held), 'the edit is what the server holds, every field').toEqual(context.values);
          expect(shadesOf(held.shades), 'and every shade').toEqual(shadesOf(shadeInputsOf(context.shades)));
        }
        if (created > compared) {
          const newest = (await named()).reduce((last, p) => (p.id > last.id ? p : last));
          expect(
            productFormValuesOf(await shop.product(newest.id)),
            'the product created is what the Admin submitted, every field',
          ).toEqual(submitted);
          compared = created;
        }
        if (snapshot.matches('notFound')) expect(await shop.backend.store.getProduct(MISSING_ID)).toBeNull();
        if (context.refusal)
          expect(context.refusal, "a refusal says why in the shop's words").toEqual({ message: ONLY_ADMINS_SAVE, field: null });
      },
      showable: (snapshot) =>
        ['notFound', 'failed', 'saved'].some((state) => snapshot.matches(state)) ||
        (snapshot.matches('editing') && !snapshot.hasTag('uploading') && !snapshot.hasTag('saving')),
    };
  },
};

machinePaths(productFormModel, productFormBinding);

it('a new product whose answer is lost, saved again: the retry is answered with the product made, one product, announced once', async () => {
  const path = everyPath(productFormModel).find(
    (p) => p.name.startsWith('create >') && p.name.endsWith('uploading answered > SUBMIT > saving failed > SUBMIT'),
  )!;
  const run = (fault?: { call: number; kind: 'answer-lost' }) =>
    replay(productFormBinding, productFormModel, path, 0, {
      recorder: new CoverageRecorder(productFormMachine),
      ...(fault ? { fault } : {}),
    });
  const plain = await run();
  const calls = plain.shop.network.calls.slice(-plain.callCounts.network);
  // The path's own failure left out, its first save's answer lost: the second SUBMIT is the retry.
  const { shop } = await run({ call: calls.indexOf('POST /products'), kind: 'answer-lost' });
  expect(
    shop.network.sent.filter((sent) => sent.call === 'POST /products').map((sent) => sent.fault),
    'the save, its answer lost, then the retry',
  ).toEqual(['answer-lost', null]);
  expect(
    (await shop.backend.store.listProducts()).filter((p) => p.name === TYPED.name),
    'one product',
  ).toHaveLength(1);
  expect(
    shop.toasts.filter((t) => t.text === PRODUCT_CREATED),
    'announced once',
  ).toHaveLength(1);
});
