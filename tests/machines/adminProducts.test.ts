import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { TableRead } from '~/machines/adminProducts.machine';
import { FIRST_TABLE_PAGE } from '~/src/domain/productTable';
import { adminProductsLogic } from '~/src/features/adminProducts/adminProducts.logic';
import { adminProductsBinding, CHANGE, LIST_READ, PAGE_READ } from './adminProducts.binding';
import { adminProductsModel, ASKED_WHILE_BUSY, type AdminProductsSnapshot } from './adminProducts.model';
import { CoverageRecorder } from './harness/coverage';
import { machinePaths } from './harness/machinePaths';
import { LARGE } from './harness/pagingThreshold';
import { everyPath, type ModelPath } from './harness/model';
import { replay } from './harness/replay';
import { openShop, shopToasts } from './harness/shop';
import { checkAfterRecoveredRead, emptyAfterFailure } from './recoveredRead';

machinePaths(adminProductsModel, adminProductsBinding());

it('compares the table with the server once a read after a failed one has answered: one then shown empty is caught', async () => {
  // The first read of a table not known yet is a page, which tells whether the table is paged.
  await checkAfterRecoveredRead(adminProductsBinding(), adminProductsModel, PAGE_READ);
  await expect(
    checkAfterRecoveredRead(adminProductsBinding(), adminProductsModel, PAGE_READ, (logic) =>
      emptyAfterFailure(logic, (read: TableRead) => ({ ...read, products: [] })),
    ),
  ).rejects.toThrow('the table is what the server holds');
});

it('refuses an out-of-range discount (150) in the dialog, sending nothing; 20 then asked is what the server holds', async () => {
  const paths = everyPath(adminProductsModel);
  const ending = (tail: string) => paths.find((path) => path.name.endsWith(tail))!;
  const refused = ending('loading answered > SELECT one > OPEN_DISCOUNT > APPLY_DISCOUNT 150');
  const applied = ending('loading answered > SELECT one > OPEN_DISCOUNT > APPLY_DISCOUNT 20 > changing answered');
  // The refused discount leaves the dialog as it was: the applied path's steps follow it.
  const path: ModelPath = {
    ...applied,
    name: 'APPLY_DISCOUNT 150, then 20',
    prefix: undefined,
    steps: [...refused.steps, ...applied.steps.slice(refused.steps.length - 1)],
  };
  const { shop } = await replay(adminProductsBinding(), adminProductsModel, path, 0, {
    recorder: new CoverageRecorder(adminProductsModel.machine),
  });
  expect(
    shop.network.calls.filter((call) => call === CHANGE),
    'one change sent',
  ).toHaveLength(1);
  // The replay has compared the table with the server and with the model (20 % on the selected product) after each step.
  expect(
    (await shop.backend.store.listProducts()).map((p) => p.discount),
    'no product given 150 %',
  ).not.toContain(150);
});

it('a paged table disables the rows selected on its page, reads that page again and refreshes the storefront', async () => {
  const path = everyPath(adminProductsModel).find(
    (p) => p.name === 'loading paged > SELECT both > SET_DISABLED_SELECTED > changing answered',
  )!;
  const { shop } = await replay(adminProductsBinding(), adminProductsModel, path, 0, {
    recorder: new CoverageRecorder(adminProductsModel.machine),
  });
  // The replay has held the table to the server's first page, the change to both products and the storefront's one refresh after each step; what the path left running (the page read again) ended.
  expect(shop.network.calls, 'the page, the change, the same page again').toEqual([PAGE_READ, CHANGE, PAGE_READ]);
});

describe('a search or page asked while the table is busy is kept and read next', () => {
  const paths = everyPath(adminProductsModel);
  for (const { path: name, reads } of ASKED_WHILE_BUSY) {
    it(name, async () => {
      const path = paths.find((p) => p.name === name);
      expect(path, 'the machine takes the search or page asked while busy').toBeDefined();
      const asked = (path!.steps.at(-1)!.snapshot as AdminProductsSnapshot).context.query;
      expect(asked.name !== '' || asked.page > 1, 'what was asked is kept (the search box and pager show it)').toBe(true);
      const { shop } = await replay(adminProductsBinding(), adminProductsModel, path!, 0, {
        recorder: new CoverageRecorder(adminProductsModel.machine),
      });
      // The query of each page read, the name searched for said as 'name'.
      const pageReads = shop.network.sent
        .filter((sent) => sent.call === PAGE_READ)
        .map((sent) =>
          sent.request
            .slice(PAGE_READ.length)
            .trim()
            .replace(/^\?/, '')
            .replace(/name=[^&]*/, 'name'),
        );
      expect(pageReads, 'the page read after the busy one is what was asked meanwhile').toEqual(reads);
    });
  }
});

it('a whole list read again past the paging threshold (after an import) is paged from then on', async () => {
  const shop = await openShop();
  await shop.signIn('admin');
  const actor = createActor(adminProductsLogic({ refreshStorefront: () => {}, notifyFailure: shopToasts(shop).notifyFailure })).start();
  await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
  expect(actor.getSnapshot().context.mode).toBe('list');
  const { id: _id, rank: _rank, reviews: _reviews, ...row } = (await shop.backend.store.listProducts())[0]!;
  await shop.backend.store.insertProducts(Array.from({ length: LARGE }, (_, i) => ({ ...row, name: `Imported ${i}` })));
  actor.send({ type: 'RELOAD' });
  await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
  expect(actor.getSnapshot().context).toMatchObject({ mode: 'paged', query: FIRST_TABLE_PAGE });
  expect(actor.getSnapshot().context.total).toBeGreaterThan(LARGE);
  expect(shop.network.calls.slice(-2), 'the list, then its first page').toEqual([LIST_READ, PAGE_READ]);
  actor.stop();
}, 60_000);
