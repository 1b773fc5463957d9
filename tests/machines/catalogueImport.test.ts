import { expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { catalogueImportMachine } from '~/machines/catalogueImport.machine';
import { catalogueImportLogic } from '~/src/features/adminCatalogueTransfer/catalogueImport.logic';
import { readCatalogueCsv, type ImportRow } from '~/src/domain/catalogueCsv';
import { catalogueImportModel, CSV_FILES, NOT_ADMIN } from './catalogueImport.model';
import { CoverageRecorder } from './harness/coverage';
import { machinePaths } from './harness/machinePaths';
import { everyPath } from './harness/model';
import { replay, type MachineBinding } from './harness/replay';
import { submissionsOf } from './submissions';

type Snapshot = SnapshotFrom<typeof catalogueImportMachine>;

/**
 * Catalogue import on the mock backend as the app provides it
 * (catalogueImportLogic: the file read by the domain's reader, the rows
 * sent in one call), the products it tells the storefront of counted.
 */
const catalogueImportBinding: MachineBinding = {
  name: 'catalogueImport',
  async open(shop) {
    const admin = await shop.signIn('admin');
    const before = (await shop.backend.store.listProducts()).length;
    /** The rows the imports said done created, as the storefront was told of them. */
    let created = 0;
    /** Each import the dialog sent: the names of its rows, and whether it was said done. */
    const imports = submissionsOf((attempt: { key: string; rows: ImportRow[] }) => attempt.rows.map((r) => r.product.name));
    return {
      logic: catalogueImportLogic({ catalogueChanged: (count) => void (created += count) }),
      /** A refused import: another Admin made this one a User just before it; any other answer finds an Admin again. */
      async arrange(outcome) {
        await shop.backend.store.updateUser(admin.id, { type: outcome.label === 'refused' ? 'User' : 'Admin' });
      },
      async send(event, actor) {
        imports.watch(actor);
        if (event.type !== 'CHOOSE') return event;
        const name = event.label as string;
        return { type: 'CHOOSE', file: new File([CSV_FILES[name]!], name, { type: 'text/csv' }) };
      },
      async check(snapshot) {
        const { context } = snapshot as Snapshot;
        const held = await shop.backend.store.listProducts();
        const sent = imports.all();
        // All or nothing: an import not said done (its answer lost, not retried) added all its rows or none.
        const unconfirmed = sent.filter((a) => !a.confirmed).map((a) => a.sent.length);
        const possible = unconfirmed.reduce((sums, size) => [...sums, ...sums.map((sum) => sum + size)], [0]);
        expect(
          possible,
          'the server holds the rows the imports said done created, and at most once the rows of each import not confirmed',
        ).toContain(held.length - before - created);
        for (const name of new Set(sent.flatMap((a) => a.sent))) {
          const times = (confirmed: boolean) => sent.filter((a) => a.confirmed === confirmed && a.sent.includes(name)).length;
          const copies = held.filter((p) => p.name === name).length;
          expect(copies, `${name}: once for each import said done, at most once more for each not confirmed`).toBeGreaterThanOrEqual(
            times(true),
          );
          expect(copies).toBeLessThanOrEqual(times(true) + times(false));
        }
        if (snapshot.matches('done')) {
          expect(context.created, 'an import done created its good rows').toBe(context.sheet.good.length);
          for (const { product } of context.sheet.good)
            expect(
              held.some((p) => p.name === product.name),
              `the server holds the good row ${product.name}`,
            ).toBe(true);
        }
        if (snapshot.matches('refused'))
          expect(context.refusal, "a refusal says the server's why, and names no row").toEqual({
            message: NOT_ADMIN,
            row: null,
            field: null,
          });
      },
      showable: (snapshot) => ['idle', 'preview', 'done', 'refused', 'failed', 'unreadable'].some((state) => snapshot.matches(state)),
    };
  },
};

machinePaths(catalogueImportModel, catalogueImportBinding);

it('an import whose answer is lost, retried: the retry is answered with the rows made, created once', async () => {
  const path = everyPath(catalogueImportModel).find(
    (p) => p.name === 'CHOOSE good.csv > parsing read > CONFIRM > importing failed > RETRY',
  )!;
  // The path's own failure left out, the import's answer lost (its only API call): RETRY sends it again.
  const { shop } = await replay(catalogueImportBinding, catalogueImportModel, path, 0, {
    recorder: new CoverageRecorder(catalogueImportModel.machine),
    fault: { call: 0, kind: 'answer-lost' },
  });
  expect(
    shop.network.sent.map((sent) => [sent.call, sent.fault]),
    'the import, its answer lost, then the retry',
  ).toEqual([
    ['POST /products/import', 'answer-lost'],
    ['POST /products/import', null],
  ]);
  const good = readCatalogueCsv(CSV_FILES['good.csv']!).good.map((r) => r.product.name);
  const held = (await shop.backend.store.listProducts()).map((p) => p.name);
  for (const name of good)
    expect(
      held.filter((n) => n === name),
      `${name} created once`,
    ).toHaveLength(1);
});
